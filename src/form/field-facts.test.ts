import { readFileSync } from 'node:fs';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { order as anyOrder, orderOf, productTypes } from '../../test/arbitraries.js';
import { importEsm, requireCjs } from '../../test/consumer.js';
import { runs } from '../../test/runs.js';
import { counting, fakeLength, type Traps } from '../../test/traps.js';
import { labelsDe } from '../form-labels/de.js';
import { labelsEn } from '../form-labels/en.js';
import { isIndexToken } from '../pointer.js';
import { fieldFactsDe } from '../registry/field-facts-de.js';
import { fieldFactsEn } from '../registry/field-facts-en.js';
import { validateProductOrder } from '../validate.js';
import { describeField, type FieldFact, type FieldFacts } from './field-facts.js';
import { defineLabels, type Labels } from './labels.js';

// biome-ignore lint/suspicious/noExplicitAny: a JSON Schema walked freely
type Schema = Record<string, any>;

const schema: Schema = JSON.parse(readFileSync('schemas/product-order.schema.json', 'utf8'));
/** The schema a `$ref` points at: a $def, or a part of one (`#/$defs/PostalAddressContactMedium/properties/city`). */
const defOf = (ref: string): Schema =>
  ref
    .replace('#/$defs/', '')
    .split('/')
    .reduce((node: Schema, key) => node?.[key], schema.$defs);

/** What the test reads off the schema for one field: the facts it must find, without words. */
interface Expected {
  readonly pointer: string;
  readonly variant?: string;
  readonly required: boolean;
  readonly type?: string;
  readonly minLength?: number;
  readonly maxLength?: number;
  readonly minItems?: number;
  readonly maxItems?: number;
  readonly pattern?: string;
  readonly format?: string;
  readonly values?: readonly string[];
}

/**
 * The schema at a field as it holds unconditionally: its own keywords first, then its $ref's, then
 * those of its allOf members without a condition; the @type variants its conditions select; and the
 * fields its `$defs.form` adds for an order form, required as it says.
 */
function flatten(sub: Schema) {
  const out: Schema = { properties: {}, required: [] as string[], variants: [] as [string, Schema][] };
  for (const queue = [sub]; queue.length > 0; ) {
    const part = queue.shift() as Schema;
    for (const [key, value] of Object.entries(part))
      if (key === 'properties') out.properties = { ...value, ...out.properties };
      else if (key === 'required') out.required.push(...value);
      else if (key === '$defs') {
        out.properties = { ...out.properties, ...value.form?.properties };
        out.required.push(...(value.form?.required ?? []));
      } else if (!['$ref', 'allOf', 'description', 'title'].includes(key)) out[key] ??= value;
    if (part.$ref) queue.push(defOf(part.$ref));
    for (const member of part.allOf ?? []) {
      const type = member.if?.properties?.['@type']?.const;
      if (type !== undefined) out.variants.push([type, defOf(member.then.$ref)]);
      else if (!member.if) queue.push(member);
    }
  }
  return out;
}

/** Every field of the order as the schema states it, walked apart from the generator. */
function expectedFields(): Expected[] {
  const fields: Expected[] = [];
  const walk = (sub: Schema, pointer: string, required: boolean, variant?: string) => {
    const s = flatten(sub);
    const values = s.const !== undefined ? [s.const] : s.enum;
    fields.push({
      pointer,
      variant,
      required,
      type: s.type ?? (values ? 'string' : s.variants.length > 0 ? 'object' : undefined),
      minLength: s.minLength,
      maxLength: s.maxLength,
      minItems: s.minItems,
      maxItems: s.maxItems,
      pattern: s.format === 'date-time' ? undefined : s.pattern,
      format: s.format === 'date-time' ? 'datetime-local' : undefined,
      values,
    });
    if (s.items) walk(s.items, `${pointer}/*`, false);
    if (s.variants.length > 0) {
      fields.push({
        pointer: `${pointer}/@type`,
        required: true,
        type: 'string',
        values: s.variants.map(([type]: [string, Schema]) => type),
      });
      for (const [type, branch] of s.variants) {
        const b = flatten(branch);
        for (const [name, property] of Object.entries(b.properties))
          if (name !== '@type') walk(property as Schema, `${pointer}/${name}`, b.required.includes(name), type);
      }
    }
    const trio = '@baseType' in s.properties ? ['@type', '@baseType', '@schemaLocation'] : [];
    const names = new Set([...Object.keys(s.properties), ...s.required]);
    for (const name of names)
      if (!trio.includes(name)) walk(s.properties[name] ?? {}, `${pointer}/${name}`, s.required.includes(name));
  };
  walk(schema, '', true);
  return fields.slice(1);
}

