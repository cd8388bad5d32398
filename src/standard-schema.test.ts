import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { fakeLength, type Traps } from '../test/traps.js';
import { defineRule } from './custom-rules.js';
import { type Labels, withLabels } from './form/labels.js';
import { labelsDe } from './form-labels/de.js';
import { withJsonSchema } from './json-schema/standard.js';
import { formatMessage } from './messages/index.js';
import {
  address,
  chars,
  individual,
  item,
  loopSite,
  type Order,
  orderWith,
  party,
  phone,
  place,
  postal,
  validOrder,
} from './rules/test-kit.js';
import {
  contactMediumSchema,
  createContactMediumSchema,
  createProductOrderItemSchema,
  createProductOrderSchema,
  createRelatedPartySchema,
  type OrderIssue,
  type OrderSchema,
  productOrderItemSchema,
  productOrderSchema,
  relatedPartySchema,
} from './standard-schema.js';
import { validateProductOrder } from './validate.js';

const _shipped = JSON.parse(readFileSync('schemas/product-order.schema.json', 'utf8'));

/** The issues of `value` under `schema`, without their messages. */
function issues(schema: OrderSchema<unknown>, value: unknown): Omit<OrderIssue, 'message'>[] | undefined {
  const result = schema['~standard'].validate(value);
  return result.issues?.map(({ message, ...rest }) => rest);
}

const PARTY_KEYS = ['relatedParty', 0, 'partyOrPartyRole'];

describe('productOrderSchema', () => {
  it('implements Standard Schema v1', () => {
    expect(productOrderSchema['~standard']).toMatchObject({ version: 1, vendor: 'product-order-validator' });
    expect(typeof productOrderSchema['~standard'].validate).toBe('function');
  });

  it('returns a valid order itself as the value, with no issues', () => {
    const input = validOrder();
    const result = productOrderSchema['~standard'].validate(input);
    expect(result).toEqual({ value: input });
    expect('value' in result && result.value).toBe(input);
  });

  it('gives one issue per violation, in the same order, with the pointer as keys and indices as numbers', () => {
    const input = orderWith((o) => {
      o.category = 'old';
      o.relatedParty[0].partyOrPartyRole.contactMedium[0].phoneNumber = chars(31);
    });
    expect(issues(productOrderSchema, input)).toEqual([
      { path: ['category'], rule: 'R-field', code: 'not_allowed', params: expect.any(Object) },
      {
        path: [...PARTY_KEYS, 'contactMedium', 0, 'phoneNumber'],
        rule: 'R-contact',
        code: 'too_long',
        params: { limit: 30 },
      },
    ]);
  });

  it('leaves hints out: a form would show each as an error on its field', () => {
    const typo = { ...validOrder(), priorty: '1' };
    expect(validateProductOrder(typo).hints).toHaveLength(1);
    expect(productOrderSchema['~standard'].validate(typo)).toEqual({ value: typo });
    const both = orderWith((o) => (o.category = 'New'));
    const result = productOrderSchema['~standard'].validate(both);
    expect('issues' in result && result.issues?.map((i) => i.code)).toEqual(['not_allowed']);
  });

  it('ends the path of a missing property with its name, where a form shows it', () => {
    const input = orderWith((o) => {
      delete o.orderPostedDate;
      delete o.relatedParty[0].partyOrPartyRole.familyName;
      delete o.relatedParty[0].partyOrPartyRole.contactMedium;
    });
    expect(issues(productOrderSchema, input)).toEqual([
      { path: ['orderPostedDate'], rule: 'R-field', code: 'required', params: { property: 'orderPostedDate' } },
      { path: [...PARTY_KEYS, 'familyName'], rule: 'R-party', code: 'required', params: { property: 'familyName' } },
      // regression: R3's issue of a party without contact media sat at the kind of a first contact
      // medium that does not exist, where a form shows nothing; it is at the list
      {
        path: [...PARTY_KEYS, 'contactMedium'],
        rule: 'R3',
        code: 'missing_phone_contact',
        params: expect.any(Object),
      },
    ]);
  });

  it.each([null, 42, 'order', [], undefined])('reports %j at the root, with an empty path', (input) => {
    expect(issues(productOrderSchema, input)).toEqual([
      { path: [], rule: 'R-field', code: 'wrong_type', params: expect.any(Object) },
    ]);
  });

  it('reports an unreadable input at the root and never throws', () => {
    const input = new Proxy(
      {},
      {
        ownKeys: () => {
          throw new Error('no');
        },
        get: () => {
          throw new Error('no');
        },
      },
    );
    expect(issues(productOrderSchema, input)).toEqual([{ path: [], rule: 'R-field', code: 'unreadable', params: {} }]);
  });

  it('leaves the input untouched', () => {
    const input = orderWith((o) => {
      o.category = 'old';
    });
    const copy = structuredClone(input);
    productOrderSchema['~standard'].validate(input);
    expect(input).toEqual(copy);
  });

  it('writes the messages of validateProductOrder, in English by default and in German on request', () => {
    const input = orderWith((o) => {
      o.priority = '';
      delete o.relatedParty[0].partyOrPartyRole.salutation;
    });
    const findings = validateProductOrder(input).violations;
    const result = (lang?: 'de' | 'en') => createProductOrderSchema(lang && { lang })['~standard'].validate(input);
    for (const lang of ['en', 'de'] as const) {
      expect(result(lang)).toMatchObject({ issues: findings.map((f) => ({ message: formatMessage(f, lang) })) });
    }
    expect(result()).toEqual(result('en'));
    expect(productOrderSchema['~standard'].validate(input)).toEqual(result('en'));
    expect(result('de')).not.toEqual(result('en'));
  });
});

