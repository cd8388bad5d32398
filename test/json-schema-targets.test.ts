// toTarget's draft-07 and OpenAPI 3.0 schemas give every example the verdict the shipped draft 2020-12 schema gives.
import { readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { Validator } from '@seriousme/openapi-schema-validator';
import Ajv from 'ajv';
import Ajv2020 from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { fullFormats } from 'ajv-formats/dist/formats.js';
import { describe, expect, it } from 'vitest';
import { invalidOrderExamples } from '../scripts/generate-rules.mjs';
import { type JsonSchema, toTarget } from '../src/json-schema/targets.js';

const shipped: JsonSchema = JSON.parse(readFileSync('schemas/product-order.schema.json', 'utf8'));
const { $schema, $defs } = shipped;

/** The keywords toTarget is known to translate right: those it rewrites and those that mean the same everywhere. */
const translated = [
  ...['$schema', '$id', '$defs', '$ref', 'const', 'if', 'then', 'else', 'contains'],
  ...['type', 'properties', 'required', 'enum', 'allOf', 'items', 'minItems', 'maxItems', 'minLength', 'maxLength'],
  ...['pattern', 'format', 'title', 'description', 'examples'],
];
/** The keywords whose values are data, whatever they look like. */
const data = ['const', 'enum', 'required', 'type', 'examples'];

const ajv2020 = new Ajv2020.default({ strict: false, allErrors: true });
const ajv07 = new Ajv.default({ strict: false, allErrors: true });
addFormats.default(ajv2020);
addFormats.default(ajv07);

type Verdict = (value: unknown) => boolean;

/** openapi-response-validator is CommonJS with `exports.default`, which Node's import and vitest's unwrap differently. */
const ResponseValidator: typeof import('openapi-response-validator').default = createRequire(import.meta.url)(
  'openapi-response-validator',
).default;

/** The verdicts of the schema and of its translations, each by a validator of its own dialect. */
function verdicts(schema: JsonSchema): Verdict[] {
  const draft2020 = ajv2020.compile(schema);
  const draft07 = ajv07.compile(toTarget(schema, 'draft-07'));
  const openApi = responseValidator(toTarget(schema, 'openapi-3.0'));
  return [(value) => draft2020(value), (value) => draft07(value), openApi];
}

/** The date-time format of ajv-formats, which the ajv validators use. */
const dateTime = (fullFormats['date-time'] as { validate: (value: string) => boolean }).validate;

/** openapi-response-validator checks no format it is not given (as a function): it gets ajv-formats' date-time. */
function responseValidator(schema: JsonSchema, checksDates = true): Verdict {
  const customFormats = checksDates ? { 'date-time': dateTime } : undefined;
  const validator = new ResponseValidator({ responses: { 200: { schema } }, customFormats });
  return (value) => validator.validateResponse(200, value) === undefined;
}

/** A minimal OpenAPI 3.0.3 document with the schema as `components.schemas.ProductOrder`. */
function document(schema: JsonSchema) {
  return {
    openapi: '3.0.3',
    info: { title: 'Product orders', version: '1.0.0' },
    paths: {},
    components: { schemas: { ProductOrder: schema } },
  };
}

/** The keywords of the schema and of all its subschemas, and a note for each boolean or other non-object schema. */
function keywordsIn(schema: unknown, found = new Set<string>()): Set<string> {
  if (typeof schema !== 'object' || schema === null || Array.isArray(schema)) {
    found.add(`the schema ${JSON.stringify(schema)}`);
    return found;
  }
  for (const [key, value] of Object.entries(schema)) {
    found.add(key);
    if (typeof value === 'boolean') found.add(`${key}: ${value}`);
    if (data.includes(key) || typeof value !== 'object' || value === null) continue;
    const subschemas = key === 'properties' || key === '$defs' ? Object.values(value) : [value].flat();
    for (const sub of subschemas) keywordsIn(sub, found);
  }
  return found;
}

const untranslated = (schema: unknown) => [...keywordsIn(schema)].filter((key) => !translated.includes(key));

const read = (path: string) => JSON.parse(readFileSync(path, 'utf8'));
const examples = [
  ...readdirSync('examples/orders/valid')
    .filter((file) => file.endsWith('.json'))
    .map((file) => [`valid/${file}`, read(join('examples/orders/valid', file))] as const),
  // the shipped invalid ones and each rule folder's own
  ...invalidOrderExamples('./').map((path) => [path.replace('examples/orders/', ''), read(path)] as const),
];

const list = (value: unknown) => (Array.isArray(value) ? value : []);
/** Each part of the example orders once, by the `$defs` entry that describes it. */
const parts: Record<string, unknown[]> = { RelatedParty: [], ContactMedium: [], ProductOrderItem: [] };
for (const [, order] of examples) {
  const relatedParties = list(order?.relatedParty);
  parts.RelatedParty.push(...relatedParties);
  parts.ContactMedium.push(...relatedParties.flatMap((party) => list(party?.partyOrPartyRole?.contactMedium)));
  parts.ProductOrderItem.push(...list(order?.productOrderItem));
}
const partCases = Object.entries(parts).flatMap(([def, values]) =>
  [...new Set(values.map((value) => JSON.stringify(value)))].map((text, index) => [def, index, JSON.parse(text)]),
);

/** The verdicts of the shipped schema, of the parts as src/standard-schema.ts gives them (with all `$defs`). */
const orderVerdicts = verdicts(shipped);
const partSchemas = Object.fromEntries(
  Object.keys(parts).map((def) => [def, { $schema, $ref: `#/$defs/${def}`, $defs } as JsonSchema]),
);
const partVerdicts = Object.fromEntries(Object.entries(partSchemas).map(([def, schema]) => [def, verdicts(schema)]));

/** An if/then/else schema, built from entries: to the linter an object literal with `then` is a thenable. */
function conditional(...branches: (JsonSchema | undefined)[]): JsonSchema {
  return Object.fromEntries(
    ['if', 'then', 'else'].map((key, index) => [key, branches[index]]).filter(([, branch]) => branch),
  );
}

/** Hand-made schemas that exercise each rewrite, with values and the verdicts draft 2020-12 gives them. */
const handMade: [string, JsonSchema, [unknown, boolean][]][] = [
  [
    'a const inside if/then/else',
    {
      type: 'object',
      ...conditional(
        { properties: { kind: { const: 'a' } }, required: ['kind'] },
        { required: ['a'], properties: { a: { const: 1 } } },
        { required: ['b'] },
      ),
    },
    [
      [{ kind: 'a', a: 1 }, true],
      [{ kind: 'a', a: 2 }, false],
      [{ kind: 'a', b: 1 }, false],
      [{ kind: 'c', b: 1 }, true],
      [{ kind: 'c', a: 1 }, false],
      [{ b: 1 }, true],
      [{}, false],
    ],
  ],
  [
    'an if with no then',
    conditional({ const: 1 }, undefined, { type: 'string' }),
    [
      [1, true],
      ['x', true],
      [2, false],
    ],
  ],
  [
    'an if with no else',
    conditional({ type: 'string' }, { minLength: 2 }),
    [
      ['ab', true],
      ['a', false],
      [1, true],
    ],
  ],
  [
    'contains',
    { contains: { const: 1 } },
    [
      [[2, 1], true],
      [[2, 3], false],
      [[], false],
      ['not an array', true],
      [{ 0: 1 }, true],
    ],
  ],
  [
    'contains with the other array keywords',
    { type: 'array', items: { type: 'integer' }, minItems: 2, contains: { const: 1 } },
    [
      [[1, 2], true],
      [[2, 2], false],
      [[1], false],
      [[1, 'x'], false],
    ],
  ],
  [
    'a $ref with a sibling constraint',
    {
      $defs: { Code: { type: 'string', pattern: '^[A-Z]+$' } },
      properties: {
        code: { $ref: '#/$defs/Code', maxLength: 2, description: 'at most two letters' },
        initial: { $ref: '#/$defs/Code', pattern: '^A' },
      },
    },
    [
      [{ code: 'AB' }, true],
      [{ code: 'ABC' }, false],
      [{ code: 'ab' }, false],
      [{ code: 1 }, false],
      [{ initial: 'AB' }, true],
      [{ initial: 'BA' }, false],
      [{ initial: 'ab' }, false],
    ],
  ],
  [
    'a $ref beside an allOf',
    { $defs: { Text: { type: 'string' } }, $ref: '#/$defs/Text', allOf: [{ minLength: 2 }] },
    [
      ['ab', true],
      ['a', false],
      [12, false],
    ],
  ],
  [
    'a const beside an enum, an if beside a contains',
    { enum: [[1], [2], 'x'], const: [1], ...conditional({ type: 'array' }, { maxItems: 1 }), contains: { const: 1 } },
    [
      [[1], true],
      [[2], false],
      ['x', false],
    ],
  ],
  [
    'a const object and a const null',
    { properties: { a: { const: { b: [1] } }, c: { const: null } } },
    [
      [{ a: { b: [1] }, c: null }, true],
      [{ a: { b: [2] } }, false],
      [{ c: 0 }, false],
    ],
  ],
  [
    'a date-time',
    { format: 'date-time' },
    [
      ['2023-01-01T08:00:00+01:00', true],
      ['2023-01-01T08:00:00', false],
      [1, true],
    ],
  ],
];

describe('toTarget', () => {
  it('knows every keyword of the shipped schema', () => {
    expect(untranslated(shipped)).toEqual([]);
    expect(untranslated({ prefixItems: [{ type: 'string' }], items: false })).toEqual(['prefixItems', 'items: false']);
  });

  it.each(examples)('gives %s the verdict of the shipped schema in every target', (_, order) => {
    const verdict = orderVerdicts.map((of) => of(order));
    expect(verdict).toEqual(verdict.map(() => verdict[0]));
  });

  it("gives OpenAPI 3.0 the first of a field's examples as its example, draft-07 them all (a salutation's)", () => {
    const salutation = { type: 'string', examples: ['Herr', 'Frau', 'keine Anrede'] };
    expect(toTarget(salutation, 'openapi-3.0')).toEqual({ type: 'string', example: 'Herr' });
    expect(toTarget(salutation, 'draft-07')).toEqual(salutation);
  });

  it('sees both verdicts among the examples', () => {
    expect(new Set(examples.map(([, order]) => orderVerdicts[0](order)))).toEqual(new Set([true, false]));
  });

  it.each(partCases)(
    'gives the %s part %i the verdict of its draft 2020-12 schema in every target',
    (def, _, value) => {
      const verdict = partVerdicts[def as string].map((of) => of(value));
      expect(verdict).toEqual(verdict.map(() => verdict[0]));
    },
  );

  it('sees both verdicts among the parts', () => {
    const judged = partCases.map(([def, , value]) => partVerdicts[def as string][0](value));
    expect(new Set(judged)).toEqual(new Set([true, false]));
  });

  it.each(handMade)('translates %s', (_, schema, cases) => {
    const of = verdicts({ $schema, ...schema });
    for (const [value, verdict] of cases)
      expect([value, of.map((judge) => judge(value))]).toEqual([value, of.map(() => verdict)]);
  });

  it('keeps the siblings of a $ref apart from it for draft-07, which ignores them (ajv does not)', () => {
    const schema = {
      $defs: { Code: { type: 'string' } },
      properties: { code: { $ref: '#/$defs/Code', maxLength: 2 } },
    };
    expect(toTarget(schema, 'draft-07')).toEqual({
      definitions: { Code: { type: 'string' } },
      properties: { code: { maxLength: 2, allOf: [{ $ref: '#/definitions/Code' }] } },
    });
  });

  it('writes draft-07 schemas that the draft-07 meta-schema accepts', () => {
    for (const schema of [shipped, ...Object.values(partSchemas), ...handMade.map(([, made]) => made)]) {
      const draft07 = toTarget(schema, 'draft-07');
      expect(ajv07.validateSchema(draft07), ajv07.errorsText()).toBe(true);
      expect(JSON.stringify(draft07)).not.toMatch(/\$defs|\$id/);
    }
    expect(toTarget(shipped, 'draft-07')).toMatchObject({
      $schema: 'http://json-schema.org/draft-07/schema#',
      allOf: [{ $ref: '#/definitions/ProductOrder_FVO' }],
    });
  });

  it('writes OpenAPI 3.0 schemas that an OpenAPI 3.0.3 document may hold', async () => {
    for (const schema of [shipped, ...Object.values(partSchemas), ...handMade.map(([, made]) => made)]) {
      const openApi = toTarget(schema, 'openapi-3.0');
      const result = await new Validator().validate(document(openApi));
      expect(result.errors ?? [], JSON.stringify(result.errors)).toEqual([]);
      expect(result.valid).toBe(true);
      expect(JSON.stringify(openApi)).not.toMatch(/"\$(schema|id|defs|ref)"|"const"|"if"|"then"|"else"|"contains"/);
    }
  });

  it('copies the schema for draft-2020-12', () => {
    const copy = toTarget(shipped, 'draft-2020-12');
    expect(copy).toEqual(shipped);
    expect(copy).not.toBe(shipped);
  });

  it.each(['draft-2020-12', 'draft-07', 'openapi-3.0'])('leaves the input untouched and unshared for %s', (target) => {
    const frozen = deepFreeze(structuredClone(shipped));
    const output = toTarget(frozen, target);
    expect(frozen).toEqual(shipped);
    const inputs = objectsIn(frozen);
    expect([...objectsIn(output)].filter((object) => inputs.has(object))).toEqual([]);
  });

  it.each([['draft-04'], [undefined], [42], [Symbol('draft-07')], ['Draft-07']])('refuses the target %s', (target) => {
    expect(() => toTarget(shipped, target)).toThrow(TypeError);
    expect(() => toTarget(shipped, target)).toThrow(/draft-2020-12, draft-07, openapi-3.0/);
  });

  it('stops at a recursive $ref for OpenAPI 3.0, which cannot hold it', () => {
    const tree = { $schema, $ref: '#/$defs/Node', $defs: { Node: { items: { $ref: '#/$defs/Node' } } } };
    expect(() => toTarget(tree, 'openapi-3.0')).toThrow(/recursive \$ref '#\/\$defs\/Node'/);
    expect(ajv07.validateSchema(toTarget(tree, 'draft-07'))).toBe(true);
  });

  it('stops at a $ref it cannot resolve and at a schema that is not an object', () => {
    expect(() => toTarget({ $ref: '#/$defs/Missing', $defs: {} }, 'openapi-3.0')).toThrow(/\$ref '#\/\$defs\/Missing'/);
    expect(() => toTarget({ $ref: 'other.json' }, 'openapi-3.0')).toThrow(/\$ref 'other.json'/);
    expect(() => toTarget({ items: false }, 'openapi-3.0')).toThrow(/schema 'false'/);
    expect(() => toTarget({ items: false }, 'draft-07')).toThrow(/schema 'false'/);
  });

  it('needs the date-time format given to openapi-response-validator, which checks no format by itself', () => {
    const schema = toTarget({ format: 'date-time' }, 'openapi-3.0');
    expect(responseValidator(schema, false)('not a date')).toBe(true);
    expect(responseValidator(schema)('not a date')).toBe(false);
  });
});

function deepFreeze<T>(value: T): T {
  if (typeof value === 'object' && value !== null) for (const inner of Object.values(value)) deepFreeze(inner);
  return Object.freeze(value);
}

function objectsIn(value: unknown, found = new Set<object>()): Set<object> {
  if (typeof value !== 'object' || value === null) return found;
  found.add(value);
  for (const inner of Object.values(value)) objectsIn(inner, found);
  return found;
}
