import { describe, it } from 'vitest';
import { chars, individual, organization, PARTY, party, phone, ruleKit, withParties } from '../test-kit.js';

const { expectNoViolation, expectViolation, expectViolations } = ruleKit('R-party');

const rParty = { rule: 'R-party' } as const;
/** An order whose only related party is a locationAContact (no contact-medium demand) with `partyOrPartyRole`. */
const withParty = (partyOrPartyRole: unknown) => withParties(party('locationAContact', partyOrPartyRole));
const without = (value: Record<string, unknown>, key: string) => {
  const { [key]: _, ...rest } = value;
  return rest;
};

const kinds = [
  {
    make: individual,
    fields: [
      ['familyName', 30, true],
      ['givenName', 30, false],
      ['salutation', 30, true],
    ],
  },
  { make: organization, fields: [['name', 60, true]] },
] as const;

describe('R-party: partyOrPartyRole', () => {
  it('accepts an Individual', () => expectNoViolation(withParty(individual())));
  it('accepts an Organization', () => expectNoViolation(withParty(organization())));
  it('accepts unknown properties', () => expectNoViolation(withParty(individual({ id: 'P-1', birthDate: 'x' }))));
  it('requires partyOrPartyRole', () =>
    expectViolation(withParties({ role: 'locationAContact' }), {
      ...rParty,
      code: 'required',
      path: '/relatedParty/0',
      params: { property: 'partyOrPartyRole' },
    }));
  it('counts an undefined partyOrPartyRole as absent', () =>
    expectViolation(withParties({ role: 'locationAContact', partyOrPartyRole: undefined }), {
      ...rParty,
      code: 'required',
      path: '/relatedParty/0',
      params: { property: 'partyOrPartyRole' },
    }));
  it('does not count an inherited partyOrPartyRole as present', () =>
    expectViolation(
      withParties(Object.assign(Object.create({ partyOrPartyRole: individual() }), { role: 'subcontractor' })),
      {
        ...rParty,
        code: 'required',
        path: '/relatedParty/0',
        params: { property: 'partyOrPartyRole' },
      },
    ));
  it.each([null, 'Muster', [individual()]])('rejects the partyOrPartyRole %j', (value) =>
    expectViolation(withParty(value), { ...rParty, code: 'wrong_type', path: PARTY, params: { expected: 'object' } }),
  );
  it('requires @type', () =>
    expectViolation(withParty(without(individual(), '@type')), {
      ...rParty,
      code: 'required',
      path: PARTY,
      params: { property: '@type' },
    }));
  it.each(['Person', 'individual', 'PartyRole', 1])('rejects the @type %j', (type) =>
    expectViolation(withParty(individual({ '@type': type })), {
      ...rParty,
      code: 'unknown_type',
      path: `${PARTY}/@type`,
      params: { allowed: ['Individual', 'Organization'] },
    }),
  );
  it('reports a party by its index', () =>
    expectViolation(
      withParties(
        party('technicalContact', individual({ contactMedium: [phone()] })),
        party('subcontractor', organization({ name: '' })),
      ),
      {
        ...rParty,
        code: 'too_short',
        path: '/relatedParty/1/partyOrPartyRole/name',
      },
    ));
});

for (const { make, fields } of kinds) {
  const type = make()['@type'];
  describe(`R-party: ${type}`, () => {
    for (const [name, max, required] of fields) {
      it(`accepts ${name} of length 1`, () => expectNoViolation(withParty(make({ [name]: 'x' }))));
      it(`accepts ${name} of length ${max}`, () => expectNoViolation(withParty(make({ [name]: chars(max) }))));
      it(`counts code points: ${name} of ${max} emoji is valid`, () =>
        expectNoViolation(withParty(make({ [name]: chars(max, '😀') }))));
      it(`rejects an empty ${name}`, () =>
        expectViolation(withParty(make({ [name]: '' })), {
          ...rParty,
          code: 'too_short',
          path: `${PARTY}/${name}`,
          params: { limit: 1 },
        }));
      it(`rejects ${name} longer than ${max}`, () =>
        expectViolation(withParty(make({ [name]: chars(max + 1) })), {
          ...rParty,
          code: 'too_long',
          path: `${PARTY}/${name}`,
          params: { limit: max },
        }));
      it(`rejects ${name} of ${max + 1} emoji`, () =>
        expectViolation(withParty(make({ [name]: chars(max + 1, '😀') })), {
          ...rParty,
          code: 'too_long',
          path: `${PARTY}/${name}`,
          params: { limit: max },
        }));
      it(`rejects a non-string ${name}`, () =>
        expectViolation(withParty(make({ [name]: ['x'] })), {
          ...rParty,
          code: 'wrong_type',
          path: `${PARTY}/${name}`,
          params: { expected: 'string', actual: 'array' },
        }));
      if (required)
        it(`requires ${name}`, () =>
          expectViolation(withParty(without(make(), name)), {
            ...rParty,
            code: 'required',
            path: PARTY,
            params: { property: name },
          }));
      else
        it(`accepts an ${type} without ${name}`, () =>
          expectNoViolation(withParty(without(make({ [name]: 'x' }), name))));
    }
  });
}

describe('R-party: kind-specific fields', () => {
  it.each(['Herr', 'Frau', 'keine Anrede', 'Dr.', 'Mx'])('accepts the salutation %s', (salutation) =>
    expectNoViolation(withParty(individual({ salutation }))),
  );
  it('does not take an Organization name for an Individual familyName', () =>
    expectViolation(withParty(without(individual({ name: 'Muster GmbH' }), 'familyName')), {
      ...rParty,
      code: 'required',
      path: PARTY,
      params: { property: 'familyName' },
    }));
  it('does not take an Individual familyName for an Organization name', () =>
    expectViolation(withParty({ '@type': 'Organization', familyName: 'Muster' }), {
      ...rParty,
      code: 'required',
      path: PARTY,
      params: { property: 'name' },
    }));
  it('reports each missing field of an Individual', () =>
    expectViolations(withParty({ '@type': 'Individual' }), [
      { ...rParty, code: 'required', path: PARTY, params: { property: 'familyName' } },
      { ...rParty, code: 'required', path: PARTY, params: { property: 'salutation' } },
    ]));
});