describe('relatedPartySchema', () => {
  it.each([
    ['a technical contact with a phone', party('technicalContact', individual({ contactMedium: [phone()] }))],
    ['a delivery contact with a postal address', party('deliveryContact', individual({ contactMedium: [postal()] }))],
    ['a location A contact without media', party('locationAContact')],
  ])('accepts %s', (_, value) => {
    expect(relatedPartySchema['~standard'].validate(value)).toEqual({ value });
  });

  it.each([
    [
      'R6: an unknown role',
      party('owner'),
      [{ path: ['role'], rule: 'R6', code: 'unknown_role', params: expect.any(Object) }],
    ],
    [
      'R6: no role',
      { partyOrPartyRole: individual() },
      [{ path: ['role'], rule: 'R6', code: 'required', params: { property: 'role' } }],
    ],
    [
      'R3: a contact role without phone',
      party('technicalContact', individual({ contactMedium: [postal()] })),
      [
        {
          path: ['partyOrPartyRole', 'contactMedium'],
          rule: 'R3',
          code: 'missing_phone_contact',
          params: { role: 'technicalContact', focus: '/relatedParty/0/partyOrPartyRole/contactMedium/-' },
        },
      ],
    ],
    [
      'R4: delivery without contactMedium',
      party('deliveryContact'),
      [
        {
          path: ['partyOrPartyRole', 'contactMedium'],
          rule: 'R4',
          code: 'missing_postal_contact',
          params: {
            role: 'deliveryContact',
            property: 'contactMedium',
            focus: '/relatedParty/0/partyOrPartyRole/contactMedium/-',
          },
        },
      ],
    ],
    [
      'R-party: a family name too long',
      party('locationAContact', individual({ familyName: chars(31) })),
      [{ path: ['partyOrPartyRole', 'familyName'], rule: 'R-party', code: 'too_long', params: { limit: 30 } }],
    ],
    [
      'R-contact: a postal address without streetNr',
      party('deliveryContact', individual({ contactMedium: [postal({ streetNr: undefined })] })),
      [
        {
          path: ['partyOrPartyRole', 'contactMedium', 0, 'streetNr'],
          rule: 'R-contact',
          code: 'required',
          params: { property: 'streetNr' },
        },
      ],
    ],
    [
      'a value that is no object',
      'party',
      [{ path: [], rule: 'R-field', code: 'wrong_type', params: expect.any(Object) }],
    ],
  ])('rejects %s', (_, value, expected) => {
    expect(issues(relatedPartySchema, value)).toEqual(expected);
  });
});

describe('contactMediumSchema', () => {
  it('accepts a phone', () => {
    const value = phone();
    expect(contactMediumSchema['~standard'].validate(value)).toEqual({ value });
  });

  it.each([
    ['a phone number too long', phone({ phoneNumber: chars(31) }), ['phoneNumber'], 'too_long'],
    ['an unknown @type', phone({ '@type': 'FaxContactMedium' }), ['@type'], 'unknown_type'],
    ['a postal address without city', postal({ city: undefined }), ['city'], 'required'],
    ['a value that is no object', 5, [], 'wrong_type'],
  ])('rejects %s', (_, value, path, code) => {
    expect(issues(contactMediumSchema, value)).toMatchObject([{ path, rule: 'R-contact', code }]);
  });
});

