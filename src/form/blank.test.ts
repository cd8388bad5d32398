import { readFileSync } from 'node:fs';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { order } from '../../test/arbitraries.js';
import { createProductOrderSchema, productOrderSchema } from '../standard-schema.js';
import { validateProductOrder } from '../validate.js';
import { withoutBlanks } from './blank.js';

// biome-ignore lint/suspicious/noExplicitAny: orders are edited freely here
const hvt = (): any => JSON.parse(readFileSync('examples/orders/valid/new-hvt-local-loop.json', 'utf8'));

const forms = createProductOrderSchema({ emptyAsMissing: true })['~standard'];
const plain = productOrderSchema['~standard'];

describe('emptyAsMissing of the schemas', () => {
  it('turns an emptied required input into "required", an emptied optional one into nothing', () => {
    const o = hvt();
    o.relatedParty[0].partyOrPartyRole.familyName = '';
    o.description = '';
    o.priority = '   ';
    expect(validateProductOrder(o).violations.map(({ code, path }) => [code, path])).toEqual([
      ['too_short', '/description'],
      ['too_short', '/relatedParty/0/partyOrPartyRole/familyName'],
    ]);
    const result = forms.validate(o);
    expect(result.issues?.map(({ code, path, params }) => [code, path, params])).toEqual([
      ['required', ['relatedParty', 0, 'partyOrPartyRole', 'familyName'], { property: 'familyName' }],
    ]);
    o.relatedParty[0].partyOrPartyRole.familyName = 'Muster';
    const valid = forms.validate(o);
    expect(valid.issues).toBeUndefined();
    const value = valid.issues ? {} : valid.value;
    expect('description' in value || 'priority' in value).toBe(false);
    // the caller's order is not changed
    expect(o.priority).toBe('   ');
  });

  it('is off by default and for any value but true', () => {
    const o = hvt();
    o.description = '';
    for (const emptyAsMissing of [undefined, false, 'yes', 1] as unknown as boolean[])
      expect(createProductOrderSchema({ emptyAsMissing })['~standard'].validate(o).issues).toHaveLength(1);
    const hostile = new Proxy(
      {},
      {
        get() {
          throw new Error('hostile options');
        },
      },
    );
    expect(createProductOrderSchema(hostile)['~standard'].validate(o).issues).toHaveLength(1);
  });

  it('leaves an order without blanks as the same object', () => {
    fc.assert(
      fc.property(order, (o) => {
        fc.pre(JSON.stringify(o) === JSON.stringify(withoutBlanksByJson(o)));
        expect(withoutBlanks(o)).toBe(o);
      }),
      { numRuns: 200 },
    );
  });

  it('gives the verdict of the order with its blank properties deleted (property)', () => {
    const blank = fc.constantFrom('', ' ', '\t', '\u00a0 ', '\n', null);
    fc.assert(
      fc.property(order, fc.array(fc.nat(), { maxLength: 3 }), blank, (o, picks, empty) => {
        // blank some strings of objects in the order
        const holders: [Record<string, unknown>, string][] = [];
        const copy = JSON.parse(JSON.stringify(o), function (this: Record<string, unknown>, key, value) {
          if (typeof value === 'string' && !Array.isArray(this)) holders.push([this, key]);
          return value;
        });
        for (const n of picks) {
          const [holder, key] = holders[n % Math.max(1, holders.length)] ?? [];
          if (holder) holder[key as string] = empty;
        }
        const expected = plain.validate(withoutBlanksByJson(copy));
        const actual = forms.validate(copy);
        expect(actual.issues).toEqual(expected.issues);
        if (!actual.issues) expect(actual.value).toEqual(withoutBlanksByJson(copy));
      }),
      { numRuns: 300 },
    );
  });

  it('never throws and stays cheap on hostile input', () => {
    const sparse: unknown[] = [];
    sparse.length = 2 ** 32 - 1;
    let deep: unknown = { description: '' };
    for (let i = 0; i < 100_000; i++) deep = { note: [deep] };
    const throwing = new Proxy(
      {},
      {
        ownKeys() {
          throw new Error('hostile');
        },
      },
    );
    const started = performance.now();
    for (const input of [sparse, { productOrderItem: sparse }, deep, throwing, null, '', 42]) {
      expect(() => withoutBlanks(input)).not.toThrow();
      expect(forms.validate(input).issues?.length).toBeGreaterThan(0);
    }
    expect(performance.now() - started).toBeLessThan(5000);
  });
});

/** The oracle: a JSON round trip that drops every blank string and null held by an object. */
function withoutBlanksByJson(value: unknown): unknown {
  return JSON.parse(JSON.stringify(value), function (this: unknown, _key, item) {
    const blank = item === null || (typeof item === 'string' && item.trim() === '');
    return blank && !Array.isArray(this) ? undefined : item;
  });
}
