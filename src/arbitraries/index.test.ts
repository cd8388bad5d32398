// product-order-validator/arbitraries: every sample is valid, or gives exactly the one violation it
// names, under the validator, the text validator and the shipped JSON Schema under ajv; the samples
// read like real orders; the options are honoured, and an option asking for what cannot be made
// throws a RangeError naming what can.
import { readFileSync } from 'node:fs';
import Ajv2020 from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { runs } from '../../test/runs.js';
import { validateInflightChangeProductOrder, validateProductOrder } from '../index.js';
import { productTypes } from '../rules/arbitrary-kit.js';
import { validateInflightChangeProductOrderText, validateProductOrderText } from '../text/index.js';
import type { RuleId } from '../violation.js';
import { mutants } from './compose.js';
import { dress } from './dress.js';
import {
  type Category,
  faultCodes,
  faultyInflightChange,
  faultyProductOrder,
  inflightChange,
  productOrder,
} from './index.js';
import { labels, towns, words } from './values.js';

const numRuns = runs(1000);
/** The samples of the default mix that must cover every category and product type. */
const mix = 300;
const timeout = Math.max(60_000, 60 * numRuns);

const read = (path: string) => JSON.parse(readFileSync(path, 'utf8'));
const orderSchema = read('schemas/product-order.schema.json');
/** ajv as a partner sets it up, with ajv-formats, its log silenced. */
const ajv = new Ajv2020.default({ logger: false });
addFormats.default(ajv);
ajv.addSchema(orderSchema);
const orderSchemaSays = ajv.getSchema(orderSchema.$id) as (value: unknown) => boolean;
const changeSchemaSays = ajv.compile(read('schemas/inflight-change-product-order.schema.json'));

type Json = Record<string, unknown>;
const found = (violations: readonly { rule: string; code: string; path: string }[]) =>
  violations.map(({ rule, code, path }) => ({ rule, code, path }));

/** What a kind of sample is checked by: the validator, the text validator and the shipped schema. */
const kinds = {
  productOrder: { value: validateProductOrder, text: validateProductOrderText, schema: orderSchemaSays },
  inflightChange: {
    value: validateInflightChangeProductOrder,
    text: validateInflightChangeProductOrderText,
    schema: changeSchemaSays,
  },
};

describe.each([
  ['faultyProductOrder', faultyProductOrder, kinds.productOrder, faultCodes.productOrder],
  ['faultyInflightChange', faultyInflightChange, kinds.inflightChange, faultCodes.inflightChange],
] as const)('%s', (_, faulty, check, codes) => {
  it.each(Object.keys(codes))(
    '({ rule: %s }) gives exactly its expected violation under the validator, the text validator and the schema',
    (rule) => {
      fc.assert(
        fc.property(faulty({ rule: rule as RuleId }), ({ order, expected }) => {
          expect(expected.rule).toBe(rule);
          expect(found(check.value(order).violations)).toEqual([expected]);
          expect(found(check.text(JSON.stringify(order)).violations)).toEqual([expected]);
          expect(check.schema(order)).toBe(false);
        }),
        { numRuns },
      );
    },
    timeout,
  );
});

describe('every rule and code of faultCodes', () => {
  const pairs = (
    [
      ['faultyProductOrder', faultyProductOrder, kinds.productOrder, faultCodes.productOrder],
      ['faultyInflightChange', faultyInflightChange, kinds.inflightChange, faultCodes.inflightChange],
    ] as const
  ).flatMap(([name, faulty, check, codes]) =>
    Object.entries(codes).flatMap(([rule, list]) =>
      (list ?? []).map((code) => [`${name}({ rule: ${rule}, code: ${code} })`, faulty, check, rule, code] as const),
    ),
  );
  it.each(pairs)('%s gives exactly that violation', (_, faulty, check, rule, code) => {
    const made = fc.sample(faulty({ rule: rule as RuleId, code }), { numRuns: runs(5), seed: 44 });
    for (const { order, expected } of made) {
      expect(expected).toMatchObject({ rule, code });
      expect(found(check.value(order).violations)).toEqual([expected]);
    }
  });
});

describe.each([
  ['productOrder', productOrder, kinds.productOrder],
  ['inflightChange', inflightChange, kinds.inflightChange],
] as const)('%s()', (_, valid, check) => {
  it.each(['de', 'en'] as const)(
    "samples in '%s' are valid under the validator, the text validator and the schema",
    (lang) => {
      fc.assert(
        fc.property(valid({ lang }), (sample) => {
          const result = check.value(sample);
          expect(result.violations).toEqual([]);
          expect(result.hints).toEqual([]);
          expect(check.text(JSON.stringify(sample)).violations).toEqual([]);
          expect(check.schema(sample)).toBe(true);
        }),
        { numRuns },
      );
    },
    timeout,
  );
});

/** Every node of `value` with its JSON Pointer. */
function nodes(value: unknown, path = '', out: [string, unknown][] = []): [string, unknown][] {
  out.push([path, value]);
  if (typeof value === 'object' && value !== null)
    for (const [key, child] of Object.entries(value)) nodes(child, `${path}/${key}`, out);
  return out;
}