/** A characteristic the schema demands somewhere, by its name: what its value must be. */
function characteristicsOfSchema(): Map<string, Schema> {
  const found = new Map<string, Schema>();
  const visit = (node: unknown) => {
    if (typeof node !== 'object' || node === null) return;
    const name = (node as Schema).properties?.name?.const;
    if (typeof name === 'string' && (node as Schema).properties.value)
      found.set(name, (node as Schema).properties.value);
    for (const value of Object.values(node)) visit(value);
  };
  visit(schema.$defs);
  return found;
}

const siteValue = '/productOrderItem/0/product/relatedPlace/0/place/geographicSiteCharacteristic/0/value';

/** An order with the object around `pointer` of the kind `variant` (its @type, or a characteristic's name). */
function orderAround(pointer: string, variant: string | undefined, key = '@type'): unknown {
  const keys = pointer.slice(1).split('/');
  const root: Schema = {};
  let node: Schema = root;
  for (let k = 0; k < keys.length - 1; k++) {
    const next = isIndexToken(keys[k + 1]) ? [] : {};
    node[keys[k] as never] = next as never;
    node = next;
  }
  if (variant !== undefined) node[key] = variant;
  return root;
}

const concrete = (pointer: string) => pointer.replaceAll('/*', '/0');

/** The labels of a field alone, without the list item it sits in, as the facts give them. */
const alone = (labels: Labels) => defineLabels({ ...labels, item: (noun) => noun, within: (field) => field });

const languages: [FieldFacts, Labels][] = [
  [fieldFactsDe, labelsDe],
  [fieldFactsEn, labelsEn],
];

