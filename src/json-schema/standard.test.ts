import { readdirSync, readFileSync } from 'node:fs';
import { Validator } from '@cfworker/json-schema';
import Ajv2020 from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { invalidOrderExamples } from '../../scripts/generate-rules.mjs';
import { medium, mutants, order, relatedParty } from '../../test/arbitraries.js';
import { runs } from '../../test/runs.js';
import { isContactMedium, isProductOrderItem, isRelatedParty } from '../generated/guards.js';
import {
  contactMediumSchema,
  createProductOrderSchema,
  type OrderSchema,
  productOrderItemSchema,
  productOrderSchema,
  relatedPartySchema,
} from '../standard-schema.js';
import { withJsonSchema } from './standard.js';

// biome-ignore lint/suspicious/noExplicitAny: orders are read freely here
type Order = any;

const shipped = JSON.parse(readFileSync('schemas/product-order.schema.json', 'utf8'));
const numRuns = runs(1000);

describe('withJsonSchema', () => {
  const schemas = [
    ['productOrderSchema', withJsonSchema(productOrderSchema)],
    ['relatedPartySchema', withJsonSchema(relatedPartySchema)],
    ['contactMediumSchema', withJsonSchema(contactMediumSchema)],
    ['productOrderItemSchema', withJsonSchema(productOrderItemSchema)],
  ] as const;

  it('keeps validation as it was (its types: standard.test-d.ts)', () => {
    const schema = withJsonSchema(productOrderSchema);
    expect(schema['~standard'].validate({})).toEqual(productOrderSchema['~standard'].validate({}));
    const german = withJsonSchema(createProductOrderSchema({ lang: 'de' }));
    expect(german['~standard'].validate({}).issues?.[0]?.message).toMatch(/Pflichtangabe/);
  });

  it('refuses a schema that is not one of the package’s', () => {
    for (const other of [{}, null, { '~standard': productOrderSchema['~standard'] }])
      expect(() => withJsonSchema(other as typeof productOrderSchema)).toThrow(TypeError);
  });

  it('leaves the schemas without JSON Schema, so that a bundle need not carry it', () => {
    expect('jsonSchema' in productOrderSchema['~standard']).toBe(false);
  });

  it('gives the shipped schema for the order without its descriptions, as input and as output', () => {
    const { jsonSchema } = withJsonSchema(productOrderSchema)['~standard'];
    // nor what a form asks where the specification is silent (a def's `$defs.form`), which no validator applies
    const withoutDescriptions = JSON.parse(JSON.stringify(shipped), function (this: unknown, key, value) {
      if (key === '$defs' && !Object.hasOwn(this as object, '$schema')) return undefined;
      return key === 'description' && typeof value === 'string' ? undefined : value;
    });
    expect(jsonSchema.input({ target: 'draft-2020-12' })).toEqual(withoutDescriptions);
    expect(jsonSchema.output({ target: 'draft-2020-12' })).toEqual(withoutDescriptions);
    expect(JSON.stringify(withoutDescriptions)).not.toContain('"description":"');
  });

  it.each(schemas)('gives %s a fresh copy each time', (_, schema) => {
    const first = schema['~standard'].jsonSchema.input({ target: 'draft-2020-12' });
    first.$defs = 'changed';
    expect(schema['~standard'].jsonSchema.input({ target: 'draft-2020-12' }).$defs).toBeTypeOf('object');
  });

  it.each(['draft-04', 'draft-2019-09', '', 'DRAFT-07'])('throws for the target %j', (target) => {
    for (const [, schema] of schemas) {
      expect(() => schema['~standard'].jsonSchema.input({ target })).toThrow(/unsupported JSON Schema target/);
      expect(() => schema['~standard'].jsonSchema.output({ target })).toThrow(/unsupported JSON Schema target/);
    }
  });

  it('gives a part its $defs entry and every entry it refers to, and nothing else', () => {
    const part = withJsonSchema(contactMediumSchema)['~standard'].jsonSchema.input({ target: 'draft-2020-12' });
    expect(part).toMatchObject({ $schema: shipped.$schema, $ref: '#/$defs/ContactMedium' });
    expect(Object.keys(part.$defs as object).sort()).toEqual([
      'ContactMedium',
      'EmailContactMedium',
      'PhoneContactMedium',
      'PostalAddressContactMedium',
    ]);
  });

  /** ajv with its default (strict) options and ajv-formats, and @cfworker/json-schema. */
  function compile(schema: OrderSchema<unknown>): (value: unknown) => boolean[] {
    const json = withJsonSchema(schema)['~standard'].jsonSchema.input({ target: 'draft-2020-12' });
    const ajv = new Ajv2020.default({ strictTypes: false });
    addFormats.default(ajv);
    const ajvValidate = ajv.compile(json);
    const cfworker = new Validator(json as object, '2020-12', false);
    return (value) => [ajvValidate(value), cfworker.validate(value).valid];
  }

  const verdict = (schema: OrderSchema<unknown>, value: unknown) =>
    schema['~standard'].validate(value).issues === undefined;
  const items = (value: unknown): unknown[] => (Array.isArray(value) ? value : []);
  const parts = [
    ['relatedPartySchema', relatedPartySchema, isRelatedParty, (o: Order) => items(o?.relatedParty)],
    [
      'contactMediumSchema',
      contactMediumSchema,
      isContactMedium,
      (o: Order) => items(o?.relatedParty).flatMap((p: Order) => items(p?.partyOrPartyRole?.contactMedium)),
    ],
    ['productOrderItemSchema', productOrderItemSchema, isProductOrderItem, (o: Order) => items(o?.productOrderItem)],
  ] as const;

  it.each(parts)(
    '%s: its JSON Schema, the guard and the validator agree on the parts of every example order',
    (_, schema, guard, partsOf) => {
      const check = compile(schema);
      const examples = [...readdirJson('examples/orders/valid'), ...invalidOrderExamples('./').map(readJson)].flatMap(
        partsOf,
      );
      expect(examples.length).toBeGreaterThan(50);
      for (const value of examples) {
        const expected = verdict(schema, value);
        expect([...check(value), guard(value)]).toEqual([expected, expected, expected]);
      }
    },
  );

  it.each(parts)(
    '%s: the guard and the validator agree on the parts of generated and mutated orders',
    (_, schema, guard, partsOf) => {
      const orders = fc.oneof(order, ...Object.values(mutants).map((family) => family.map((m) => m.order as Order)));
      const generated = orders
        .map(partsOf)
        .filter((list) => list.length > 0)
        .chain((list) => fc.constantFrom(...list));
      // JSON values only: a type guard judges a value by its shape, the validator a value that is no JSON as such
      const part = fc.oneof(generated, relatedParty, medium, fc.jsonValue());
      const seen = new Set<boolean>();
      fc.assert(
        fc.property(part, (value) => {
          const valid = verdict(schema, value);
          seen.add(valid);
          expect(valid).toBe(guard(value));
        }),
        { numRuns },
      );
      expect(seen).toEqual(new Set([true, false]));
    },
  );
});

const readJson = (path: string): Order => JSON.parse(readFileSync(path, 'utf8'));

function readdirJson(dir: string): Order[] {
  return readdirSync(dir)
    .filter((f) => f.endsWith('.json') && !f.endsWith('.expected.json'))
    .map((f) => readJson(`${dir}/${f}`));
}
