import { describe, it } from 'vitest';
import {
  chars,
  email,
  individual,
  MEDIA,
  orderWith,
  organization,
  party,
  phone,
  postal,
  ruleKit,
  withMedia,
  withParties,
} from '../test-kit.js';

const { expectNoViolation, expectViolation, expectViolations } = ruleKit('R-contact');

const contact = { rule: 'R-contact' } as const;
const at = `${MEDIA}/0`;
const without = (medium: Record<string, unknown>, key: string) => {
  const { [key]: _, ...rest } = medium;
  return rest;
};

/** Each kind with its fields: name, min, max, required. */
const kinds = [
  {
    make: phone,
    contactTypes: ['fixed', 'mobile'],
    fields: [['phoneNumber', 30, true]],
  },
  {
    make: email,
    contactTypes: ['email'],
    fields: [['emailAddress', 255, true]],
  },
  {
    make: postal,
    contactTypes: ['postal'],
    fields: [
      ['city', 40, true],
      ['country', 2, false],
      ['locality', 40, false],
      ['postcode', 6, true],
      ['streetName', 40, true],
      ['streetNr', 4, true],
      ['streetNrSuffix', 6, false],
    ],
  },
] as const;

describe('R-contact: contact media in general', () => {
  it('accepts a party without contact media', () => expectNoViolation(withParties(party('locationAContact'))));
  it('accepts an empty contactMedium', () => expectNoViolation(withMedia()));
  it('accepts one medium of each kind', () => expectNoViolation(withMedia(phone(), email(), postal())));
  it('accepts contact media of an Organization', () =>
    expectNoViolation(withParties(party('locationAContact', organization({ contactMedium: [email()] })))));
  it('accepts unknown properties', () => expectNoViolation(withMedia(phone({ preferred: true, id: 7 }))));
  it('rejects a contactMedium that is not an array', () =>
    expectViolation(withParties(party('locationAContact', individual({ contactMedium: phone() }))), {
      ...contact,
      code: 'wrong_type',
      path: MEDIA,
      params: { expected: 'array', actual: 'object' },
    }));
  it('rejects a contactMedium of an Organization that is not an array', () =>
    expectViolation(withParties(party('subcontractor', organization({ contactMedium: 'none' }))), {
      ...contact,
      code: 'wrong_type',
      path: MEDIA,
      params: { expected: 'array', actual: 'string' },
    }));
  it('checks only the length of an emailAddress', () =>
    expectNoViolation(withMedia(email({ emailAddress: 'no address' }))));
  it.each([null, 'phone', []])('rejects the medium %j', (medium) =>
    expectViolation(withMedia(medium), { ...contact, code: 'wrong_type', path: at, params: { expected: 'object' } }),
  );
  it('requires @type', () =>
    expectViolation(withMedia(without(phone(), '@type')), {
      ...contact,
      code: 'required',
      path: at,
      params: { property: '@type' },
    }));
  it.each(['FaxContactMedium', 'phoneContactMedium', 'ContactMedium', 1])('rejects the @type %j', (type) =>
    expectViolation(withMedia(phone({ '@type': type })), {
      ...contact,
      code: 'unknown_type',
      path: `${at}/@type`,
      params: { allowed: ['PhoneContactMedium', 'EmailContactMedium', 'PostalAddressContactMedium'] },
    }),
  );
  it('reports a medium by its index, on any party', () =>
    expectViolation(
      orderWith((o) => {
        o.relatedParty.push(
          party('subcontractor', organization({ contactMedium: [email(), email({ emailAddress: '' })] })),
        );
      }),
      { ...contact, code: 'too_short', path: '/relatedParty/1/partyOrPartyRole/contactMedium/1/emailAddress' },
    ));
  it('does not count an inherited phoneNumber as present', () =>
    expectViolation(
      withMedia(Object.assign(Object.create({ phoneNumber: '+49221' }), without(phone(), 'phoneNumber'))),
      {
        ...contact,
        code: 'required',
        path: at,
        params: { property: 'phoneNumber' },
      },
    ));
  it('reports each missing property of one medium', () =>
    expectViolations(withMedia({ '@type': 'PhoneContactMedium' }), [
      { ...contact, code: 'required', path: at, params: { property: 'contactType' } },
      { ...contact, code: 'required', path: at, params: { property: 'phoneNumber' } },
    ]));
});

for (const { make, contactTypes, fields } of kinds) {
  const type = make()['@type'];
  describe(`R-contact: ${type}`, () => {
    it.each(contactTypes)('accepts contactType %s', (contactType) =>
      expectNoViolation(withMedia(make({ contactType }))),
    );
    it('requires contactType', () =>
      expectViolation(withMedia(without(make(), 'contactType')), {
        ...contact,
        code: 'required',
        path: at,
        params: { property: 'contactType' },
      }));
    it.each(
      ['fixed', 'mobile', 'email', 'postal', 'Fixed'].filter((t) => !(contactTypes as readonly string[]).includes(t)),
    )('rejects contactType %s', (contactType) =>
      expectViolation(withMedia(make({ contactType })), {
        ...contact,
        code: 'not_allowed',
        path: `${at}/contactType`,
        params: { allowed: [...contactTypes] },
      }),
    );
    for (const [name, max, required] of fields) {
      it(`accepts ${name} of length 1`, () => expectNoViolation(withMedia(make({ [name]: 'x' }))));
      it(`accepts ${name} of length ${max}`, () => expectNoViolation(withMedia(make({ [name]: chars(max) }))));
      it(`counts code points: ${name} of ${max} emoji is valid`, () =>
        expectNoViolation(withMedia(make({ [name]: chars(max, '😀') }))));
      it(`rejects an empty ${name}`, () =>
        expectViolation(withMedia(make({ [name]: '' })), {
          ...contact,
          code: 'too_short',
          path: `${at}/${name}`,
          params: { limit: 1 },
        }));
      it(`rejects ${name} longer than ${max}`, () =>
        expectViolation(withMedia(make({ [name]: chars(max + 1) })), {
          ...contact,
          code: 'too_long',
          path: `${at}/${name}`,
          params: { limit: max },
        }));
      it(`rejects ${name} of ${max + 1} emoji`, () =>
        expectViolation(withMedia(make({ [name]: chars(max + 1, '😀') })), {
          ...contact,
          code: 'too_long',
          path: `${at}/${name}`,
          params: { limit: max },
        }));
      it(`rejects a non-string ${name}`, () =>
        expectViolation(withMedia(make({ [name]: 42 })), {
          ...contact,
          code: 'wrong_type',
          path: `${at}/${name}`,
          params: { expected: 'string', actual: 'integer' },
        }));
      if (required)
        it(`requires ${name}`, () =>
          expectViolation(withMedia(without(make(), name)), {
            ...contact,
            code: 'required',
            path: at,
            params: { property: name },
          }));
      else
        it(`accepts a medium without ${name}`, () =>
          expectNoViolation(withMedia(without(make({ [name]: 'x' }), name))));
    }
  });
}

describe('R-contact: PostalAddressContactMedium with every field', () => {
  it('accepts every optional field', () =>
    expectNoViolation(withMedia(postal({ country: 'DE', locality: 'Innenstadt', streetNrSuffix: 'a' }))));
});