describe('productOrderItemSchema', () => {
  it('accepts an item of any action: the rules that need the category do not apply', () => {
    for (const action of ['add', 'modify', 'delete', 'noChange']) {
      const value = item('BitstreamAccessProduct', [place('locationB', loopSite())], action);
      expect(productOrderItemSchema['~standard'].validate(value)).toEqual({ value });
    }
  });

  it.each([
    ['R7: a place role', item('X', [place('locationC')]), ['product', 'relatedPlace', 0, 'role'], 'R7', 'not_allowed'],
    [
      'R7: a relatedPlace that is no array',
      item('X', {} as unknown[]),
      ['product', 'relatedPlace'],
      'R7',
      'wrong_type',
    ],
    [
      'R8: a place kind',
      item('X', [place('locationA', address({ '@type': 'Site' }))]),
      ['product', 'relatedPlace', 0, 'place', '@type'],
      'R8',
      'unknown_type',
    ],
    [
      'R8: a missing place',
      item('X', [{ role: 'locationA' }]),
      ['product', 'relatedPlace', 0, 'place'],
      'R8',
      'required',
    ],
    ['R-field: an action that is no string', item('X', [], 5), ['action'], 'R-field', 'wrong_type'],
  ])('rejects %s', (_, value, path, rule, code) => {
    expect(issues(productOrderItemSchema, value)).toMatchObject([{ path, rule, code }]);
  });
});

describe('the factories', () => {
  it.each([
    ['productOrderSchema', createProductOrderSchema, { category: 'new' }],
    ['relatedPartySchema', createRelatedPartySchema, party('owner')],
    ['contactMediumSchema', createContactMediumSchema, phone({ phoneNumber: '' })],
    ['productOrderItemSchema', createProductOrderItemSchema, item('X', [place('locationC')])],
  ] as const)('give German messages for %s', (_, create, value) => {
    const messages = (lang: 'en' | 'de') => {
      const result = (create as (o: object) => OrderSchema<unknown>)({ lang })['~standard'].validate(value);
      return result.issues?.map((i) => i.message) ?? [];
    };
    expect(messages('de')).toHaveLength(messages('en').length);
    expect(messages('de')[0]).not.toBe(messages('en')[0]);
  });

  // regression: a part's messages spoke of "Item 0 of 'contactMedium'", an internal wrapper
  it.each([
    [
      createContactMediumSchema,
      { '@type': 'EmailContactMedium', contactType: 'email' },
      'The contact medium',
      'Das Kontaktmedium',
    ],
    [createRelatedPartySchema, { role: 'subcontractor' }, 'The related party', 'Der Beteiligte'],
    [createProductOrderItemSchema, 'add', 'The order item', 'Die Auftragsposition'],
  ] as const)("word a part's messages about the part itself", (create, value, en, de) => {
    const [issue] = create()['~standard'].validate(value).issues ?? [];
    expect(issue?.message.startsWith(`${en} `)).toBe(true);
    const [german] = create({ lang: 'de' })['~standard'].validate(value).issues ?? [];
    expect(german?.message.startsWith(de)).toBe(true);
    expect(issue?.message).not.toMatch(/Item 0|Eintrag 0/);
  });

  // regression: the unreadable violation sat at the wrapper's root, was filtered out, and the part passed
  it.each([createContactMediumSchema, createRelatedPartySchema, createProductOrderItemSchema] as const)(
    'refuse a value that cannot be read (%#), at the part itself',
    (create) => {
      const hostile = new Proxy(
        {},
        {
          get() {
            throw new Error('hostile');
          },
          ownKeys() {
            throw new Error('hostile');
          },
        },
      );
      const result = create()['~standard'].validate(hostile);
      expect(result.issues?.map(({ path, code }) => [path, code])).toEqual([[[], 'unreadable']]);
    },
  );

  // regression: a part whose budget ran out was filtered out as the wrapper's, and passed
  it.each([
    ['contactMedium', createContactMediumSchema, (list: unknown[]) => phone({ extra: list })],
    [
      'relatedParty',
      createRelatedPartySchema,
      (list: unknown[]) => party('technicalContact', individual({ contactMedium: list })),
    ],
    ['productOrderItem', createProductOrderItemSchema, (list: unknown[]) => item('HvtLocalLoopProduct', list)],
  ] as const)(
    'report a %s too costly to read at the part itself, with or without emptyAsMissing',
    (_, create, part) => {
      for (const emptyAsMissing of [false, true]) {
        const traps: Traps = { count: 0 };
        const value = part(fakeLength(traps, () => phone()));
        const result = create({ emptyAsMissing, lang: 'de' })['~standard'].validate(value);
        const costly = (result.issues ?? []).filter((i) => i.code === 'too_costly');
        // even where no check reads the list (an unknown property of a medium), its walk does
        expect(result.issues).toBeDefined();
        expect(costly.map(({ path, rule }) => [path, rule])).toEqual([[[], 'R-field']]);
        expect(costly[0].message).toMatch(/zu aufwendig/);
        expect(traps.count).toBeLessThanOrEqual(100);
      }
    },
  );

  it('fall back to English when reading the options throws', () => {
    const options = new Proxy(
      {},
      {
        get() {
          throw new Error('hostile options');
        },
      },
    );
    const [issue] = createProductOrderSchema(options)['~standard'].validate({ category: 'new' }).issues ?? [];
    expect(issue?.message).toBe(productOrderSchema['~standard'].validate({ category: 'new' }).issues?.[0]?.message);
  });

  it.each([
    [
      'throws',
      (): unknown => {
        throw new Error('hostile labels');
      },
    ],
    ['returns 42', (): unknown => 42],
  ] as const)('a labels.message that %s gives the package message, in the order and in a part', (_, message) => {
    const labels = { ...labelsDe, message } as unknown as Labels;
    const order = createProductOrderSchema({ labels, lang: 'de' })['~standard'].validate({ category: 'new' });
    expect(order.issues?.[0]?.message).toBe(
      createProductOrderSchema({ lang: 'de' })['~standard'].validate({ category: 'new' }).issues?.[0]?.message,
    );
    const phoneIssues = createContactMediumSchema({ labels, lang: 'de' })['~standard'].validate(
      phone({ phoneNumber: '' }),
    );
    expect(phoneIssues.issues?.map((i) => typeof i.message)).toEqual(['string']);
    expect(phoneIssues.issues?.[0]?.message).toBe(
      createContactMediumSchema({ lang: 'de' })['~standard'].validate(phone({ phoneNumber: '' })).issues?.[0]?.message,
    );
  });
});