describe('the field facts', () => {
  it('state every field of the schema as it does: required, lengths, counts, pattern, format, allowed values', () => {
    const expected = expectedFields();
    expect(expected.length).toBeGreaterThan(60);
    for (const [facts] of languages)
      for (const field of expected) {
        const fact = describeField(facts, concrete(field.pointer), orderAround(concrete(field.pointer), field.variant));
        const where = `${facts.lang} ${field.pointer} ${field.variant ?? ''}`;
        expect(fact, where).toBeDefined();
        const { values, variant, ...bounds } = field;
        for (const [key, value] of Object.entries(bounds))
          expect(fact?.[key as keyof FieldFact], `${where} ${key}`).toBe(value);
        if (values) {
          expect(
            fact?.options?.map((option) => option.value),
            where,
          ).toEqual(values);
          expect(fact?.open, where).toBeUndefined();
        }
      }
  });

  it('hold no field the schema does not have', () => {
    const expected = expectedFields();
    const pointers = new Set(expected.map((field) => field.pointer));
    const names = characteristicsOfSchema();
    for (const [facts] of languages)
      for (const fact of facts.fields) {
        expect(pointers.has(fact.pointer), fact.pointer).toBe(true);
        if (fact.variant === undefined) continue;
        const variants = expected.filter((field) => field.pointer === fact.pointer).map((field) => field.variant);
        expect([...variants, ...names.keys()], `${fact.pointer} ${fact.variant}`).toContain(fact.variant);
      }
  });

  it('give for each @type the fields its variant has', () => {
    for (const [facts] of languages) {
      const party = describeField(facts, '/relatedParty/0/partyOrPartyRole/@type');
      const individual = flatten(defOf('#/$defs/Individual'));
      expect(party?.options?.find((option) => option.value === 'Individual')?.fields).toEqual(
        Object.keys(individual.properties),
      );
      const site = describeField(facts, '/productOrderItem/0/product/relatedPlace/1/place/@type');
      expect(site?.options?.map((option) => [option.value, option.fields])).toEqual(
        flatten(defOf('#/$defs/Place')).variants.map(([type, branch]: [string, Schema]) => [
          type,
          Object.keys(flatten(branch).properties),
        ]),
      );
    }
  });

  it("give a site characteristic's value as the schema demands it of that characteristic", () => {
    const names = characteristicsOfSchema();
    expect([...names.keys()].sort()).toEqual([
      'collocation_room_name',
      'local_exchange_area',
      'national_destination_code',
    ]);
    for (const [facts] of languages) {
      for (const [name, value] of names) {
        const fact = describeField(facts, siteValue, orderAround(siteValue, name, 'name'));
        expect(fact?.variant).toBe(name);
        for (const key of ['type', 'pattern', 'minLength', 'maxLength'] as const)
          expect(fact?.[key], name).toBe(value[key]);
      }
      // the characteristic names the schema's rules name, offered in an open list
      const name = describeField(facts, siteValue.replace(/value$/, 'name'));
      expect(name?.open).toBe(true);
      expect(name?.options?.map((option) => option.value).sort()).toEqual([...names.keys()].sort());
      // without a name, the value's facts are those of any characteristic
      expect(describeField(facts, siteValue)?.variant).toBeUndefined();
    }
  });

  it("give for each product type what the schema demands of a new order's places (R10 to R12)", () => {
    /** Every string `const` of a `key` below `node`, through $refs. */
    const constsBelow = (node: unknown, key: string, out = new Set<string>()): Set<string> => {
      if (typeof node !== 'object' || node === null) return out;
      const s = node as Schema;
      if (typeof s.properties?.[key]?.const === 'string') out.add(s.properties[key].const);
      if (typeof s.$ref === 'string') constsBelow(defOf(s.$ref), key, out);
      for (const [k, value] of Object.entries(s)) if (k !== 'if') constsBelow(value, key, out);
      return out;
    };
    const demands: [string, unknown][] = [];
    for (const def of Object.values(schema.$defs) as Schema[]) {
      const items = def.then?.properties?.productOrderItem?.items;
      if (!items?.if) continue;
      const tag = flatten(flatten(items.if).properties.product).properties['@type'];
      const places = items.then.properties.product.properties.relatedPlace;
      const site = places.items?.then?.properties?.place;
      const expected = {
        minItems: places.minItems,
        maxItems: places.maxItems,
        roles: [...constsBelow({ ...places, items: places.items?.then ? undefined : places.items }, 'role')],
        site: site && {
          role: flatten(places.items.if).properties.role.const,
          characteristics: [...constsBelow(site, 'name')],
        },
      };
      for (const product of tag.const !== undefined ? [tag.const] : tag.enum) demands.push([product, expected]);
    }
    expect(demands.map(([product]) => product).sort()).toEqual([
      'BitstreamAccessProduct',
      'HvtLocalLoopProduct',
      'KvzLocalLoopProduct',
      'OpticalAccessLineProduct',
    ]);
    for (const [facts] of languages) {
      const options = describeField(facts, '/productOrderItem/0/product/@type')?.options ?? [];
      for (const [product, expected] of demands)
        expect(JSON.parse(JSON.stringify(options.find((option) => option.value === product)?.places)), product).toEqual(
          JSON.parse(JSON.stringify(expected)),
        );
    }
  });

  it('label each field and each value from the labels of their language', () => {
    for (const [facts, labels] of languages) {
      const own = alone(labels);
      for (const fact of facts.fields) {
        const label =
          fact.variant !== undefined && fact.pointer.endsWith('/value')
            ? labels.values[fact.variant]
            : own.field(concrete(fact.pointer));
        expect(fact.label, `${facts.lang} ${fact.pointer}`).toBe(label);
        for (const option of fact.options ?? [])
          expect(option.label, `${facts.lang} ${fact.pointer} ${option.value}`).toBe(
            labels.values[option.value] ?? option.value,
          );
      }
    }
    expect(describeField(fieldFactsDe, '/category')?.label).toBe(labelsDe.fields.category);
    expect(describeField(fieldFactsEn, '/relatedParty/3/role')?.options?.[0]).toEqual({
      value: 'installationContact',
      label: labelsEn.values.installationContact,
    });
  });

  it('describe a pattern in the words of its message', () => {
    const order = orderAround(siteValue, 'national_destination_code', 'name');
    expect(describeField(fieldFactsDe, siteValue, order)?.patternText).toContain('2 bis 5 Ziffern');
    expect(describeField(fieldFactsEn, siteValue, order)?.patternText).toContain('2 to 5 digits');
  });

  it("give a place's address fields, which the validator leaves open, as a postal address's (a trial's friction: no facts for Standort A's street)", () => {
    const at = (field: string) => `/productOrderItem/0/product/relatedPlace/0/place/${field}`;
    const order = orderAround(at('city'), 'GeographicAddress');
    expect(describeField(fieldFactsDe, at('streetName'), order)).toMatchObject({ label: 'Straße', maxLength: 40 });
    expect(describeField(fieldFactsDe, at('streetNr'), order)).toMatchObject({ label: 'Hausnummer', maxLength: 4 });
    expect(describeField(fieldFactsDe, at('city'), order)).toMatchObject({ label: 'Ort', maxLength: 40 });
    expect(describeField(fieldFactsDe, at('postcode'), order)).toMatchObject({
      label: 'Postleitzahl',
      maxLength: 5,
      pattern: '^[0-9]{5}$',
      patternText: 'Postleitzahl muss aus 5 Ziffern bestehen.',
    });
    expect(describeField(fieldFactsEn, at('postcode'), order)?.patternText).toBe('Postcode must have 5 digits.');
    const address = describeField(fieldFactsEn, at('@type'))?.options?.find(
      ({ value }) => value === 'GeographicAddress',
    );
    expect(address?.fields).toEqual([
      '@type',
      'streetName',
      'streetNr',
      'streetNrSuffix',
      'postcode',
      'city',
      'locality',
      'country',
    ]);
  });

  it("mark a place's address fields as the form's to check, street, number, postcode and city required for every product and role", () => {
    const at = (field: string) => `/productOrderItem/0/product/relatedPlace/0/place/${field}`;
    const order = orderAround(at('city'), 'GeographicAddress');
    for (const [facts] of languages) {
      const required = ['streetName', 'streetNr', 'streetNrSuffix', 'postcode', 'city', 'locality', 'country'].filter(
        (field) => describeField(facts, at(field), order)?.required,
      );
      expect(required).toEqual(['streetName', 'streetNr', 'postcode', 'city']);
      expect(describeField(facts, at('postcode'), order)?.formOnly).toBe(true);
      // fields the validator checks are not the form's alone
      expect(describeField(facts, at('@type'), order)?.formOnly).toBeUndefined();
      expect(
        describeField(facts, '/relatedParty/0/partyOrPartyRole/contactMedium/0/postcode')?.formOnly,
      ).toBeUndefined();
    }
  });

  it("give a site's nested places as the form's rows, an address or a reference each, beneath a list the validator checks", () => {
    const site = '/productOrderItem/0/product/relatedPlace/1/place';
    const row = `${site}/place/0`;
    for (const [facts] of languages) {
      const list = describeField(facts, `${site}/place`, orderAround(`${site}/place`, 'GeographicSite'));
      expect(list).toMatchObject({ required: true, type: 'array' });
      expect(list?.formOnly).toBeUndefined();
      expect(describeField(facts, row)).toMatchObject({ formOnly: true, type: 'object', fields: ['@type'] });
      expect(describeField(facts, `${row}/@type`)?.options?.map(({ value, fields }) => [value, fields])).toEqual([
        [
          'GeographicAddress',
          ['@type', 'streetName', 'streetNr', 'streetNrSuffix', 'postcode', 'city', 'locality', 'country'],
        ],
        ['PlaceRef', ['@type', 'id', '@referredType']],
      ]);
      expect(
        describeField(facts, `${row}/postcode`, orderAround(`${row}/postcode`, 'GeographicAddress')),
      ).toMatchObject({ required: true, formOnly: true, maxLength: 5, pattern: '^[0-9]{5}$' });
      expect(describeField(facts, `${row}/id`, orderAround(`${row}/id`, 'PlaceRef'))).toMatchObject({
        required: true,
        formOnly: true,
        type: 'string',
      });
    }
    expect(describeField(fieldFactsDe, `${row}/@type`)?.label).toBe('Art der Angabe');
    expect(describeField(fieldFactsDe, row)?.label).toBe('Standortadresse');
  });

  it("say of a site's nested places what the validator enforces: the list required and counted, its rows the form's alone", () => {
    // biome-ignore lint/suspicious/noExplicitAny: an order edited freely
    const hvt = (): any => JSON.parse(readFileSync('examples/orders/valid/new-hvt-local-loop.json', 'utf8'));
    const list = '/productOrderItem/0/product/relatedPlace/1/place/place';
    const nested = (order: { productOrderItem: { product: { relatedPlace: { place: Schema }[] } }[] }) =>
      order.productOrderItem[0].product.relatedPlace[1].place;
    expect(hvt().productOrderItem[0].product.relatedPlace[1].role).toBe('locationB');
    expect(validateProductOrder(hvt()).valid).toBe(true);
    for (const [facts] of languages) {
      const fact = describeField(facts, list, hvt());
      expect(fact).toMatchObject({ required: true, minItems: 1, maxItems: 1 });
      expect(fact?.formOnly).toBeUndefined();
    }
    // the list: what its fact demands, the validator demands
    const without = hvt();
    delete nested(without).place;
    expect(validateProductOrder(without).valid).toBe(false);
    for (const rows of [[], [{ '@type': 'PlaceRef', id: 'a', '@referredType': 'GeographicAddress' }, {}]]) {
      const order = hvt();
      nested(order).place = rows;
      expect(validateProductOrder(order).valid, JSON.stringify(rows)).toBe(false);
    }
    // each row's field: whatever its fact demands, the validator takes any value, so the fact is the form's
    const rowFacts = fieldFactsEn.fields.filter((fact) =>
      fact.pointer.startsWith('/productOrderItem/*/product/relatedPlace/*/place/place/*'),
    );
    expect(rowFacts.length).toBeGreaterThan(10);
    for (const fact of rowFacts) {
      expect(fact.formOnly, fact.pointer).toBe(true);
      const name = fact.pointer.split('/').at(-1) as string;
      const type = name === 'id' || name === '@referredType' ? 'PlaceRef' : 'GeographicAddress';
      const breaking: unknown[] = [undefined, 42];
      if (fact.maxLength !== undefined) breaking.push('9'.repeat(fact.maxLength + 1));
      if (fact.pattern !== undefined) breaking.push('abc');
      if (fact.options !== undefined) breaking.push('Nonsense');
      for (const value of breaking) {
        const order = hvt();
        // a row that is absent is no row at all; a field that is absent, left out of its row
        const row: Schema | null = name === '*' ? (value ?? null) : { '@type': type, [name]: value };
        if (value === undefined && row !== null) delete row[name];
        nested(order).place = [row];
        expect(validateProductOrder(order).valid, `${fact.pointer} ${JSON.stringify(value)}`).toBe(true);
      }
    }
  });

  it("offer the salutation's recommended values as suggestions, not as the only ones", () => {
    const salutation = '/relatedParty/0/partyOrPartyRole/salutation';
    expect(describeField(fieldFactsDe, salutation)).toMatchObject({
      open: true,
      options: [
        { value: 'Herr', label: 'Herr' },
        { value: 'Frau', label: 'Frau' },
        { value: 'keine Anrede', label: 'keine Anrede' },
      ],
    });
    expect(describeField(fieldFactsEn, salutation)?.options?.map(({ label }) => label)).toEqual([
      'Mr',
      'Ms',
      'No salutation',
    ]);
  });

  it('give a date-time as the datetime-local input of a form, without its pattern', () => {
    for (const [facts] of languages)
      expect(describeField(facts, '/orderPostedDate')).toMatchObject({ format: 'datetime-local', required: true });
    expect(describeField(fieldFactsDe, '/orderPostedDate')?.pattern).toBeUndefined();
  });
});