const e164 = /^\+49[1-9][0-9]{6,12}$/;

describe('the samples read like real orders', () => {
  it(
    'phone numbers in E.164, emails at a reserved domain, postcodes with their towns, area codes and exchange areas in their ranges, dates in order',
    () => {
      fc.assert(
        fc.property(fc.oneof(productOrder(), inflightChange()), (sample) => {
          const s = sample as unknown as Json;
          for (const [path, node] of nodes(sample)) {
            if (path.endsWith('/phoneNumber')) expect(node).toMatch(e164);
            if (path.endsWith('/emailAddress')) expect(node).toMatch(/^[a-z.-]+@[a-z-]+[.]example$/);
            if (typeof node !== 'object' || node === null) continue;
            const n = node as Json;
            if ('postcode' in n) {
              expect(towns.some((t) => t.postcode === n.postcode && (n.city === undefined || t.city === n.city))).toBe(
                true,
              );
            }
            const chars = n.geographicSiteCharacteristic as Json[] | undefined;
            const ndc = chars?.find((c) => c.name === 'national_destination_code')?.value;
            if (ndc !== undefined) {
              const area = Number(chars?.find((c) => c.name === 'local_exchange_area')?.value);
              const town = towns.find((t) => t.onkz === ndc);
              expect(town).toBeDefined();
              expect(area).toBeGreaterThanOrEqual(town?.asb[0] ?? Number.NaN);
              expect(area).toBeLessThanOrEqual(town?.asb[1] ?? Number.NaN);
            }
          }
          const posted = String(s.orderPostedDate ?? s.requestPostedDate);
          expect(Date.parse(posted)).toBeLessThan(Date.parse(String(s.requestedCompletionDate ?? '9999-12-31')));
          expect(posted).toMatch(/^20\d\d-\d\d-\d\dT\d\d:\d\d:00\+0[12]:00$/);
        }),
        { numRuns },
      );
    },
    timeout,
  );

  it('300 samples of the default mix cover every category and the four product types', () => {
    const samples = fc.sample(productOrder(), { numRuns: mix, seed: 44 }) as unknown as Json[];
    const categories = new Set(samples.map((o) => o.category));
    const types = new Set(
      samples.flatMap((o) => (o.productOrderItem as Json[]).map((i) => (i.product as Json | undefined)?.['@type'])),
    );
    expect([...categories].sort()).toEqual(
      [...(orderSchema.$defs.ProductOrder_FVO.properties.category.enum as string[])].sort(),
    );
    for (const type of productTypes) expect(types).toContain(type);
  });

  it("leaves the fault's node of a faulty order as the rule folder made it", () => {
    const all = fc.oneof(...Object.values(mutants).flatMap((family) => (family ? [family] : [])));
    for (const m of fc.sample(all, { numRuns: runs(1000), seed: 44 })) {
      const at = (value: unknown) => nodes(value).find(([path]) => path === m.path)?.[1];
      if (!['required', 'too_few_items', 'too_many_items'].includes(m.code) && !m.code.startsWith('missing_'))
        expect(at(dress(m.order, 'de', m))).toEqual(at(m.order));
    }
  });

  it('shrinks a counterexample to an order that still gives exactly its expected violation', () => {
    for (const rule of Object.keys(faultCodes.productOrder)) {
      const result = fc.check(
        fc.property(faultyProductOrder({ rule: rule as RuleId }), ({ order }) => validateProductOrder(order).valid),
        { numRuns: runs(20), seed: 44 },
      );
      expect(result.failed).toBe(true);
      const [{ order, expected }] = result.counterexample ?? [{ order: undefined, expected: undefined }];
      expect(result.numShrinks).toBeGreaterThan(0);
      expect(found(validateProductOrder(order).violations)).toEqual([expected]);
    }
  }, 120_000);
});

