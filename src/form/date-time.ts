// The value of <input type="datetime-local"> and the RFC 3339 date-times of an order, each into the other.

/**
 * Which instant a wall-clock time that occurs twice or never stands for, as Temporal's `disambiguation`:
 * `'compatible'` takes the earlier of a repeated time and moves a skipped one forward by the gap (as
 * `Date` does), `'earlier'` takes the earlier or moves back by the gap, `'later'` takes the later or
 * moves forward by the gap.
 */
export type Disambiguation = 'compatible' | 'earlier' | 'later';

/** How {@link toDateTime} reads a datetime-local value. */
export interface ToDateTimeOptions {
  /** IANA time zone the local value is read in; default 'Europe/Berlin'. */
  readonly timeZone?: string;
  /** Which instant a wall-clock time that occurs twice or never stands for; default 'compatible'. */
  readonly disambiguation?: Disambiguation;
}

/** A datetime-local value: `YYYY-MM-DDTHH:mm`, with `:ss` and then 1 to 3 digits of fraction optional. */
const localPattern = /^(\d{4}-\d\d-\d\dT\d\d:\d\d)(?:(:\d\d)(\.\d{1,3})?)?$/;

/** An RFC 3339 date-time, T and Z in either case. */
const dateTimePattern = /^(\d{4}-\d\d-\d\d)T(\d\d:\d\d:\d\d)(?:\.\d+)?(?:Z|([+-])(\d\d):(\d\d))$/i;

const day = 86_400_000;

/** 0001-01-01T00:00:00Z and 10000-01-01T00:00:00Z: the wall clocks a date picker shows lie between. */
const first = -62_135_596_800_000;
const end = 253_402_300_800_000;

/**
 * The RFC 3339 date-time of the datetime-local value `localValue` (`YYYY-MM-DDTHH:mm`, optionally
 * with `:ss` and a fraction of 1 to 3 digits, years 0001 to 9999) read in `options.timeZone`:
 * `'2025-02-17T10:30'` gives `'2025-02-17T10:30:00+01:00'` in Europe/Berlin. Seconds are always
 * written, a fraction as given. The offset is the zone's at that instant, as `+HH:MM` or `-HH:MM`
 * (one of seconds, local mean time before about 1900, rounded to the minute as Temporal does), and
 * `+00:00` rather than `Z` for zero: the value is a local time (London's in winter, say), which `Z`
 * would present as UTC.
 *
 * A time the change to summer time skips moves forward by the gap (Berlin's 02:30 on the last Sunday
 * of March is 03:30+02:00), or back with `'earlier'` (01:30+01:00); of a time the change back to
 * winter time repeats, the first (02:30+02:00) is taken, or the second (02:30+01:00) with `'later'`.
 * See {@link Disambiguation}.
 *
 * Never throws: a value that is not a datetime-local value (another shape, a day, hour or minute out
 * of range, an empty string, a non-string, a value with an offset), an unknown time zone or an unknown
 * disambiguation returns `localValue` unchanged, so that the validator reports the field as invalid,
 * or as missing when it is empty.
 * @example
 * ```ts
 * import { toDateTime } from 'product-order-validator';
 *
 * toDateTime('2025-02-17T10:30'); // '2025-02-17T10:30:00+01:00'
 * toDateTime('2025-03-30T02:30'); // '2025-03-30T03:30:00+02:00': the hour summer time skips
 * toDateTime('2025-10-26T02:30', { disambiguation: 'later' }); // '2025-10-26T02:30:00+01:00'
 * toDateTime('2025-02-17T10:30', { timeZone: 'Europe/London' }); // '2025-02-17T10:30:00+00:00'
 * ```
 */
export function toDateTime(localValue: string, options: ToDateTimeOptions = {}): string {
  try {
    return zoned(localValue, options) ?? localValue;
  } catch {
    return localValue;
  }
}

/**
 * The wall-clock time in `options.timeZone` (default 'Europe/Berlin') of the RFC 3339 date-time
 * `dateTime`, as `YYYY-MM-DDTHH:mm:ss`, which a datetime-local input takes: for filling a date
 * picker from an existing order. A fraction is dropped; a leap second shows as `:59`. Never throws:
 * a value that is no RFC 3339 date-time, a wall clock outside the years 0001 to 9999 or an unknown
 * time zone gives `''`, an empty picker.
 * @example
 * ```ts
 * import { toLocalDateTime } from 'product-order-validator';
 *
 * toLocalDateTime('2025-07-01T08:00:00Z'); // '2025-07-01T10:00:00', for <input type="datetime-local">
 * ```
 */
