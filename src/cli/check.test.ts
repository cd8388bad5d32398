import { describe, expect, it } from 'vitest';
import { type Checking, checkUnit } from './check.js';
import { renderers } from './formats/index.js';
import type { Unit } from './report.js';
import type { Validate } from './validators.js';

const unit = (text: string): Unit => ({
  parts: [new TextEncoder().encode(text)],
  lines: false,
  name: 'a.json',
  line: 1,
});
const json = renderers({ lang: 'en', quiet: false, reports: [{ format: 'ndjson', colour: false }] });
const valid: Validate = () => ({ valid: true, violations: [], hints: [] });
const checking = (validate: Validate): Checking => ({
  validate,
  options: { lang: 'en' },
  renderers: json,
  quiet: false,
});

describe('checkUnit', () => {
  it('checks a unit as check does', () => {
    expect(checkUnit(unit('[{}, {}]'), checking(valid))).toMatchObject({
      orders: 2,
      invalid: 0,
      errors: 0,
      many: true,
    });
  });

  // regression: a unit whose check threw (a report longer than a string can be) aborted the whole run
  it('gives the input error check_failed for a unit whose check throws, instead of throwing', () => {
    const throwing: Validate = () => {
      throw new RangeError('Invalid string length');
    };
    const checked = checkUnit(unit('{}'), checking(throwing));
    expect(checked).toMatchObject({ orders: 0, errors: 1 });
    expect(JSON.parse(checked.texts[0])).toMatchObject({
      source: 'a.json',
      error: 'check_failed',
      reason: 'RangeError: Invalid string length',
    });
  });
});