describe('describeField', () => {
  it("finds a field by a JSON Pointer with indices, an issue path of keys, or a form library's field name (a trial's friction: react-hook-form's names gave undefined)", () => {
    const phone = describeField(fieldFactsDe, '/relatedParty/0/partyOrPartyRole/contactMedium/1/phoneNumber');
    expect(phone).toMatchObject({ label: 'Telefonnummer', maxLength: 30, required: true });
    expect(
      describeField(fieldFactsDe, ['relatedParty', 0, 'partyOrPartyRole', 'contactMedium', 1, 'phoneNumber']),
    ).toBe(phone);
    expect(describeField(fieldFactsDe, '/relatedParty/12/partyOrPartyRole/contactMedium/0/phoneNumber')).toBe(phone);
    // Standard Schema's path segments
    const segments = ['relatedParty', 0, 'partyOrPartyRole', 'contactMedium', 1, 'phoneNumber'].map((key) => ({ key }));
    expect(describeField(fieldFactsDe, segments)).toBe(phone);
    // a form library's field name: react-hook-form's and TanStack Form's
    expect(describeField(fieldFactsDe, 'relatedParty.0.partyOrPartyRole.contactMedium.1.phoneNumber')).toBe(phone);
    expect(describeField(fieldFactsDe, 'relatedParty[0].partyOrPartyRole.contactMedium[1].phoneNumber')).toBe(phone);
    expect(describeField(fieldFactsDe, 'category')?.label).toBe('Auftragsart');
  });

  it("picks a field's facts by the kind of object it sits in, from the form's values", () => {
    const pointer = '/relatedParty/0/partyOrPartyRole/contactMedium/2/contactType';
    const of = (type: string) =>
      describeField(fieldFactsDe, pointer, orderAround(pointer, type))?.options?.map((option) => option.value);
    expect(of('PhoneContactMedium')).toEqual(['fixed', 'mobile']);
    expect(of('EmailContactMedium')).toEqual(['email']);
    expect(of('PostalAddressContactMedium')).toEqual(['postal']);
    // without values, or of an unknown kind: the first kind's
    expect(describeField(fieldFactsDe, pointer)?.variant).toBe('PhoneContactMedium');
    expect(of('FaxContactMedium')).toEqual(['fixed', 'mobile']);
  });

  it('gives undefined for what names no field, and never throws', () => {
    const throwing = new Proxy(
      {},
      {
        get() {
          throw new Error('trap');
        },
        has() {
          throw new Error('trap');
        },
        getOwnPropertyDescriptor() {
          throw new Error('trap');
        },
      },
    );
    const pointers: unknown[] = [
      undefined,
      null,
      42,
      {},
      [],
      throwing,
      '',
      '/',
      'kategorie',
      '#/category',
      'relatedParty..role',
      'relatedParty[-1].role',
      '/__proto__',
      '/constructor',
      '/__proto__/toString',
      '/relatedParty/constructor',
      '/relatedParty/-1/role',
      '/relatedParty/01/role',
      '/relatedParty/*/role',
      '/relatedParty/1e3/role',
      '/0/1',
      [0, 1],
      ['relatedParty', -1, 'role'],
      ['relatedParty', 0.5, 'role'],
      ['relatedParty', Number.NaN, 'role'],
      ['relatedParty', {}, 'role'],
      ['relatedParty', { key: {} }, 'role'],
      [{ key: '__proto__' }],
      ['__proto__'],
      '/category~1x',
      '/categor~0y',
      `/${'a/'.repeat(100_000)}`,
      'x'.repeat(10_000_000),
      new Array(1_000_000).fill('relatedParty'),
    ];
    for (const facts of [fieldFactsDe, throwing, null, undefined, 'de', { fields: throwing }, { fields: null }])
      for (const [k, pointer] of pointers.entries())
        expect(describeField(facts as FieldFacts, pointer as string, throwing), `pointer ${k}`).toBeUndefined();
  });

  it('reads a bounded count of facts and keys, whatever length they claim', () => {
    const traps: Traps = { count: 0, limit: 100_000 };
    const fields = fakeLength(traps, () => ({ pointer: '/x', label: 'x', required: false }));
    expect(describeField({ lang: 'de', fields } as FieldFacts, '/category')).toBeUndefined();
    expect(traps.count).toBeLessThanOrEqual(10_010);
    // a length that grows as it is read
    let grown = 0;
    const growing = new Proxy([], {
      get: (target, key) => {
        if (key !== 'length')
          return typeof key === 'string' && /^\d+$/.test(key) ? 'category' : Reflect.get(target, key);
        if (++grown > 1000) throw new Error('read on and on');
        return grown;
      },
    });
    expect(describeField(fieldFactsDe, growing)?.pointer).toBe('/category');
    expect(grown).toBe(1);
    const keys: Traps = { count: 0, limit: 1000 };
    expect(describeField(fieldFactsDe, fakeLength(keys, () => 'category') as string[])).toBeUndefined();
    expect(keys.count).toBeLessThanOrEqual(5);
    // the package's facts: each read once per lookup
    const reads: Traps = { count: 0 };
    expect(describeField(counting(fieldFactsDe, reads), '/category')?.label).toBe('Auftragsart');
    expect(reads.count).toBeLessThan(3 * fieldFactsDe.fields.length);
  });

  it('reads a key with ~0 and ~1 as the key it escapes', () => {
    const facts: FieldFacts = {
      lang: 'de',
      fields: [{ pointer: '/a~1b/~0c', label: 'x', required: false }],
    };
    expect(describeField(facts, '/a~1b/~0c')?.label).toBe('x');
    expect(describeField(facts, ['a/b', '~c'])?.label).toBe('x');
    expect(describeField(facts, '/a/b/~0c')).toBeUndefined();
  });

  it('takes form values it cannot read for values without a kind', () => {
    const pointer = '/relatedParty/0/partyOrPartyRole/contactMedium/0/contactType';
    const order = {
      relatedParty: [
        {
          get partyOrPartyRole() {
            throw new Error('getter');
          },
        },
      ],
    };
    expect(describeField(fieldFactsEn, pointer, order)?.variant).toBe('PhoneContactMedium');
  });
});

