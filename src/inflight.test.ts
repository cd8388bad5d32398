import { describe, expect, it } from 'vitest';
import { inflightRules, validateInflightChangeProductOrder } from './inflight.js';
import {
  address,
  characteristic,
  email,
  individual,
  item,
  loopSite,
  party,
  phone,
  place,
  postal,
} from './rules/test-kit.js';
import type { RuleId, ViolationCode } from './violation.js';

// biome-ignore lint/suspicious/noExplicitAny: tests build and break changes freely
type Change = any;

/** A fresh minimal valid in-flight change. */
function validChange(): Change {
  return {
    '@type': 'InflightChangeProductOrder',
    requestPostedDate: '2025-03-12T10:30:00+01:00',
    entity: { '@type': 'ProductOrderRef', id: 'PO-4711' },
    category: ['rescheduling'],
  };
}

const agreementWith = (engagedParty: unknown[]) => ({
  '@type': 'Agreement',
  agreementType: 'preAgreement',
  engagedParty,
});

const changeWith = (change: (c: Change) => void): Change => {
  const c = validChange();
  change(c);
  return c;
};

function expectViolations(
  input: unknown,
  expected: ReadonlyArray<{ rule: RuleId; code: ViolationCode; path: string; params?: object }>,
): void {
  const result = validateInflightChangeProductOrder(input);
  expect(result.violations.map(({ rule, code, path, params }) => ({ rule, code, path, params }))).toMatchObject(
    expected,
  );
  expect(result.valid).toBe(expected.length === 0);
}

