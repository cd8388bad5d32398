import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { runs } from '../../test/runs.js';
import { type Disambiguation, toDateTime, toLocalDateTime } from './date-time.js';

const rfc3339 = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?[+-]\d\d:\d\d$/;
const pickerValue = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d$/;
const hour = 3_600_000;
const disambiguations: Disambiguation[] = ['compatible', 'earlier', 'later'];

const oracles = new Map<string, Intl.DateTimeFormat>();

/** The wall clock of `instant` in `timeZone` as `YYYY-MM-DDTHH:mm:ss`, by a formatter of the test's own. */
function wallClock(instant: number, timeZone: string): string {
  let format = oracles.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('sv-SE', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    oracles.set(timeZone, format);
  }
  return format.format(instant).replace(' ', 'T');
}

/** The instant of an RFC 3339 date-time, its fraction left out. */
const instantOf = (dateTime: string): number => Date.parse(dateTime.slice(0, 19) + dateTime.slice(-6));

/** A datetime-local value to the second: `:00` added when it has none, a fraction dropped. */
const toSeconds = (value: string): string => (value.length === 16 ? `${value}:00` : value.slice(0, 19));

/**
 * The instants whose wall clock in Europe/Berlin is `wall` (`YYYY-MM-DDTHH:mm:ss`): Berlin's offset
 * is +01:00 or +02:00 from 1970 to 2100, so none in the skipped hour, two in the repeated one.
 */
function berlinInstants(wall: string): number[] {
  const asUtc = Date.parse(`${wall}Z`);
  return [asUtc - 2 * hour, asUtc - hour].filter((instant) => wallClock(instant, 'Europe/Berlin') === wall);
}

/** The instant Temporal's disambiguation picks for `wall` in Europe/Berlin, 1970 to 2100. */
function berlinInstant(wall: string, disambiguation: Disambiguation): number {
  const instants = berlinInstants(wall);
  const asUtc = Date.parse(`${wall}Z`);
  if (instants.length === 0) return disambiguation === 'earlier' ? asUtc - 2 * hour : asUtc - hour;
  return disambiguation === 'later' ? instants[instants.length - 1] : instants[0];
}

/** Wall clocks from 1970 to 2100, `YYYY-MM-DDTHH:mm:ss`, every other one on a day Berlin changes its clocks. */
const wallClocks = fc.oneof(
  fc
    .date({ min: new Date('1970-01-01T00:00:00Z'), max: new Date('2100-12-31T23:59:59Z'), noInvalidDate: true })
    .map((date) => date.toISOString().slice(0, 19)),
  fc
    .record({
      year: fc.integer({ min: 1980, max: 2100 }),
      // the last Sunday of March, and of September (to 1995) or October (from 1996); 6 April in 1980
      month: fc.constantFrom(2, 8, 9),
      hours: fc.integer({ min: 1, max: 3 }),
      minutes: fc.integer({ min: 0, max: 59 }),
      seconds: fc.integer({ min: 0, max: 59 }),
    })
    .map(({ year, month, hours, minutes, seconds }) => {
      const date = new Date(Date.UTC(year, month + 1, 0, hours, minutes, seconds));
      if (year === 1980 && month === 2) date.setUTCMonth(3, 6);
      else date.setUTCDate(date.getUTCDate() - date.getUTCDay());
      return date.toISOString().slice(0, 19);
    }),
);

/** Datetime-local values from 1970 to 2100: to the minute, to the second, or with 1 to 3 digits of fraction. */
const localValues = fc
  .tuple(wallClocks, fc.constantFrom('minutes', 'seconds', 'fraction'), fc.stringMatching(/^\d{1,3}$/))
  .map(([wall, shape, digits]) => {
    if (shape === 'minutes') return wall.slice(0, 16);
    return shape === 'seconds' ? wall : `${wall}.${digits}`;
  });

