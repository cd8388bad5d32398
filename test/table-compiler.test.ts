// The table compiler (scripts/generate-checks.mjs) refuses every form it does not compile, naming
// where it stands, instead of building checks that skip it.
import { describe, expect, it } from 'vitest';
import { checksModule } from '../scripts/generate-checks.mjs';

/** Compiles an order whose property `priority` has `schema`, beside a `Text` $def. */
const compile = (schema: unknown, more: Record<string, unknown> = {}) =>
  checksModule([
    {
      name: 'check',
      root: 'Order',
      defs: {
        Order: { type: 'object', properties: { priority: schema } },
        Text: { type: 'string', minLength: 1 },
        ...more,
      },
    },
  ]);

describe('the table compiler', () => {
  it('compiles the forms it knows', () => {
    expect(() => compile({ $ref: '#/$defs/Text', description: 'an annotation beside $ref is fine' })).not.toThrow();
    expect(() => compile({ type: 'string', maxLength: 10, enum: ['a', 'b'] })).not.toThrow();
  });

  // regression: maxLength beside $ref built, and then validateProductOrder accepted 50 characters
  it('refuses a keyword beside $ref, naming the schema path', () =>
    expect(() => compile({ $ref: '#/$defs/Text', maxLength: 10 })).toThrow(
      'cannot compile maxLength beside $ref at #/$defs/Order/properties/priority',
    ));

  it.each([
    ['a bound without its type', { maxLength: 10 }, 'maxLength without type string'],
    ['items without type array', { items: { type: 'string' } }, 'items without type array'],
    ['a false schema', false, 'the schema false'],
    ['an object const', { const: { a: 1 } }, 'the const {"a":1}'],
    ['an array in an enum', { enum: [[1]] }, 'the enum [1]'],
    ['a keyword it does not know', { type: 'string', pattern: '^a$' }, 'keyword pattern'],
    ['a type list', { type: ['string', 'null'] }, 'type ["string","null"]'],
    [
      'allOf outside an object',
      { type: 'string', allOf: [{ minLength: 2 }] },
      'allOf outside an object with properties',
    ],
    ['a $ref to no $def', { $ref: '#/$defs/Nothing' }, '$ref #/$defs/Nothing to no $def'],
  ])('refuses %s', (_, schema, why) =>
    expect(() => compile(schema)).toThrow(`cannot compile ${why} at #/$defs/Order/properties/priority`),
  );

  it('refuses recursion below the root', () =>
    expect(() =>
      compile({ $ref: '#/$defs/Node' }, { Node: { type: 'object', properties: { next: { $ref: '#/$defs/Node' } } } }),
    ).toThrow('cannot compile recursion through #/$defs/Node below the root at #/$defs/Node/properties/next'));

  it('names the path inside items and allOf', () =>
    expect(() =>
      compile({ type: 'array', items: { type: 'object', allOf: [{ properties: { a: { maxLength: 1 } } }] } }),
    ).toThrow('at #/$defs/Order/properties/priority/items/allOf/0/properties/a'));
});
