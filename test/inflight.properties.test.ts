// Properties of validateInflightChangeProductOrder over generated in-flight changes: valid ones pass,
// each mutant breaks exactly its rule, and the shipped schema (with the order schema beside it) gives
// the same verdict under ajv with its default options, @cfworker/json-schema and @hyperjump/json-schema.
import { readFileSync } from 'node:fs';
import { Validator } from '@cfworker/json-schema';
import '@hyperjump/json-schema/formats';
import {
  type Validator as Compiled,
  registerSchema,
  setShouldValidateFormat,
  validate,
} from '@hyperjump/json-schema/draft-2020-12';
import Ajv2020 from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { readRules } from '../scripts/generate-rules.mjs';
import { isInflightChangeProductOrderFVO, type RuleId, validateInflightChangeProductOrder } from '../src/index.js';
import { inflightMutants, inflightOrder, type Mutant } from './arbitraries.js';
import { runs } from './runs.js';

const numRuns = runs(1000);
const settings = { numRuns };
const timeout = Math.max(60_000, 60 * numRuns);

const read = (path: string) => JSON.parse(readFileSync(path, 'utf8'));
const orderSchema = read('schemas/product-order.schema.json');
const schema = read('schemas/inflight-change-product-order.schema.json');
/** ajv as a partner would set it up: default options (its log silenced) and ajv-formats, the order schema first. */
const ajv = new Ajv2020.default({ logger: false });
addFormats.default(ajv);
ajv.addSchema(orderSchema);
const ajvValidate = ajv.compile(schema);
const cfworker = new Validator(schema, '2020-12', false);
cfworker.addSchema(orderSchema);

/** The shipped schema compiled once by hyperjump: `validate(uri, value)` compiles it anew for every value. */
let hyperjump: Compiled;

beforeAll(async () => {
  setShouldValidateFormat(true);
  registerSchema(structuredClone(orderSchema));
  registerSchema(structuredClone(schema));
  hyperjump = await validate(schema.$id);
});

const families = Object.entries(inflightMutants) as [RuleId, fc.Arbitrary<Mutant>][];
const changeOrMutant = fc.oneof(
  inflightOrder,
  fc.oneof(...families.map(([, f]) => f)).map((m) => m.order),
);

describe('the families of in-flight mutants', () => {
  it("are the change's own field table's and one for each rule checked on a change that can fail", () =>
    expect(families.map(([rule]) => rule)).toEqual([
      'R-field',
      ...readRules('./')
        .filter((rule) => rule.inflight && rule.invalidates.length > 0)
        .map((rule) => rule.id),
    ]));
});

describe('valid in-flight changes by construction', () => {
  it(
    'give valid: true, the input itself and no violation',
    () => {
      fc.assert(
        fc.property(inflightOrder, (change) => {
          const result = validateInflightChangeProductOrder(change);
          expect(result.violations).toEqual([]);
          expect(result.valid && result.value).toBe(change);
        }),
        settings,
      );
    },
    timeout,
  );
});

describe.each(families)('an in-flight change mutated to break %s', (rule, family) => {
  it(
    'gives exactly one violation of that rule, at the node it touched',
    () => {
      fc.assert(
        fc.property(family, (m) => {
          const result = validateInflightChangeProductOrder(m.order);
          expect(result.violations.map(({ rule, code, path }) => ({ rule, code, path }))).toEqual([
            { rule, code: m.code, path: m.path },
          ]);
        }),
        settings,
      );
    },
    timeout,
  );
});

describe('the shipped in-flight schema', () => {
  it(
    'gives the verdict of validateInflightChangeProductOrder under ajv, cfworker, hyperjump and the guard',
    async () => {
      await fc.assert(
        fc.asyncProperty(changeOrMutant, async (input) => {
          const verdict = validateInflightChangeProductOrder(input).valid;
          expect(isInflightChangeProductOrderFVO(input)).toBe(verdict);
          expect(ajvValidate(input)).toBe(verdict);
          expect(cfworker.validate(input as never).valid).toBe(verdict);
          expect(hyperjump(input as never).valid).toBe(verdict);
        }),
        { numRuns: Math.ceil(numRuns / 2) },
      );
    },
    timeout,
  );
});