function _readdirJson(dir: string): Order[] {
  return readdirSync(dir)
    .filter((f) => f.endsWith('.json') && !f.endsWith('.expected.json'))
    .map((f) => JSON.parse(readFileSync(`${dir}/${f}`, 'utf8')));
}

describe("a carrier's rules in the schemas", () => {
  /** A rule of the carrier's: priority 0 to 4, at /priority. */
  const priority = defineRule({
    id: 'X-priority',
    title: 'A priority is 0 to 4.',
    check: (order: unknown) => {
      const value = (order as { priority?: unknown }).priority;
      if (value === undefined || ['0', '1', '2', '3', '4'].includes(String(value))) return [];
      return [{ rule: 'X-priority', code: 'priority_out_of_range', path: '/priority', params: { lowest: 4 } }];
    },
  });
  /** A rule of the carrier's: a postal contact medium's postcode has five digits, wherever it sits. */
  const postcode = defineRule({
    id: 'X-postcode',
    title: 'A postcode has five digits.',
    check: (order: unknown) => {
      const found: {
        rule: 'X-postcode';
        code: 'postcode_not_five_digits';
        path: string;
        params: { digits: number };
      }[] = [];
      const parties = (order as Order).relatedParty ?? [];
      parties.forEach((p: Order, i: number) => {
        const media: Order[] = p?.partyOrPartyRole?.contactMedium ?? [];
        media.forEach((m, j) => {
          if (typeof m?.postcode === 'string' && !/^[0-9]{5}$/.test(m.postcode))
            found.push({
              rule: 'X-postcode',
              code: 'postcode_not_five_digits',
              path: `/relatedParty/${i}/partyOrPartyRole/contactMedium/${j}/postcode`,
              params: { digits: 5 },
            });
        });
      });
      return found;
    },
  });
  const messages = {
    de: {
      priority_out_of_range: (f: { params: { lowest: number } }) =>
        `Die Priorität reicht von 0 bis ${f.params.lowest}.`,
      postcode_not_five_digits: () => 'Die Postleitzahl hat fünf Ziffern.',
    },
  };

  it('runs them after the built-in rules in the order schema, worded by the messages of the language', () => {
    const schema = createProductOrderSchema({ rules: [priority], messages, lang: 'de' });
    const order = orderWith((o) => {
      o.priority = '7';
      o.description = '';
    });
    const result = schema['~standard'].validate(order);
    expect(result.issues?.map(({ path, rule, code }) => [path, rule, code])).toEqual([
      [['description'], 'R-field', 'too_short'],
      [['priority'], 'X-priority', 'priority_out_of_range'],
    ]);
    expect(result.issues?.[1]).toMatchObject({ message: 'Die Priorität reicht von 0 bis 4.', params: { lowest: 4 } });
    // a language without a message for the code gets the neutral built-in one, naming the code
    const en = createProductOrderSchema({ rules: [priority], messages })['~standard'].validate(order);
    const neutral = { rule: 'X-priority', code: 'priority_out_of_range', path: '/priority', params: { lowest: 4 } };
    expect(en.issues?.[1]?.message).toBe(formatMessage(neutral as never, 'en'));
    expect(en.issues?.[1]?.message).toMatch(/priority_out_of_range/);
  });

  it('leaves out the built-in rules of without, and puts a rule with a built-in id in its place', () => {
    const order = orderWith((o) => (o.productOrderItem[0].action = 'modify'));
    const codes = (options: object) =>
      (createProductOrderSchema(options)['~standard'].validate(order).issues ?? []).map((i) => i.rule);
    expect(codes({})).toEqual(['R9']);
    expect(codes({ without: ['R9'] })).toEqual([]);
    const own = {
      id: 'R9',
      title: 'Own.',
      check: () => [{ rule: 'R9', code: 'own', path: '/category', params: {} }],
    };
    expect(codes({ rules: [own] })).toEqual(['R9']);
    expect(createProductOrderSchema({ rules: [own] })['~standard'].validate(order).issues?.[0]?.path).toEqual([
      'category',
    ]);
  });

  it('words their issues by the labels where they have a message for the code, else by messages, else built-in', () => {
    const labels = withLabels(labelsDe, { messages: { priority_out_of_range: (_, c) => `${c.field}: 0 bis 4.` } });
    const order = { ...validOrder(), priority: '9' };
    const worded = (options: object) =>
      createProductOrderSchema({ rules: [priority], ...options })['~standard'].validate(order).issues?.[0]?.message;
    expect(worded({ labels, messages })).toBe('Priorität: 0 bis 4.');
    expect(worded({ labels: labelsDe, messages })).toBe('Die Priorität reicht von 0 bis 4.');
    const throwing = { ...labels, message: () => thrower() } as unknown as Labels;
    expect(worded({ labels: throwing, messages })).toBe('Die Priorität reicht von 0 bis 4.');
  });

  // regression: a carrier rule's `required` finding at the missing field itself (`/…/place/city`,
  // `params.property: 'city'`) landed at `…place.city.city`
  it('puts a required finding of theirs at the missing field, whether its path is the field or the object lacking it', () => {
    const place = '/productOrderItem/0/product/relatedPlace/0/place';
    const city = (path: string) =>
      defineRule({
        id: 'X-city',
        title: 'A place has its city.',
        check: () => [{ rule: 'X-city', code: 'required', path, params: { property: 'city' } }],
      });
    const order = structuredClone(validOrder()) as Order;
    delete order.productOrderItem[0].product.relatedPlace[0].place.city;
    for (const path of [`${place}/city`, place]) {
      const schema = createProductOrderSchema({ rules: [city(path)], labels: labelsDe });
      const issue = schema['~standard'].validate(order).issues?.find((i) => i.rule === 'X-city');
      expect(issue?.path, path).toEqual(['productOrderItem', 0, 'product', 'relatedPlace', 0, 'place', 'city']);
      expect(issue?.message, path).toBe('Ort (Standort A) ist eine Pflichtangabe.');
    }
    // a field named as the object that lacks it: a site's `place`, missing, at the site
    const site = '/productOrderItem/0/product/relatedPlace/1/place';
    const nested = defineRule({
      id: 'X-site-place',
      title: 'A site has its place.',
      check: () => [{ rule: 'X-site-place', code: 'required', path: site, params: { property: 'place' } }],
    });
    delete order.productOrderItem[0].product.relatedPlace[1].place.place;
    const issue = createProductOrderSchema({ rules: [nested] })
      ['~standard'].validate(order)
      .issues?.find((i) => i.rule === 'X-site-place');
    expect(issue?.path).toEqual(['productOrderItem', 0, 'product', 'relatedPlace', 1, 'place', 'place']);
  });

  it('applies emptyAsMissing to them: a blank optional field never trips a carrier rule', () => {
    const blank = { ...validOrder(), priority: '  ' };
    const seen: unknown[] = [];
    const spy = {
      ...priority,
      check: (order: unknown) => {
        seen.push((order as Order).priority);
        return priority.check(order);
      },
    };
    expect(createProductOrderSchema({ rules: [spy], emptyAsMissing: true })['~standard'].validate(blank)).toEqual({
      value: validOrder(),
    });
    expect(seen).toEqual([undefined]);
    const plain = createProductOrderSchema({ rules: [priority] })['~standard'].validate(blank);
    expect(plain.issues?.map((i) => i.code)).toEqual(['priority_out_of_range']);
  });

  it("runs them on a part as it sits in an order, and keeps the part's findings at its own paths", () => {
    const schema = createContactMediumSchema({ rules: [postcode, priority], messages, lang: 'de' });
    const result = schema['~standard'].validate(postal({ postcode: '123456' }));
    expect(result.issues).toEqual([
      {
        path: ['postcode'],
        rule: 'X-postcode',
        code: 'postcode_not_five_digits',
        params: { digits: 5 },
        message: 'Die Postleitzahl hat fünf Ziffern.',
      },
    ]);
    const party = createRelatedPartySchema({ rules: [postcode], emptyAsMissing: true });
    const found = party['~standard'].validate({
      role: 'deliveryContact',
      partyOrPartyRole: individual({ contactMedium: [phone(), postal({ postcode: '1234' })] }),
    });
    expect(found.issues?.map((i) => i.path)).toEqual([['partyOrPartyRole', 'contactMedium', 1, 'postcode']]);
  });

  it.each([
    ['throws', () => thrower()],
    ['returns 42', () => 42],
    ['returns findings of no shape', () => [{ rule: 'X-junk' }, 'junk', null]],
  ])('gives rule_failed at the root of the order and of a part for a rule that %s', (_, check) => {
    const rule = { id: 'X-junk', title: 'Junk.', check } as never;
    for (const create of [createProductOrderSchema, createContactMediumSchema, createProductOrderItemSchema]) {
      const result = create({ rules: [rule] })['~standard'].validate(
        create === createContactMediumSchema
          ? phone()
          : create === createProductOrderSchema
            ? validOrder()
            : item('HvtLocalLoopProduct', [place('locationA'), place('locationB', loopSite())]),
      );
      expect(result.issues?.map(({ path, rule, code }) => [path, rule, code])).toEqual([[[], 'X-junk', 'rule_failed']]);
    }
  });

  it('lists at most 1,000 issues of a rule that returns a million findings, reading no more of them than validate does', () => {
    const traps: Traps = { count: 0 };
    const finding = { rule: 'X-many', code: 'many', path: '/priority', params: {} };
    const rule = { id: 'X-many', title: 'Many.', check: () => fakeLength(traps, () => finding, 1e6) } as never;
    const result = createProductOrderSchema({ rules: [rule] })['~standard'].validate(validOrder());
    expect(result.issues).toHaveLength(1000);
    expect(traps.count).toBeLessThanOrEqual(2 * 10_001 + 10);
  });

  it.each([
    [{ rules: [null] }, /^createProductOrderSchema: rules\[0\] is null/],
    [{ rules: 'X-priority' }, /^createProductOrderSchema: rules must be an array/],
    [{ without: ['R99'] }, /^createProductOrderSchema: without\[0\] is the string 'R99', which is no built-in/],
    [{ messages: { de: { x: 1 } } }, /^createProductOrderSchema: messages\.de\.x must be a function/],
  ])('refuses %j with a TypeError naming the factory and the option, as createValidator does', (options, error) => {
    expect(() => createProductOrderSchema(options as never)).toThrow(TypeError);
    expect(() => createProductOrderSchema(options as never)).toThrow(error);
    expect(() => createContactMediumSchema(options as never)).toThrow(/^createContactMediumSchema: /);
  });

  it('reads a Proxy of options at creation, each option once, and never again while validating', () => {
    const reads: (string | symbol)[] = [];
    const given = { rules: [priority], messages, lang: 'de', without: ['R14'], emptyAsMissing: true };
    const options = new Proxy(given, {
      get: (target, key) => {
        reads.push(key);
        return Reflect.get(target, key);
      },
    });
    const schema = createProductOrderSchema(options as never);
    expect(reads.filter((key) => key !== 'lang' && key !== 'maxViolations' && key !== 'labels').sort()).toEqual([
      'emptyAsMissing',
      'messages',
      'rules',
      'without',
    ]);
    const atCreation = reads.length;
    expect(atCreation).toBeLessThanOrEqual(10);
    expect(schema['~standard'].validate({ ...validOrder(), priority: '9' })).toHaveProperty('issues');
    schema.hints({ ...validOrder(), priorty: '1' });
    expect(reads).toHaveLength(atCreation);
  });
});