describe('validateInflightChangeProductOrder', () => {
  it('runs its field table and the order rules of the shared parts, in the order of their ids', () =>
    expect(inflightRules.map((rule) => rule.id)).toEqual([
      'R-field',
      'R-contact',
      'R-party',
      'R3',
      'R4',
      'R5',
      'R6',
      'R7',
      'R8',
      'R13',
    ]));

  it('accepts a minimal change and returns the input itself', () => {
    const change = validChange();
    const result = validateInflightChangeProductOrder(change);
    expect(result.valid && result.value).toBe(change);
  });

  it('hints at an unknown property near a known one of the change, and keeps it valid', () => {
    const change = { ...validChange(), closeMesage: 'done' };
    const result = validateInflightChangeProductOrder(change, { lang: 'de' });
    expect(result.valid).toBe(true);
    expect(result.hints.map((h) => [h.path, h.params.suggestion, h.message])).toEqual([
      ['/closeMesage', 'closeMessage', "'closeMesage': meinten Sie 'closeMessage'?"],
    ]);
  });

  it.each(['@type', 'requestPostedDate', 'entity', 'category'])('requires %s', (property) =>
    expectViolations(
      changeWith((c) => delete c[property]),
      [{ rule: 'R-field', code: 'required', path: '', params: { property } }],
    ),
  );

  it.each(['@type', 'id'])('requires entity.%s', (property) =>
    expectViolations(
      changeWith((c) => delete c.entity[property]),
      [{ rule: 'R-field', code: 'required', path: '/entity', params: { property } }],
    ),
  );

  it.each([
    [[], 'too_few_items', '/category'],
    ['rescheduling', 'wrong_type', '/category'],
    [['rescheduling', 3], 'wrong_type', '/category/1'],
  ] as const)('rejects category %j', (category, code, path) =>
    expectViolations(
      changeWith((c) => {
        c.category = category;
      }),
      [{ rule: 'R-field', code, path }],
    ),
  );

  it('takes any category value: the specification shows none', () =>
    expectViolations(
      changeWith((c) => {
        c.category = ['anything', ''];
      }),
      [],
    ));

  it.each(['requestPostedDate', 'requestedCompletionDate'])('checks %s as a date-time with seconds', (field) =>
    expectViolations(
      changeWith((c) => {
        c[field] = '2025-03-12T10:30+01:00';
      }),
      [{ rule: 'R-field', code: 'invalid_date_time', path: `/${field}`, params: { reason: 'missing_seconds' } }],
    ),
  );

  it.each(['closeMessage', 'providerChangeInfo', 'additionalOrderInformation'])(
    'requires %s to be an object',
    (field) =>
      expectViolations(
        changeWith((c) => {
          c[field] = 'x';
        }),
        [{ rule: 'R-field', code: 'wrong_type', path: `/${field}`, params: { expected: 'object', actual: 'string' } }],
      ),
  );

  it('applies the contact-medium, party and role rules to related parties', () =>
    expectViolations(
      changeWith((c) => {
        c.relatedParty = [
          party('technicalContact', individual({ contactMedium: [email()] })),
          party('deliveryContact', individual({ contactMedium: [phone()] })),
          party('locationAContact', individual({ familyName: '' })),
          party('customer', individual({ contactMedium: [postal({ postcode: '1234567' })] })),
        ];
      }),
      [
        { rule: 'R3', code: 'missing_phone_contact', path: '/relatedParty/0/partyOrPartyRole/contactMedium' },
        { rule: 'R4', code: 'missing_postal_contact', path: '/relatedParty/1/partyOrPartyRole/contactMedium' },
        { rule: 'R-party', code: 'too_short', path: '/relatedParty/2/partyOrPartyRole/familyName' },
        { rule: 'R-contact', code: 'too_long', path: '/relatedParty/3/partyOrPartyRole/contactMedium/0/postcode' },
        { rule: 'R6', code: 'unknown_role', path: '/relatedParty/3/role' },
      ],
    ));

  it('applies R7 and R8 to the places of order items', () =>
    expectViolations(
      changeWith((c) => {
        c.productOrderItem = [item('BitstreamAccessProduct', [place('locationC'), { role: 'locationA' }], 'modify')];
      }),
      [
        { rule: 'R7', code: 'not_allowed', path: '/productOrderItem/0/product/relatedPlace/0/role' },
        {
          rule: 'R8',
          code: 'required',
          path: '/productOrderItem/0/product/relatedPlace/1',
          params: { property: 'place' },
        },
      ],
    ));

  it('applies R13 to agreements', () =>
    expectViolations(
      changeWith((c) => {
        c.agreement = [agreementWith([{ '@type': 'Organization' }])];
      }),
      [{ rule: 'R13', code: 'required', path: '/agreement/0/engagedParty/0', params: { property: 'businessId' } }],
    ));

  it('does not apply the rules of an order category (R1, R9 to R12, R14): a change has none', () =>
    expectViolations(
      changeWith((c) => {
        c.category = ['new'];
        c.productOfferingQualification = [{}, {}];
        c.productOrderItem = [
          item('HvtLocalLoopProduct', [place('locationA')], 'delete'),
          item('BitstreamAccessProduct', [place('locationA'), place('locationB', loopSite('0221'))], 'modify'),
          item('OpticalAccessLineProduct', [place('alternateAddress', address())], 'nochange'),
          { action: 'add', product: { '@type': 'KvzLocalLoopProduct' } },
          {},
        ];
        c.productOrderItem[1].product.relatedPlace[1].place.geographicSiteCharacteristic.push(characteristic('x', 1));
      }),
      [],
    ));

  it.each([null, 42, 'change', [], true, undefined])('reports %j as no object', (input) =>
    expectViolations(input, [{ rule: 'R-field', code: 'wrong_type', path: '' }]),
  );

  it('reports an input whose properties cannot be read as unreadable, without throwing', () => {
    const hostile = new Proxy(validChange(), {
      get() {
        throw new Error('trap');
      },
    });
    expectViolations(hostile, [{ rule: 'R-field', code: 'unreadable', path: '' }]);
  });

  it('writes German messages and keeps at most maxViolations, the first by path', () => {
    const input = changeWith((c) => {
      delete c.entity;
      c.category = [];
    });
    const result = validateInflightChangeProductOrder(input, { lang: 'de', maxViolations: 1 });
    expect(result.violations).toHaveLength(1);
    expect(result.violations[0]).toMatchObject({ path: '', params: { property: 'entity' } });
    expect(result.violations[0].message).toMatch(/Pflichtangabe/);
  });

  // regression: a change's messages spoke of "the order"
  it('speaks of the change request, not of the order, at its root', () => {
    const [en] = validateInflightChangeProductOrder({}).violations;
    expect(en.message).toMatch(/^The change request lacks the required property/);
    const [de] = validateInflightChangeProductOrder({}, { lang: 'de' }).violations;
    expect(de.message).toMatch(/^Der Änderungsauftrag\b/);
  });
});
