// The shipped schema under validators that are not ajv gives the verdict validateProductOrder gives.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Validator } from '@cfworker/json-schema';
import Ajv2020 from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import fc from 'fast-check';
import '@hyperjump/json-schema/formats';
import { registerSchema, setShouldValidateFormat, validate } from '@hyperjump/json-schema/draft-2020-12';
import { beforeAll, describe, expect, it } from 'vitest';
import { invalidOrderExamples } from '../scripts/generate-rules.mjs';
import { isProductOrderFVO, validateProductOrder } from '../src/index.js';
import { type Mutant, mutants, newItemOf } from './arbitraries.js';
import { runs } from './runs.js';

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

type Json = Record<string, unknown>;
const found = (order: unknown) =>
  validateProductOrder(order).violations.map(({ rule, code, path }) => ({ rule, code, path }));
const locationB = (item: Json) => ((item.product as Json).relatedPlace as Json[]).find((p) => p.role === 'locationB');

/** The example's item twice, the second's locationB site without characteristics. */
function secondSiteBare(example: string): Json {
  const order = read(`examples/orders/valid/${example}`);
  const [item] = order.productOrderItem;
  const second = structuredClone(item);
  second.id = '02';
  (locationB(second)?.place as Json).geographicSiteCharacteristic = [];
  return { ...order, productOrderItem: [item, second] };
}

/** A mutant of R10 or R12 with its broken item second, after a valid item of its type with a locationB site. */
const secondAfterValid = (mutant: fc.Arbitrary<Mutant>) =>
  mutant.chain((m) => {
    const order = m.order as Json;
    const broken = (order.productOrderItem as Json[])[Number(m.path.split('/')[2])];
    return newItemOf((broken.product as Json)['@type'] as string)
      .filter((valid) => locationB(valid) !== undefined)
      .map((valid) => ({
        ...m,
        order: { ...order, productOrderItem: [valid, broken] },
        path: m.path.replace(/^\/productOrderItem\/\d+/, '/productOrderItem/1'),
      }));
  });

describe('the shipped schema under ajv with its default options', () => {
  it.each([
    ['R12', 'new-optical-access-line-with-collocation-site.json'],
    ['R10', 'new-hvt-local-loop.json'],
  ])(
    'rejects (%s) an order whose second locationB site has no characteristics after a first whose site has them',
    (rule, example) => {
      const order = secondSiteBare(example);
      expect(found(order)).toEqual([
        {
          rule,
          code: 'missing_characteristic',
          path: '/productOrderItem/1/product/relatedPlace/1/place/geographicSiteCharacteristic',
        },
      ]);
      expect(ajvValidate(order)).toBe(false);
    },
  );

  it.each(['R10', 'R12'] as const)(
    'rejects every mutant of %s placed second, after a valid item of its type',
    (rule) => {
      fc.assert(
        fc.property(secondAfterValid(mutants[rule] as fc.Arbitrary<Mutant>), ({ order, code, path }) => {
          expect(found(order)).toEqual([{ rule, code, path }]);
          expect(ajvValidate(order)).toBe(false);
        }),
        { numRuns: runs(1000) },
      );
    },
    60_000,
  );
});
