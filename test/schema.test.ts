// The shipped schema under validators that are not ajv gives the verdict validateProductOrder gives.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Validator } from '@cfworker/json-schema';
import Ajv2020 from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import '@hyperjump/json-schema/formats';
import { registerSchema, setShouldValidateFormat, validate } from '@hyperjump/json-schema/draft-2020-12';
import { beforeAll, describe, expect, it } from 'vitest';
import { invalidOrderExamples } from '../scripts/generate-rules.mjs';
import { isProductOrderFVO, validateProductOrder } from '../src/index.js';

const schema = JSON.parse(readFileSync('schemas/product-order.schema.json', 'utf8'));
const cfworker = new Validator(schema, '2020-12', false);
/** ajv as a partner would set it up: default options, strict mode included, and ajv-formats. */
const ajv = new Ajv2020.default();
addFormats.default(ajv);
const ajvValidate = ajv.compile(schema);
const read = (path: string) => JSON.parse(readFileSync(path, 'utf8'));
const examples = [
  ...readdirSync('examples/orders/valid')
    .filter((f) => f.endsWith('.json'))
    .map((f) => [`valid/${f}`, read(join('examples/orders/valid', f))] as const),
  // the shipped invalid ones and each rule folder's own
  ...invalidOrderExamples('./').map((path) => [path.replace('examples/orders/', ''), read(path)] as const),
];

beforeAll(() => {
  setShouldValidateFormat(true);
  registerSchema(structuredClone(schema));
});

describe('the shipped schema', () => {
  it.each(examples)('gives the verdict of validateProductOrder on %s', async (_, order) => {
    const verdict = validateProductOrder(order).valid;
    expect(cfworker.validate(order).valid).toBe(verdict);
    expect((await validate(schema.$id, order)).valid).toBe(verdict);
    expect(ajvValidate(order)).toBe(verdict);
    expect(isProductOrderFVO(order)).toBe(verdict);
  });

  it.each([
    ['2023-01-01T08:00:00+01:00', true],
    ['2023-01-01T08:00:00.123Z', true],
    ['2023-01-01t08:00:00z', true],
    ['2023-01-01T08:00+01:00', false],
    ['2023-01-01T08:00:00', false],
    ['2023-01-01 08:00:00Z', false],
    ['2023-01-01T08:00:00+0100', false],
    ['2023-02-30T08:00:00Z', false],
    ['2023-01-01T24:00:00Z', false],
  ])('judges the date-time %s alike everywhere', async (date, verdict) => {
    const order = { ...read('examples/orders/valid/new-hvt-local-loop.json'), orderPostedDate: date };
    expect(validateProductOrder(order).valid).toBe(verdict);
    expect(cfworker.validate(order).valid).toBe(verdict);
    expect((await validate(schema.$id, order)).valid).toBe(verdict);
    expect(isProductOrderFVO(order)).toBe(verdict);
  });
});
