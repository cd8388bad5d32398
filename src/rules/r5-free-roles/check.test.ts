import { describe, expect, it } from 'vitest';
import {
  checkOf,
  email,
  freeRoles,
  individual,
  MEDIA,
  organization,
  party,
  phone,
  postal,
  ruleKit,
  validOrder,
  withParties,
} from '../test-kit.js';

const { expectNoViolation, expectViolation } = ruleKit('R5');
const r5 = checkOf('R5');

const roles = freeRoles;

describe('R5: free roles have no contact-medium constraint', () => {
  it.each(roles)('holds for %s without contactMedium', (role) => expectNoViolation(withParties(party(role))));
  it.each(roles)('holds for %s with an empty contactMedium', (role) =>
    expectNoViolation(withParties(party(role, individual({ contactMedium: [] })))),
  );
  it.each(roles)('holds for %s with any kind of medium', (role) =>
    expectNoViolation(withParties(party(role, organization({ contactMedium: [email(), postal(), phone()] })))),
  );
  it('never reports anything itself', () => {
    expect(r5.check(validOrder())).toEqual([]);
    expect(r5.check(null)).toEqual([]);
  });
  it('still leaves the media to R-contact', () =>
    expectViolation(withParties(party('subcontractor', individual({ contactMedium: [{ contactType: 'fixed' }] }))), {
      rule: 'R-contact',
      code: 'required',
      path: `${MEDIA}/0`,
      params: { property: '@type' },
    }));
});