/** `text` with one character changed to a likely wrong one, or dropped. */
const nearly = (texts: fc.Arbitrary<string>) =>
  fc
    .tuple(texts, fc.nat(), fc.constantFrom(...'0123456789:-+.TtZz \n', ''))
    .map(([text, at, c]) => text.slice(0, at % text.length) + c + text.slice((at % text.length) + 1));

describe('toDateTime', () => {
  it.each([
    ['2025-02-17T10:30', '2025-02-17T10:30:00+01:00'],
    ['2025-07-17T10:30', '2025-07-17T10:30:00+02:00'],
    ['2025-12-31T23:59', '2025-12-31T23:59:00+01:00'],
    ['2024-02-29T00:00', '2024-02-29T00:00:00+01:00'],
    ['2000-02-29T12:00', '2000-02-29T12:00:00+01:00'],
  ])('reads %s in Europe/Berlin as %s', (value, dateTime) => expect(toDateTime(value)).toBe(dateTime));

  it.each([
    ['2025-02-17T10:30:15', '2025-02-17T10:30:15+01:00'],
    ['2025-02-17T10:30:15.250', '2025-02-17T10:30:15.250+01:00'],
    ['2025-02-17T10:30:15.5', '2025-02-17T10:30:15.5+01:00'],
    ['2025-02-17T10:30:00.000', '2025-02-17T10:30:00.000+01:00'],
    ['2025-03-30T02:30:15.07', '2025-03-30T03:30:15.07+02:00'],
  ])('keeps the seconds and fraction of %s: %s', (value, dateTime) => expect(toDateTime(value)).toBe(dateTime));

  describe('on 30 March 2025 in Europe/Berlin, when 02:00 to 02:59 is skipped', () => {
    it.each([
      ['2025-03-30T01:59:59', '2025-03-30T01:59:59+01:00', '2025-03-30T01:59:59+01:00', '2025-03-30T01:59:59+01:00'],
      ['2025-03-30T02:00', '2025-03-30T03:00:00+02:00', '2025-03-30T01:00:00+01:00', '2025-03-30T03:00:00+02:00'],
      ['2025-03-30T02:30', '2025-03-30T03:30:00+02:00', '2025-03-30T01:30:00+01:00', '2025-03-30T03:30:00+02:00'],
      ['2025-03-30T02:59:59', '2025-03-30T03:59:59+02:00', '2025-03-30T01:59:59+01:00', '2025-03-30T03:59:59+02:00'],
      ['2025-03-30T03:00', '2025-03-30T03:00:00+02:00', '2025-03-30T03:00:00+02:00', '2025-03-30T03:00:00+02:00'],
    ])('reads %s as %s (compatible), %s (earlier), %s (later)', (value, compatible, earlier, later) => {
      expect(toDateTime(value)).toBe(compatible);
      expect(toDateTime(value, { disambiguation: 'compatible' })).toBe(compatible);
      expect(toDateTime(value, { disambiguation: 'earlier' })).toBe(earlier);
      expect(toDateTime(value, { disambiguation: 'later' })).toBe(later);
    });
  });

  describe('on 26 October 2025 in Europe/Berlin, when 02:00 to 02:59 occurs twice', () => {
    it.each([
      ['2025-10-26T01:59:59', '2025-10-26T01:59:59+02:00', '2025-10-26T01:59:59+02:00'],
      ['2025-10-26T02:00', '2025-10-26T02:00:00+02:00', '2025-10-26T02:00:00+01:00'],
      ['2025-10-26T02:30', '2025-10-26T02:30:00+02:00', '2025-10-26T02:30:00+01:00'],
      ['2025-10-26T02:59:59', '2025-10-26T02:59:59+02:00', '2025-10-26T02:59:59+01:00'],
      ['2025-10-26T03:00', '2025-10-26T03:00:00+01:00', '2025-10-26T03:00:00+01:00'],
    ])('reads %s as %s (compatible, earlier), %s (later)', (value, first, second) => {
      expect(toDateTime(value)).toBe(first);
      expect(toDateTime(value, { disambiguation: 'compatible' })).toBe(first);
      expect(toDateTime(value, { disambiguation: 'earlier' })).toBe(first);
      expect(toDateTime(value, { disambiguation: 'later' })).toBe(second);
    });
  });

  it.each([
    ['America/New_York', '2025-02-17T10:30', {}, '2025-02-17T10:30:00-05:00'],
    ['America/New_York', '2025-07-17T10:30', {}, '2025-07-17T10:30:00-04:00'],
    ['America/New_York', '2025-03-09T02:30', {}, '2025-03-09T03:30:00-04:00'],
    ['America/New_York', '2025-03-09T02:30', { disambiguation: 'earlier' }, '2025-03-09T01:30:00-05:00'],
    ['America/New_York', '2025-11-02T01:30', {}, '2025-11-02T01:30:00-04:00'],
    ['America/New_York', '2025-11-02T01:30', { disambiguation: 'later' }, '2025-11-02T01:30:00-05:00'],
    ['America/St_Johns', '2025-02-17T10:30', {}, '2025-02-17T10:30:00-03:30'],
    ['Asia/Kolkata', '2025-02-17T10:30', {}, '2025-02-17T10:30:00+05:30'],
    ['Asia/Kathmandu', '2025-07-17T10:30:15.250', {}, '2025-07-17T10:30:15.250+05:45'],
    ['UTC', '2025-02-17T10:30', {}, '2025-02-17T10:30:00+00:00'],
    ['Europe/London', '2025-02-17T10:30', {}, '2025-02-17T10:30:00+00:00'],
    ['Europe/London', '2025-07-17T10:30', {}, '2025-07-17T10:30:00+01:00'],
    // Samoa skipped 30 December 2011 whole, from -10:00 to +14:00
    ['Pacific/Apia', '2011-12-30T12:00', {}, '2011-12-31T12:00:00+14:00'],
    ['Pacific/Apia', '2011-12-30T12:00', { disambiguation: 'earlier' }, '2011-12-29T12:00:00-10:00'],
  ] as const)('reads in %s %s with %j as %s', (timeZone, value, options, dateTime) =>
    expect(toDateTime(value, { timeZone, ...options })).toBe(dateTime),
  );

  it.each([
    // local mean time, an offset of seconds rounded to the minute: Berlin's to 1893, +00:53:28,
    // New York's to 1883, -04:56:02, Tokyo's to 1888, +09:18:59
    ['Europe/Berlin', '1800-01-01T00:00', '1800-01-01T00:00:00+00:53'],
    ['America/New_York', '0001-01-01T00:00', '0001-01-01T00:00:00-04:56'],
    ['Asia/Tokyo', '0099-06-15T12:00', '0099-06-15T12:00:00+09:19'],
    ['UTC', '0001-01-01T00:00', '0001-01-01T00:00:00+00:00'],
    ['UTC', '0099-06-15T12:00', '0099-06-15T12:00:00+00:00'],
    ['UTC', '9999-12-31T23:59:59.999', '9999-12-31T23:59:59.999+00:00'],
  ])('reads in %s %s, of years 0001 to 9999, as %s', (timeZone, value, dateTime) =>
    expect(toDateTime(value, { timeZone })).toBe(dateTime),
  );

  it('reads in every time zone the engine knows the wall clock given, twice over (the cache of 32 cleared)', () => {
    const zones = Intl.supportedValuesOf('timeZone');
    expect(zones.length).toBeGreaterThan(64);
    for (let round = 0; round < 2; round++) {
      for (const timeZone of zones) {
        const dateTime = toDateTime('2025-02-17T10:30:15', { timeZone });
        expect(dateTime, timeZone).toMatch(rfc3339);
        expect(dateTime.slice(0, 19), timeZone).toBe('2025-02-17T10:30:15');
        expect(wallClock(instantOf(dateTime), timeZone), timeZone).toBe('2025-02-17T10:30:15');
      }
    }
  });

  it.each([
    '',
    ' ',
    '2025-02-17',
    '10:30',
    '2025-02-17T10',
    '2025-02-17T10:3',
    '2025-02-17T1:30',
    '2025-2-17T10:30',
    '25-02-17T10:30',
    '12025-02-17T10:30',
    '+012025-02-17T10:30',
    '0000-01-01T00:00',
    '2025-00-17T10:30',
    '2025-13-17T10:30',
    '2025-02-00T10:30',
    '2025-02-30T10:00',
    '2025-02-29T10:00',
    '1900-02-29T10:00',
    '2025-04-31T10:00',
    '2025-02-17T24:00',
    '2025-02-17T10:60',
    '2025-02-17T10:30:60',
    '2025-02-17T10:30:5',
    '2025-02-17T10:30.5',
    '2025-02-17T10:30:15.',
    '2025-02-17T10:30:15.1234',
    '2025-02-17T10:30:15,250',
    '2025-02-17 10:30',
    '2025-02-17t10:30',
    '2025/02/17T10:30',
    ' 2025-02-17T10:30',
    '2025-02-17T10:30 ',
    '2025-02-17T10:30\n',
    '２０２５-02-17T10:30',
    '2025-02-17T10:30Z',
    '2025-02-17T10:30+01:00',
    '2025-02-17T10:30:00Z',
    '2025-02-17T10:30:00+01:00',
    '2025-02-17T10:30:00.250-05:00',
  ])('returns %j, no datetime-local value, unchanged', (value) => {
    expect(toDateTime(value)).toBe(value);
    expect(toDateTime(value, { timeZone: 'UTC', disambiguation: 'later' })).toBe(value);
  });

  it.each([
    undefined,
    null,
    0,
    20250217,
    Number.NaN,
    true,
    10n,
    Symbol('2025-02-17T10:30'),
    {},
    [],
    ['2025-02-17T10:30'],
    { toString: () => '2025-02-17T10:30' },
    new Date(Date.UTC(2025, 1, 17, 9, 30)),
    () => '2025-02-17T10:30',
  ])('returns %s, no string, as it is', (value) => {
    expect(toDateTime(value as unknown as string)).toBe(value);
  });

  it.each([
    { timeZone: 'Europe/Berlinn' },
    { timeZone: 'Mars/Olympus_Mons' },
    { timeZone: '' },
    { timeZone: 42 as unknown as string },
    { disambiguation: 'reject' as Disambiguation },
    { disambiguation: 'EARLIER' as Disambiguation },
    { disambiguation: '' as Disambiguation },
    null as unknown as undefined,
  ])('returns the value unchanged with the unknown options %j', (options) => {
    expect(toDateTime('2025-02-17T10:30', options)).toBe('2025-02-17T10:30');
  });

  it('writes any Berlin local value of 1970 to 2100 with seconds and offset, at its wall clock unless skipped', () => {
    fc.assert(
      fc.property(localValues, (value) => {
        const dateTime = toDateTime(value);
        expect(dateTime).toMatch(rfc3339);
        expect(dateTime.slice(19, -6)).toBe(value.slice(19));
        const skipped = berlinInstants(toSeconds(value)).length === 0;
        if (!skipped) expect(wallClock(instantOf(dateTime), 'Europe/Berlin')).toBe(toSeconds(value));
      }),
      { numRuns: runs(1000) },
    );
  });

  it('takes for any Berlin local value of 1970 to 2100 the instant Temporal would, with each disambiguation', () => {
    fc.assert(
      fc.property(localValues, fc.constantFrom(...disambiguations), (value, disambiguation) => {
        const dateTime = toDateTime(value, { disambiguation });
        expect(instantOf(dateTime)).toBe(berlinInstant(toSeconds(value), disambiguation));
      }),
      { numRuns: runs(1000) },
    );
  });

  it('never throws on any string, and returns it unchanged or as an RFC 3339 date-time', () => {
    const texts = fc.oneof(
      fc.string(),
      fc.string({ unit: 'binary', maxLength: 40 }),
      nearly(localValues),
      nearly(nearly(localValues)),
    );
    const timeZones = fc.oneof(fc.constantFrom(undefined, 'UTC', 'Asia/Kolkata', 'America/New_York'), fc.string());
    const choices = fc.oneof(
      fc.constantFrom(undefined, ...disambiguations),
      fc.string(),
    ) as fc.Arbitrary<Disambiguation>;
    fc.assert(
      fc.property(texts, timeZones, choices, (text, timeZone, disambiguation) => {
        const dateTime = toDateTime(text, { timeZone, disambiguation });
        if (dateTime !== text) expect(dateTime).toMatch(rfc3339);
      }),
      { numRuns: runs(2000) },
    );
  });

  it('never throws on any value that is no string: returns it as it is, and toLocalDateTime an empty picker', () => {
    const texts = fc.oneof(
      localValues,
      wallClocks.map((wall) => `${wall}Z`),
    );
    const values = fc.oneof(
      fc.anything({ withNullPrototype: true, withBigInt: true, withDate: true, withMap: true, withBoxedValues: true }),
      // values that turn into a datetime-local value or an RFC 3339 date-time when made a string
      texts.map((text) => [text]),
      texts.map((text) => ({ toString: () => text })),
    );
    fc.assert(
      fc.property(
        values.filter((value) => typeof value !== 'string'),
        (value) => {
          expect(toDateTime(value as string)).toBe(value);
          expect(toLocalDateTime(value as string)).toBe('');
        },
      ),
      { numRuns: runs(1000) },
    );
  });
});