describe('the field facts of the packed package', () => {
  it('are the same through import and require, with describeField', async () => {
    const esm = await importEsm();
    const cjs = requireCjs();
    for (const api of [esm, cjs]) {
      expect(api.fieldFactsDe).toEqual(fieldFactsDe);
      expect(api.fieldFactsEn).toEqual(fieldFactsEn);
      expect(api.describeField(api.fieldFactsDe, ['relatedParty', 0, 'role'])?.options?.length).toBe(
        describeField(fieldFactsDe, '/relatedParty/0/role')?.options?.length,
      );
      // the facts of the values at hand: a new order's item offered "Hinzufügen" alone
      expect(api.describeField(api.fieldFactsDe, 'productOrderItem.0.action', { category: 'new' })?.options).toEqual([
        { value: 'add', label: 'Hinzufügen' },
      ]);
      // a site's nested place: its blanks and the facts of its rows
      const row = 'productOrderItem.0.product.relatedPlace.1.place.place.0';
      expect(api.blankPlaceRef()).toEqual({ '@type': 'PlaceRef', id: '', '@referredType': 'GeographicAddress' });
      expect(api.blankGeographicAddress()['@type']).toBe('GeographicAddress');
      expect(api.describeField(api.fieldFactsDe, `${row}.postcode`, {})).toMatchObject({
        label: 'Postleitzahl',
        formOnly: true,
        maxLength: 5,
      });
    }
  });
});