export function toLocalDateTime(dateTime: string, options: { readonly timeZone?: string } = {}): string {
  try {
    return local(dateTime, options.timeZone ?? 'Europe/Berlin');
  } catch {
    return '';
  }
}

/** {@link toDateTime}'s result, or undefined when it returns the value unchanged. */
function zoned(
  value: string,
  { timeZone = 'Europe/Berlin', disambiguation = 'compatible' }: ToDateTimeOptions,
): string | undefined {
  const match = typeof value === 'string' ? localPattern.exec(value) : null;
  if (!match || !['compatible', 'earlier', 'later'].includes(disambiguation)) return undefined;
  const wall = clock(match[1] + (match[2] ?? ':00'));
  if (Number.isNaN(wall)) return undefined;
  const format = formatter(timeZone);
  // the offsets a day either side, as Temporal's reference code takes them: one change at most in between
  const before = offsetAt(format, wall - day);
  const after = offsetAt(format, wall + day);
  const instants = [...new Set([wall - before, wall - after])].filter((instant) => wallAt(format, instant) === wall);
  let instant: number;
  if (instants.length === 0) instant = disambiguation === 'earlier' ? wall - after : wall - before;
  else instant = disambiguation === 'later' ? instants[instants.length - 1] : instants[0];
  const shown = wallAt(format, instant);
  return iso(shown) + (match[3] ?? '') + offsetText(shown - instant);
}

/** {@link toLocalDateTime}'s result, unguarded. */
function local(value: string, timeZone: string): string {
  const match = typeof value === 'string' ? dateTimePattern.exec(value) : null;
  if (!match) return '';
  const [, date, time, sign, hours, minutes] = match;
  const wall = clock(`${date}T${time.replace(/60$/, '59')}`);
  if (Number.isNaN(wall) || +hours > 23 || +minutes > 59) return '';
  const offset = sign ? (sign === '-' ? -1 : 1) * (+hours * 60 + +minutes) * 60_000 : 0;
  const shown = wallAt(formatter(timeZone), wall - offset);
  return shown >= first && shown < end ? iso(shown) : '';
}

/** `YYYY-MM-DDTHH:mm:ss` of the UTC clock at `ms`. */
const iso = (ms: number): string => new Date(ms).toISOString().slice(0, 19);

/** The time `text` (`YYYY-MM-DDTHH:mm:ss`) names on a UTC clock, or NaN when it is no real time of years 1 to 9999. */
function clock(text: string): number {
  const [year, month, date, hours, minutes, seconds] = text.split(/\D/).map(Number);
  const ms = utc(year, month, date, hours, minutes, seconds);
  return year > 0 && iso(ms) === text ? ms : Number.NaN;
}

/** Milliseconds since the epoch of a time on a UTC clock; years 0 to 99 too, which `Date.UTC` reads as 1900 to 1999. */
function utc(year: number, month: number, date: number, hours: number, minutes: number, seconds: number): number {
  const d = new Date(0);
  d.setUTCFullYear(year, month - 1, date);
  return d.setUTCHours(hours, minutes, seconds);
}

/** The zone's wall clock at `instant` (whole seconds), as milliseconds on a UTC clock. */
function wallAt(format: Intl.DateTimeFormat, instant: number): number {
  const parts: Record<string, string> = {};
  for (const { type, value } of format.formatToParts(instant)) parts[type] = value;
  const year = parts.era === 'BC' ? 1 - +parts.year : +parts.year;
  return utc(year, +parts.month, +parts.day, +parts.hour, +parts.minute, +parts.second);
}

const offsetAt = (format: Intl.DateTimeFormat, instant: number): number => wallAt(format, instant) - instant;

function offsetText(ms: number): string {
  const minutes = Math.round(ms / 60_000);
  const size = Math.abs(minutes);
  return `${minutes < 0 ? '-' : '+'}${pad(Math.floor(size / 60))}:${pad(size % 60)}`;
}

const pad = (n: number): string => String(n).padStart(2, '0');

/** One formatter per time zone, since constructing one is slow; cleared when full. */
const formats = /* @__PURE__ */ new Map<string, Intl.DateTimeFormat>();

function formatter(timeZone: string): Intl.DateTimeFormat {
  let format = formats.get(timeZone);
  if (!format) {
    if (formats.size >= 32) formats.clear();
    // era: a wall clock before year 1 (a day before 0001-01-01) shows as 1 BC
    format = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      era: 'short',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    formats.set(timeZone, format);
  }
  return format;
}