describe('toLocalDateTime', () => {
  it.each([
    ['2025-02-17T09:30:00Z', {}, '2025-02-17T10:30:00'],
    ['2025-07-17T08:30:00Z', {}, '2025-07-17T10:30:00'],
    ['2025-02-17T10:30:00+01:00', {}, '2025-02-17T10:30:00'],
    ['2025-02-17T04:30:00-05:00', {}, '2025-02-17T10:30:00'],
    ['2025-02-17T15:00:00+05:30', {}, '2025-02-17T10:30:00'],
    ['2025-02-17T09:30:00-00:00', {}, '2025-02-17T10:30:00'],
    ['2025-02-17t09:30:00z', {}, '2025-02-17T10:30:00'],
    ['2025-02-17T10:30:15.999+01:00', {}, '2025-02-17T10:30:15'],
    ['2025-02-17T10:30:15.123456789+01:00', {}, '2025-02-17T10:30:15'],
    ['2025-12-31T23:30:00Z', {}, '2026-01-01T00:30:00'],
    ['2025-03-30T00:59:59Z', {}, '2025-03-30T01:59:59'],
    ['2025-03-30T01:00:00Z', {}, '2025-03-30T03:00:00'],
    ['2025-10-26T00:30:00Z', {}, '2025-10-26T02:30:00'],
    ['2025-10-26T01:30:00Z', {}, '2025-10-26T02:30:00'],
    ['2016-12-31T23:59:60Z', {}, '2017-01-01T00:59:59'],
    ['2025-02-17T10:30:00Z', { timeZone: 'Asia/Kolkata' }, '2025-02-17T16:00:00'],
    ['2025-02-17T10:30:00+01:00', { timeZone: 'America/New_York' }, '2025-02-17T04:30:00'],
    ['2025-02-17T10:30:00+01:00', { timeZone: 'UTC' }, '2025-02-17T09:30:00'],
    ['0001-01-01T00:00:00Z', { timeZone: 'UTC' }, '0001-01-01T00:00:00'],
    ['0050-06-15T12:00:00Z', { timeZone: 'UTC' }, '0050-06-15T12:00:00'],
    ['9999-12-31T23:59:59Z', { timeZone: 'UTC' }, '9999-12-31T23:59:59'],
  ])('shows %s with %j as %s', (dateTime, options, value) => expect(toLocalDateTime(dateTime, options)).toBe(value));

  it.each([
    ['0001-01-01T00:00:00+01:00', 'Europe/Berlin'],
    ['0001-01-01T04:00:00Z', 'America/New_York'],
    ['9999-12-31T23:30:00Z', 'Europe/Berlin'],
    ['9999-12-31T23:30:00-01:00', 'UTC'],
  ])('shows %s, in %s before year 1 or after 9999, as an empty picker', (dateTime, timeZone) =>
    expect(toLocalDateTime(dateTime, { timeZone })).toBe(''),
  );

  it.each([
    '',
    '2025-02-17T10:30',
    '2025-02-17T10:30:00',
    '2025-02-17T10:30Z',
    '2025-02-17T10:30:00.Z',
    '2025-02-17T10:30:00+0100',
    '2025-02-17T10:30:00+01',
    '2025-02-17T10:30:00+24:00',
    '2025-02-17T10:30:00+01:60',
    '2025-02-17 10:30:00Z',
    '2025-02-30T10:30:00Z',
    '2025-13-17T10:30:00Z',
    '2025-02-17T24:00:00Z',
    '2025-02-17T10:60:00Z',
    '0000-01-01T00:00:00Z',
    ' 2025-02-17T10:30:00Z',
    '2025-02-17T10:30:00Z ',
  ])('shows %j, no RFC 3339 date-time, as an empty picker', (dateTime) => expect(toLocalDateTime(dateTime)).toBe(''));

  it.each([undefined, null, 0, {}, ['2025-02-17T10:30:00Z'], Symbol('x')])(
    'shows %s, no string, as an empty picker',
    (value) => expect(toLocalDateTime(value as unknown as string)).toBe(''),
  );

  it('shows any date-time in an unknown time zone as an empty picker', () => {
    expect(toLocalDateTime('2025-02-17T10:30:00Z', { timeZone: 'Europe/Berlinn' })).toBe('');
    expect(toLocalDateTime('2025-02-17T10:30:00Z', { timeZone: '' })).toBe('');
    expect(toLocalDateTime('2025-02-17T10:30:00Z', null as unknown as undefined)).toBe('');
  });

  it('gives back any local value of 1970 to 2100 in Europe/Berlin to the second, but in the skipped hour', () => {
    fc.assert(
      fc.property(localValues, fc.constantFrom(...disambiguations), (value, disambiguation) => {
        fc.pre(berlinInstants(toSeconds(value)).length > 0);
        expect(toLocalDateTime(toDateTime(value, { disambiguation }))).toBe(toSeconds(value));
      }),
      { numRuns: runs(1000) },
    );
  });

  it('shows any date-time of 1970 to 2100, at any offset, at its wall clock in the zone', () => {
    const offsets = fc.integer({ min: -(23 * 60 + 59), max: 23 * 60 + 59 }).map((minutes) => {
      const size = Math.abs(minutes);
      const pad = (n: number) => String(n).padStart(2, '0');
      return `${minutes < 0 ? '-' : '+'}${pad(Math.floor(size / 60))}:${pad(size % 60)}`;
    });
    const zones = fc.constantFrom('Europe/Berlin', 'America/New_York', 'Asia/Kolkata', 'UTC', 'Australia/Lord_Howe');
    fc.assert(
      fc.property(
        wallClocks,
        offsets,
        fc.stringMatching(/^(\.\d{1,9})?$/),
        zones,
        (wall, offset, fraction, timeZone) => {
          const dateTime = wall + fraction + offset;
          expect(toLocalDateTime(dateTime, { timeZone })).toBe(wallClock(instantOf(dateTime), timeZone));
        },
      ),
      { numRuns: runs(1000) },
    );
  });

  it('never throws on any string, and gives an empty picker or YYYY-MM-DDTHH:mm:ss', () => {
    const dateTimes = fc.tuple(localValues, fc.constantFrom('Z', 'z', '+01:00', '-05:30')).map(([v, z]) => v + z);
    const texts = fc.oneof(fc.string(), nearly(dateTimes), nearly(nearly(dateTimes)));
    fc.assert(
      fc.property(texts, fc.oneof(fc.constant(undefined), fc.string()), (text, timeZone) => {
        const value = toLocalDateTime(text, { timeZone });
        if (value !== '') expect(value).toMatch(pickerValue);
      }),
      { numRuns: runs(2000) },
    );
  });
});