describe('the options', () => {
  it('left out, or null, give the default mix', () => {
    for (const make of [productOrder, inflightChange, faultyProductOrder, faultyInflightChange])
      expect(fc.sample(make(null as never) as fc.Arbitrary<unknown>, { numRuns: runs(3), seed: 44 })).toHaveLength(3);
  });

  const sample = <T>(arbitrary: fc.Arbitrary<T>) => fc.sample(arbitrary, { numRuns: runs(300), seed: 44 });
  const items = (o: unknown) => (o as Json).productOrderItem as Json[];

  it.each([['new'], ['terminationByBuyer'], ['portChange', 'providerChange']] as Category[][])(
    'category %j gives orders of that category only',
    (...chosen) => {
      for (const o of sample(productOrder({ category: chosen.length === 1 ? chosen[0] : chosen })))
        expect(chosen).toContain(o.category);
    },
  );

  it.each([
    ['new', 'KvzLocalLoopProduct'],
    ['new', ['BitstreamAccessProduct', 'OpticalAccessLineProduct']],
    ['productChange', 'HvtLocalLoopProduct'],
    ['terminationBySeller', ['OpticalAccessLineProduct']],
  ] as const)('product in a %s order gives items of those product types only, valid', (category, product) => {
    const types: readonly string[] = typeof product === 'string' ? [product] : product;
    for (const o of sample(productOrder({ category, product }))) {
      for (const item of items(o)) expect(types).toContain((item.product as Json)['@type']);
      expect(validateProductOrder(o).violations).toEqual([]);
    }
  });

  it.each([
    [2, 2, 2],
    [{ min: 4, max: 6 }, 4, 6],
    [{ min: 5 }, 5, 5],
    [{ max: 1 }, 1, 1],
  ] as const)('items %j gives orders of %i to %i items, valid', (count, min, max) => {
    for (const o of sample(productOrder({ items: count, category: ['new', 'productChange'] }))) {
      expect(items(o).length).toBeGreaterThanOrEqual(min);
      expect(items(o).length).toBeLessThanOrEqual(max);
      expect(validateProductOrder(o).violations).toEqual([]);
    }
  });

  it.each(['de', 'en'] as const)("lang '%s' words the descriptions and notes in that language", (lang) => {
    for (const o of sample(productOrder({ lang })) as unknown as Json[]) {
      if (typeof o.description === 'string')
        expect(o.description.startsWith(labels[lang].values[String(o.category)] ?? '?')).toBe(true);
      for (const note of (o.note as Json[] | undefined) ?? []) expect(words[lang].notes).toContain(note.text);
    }
    for (const { order } of sample(faultyInflightChange({ rule: 'R-field', code: 'required', lang })))
      for (const note of ((order as Json).note as Json[] | undefined) ?? [])
        if (typeof note === 'object' && note !== null) expect(words[lang].notes).toContain(note.text);
  });

  it.each([
    ['a code of the rule', 'R10', 'pattern_mismatch'],
    ['a code of a neighbour rule', 'R-field', 'invalid_date_time'],
  ] as const)('code with %s gives faults of that code only', (_, rule, code) => {
    for (const f of sample(faultyProductOrder({ rule, code }))) expect(f.expected).toMatchObject({ rule, code });
  });

  it('code without a rule gives faults of every rule that gives that code', () => {
    const made = fc.sample(faultyProductOrder({ code: 'not_allowed' }), { numRuns: mix * 4, seed: 44 });
    const rules = new Set(made.map((f) => f.expected.rule));
    const giving = Object.entries(faultCodes.productOrder).filter(([, codes]) => codes?.includes('not_allowed'));
    expect([...rules].sort()).toEqual(giving.map(([id]) => id).sort());
  });

  it.each([
    [
      'an unknown category',
      () => productOrder({ category: 'neu' as Category }),
      /unknown category "neu": one of new, productChange/,
    ],
    ['no category', () => productOrder({ category: [] }), /no category: one of new/],
    [
      'an unknown product',
      () => productOrder({ product: 'VoiceProduct' as never }),
      /unknown product "VoiceProduct": one of HvtLocalLoopProduct/,
    ],
    ['no items', () => productOrder({ items: 0 }), /items 0: a whole number from 1 to 50/],
    ['too many items', () => productOrder({ items: { max: 51 } }), /from 1 to 50/],
    ['a part of an item', () => productOrder({ items: 1.5 }), /from 1 to 50/],
    ['min above max', () => productOrder({ items: { min: 3, max: 2 } }), /min ≤ max/],
    ['an unknown language', () => productOrder({ lang: 'fr' as never }), /unknown lang "fr": one of en, de/],
    ['an unknown language of a change', () => inflightChange({ lang: 'fr' as never }), /unknown lang "fr"/],
    ['a rule without faults', () => faultyProductOrder({ rule: 'R5' }), /unknown rule "R5": one of R-field, /],
    [
      'a code the rule never gives',
      () => faultyProductOrder({ rule: 'R14', code: 'too_long' }),
      /no fault of rule R14 gives code "too_long": one of required, not_allowed/,
    ],
    [
      'a code no fault gives',
      () => faultyInflightChange({ code: 'pattern_mismatch' }),
      /no fault gives code "pattern_mismatch": one of /,
    ],
    ['an unknown language of a fault', () => faultyProductOrder({ lang: 'xx' as never }), /unknown lang "xx"/],
    ['items that are no count', () => productOrder({ items: null as never }), /items null: a whole number/],
    ['a category that is no string', () => productOrder({ category: 42 as never }), /unknown category 42: one of new/],
    [
      'a rule that is no string',
      () => faultyInflightChange({ rule: {} as never }),
      /unknown rule \{\}: one of R-field/,
    ],
    ['a code that is no string', () => faultyProductOrder({ code: 7 as never }), /no fault gives code 7: one of /],
  ])('%s throws a RangeError at once, naming what is allowed', (_, make, message) => {
    expect(make).toThrow(RangeError);
    expect(make).toThrow(message);
  });
});
