// The table compiler (scripts/generate-checks.mjs) refuses every form it does not compile, naming
// where it stands, instead of building checks that skip it.
import { describe, expect, it } from 'vitest';
import { checksModule } from '../scripts/generate-checks.mjs';
import { Findings } from '../src/read.js';
import { loadChecks } from './compiled-checks.js';

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

/** The findings of the check compiled from `defs` with root `Root`, on `value`. */
function findings(defs: Record<string, unknown>, value: unknown) {
  const found = new Findings('R-field');
  loadChecks(checksModule([{ name: 'check', root: 'Root', defs }]).js).check(value, '', found);
  return found.done();
}

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

  // regression: required toString with no properties read Object.prototype.toString as its schema and
  // refused it ("the schema undefined"); __proto__ read Object.prototype as one
  it('reads only own properties of properties', () => {
    const defs = { Root: { type: 'object', required: ['toString', '__proto__'] } };
    expect(findings(defs, JSON.parse('{"toString": 1, "__proto__": 2}'))).toEqual([]);
    expect(findings(defs, {}).map((f) => f.params)).toEqual([{ property: 'toString' }, { property: '__proto__' }]);
  });

  // regression: an empty enum compiled to `if (!())`, which is no JavaScript
  it('compiles an empty enum as allowing nothing', () => {
    const defs = { Root: { type: 'object', properties: { a: { enum: [] } } } };
    expect(findings(defs, { b: 1 })).toEqual([]);
    expect(findings(defs, { a: 1 }).map((f) => [f.code, f.path])).toEqual([['not_allowed', '/a']]);
  });

  // regression: the $def name was the $ref less its first '#/$defs/': the escaped names of JSON
  // Pointer (~0, ~1) and of URI fragments (%22) named no $def, and 'x.json#/$defs/Text' named 'x.jsonText'
  it('reads a $ref as an escaped JSON Pointer to one $def', () => {
    const defs = (ref: string, name: string) => ({
      Root: { type: 'object', properties: { a: { $ref: ref } } },
      [name]: { type: 'string', minLength: 2 },
    });
    for (const [ref, name] of [
      ['#/$defs/a~1b~0c', 'a/b~c'],
      ['#/$defs/foo%22bar', 'foo"bar'],
      ['#/$defs/%7E1', '/'],
    ])
      expect(findings(defs(ref, name), { a: 'x' }).map((f) => f.code)).toEqual(['too_short']);
    for (const ref of ['x.json#/$defs/Text', '#/$defs/Text/properties/a', '#/$defs/a~2', '#/$defs/%E0%A4%A'])
      expect(() => findings(defs(ref, 'x.jsonText'), {})).toThrow(`cannot compile $ref ${ref} to no $def at`);
  });

  describe('a union selected by @type', () => {
    const union = (test: object, then: object = { $ref: '#/$defs/A' }, required = ['@type']) => ({
      Root: { required, properties: { '@type': { enum: ['A'] } }, allOf: [{ if: test, then }] },
      A: { type: 'object', required: ['x'] },
    });
    const tag = { type: 'object', required: ['@type'], properties: { '@type': { const: 'A' } } };

    it('runs the branch of the tag', () => {
      expect(findings(union(tag), { '@type': 'A' }).map((f) => f.params)).toEqual([{ property: 'x' }]);
      expect(findings(union(tag), { '@type': 'B' }).map((f) => f.code)).toEqual(['unknown_type']);
    });

    // regression: a union whose `if` did not require @type compiled to checks that ran no branch for an
    // object without @type, where the schema runs every branch (an `if` on an absent property holds)
    it('refuses an if that holds without the tag', () =>
      expect(() => findings(union({ properties: tag.properties }, undefined, []), {})).toThrow(
        'cannot compile keyword if at #/$defs/Root/allOf/0',
      ));

    // regression: the checks ran the branch on the tag alone, whatever else `if` and `then` said
    it('refuses an if that tests more than the tag, or a then that says more than $ref', () => {
      const more = { ...tag, properties: { ...tag.properties, b: { const: 1 } } };
      expect(() => findings(union(more), {})).toThrow('cannot compile keyword if at #/$defs/Root/allOf/0');
      expect(() => findings(union(tag, { $ref: '#/$defs/A', required: ['y'] }), {})).toThrow(
        'cannot compile required beside $ref at #/$defs/Root/allOf/0/then',
      );
    });
  });

  // regression: the compiled date-time check took 24:59:60+01:00 for the leap second 23:59:60 UTC
  it('rejects a date-time with hour 24, leap second or not', () => {
    const defs = { Root: { type: 'string', format: 'date-time' } };
    expect(findings(defs, '2016-12-31T23:59:60Z')).toEqual([]);
    expect(findings(defs, '2016-12-31T24:59:60+01:00').map((f) => f.code)).toEqual(['invalid_date_time']);
  });

  describe('names in the code', () => {
    /** An order of items with a party, enums at three depths; `more` are further properties of Item. */
    const order = (more: Record<string, unknown> = {}) => ({
      Order: {
        type: 'object',
        required: ['category', 'item'],
        properties: {
          category: { enum: ['new', 'change'] },
          item: { type: 'array', minItems: 1, items: { $ref: '#/$defs/Item' } },
          party: { $ref: '#/$defs/Party' },
        },
      },
      Item: {
        type: 'object',
        required: ['action'],
        properties: { ...more, action: { enum: ['add', 'delete'] }, note: { type: 'string', maxLength: 5 } },
      },
      Party: {
        type: 'object',
        properties: { role: { enum: ['buyer', 'seller'] }, name: { $ref: '#/$defs/Text' } },
      },
      Text: { type: 'string', minLength: 1 },
    });
    const lines = (defs: Record<string, unknown>) =>
      checksModule([{ name: 'check', root: 'Order', defs }]).js.split('\n');

    /** The lines only `a` has and the lines only `b` has, by their longest common subsequence. */
    function diff(a: string[], b: string[]) {
      const common = a.map(() => new Array<number>(b.length + 1).fill(0));
      common.push(new Array<number>(b.length + 1).fill(0));
      for (let i = a.length - 1; i >= 0; i--)
        for (let j = b.length - 1; j >= 0; j--)
          common[i][j] = a[i] === b[j] ? common[i + 1][j + 1] + 1 : Math.max(common[i + 1][j], common[i][j + 1]);
      const removed: string[] = [];
      const added: string[] = [];
      let i = 0;
      let j = 0;
      while (i < a.length || j < b.length) {
        if (i < a.length && j < b.length && a[i] === b[j]) {
          i++;
          j++;
        } else if (j < b.length && (i === a.length || common[i][j + 1] >= common[i + 1][j])) added.push(b[j++]);
        else removed.push(a[i++]);
      }
      return { removed, added };
    }

    // adding one property to one $def used to renumber every variable (v1, v2 ...) and constant
    // (allowed0 ...) after it: a diff of most of the module for one line of schema
    it('change only in the lines of a property added to a $def', () => {
      const before = lines(order());
      const after = lines(order({ colour: { enum: ['red', 'blue'] } }));
      const { removed, added } = diff(before, after);
      expect(removed).toEqual([]);
      // its constant and its case, and nothing else
      expect(added).toHaveLength(2);
      for (const line of added) expect(line).toContain('colour');
    });

    it('are the same for the same schema compiled twice', () => expect(lines(order())).toEqual(lines(order())));
  });
});
