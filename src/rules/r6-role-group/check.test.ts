import { describe, it } from 'vitest';
import {
  contactRoles,
  deliveryRoles,
  freeRoles,
  individual,
  party,
  phone,
  postal,
  ruleKit,
  withParties,
} from '../test-kit.js';

const { expectNoViolation, expectViolation, expectViolations } = ruleKit('R6');

const roles = [...contactRoles, ...deliveryRoles, ...freeRoles];
/** A party of `role` with media that satisfy R3 and R4. */
const withRole = (role: unknown) => withParties(party(role, individual({ contactMedium: [phone(), postal()] })));
const unknownRole = { rule: 'R6', code: 'unknown_role', path: '/relatedParty/0/role' } as const;

describe('R6: a related party has a role of one role group', () => {
  it.each(roles)('holds for %s', (role) => expectNoViolation(withRole(role)));
  it('holds for one party of every role', () =>
    expectNoViolation(
      withParties(...roles.map((role) => party(role, individual({ contactMedium: [phone(), postal()] })))),
    ));
  it.each(['billingContact', 'TechnicalContact', 'technicalcontact', ' technicalContact', ''])(
    'rejects the role %j',
    (role) => expectViolation(withRole(role), { ...unknownRole, params: { allowed: roles } }),
  );
  it.each([1, null, ['technicalContact']])('rejects the non-string role %j', (role) =>
    expectViolation(withRole(role), unknownRole),
  );
  it('requires role', () =>
    expectViolation(withParties({ partyOrPartyRole: individual() }), {
      rule: 'R6',
      code: 'required',
      path: '/relatedParty/0',
      params: { property: 'role' },
    }));
  it('counts an undefined role as absent', () =>
    expectViolation(withRole(undefined), {
      rule: 'R6',
      code: 'required',
      path: '/relatedParty/0',
      params: { property: 'role' },
    }));
  it('does not count an inherited role as present', () =>
    expectViolation(
      withParties(Object.assign(Object.create({ role: 'subcontractor' }), { partyOrPartyRole: individual() })),
      {
        rule: 'R6',
        code: 'required',
        path: '/relatedParty/0',
        params: { property: 'role' },
      },
    ));
  it('orders violations by index numerically', () =>
    expectViolations(
      withParties(...Array.from({ length: 11 }, (_, i) => party(i === 2 || i === 10 ? 'customer' : 'subcontractor'))),
      [
        { ...unknownRole, path: '/relatedParty/2/role' },
        { ...unknownRole, path: '/relatedParty/10/role' },
      ],
    ));
  it('reports a party by its index', () =>
    expectViolation(withParties(party('subcontractor'), party('customer')), {
      ...unknownRole,
      path: '/relatedParty/1/role',
    }));
});
