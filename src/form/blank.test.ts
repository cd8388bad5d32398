import { readFileSync } from 'node:fs';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { order } from '../../test/arbitraries.js';
import { runs } from '../../test/runs.js';
import { counting, fakeLength, sharedReferences, type Traps } from '../../test/traps.js';
import {
  blankContactMedium,
  blankGeographicAddress,
  blankGeographicSiteCharacteristic,
  blankPlaceRef,
  blankProductOrder,
  blankProductOrderItem,
  blankRelatedParty,
  blankRelatedPlace,
} from '../generated/blanks.js';
import {
  createContactMediumSchema,
  createProductOrderSchema,
  createRelatedPartySchema,
  productOrderSchema,
} from '../standard-schema.js';
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
      { numRuns: runs(200) },
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
      { numRuns: runs(300) },
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

describe('the walk of emptyAsMissing over shared references and cycles', () => {
  // regression: the walk had a depth limit but no visited set, so c.a = c.b = next took
  // 2^n steps (17 levels 17 ms, 23 levels 490 ms, 30 levels hours)
  it('strips a shared object once: 30 levels of c.a = c.b = next cost reads linear in their 31 objects', () => {
    const traps: Traps = { count: 0 };
    const dag = counting(sharedReferences(30, { description: '', note: 'x' }), traps);
    const stripped = withoutBlanks(dag) as Record<string, Record<string, unknown>>;
    expect(traps.count).toBeLessThanOrEqual(20 * 31);
    // the copy shares as the input does, once per object, without the blank
    let node = stripped;
    for (let level = 0; level < 30; level++) {
      expect(node.a).toBe(node.b);
      node = node.a as Record<string, Record<string, unknown>>;
    }
    expect(node).toEqual({ note: 'x' });
    traps.count = 0;
    expect(forms.validate(dag).issues?.length).toBeGreaterThan(0);
    expect(traps.count).toBeLessThanOrEqual(20 * 31);
  });

  // regression: createProductOrderSchema({ emptyAsMissing: true }) never returned on c.a = c; c.b = c
  it('answers on a cycle, and keeps the cycle in the copy', () => {
    const cycle: Record<string, unknown> = {};
    cycle.a = cycle;
    cycle.b = cycle;
    expect(forms.validate(cycle).issues?.map((i) => i.code)).toContain('required');
    const order = hvt();
    order.description = ' ';
    order.self = order;
    order.relatedParty[0].owner = order;
    // a cycle is no JSON: each reference back is a wrong_type; the copy keeps it
    const result = forms.validate(order);
    expect(result.issues?.map((i) => [i.path, i.code])).toEqual([
      [['relatedParty', 0, 'owner'], 'wrong_type'],
      [['self'], 'wrong_type'],
    ]);
    const value = withoutBlanks(order) as Record<string, unknown> & typeof order;
    expect(value).not.toBe(order);
    expect(value.self).toBe(value);
    expect(value.relatedParty[0].owner).toBe(value);
    expect('description' in value).toBe(false);
  });

  it('gives up on more than a JSON text could hold, and the schema reports it too costly', () => {
    const traps: Traps = { count: 0 };
    const input = { ...hvt(), note: fakeLength(traps, () => ({ text: '' })) };
    expect(typeof withoutBlanks(input)).toBe('symbol');
    expect(forms.validate(input).issues?.map(({ code, path }) => [code, path])).toEqual([['too_costly', []]]);
    expect(traps.count).toBeLessThanOrEqual(100);
  });
});

