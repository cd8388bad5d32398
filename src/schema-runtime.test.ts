import { fullFormats } from 'ajv-formats/dist/formats.js';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import schema from '../schemas/product-order.schema.json' with { type: 'json' };
import { runs } from '../test/runs.js';
import { codePointLength, isDateTime } from './schema-runtime.js';

const pattern = new RegExp(schema.$defs.DateTime.pattern, 'u');
const ajvFormats = fullFormats['date-time'] as { validate: (text: string) => boolean };

/** Strings near a date-time: each character of a valid one kept, or swapped for a likely wrong one. */
const nearDateTime = fc
  .tuple(
    fc.date({ min: new Date('0001-01-01T00:00:00Z'), max: new Date('9999-12-31T23:59:59Z'), noInvalidDate: true }),
    fc.constantFrom('Z', 'z', '+01:00', '-23:59', '+24:00', '+0100', ''),
    fc.array(fc.tuple(fc.nat(30), fc.constantFrom('0', '9', '6', ':', '-', 'T', 't', ' ', '.', '3', '2')), {
      maxLength: 3,
    }),
  )
  .map(([date, zone, edits]) => {
    const chars = [...`${date.toISOString().slice(0, 19)}${zone}`];
    for (const [at, char] of edits) chars[at % chars.length] = char;
    return chars.join('');
  });

/** Hours to 23 and minutes to 59, which ajv-formats does not demand of a leap second with an offset. */
const inRange = (text: string) => Number(text.slice(11, 13)) <= 23 && Number(text.slice(14, 16)) <= 59;

describe('isDateTime', () => {
  it('is the DateTime pattern and ajv-formats full date-time, together', () => {
    fc.assert(
      fc.property(fc.oneof(nearDateTime, fc.string()), (text) => {
        expect(isDateTime(text)).toBe(pattern.test(text) && ajvFormats.validate(text) && inRange(text));
      }),
      { numRuns: runs(20_000) },
    );
  });

  it.each([
    ['2016-12-31T23:59:60Z', true],
    ['2017-01-01T00:59:60+01:00', true],
    ['2016-12-31T22:59:60Z', false],
    ['2024-02-29T00:00:00Z', true],
    ['2023-02-29T00:00:00Z', false],
    ['2000-02-29T00:00:00Z', true],
    ['1900-02-29T00:00:00Z', false],
  ])('judges %s as ajv-formats does', (text, verdict) => {
    expect(isDateTime(text)).toBe(verdict);
    expect(pattern.test(text) && ajvFormats.validate(text)).toBe(verdict);
  });

  // regression: 24:59:60+01:00 passed as the leap second 23:59:60 UTC, as it does in ajv-formats; RFC
  // 3339 allows hours to 23 and minutes to 59 (JSON Schema Test Suite, optional/format/date-time.json)
  it.each(['2016-12-31T24:59:60+01:00', '2016-12-31T23:60:60+00:01'])(
    'rejects %s, which ajv-formats takes for a leap second, as the schema pattern does',
    (text) => {
      expect(isDateTime(text)).toBe(false);
      expect(ajvFormats.validate(text)).toBe(true);
      // the pattern allows hours to 23 and minutes to 59, so every validator of the schema agrees
      expect(pattern.test(text)).toBe(false);
    },
  );
});

describe('codePointLength', () => {
  it('counts a surrogate pair as one and a lone surrogate as one', () => {
    expect(codePointLength('😀😀')).toBe(2);
    expect(codePointLength('\ud83d')).toBe(1);
    expect(codePointLength('a\ude00b')).toBe(3);
  });

  it('counts as the spread of the string does', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary' }), (text) => {
        expect(codePointLength(text)).toBe([...text].length);
      }),
      { numRuns: runs(1000) },
    );
  });
});