describe('hints as notes for a form', () => {
  const typo = () => orderWith((o) => (o.productOrderItem[0].product['@type'] = 'HvtLocalLoopProdukt'));

  it('gives the near misses at their fields, in the words of the issues, never as issues', () => {
    const schema = createProductOrderSchema({ labels: labelsDe, emptyAsMissing: true });
    const order = { ...validOrder(), priorty: '1', description: '' };
    expect(schema['~standard'].validate(order)).toHaveProperty('value');
    const notes = schema.hints(order);
    expect(notes).toEqual([
      {
        path: ['priorty'],
        rule: 'R-field',
        code: 'did_you_mean',
        params: { found: 'priorty', suggestion: 'priority' },
        message: validateProductOrder(order, { labels: labelsDe }).hints[0]?.message,
      },
    ]);
    expect(notes[0]?.message).toMatch(/priority/);
  });

  it("gives a part's near misses relative to the part, and none outside it", () => {
    const schema = createProductOrderItemSchema({ lang: 'de' });
    const notes = schema.hints(typo().productOrderItem[0]);
    expect(notes.map(({ path, params }) => [path, params])).toEqual([
      [['product', '@type'], { found: 'HvtLocalLoopProdukt', suggestion: 'HvtLocalLoopProduct' }],
    ]);
    expect(
      createContactMediumSchema()
        .hints(phone({ phoneNumbr: '1' }))
        .map((n) => n.path),
    ).toEqual([['phoneNumbr']]);
    expect(productOrderSchema.hints(validOrder())).toEqual([]);
  });

  it('keeps hints on the schema withJsonSchema gives, with its carrier rules', () => {
    const schema = withJsonSchema(createProductOrderItemSchema({ rules: [], lang: 'de' }));
    expect(schema.hints(typo().productOrderItem[0])).toHaveLength(1);
    expect(schema['~standard'].jsonSchema.input({ target: 'draft-2020-12' })).toHaveProperty('$defs');
  });

  it.each([
    [
      'a cycle',
      () => {
        const order: Order = typo();
        order.productOrderItem[0].product.self = order;
        return order;
      },
    ],
    [
      'nesting 100,000 deep',
      () => {
        let deep: unknown = {};
        for (let i = 0; i < 100_000; i++) deep = { note: [deep] };
        return deep;
      },
    ],
    ['a sparse list of 10 million', () => ({ ...typo(), note: new Array(1e7) })],
    ['a throwing Proxy', () => new Proxy({}, { get: () => thrower(), ownKeys: () => thrower() })],
    ['null', () => null],
  ])('never throws on %s, with or without emptyAsMissing', (_, make) => {
    for (const emptyAsMissing of [false, true]) {
      const notes = createProductOrderSchema({ emptyAsMissing }).hints(make());
      expect(Array.isArray(notes)).toBe(true);
    }
  });

  it('reads no more of a list of fake length than validation does', () => {
    for (const emptyAsMissing of [false, true]) {
      const traps: Traps = { count: 0 };
      const order = { ...typo(), note: fakeLength(traps, () => ({ text: 'x' })) };
      createProductOrderSchema({ emptyAsMissing }).hints(order);
      const hinted = traps.count;
      traps.count = 0;
      createProductOrderSchema({ emptyAsMissing })['~standard'].validate(order);
      expect(hinted).toBeLessThanOrEqual(traps.count);
      expect(hinted).toBeLessThanOrEqual(2_000_000);
    }
  });
});

function thrower(): never {
  throw new Error('hostile');
}