describe('describeField with the values at hand', () => {
  const action = 'productOrderItem.0.action';
  const values = (fact: FieldFact | undefined) => fact?.options?.map(({ value }) => value);
  /** A new order of one item with `type` and places in `roles`, each a reference to an address. */
  const newOrder = (type: string, roles: readonly string[]) => ({
    category: 'new',
    productOrderItem: [
      {
        action: 'add',
        product: {
          '@type': type,
          relatedPlace: roles.map((role) => ({
            role,
            place: { '@type': 'PlaceRef', id: 'a1', '@referredType': 'GeographicAddress' },
          })),
        },
      },
    ],
  });
  const role = (j: number) => `/productOrderItem/0/product/relatedPlace/${j}/role`;

  it('offers a new order\'s item the action "add" alone, and requires it (R9; a trial\'s friction: "Kündigen" offered though R9 demands "Hinzufügen")', () => {
    expect(describeField(fieldFactsDe, action, { category: 'new' })).toMatchObject({
      required: true,
      options: [{ value: 'add', label: 'Hinzufügen' }],
    });
    expect(describeField(fieldFactsDe, action, { category: 'new' })?.open).toBeUndefined();
    expect(values(describeField(fieldFactsEn, action, { category: 'terminationBySeller' }))).toEqual(['delete']);
    // other categories, no values, or values that cannot be read: the facts that hold for every order
    for (const order of [{ category: 'productChange' }, undefined, {}, null, 'new', { category: ['new'] }])
      expect(describeField(fieldFactsDe, action, order)).toBe(describeField(fieldFactsDe, action));
    expect(describeField(fieldFactsDe, action)).toMatchObject({ required: false, open: true });
  });

  it("bounds a new order's qualifications (R1) and requires and bounds its places by its product's type (R9 to R12)", () => {
    expect(describeField(fieldFactsEn, '/productOfferingQualification', { category: 'new' })?.maxItems).toBe(1);
    expect(describeField(fieldFactsEn, '/productOfferingQualification', { category: 'productChange' })?.maxItems).toBe(
      undefined,
    );
    const places = 'productOrderItem.0.product.relatedPlace';
    expect(describeField(fieldFactsDe, places, newOrder('HvtLocalLoopProduct', []))).toMatchObject({
      required: true,
      minItems: 2,
      maxItems: 2,
    });
    expect(describeField(fieldFactsDe, places, newOrder('OpticalAccessLineProduct', []))).toMatchObject({
      minItems: 1,
      maxItems: 2,
    });
    expect(describeField(fieldFactsDe, places, newOrder('VoiceProduct', []))).toMatchObject({ required: true });
    expect(describeField(fieldFactsDe, places, newOrder('VoiceProduct', []))?.maxItems).toBeUndefined();
    // the product of the field's own item decides, not another item's
    const two = newOrder('BitstreamAccessProduct', ['locationA']);
    two.productOrderItem.unshift(newOrder('HvtLocalLoopProduct', []).productOrderItem[0]);
    expect(values(describeField(fieldFactsDe, role(0).replace('/0/role', '/5/role'), two))).toEqual([
      'locationA',
      'locationB',
    ]);
    expect(values(describeField(fieldFactsDe, '/productOrderItem/1/product/relatedPlace/0/role', two))).toEqual([
      'locationA',
    ]);
  });

  it('offers a place the role its sibling places lack (R10, R12), a locationB site of a local loop as a site', () => {
    const tal = newOrder('KvzLocalLoopProduct', ['locationA', 'locationA']);
    expect(values(describeField(fieldFactsDe, role(1), tal))).toEqual(['locationB']);
    expect(values(describeField(fieldFactsDe, role(0), newOrder('KvzLocalLoopProduct', ['', 'locationB'])))).toEqual([
      'locationA',
    ]);
    // both lacking: no one role satisfies, the two it lacks are offered
    expect(values(describeField(fieldFactsDe, role(0), newOrder('KvzLocalLoopProduct', ['', ''])))).toEqual([
      'locationA',
      'locationB',
    ]);
    const optical = newOrder('OpticalAccessLineProduct', ['locationA', 'locationB']);
    expect(values(describeField(fieldFactsDe, role(1), optical))).toEqual([
      'locationA',
      'locationB',
      'alternateAddress',
    ]);
    expect(values(describeField(fieldFactsDe, role(0), optical))).toEqual(['locationA']);
    const kind = `${role(1).replace('/role', '')}/place/@type`;
    expect(values(describeField(fieldFactsDe, kind, tal))).toEqual(['GeographicAddress', 'GeographicSite', 'PlaceRef']);
    tal.productOrderItem[0].product.relatedPlace[1].role = 'locationB';
    expect(describeField(fieldFactsDe, kind, tal)?.options).toMatchObject([
      { value: 'GeographicSite', label: 'Technikstandort' },
    ]);
    expect(describeField(fieldFactsDe, kind, tal)?.options).toHaveLength(1);
  });

  it('reads no more of hostile values than it needs and never throws', () => {
    const throwing = new Proxy(
      {},
      {
        get: () => {
          throw new Error('trap');
        },
        getOwnPropertyDescriptor: () => {
          throw new Error('trap');
        },
      },
    );
    expect(describeField(fieldFactsDe, action, throwing)).toBe(describeField(fieldFactsDe, action));
    const traps: Traps = { count: 0 };
    const places = fakeLength(traps, () => ({ role: 'locationA' }), 1e9);
    const rows = {
      category: 'new',
      productOrderItem: [{ product: { '@type': 'HvtLocalLoopProduct', relatedPlace: places } }],
    };
    expect(values(describeField(fieldFactsDe, role(0), rows))).toEqual(['locationB']);
    // the first 10,000 rows read, each once
    expect(traps.count).toBeLessThan(25_000);
  });

  it('gives the options and requirement the validator accepts for the values at hand: an action by category (R9, R14), a place role by product and sibling places (R10 to R12) (property)', () => {
    const roles = ['locationA', 'locationB', 'alternateAddress'];
    const actions = ['add', 'delete', 'modify'];
    const rule = fc.record({
      type: fc.constantFrom(...productTypes, 'VoiceProduct'),
      roles: fc.array(fc.constantFrom(...roles), { minLength: 1, maxLength: 3 }),
    });
    fc.assert(
      // half of them new orders, where R9 to R12 hold
      fc.property(fc.oneof(orderOf('new'), anyOrder), rule, (sent, { type, roles: held }) => {
        const order = structuredClone(sent) as ReturnType<typeof newOrder>;
        const item = order.productOrderItem[0];
        item.product = newOrder(type, held).productOrderItem[0].product;
        const found = (path: string) => validateProductOrder(order).violations.filter((v) => v.path === path);
        for (const facts of [fieldFactsDe, fieldFactsEn]) {
          const fact = describeField(facts, '/productOrderItem/0/action', order);
          const accepted = actions.filter((value) => {
            item.action = value;
            return found('/productOrderItem/0/action').length === 0;
          });
          if (fact?.open) expect(accepted).toEqual(actions);
          else expect(values(fact)).toEqual(accepted);
          delete (item as { action?: string }).action;
          const missing = found('/productOrderItem/0').some(({ code }) => code === 'required');
          expect(fact?.required).toBe(missing);
          item.action = 'add';
          const list = describeField(facts, '/productOrderItem/0/product/relatedPlace', order);
          const places = item.product.relatedPlace;
          const counted = found('/productOrderItem/0/product/relatedPlace').some(({ code }) =>
            ['too_few_items', 'too_many_items'].includes(code),
          );
          expect(counted).toBe(places.length < (list?.minItems ?? 0) || places.length > (list?.maxItems ?? 3));
          // a role is judged once the count is right: the validator says nothing of roles before
          if (counted) continue;
          for (let j = 0; j < places.length; j++) {
            const given = places[j].role;
            const judged = (value: string) => {
              places[j].role = value;
              const list = found('/productOrderItem/0/product/relatedPlace');
              return [...found(role(j)), ...list.filter(({ code }) => code === 'missing_role')];
            };
            const ok = roles.filter((value) => judged(value).length === 0);
            places[j].role = given;
            const offered = values(describeField(facts, role(j), order));
            // where no role will do, the roles the validator names as missing
            const lacking = judged('alternateAddress').map(({ params }) => (params as { role: string }).role);
            places[j].role = given;
            expect(offered, `${type} ${held} ${j}`).toEqual(ok.length > 0 ? ok : lacking);
          }
        }
      }),
      { numRuns: runs(1000) },
    );
  });
});