describe('the blanks a form starts from and adds rows with', () => {
  const issuesOf = (result: { issues?: readonly { rule: string; code: string; path: readonly PropertyKey[] }[] }) =>
    result.issues?.map(({ rule, code, path }) => [rule, code, path.join('.')]);

  it('gives, validated with emptyAsMissing, the required fields at their own paths and nothing else', () => {
    expect(issuesOf(forms.validate(blankProductOrder()))).toEqual([
      ['R-field', 'required', 'category'],
      ['R-field', 'required', 'orderPostedDate'],
      ['R-field', 'required', 'requestedCompletionDate'],
      // regression: an order without items had its issue at the first item's action, a field that does
      // not exist: it is at the list, whose add control a form focuses
      ['R-field', 'too_few_items', 'productOrderItem'],
    ]);
    const order = blankProductOrder();
    order.relatedParty.push(blankRelatedParty());
    order.productOrderItem.push(blankProductOrderItem());
    expect(issuesOf(forms.validate(order))).toEqual([
      ['R-field', 'required', 'category'],
      ['R-field', 'required', 'orderPostedDate'],
      ['R-field', 'required', 'requestedCompletionDate'],
      ['R6', 'required', 'relatedParty.0.role'],
      ['R-party', 'required', 'relatedParty.0.partyOrPartyRole.familyName'],
      ['R-party', 'required', 'relatedParty.0.partyOrPartyRole.salutation'],
    ]);
    const party = createRelatedPartySchema({ emptyAsMissing: true })['~standard'];
    expect(issuesOf(party.validate(blankRelatedParty('Organization')))).toEqual([
      ['R6', 'required', 'role'],
      ['R-party', 'required', 'partyOrPartyRole.name'],
    ]);
    const medium = createContactMediumSchema({ emptyAsMissing: true })['~standard'];
    expect(issuesOf(medium.validate(blankContactMedium('PostalAddressContactMedium')))).toEqual([
      ['R-contact', 'required', 'city'],
      ['R-contact', 'required', 'postcode'],
      ['R-contact', 'required', 'streetName'],
      ['R-contact', 'required', 'streetNr'],
    ]);
    expect(issuesOf(medium.validate(blankContactMedium()))).toEqual([
      ['R-contact', 'required', 'contactType'],
      ['R-contact', 'required', 'phoneNumber'],
    ]);
  });

  it("fills a site's nested place with a blank row the form completes, which the validator leaves to it", () => {
    for (const row of [blankPlaceRef(), blankGeographicAddress()]) {
      const order = hvt();
      const site = order.productOrderItem[0].product.relatedPlace[1].place;
      site.place = [row];
      // the one row R10 counts is there; its fields are the form's to require (their facts say formOnly)
      expect(issuesOf(forms.validate(order)), row['@type']).toBeUndefined();
      site.place = [];
      expect(issuesOf(forms.validate(order))?.map(([, code, path]) => [code, path])).toEqual([
        ['too_few_items', 'productOrderItem.0.product.relatedPlace.1.place.place'],
      ]);
    }
  });

  it('is a fresh value each call, with each field a form shows and the variant asked for', () => {
    expect(blankProductOrder()).not.toBe(blankProductOrder());
    expect(blankProductOrder().relatedParty).not.toBe(blankProductOrder().relatedParty);
    expect(blankProductOrder()).toEqual({
      category: '',
      description: '',
      orderPostedDate: '',
      priority: '',
      requestedCompletionDate: '',
      relatedParty: [],
      productOrderItem: [],
      agreement: [],
    });
    expect(blankProductOrderItem()).toEqual({ action: '', product: { '@type': '', relatedPlace: [] } });
    expect(blankRelatedParty()).toEqual({
      role: '',
      partyOrPartyRole: { '@type': 'Individual', salutation: '', givenName: '', familyName: '', contactMedium: [] },
    });
    expect(blankRelatedPlace('GeographicSite')).toEqual({
      role: '',
      place: { '@type': 'GeographicSite', geographicSiteCharacteristic: [], place: [] },
    });
    expect(blankGeographicSiteCharacteristic()).toEqual({ name: '', value: '' });
    expect(blankRelatedPlace()).toEqual({
      role: '',
      place: {
        '@type': 'GeographicAddress',
        streetName: '',
        streetNr: '',
        streetNrSuffix: '',
        postcode: '',
        city: '',
        locality: '',
        country: '',
      },
    });
    // a site's nested place: an address or a reference to one
    expect(blankPlaceRef()).toEqual({ '@type': 'PlaceRef', id: '', '@referredType': 'GeographicAddress' });
    expect(blankGeographicAddress()).toEqual(blankRelatedPlace().place);
    expect(blankGeographicAddress()).not.toBe(blankGeographicAddress());
    // a variant a JavaScript caller misspells gives the first one, never a throw
    expect(blankContactMedium('Fax' as never)['@type']).toBe('PhoneContactMedium');
  });
});

/** The oracle: a JSON round trip that drops every blank string and null held by an object. */
function withoutBlanksByJson(value: unknown): unknown {
  return JSON.parse(JSON.stringify(value), function (this: unknown, _key, item) {
    const blank = item === null || (typeof item === 'string' && item.trim() === '');
    return blank && !Array.isArray(this) ? undefined : item;
  });
}
