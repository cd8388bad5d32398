import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { fakeLength, type Traps } from '../test/traps.js';
import type { Labels } from './form/labels.js';
import { labelsDe } from './form/labels-de.js';
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
      // R3's list rule: at the field a form focuses, the first contact medium's kind, which it adds
      {
        path: [...PARTY_KEYS, 'contactMedium', 0, '@type'],
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
          path: ['partyOrPartyRole', 'contactMedium', 0, '@type'],
          rule: 'R3',
          code: 'missing_phone_contact',
          params: { role: 'technicalContact', focus: '/relatedParty/0/partyOrPartyRole/contactMedium/0/@type' },
        },
      ],
    ],
    [
      'R4: delivery without contactMedium',
      party('deliveryContact'),
      [
        {
          path: ['partyOrPartyRole', 'contactMedium', 0, '@type'],
          rule: 'R4',
          code: 'missing_postal_contact',
          params: {
            role: 'deliveryContact',
            property: 'contactMedium',
            focus: '/relatedParty/0/partyOrPartyRole/contactMedium/0/@type',
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

  // regression (issue 31): a part whose budget ran out was filtered out as the wrapper's, and passed
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
        if (create !== createContactMediumSchema || emptyAsMissing) {
          expect(result.issues).toBeDefined();
          expect(costly.map(({ path, rule }) => [path, rule])).toEqual([[[], 'R-field']]);
          expect(costly[0].message).toMatch(/zu aufwendig/);
        } else expect(result.issues).toBeUndefined(); // the checks read no unknown property of a medium
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
