import { describe, it } from 'vitest';
import {
  contactRoles,
  email,
  individual,
  MEDIA,
  organization,
  PARTY,
  party,
  phone,
  postal,
  ruleKit,
  withParties,
} from '../test-kit.js';

const { expectNoViolation, expectViolation, expectViolations } = ruleKit('R3');

const roles = contactRoles;
const withContact = (role: string, contactMedium?: unknown) =>
  withParties(party(role, individual(contactMedium === undefined ? {} : { contactMedium })));
const r3 = { rule: 'R3', code: 'missing_phone_contact' } as const;

describe('R3: contact roles need a PhoneContactMedium', () => {
  it.each(roles)('holds for %s with a phone', (role) => expectNoViolation(withContact(role, [phone()])));
  it('holds with a mobile phone after other media', () =>
    expectNoViolation(withContact('technicalContact', [email(), postal(), phone({ contactType: 'mobile' })])));
  it('holds for an Organization', () =>
    expectNoViolation(withParties(party('technicalContact', organization({ contactMedium: [phone()] })))));
  it.each(['deliveryContact', 'locationAContact', 'handingOverProvider', 'receivingProvider', 'subcontractor'])(
    'does not apply to %s',
    (role) => expectNoViolation(withContact(role, role === 'deliveryContact' ? [postal()] : undefined)),
  );
  it.each(roles)('rejects %s without contactMedium', (role) =>
    expectViolation(withContact(role), { ...r3, path: PARTY, params: { role, property: 'contactMedium' } }),
  );
  it.each(roles)('rejects %s with an empty contactMedium', (role) =>
    expectViolation(withContact(role, []), { ...r3, path: MEDIA, params: { role } }),
  );
  it('rejects a contact with only email and postal media', () =>
    expectViolation(withContact('installationContact', [email(), postal()]), {
      ...r3,
      path: MEDIA,
      params: { role: 'installationContact' },
    }));
  it('does not count a medium whose @type PhoneContactMedium is inherited', () => {
    const { '@type': type, ...own } = phone();
    const inherited = Object.assign(Object.create({ '@type': type }), own);
    expectViolation(withContact('technicalContact', [inherited]), {
      ...r3,
      path: MEDIA,
      params: { role: 'technicalContact' },
    });
  });
  it('rejects a phone-like medium of another @type', () =>
    expectViolations(withContact('technicalContact', [phone({ '@type': 'MobileContactMedium' })]), [
      { ...r3, path: MEDIA },
      { rule: 'R-contact', code: 'unknown_type', path: `${MEDIA}/0/@type` },
    ]));
  it('counts an undefined contactMedium as absent', () =>
    expectViolation(withParties(party('technicalContact', individual({ contactMedium: undefined }))), {
      ...r3,
      path: PARTY,
      params: { property: 'contactMedium' },
    }));
  it('does not count an inherited contactMedium as present', () =>
    expectViolation(
      withParties(party('technicalContact', Object.assign(Object.create({ contactMedium: [phone()] }), individual()))),
      { ...r3, path: PARTY, params: { property: 'contactMedium' } },
    ));
  it('counts a phone medium that R-contact rejects as a phone', () =>
    expectViolation(withContact('technicalContact', [phone({ phoneNumber: '' })]), {
      rule: 'R-contact',
      code: 'too_short',
      path: `${MEDIA}/0/phoneNumber`,
    }));
  it('leaves a contactMedium that is not an array to R-contact', () =>
    expectViolation(withContact('technicalContact', phone()), {
      rule: 'R-contact',
      code: 'wrong_type',
      path: MEDIA,
      params: { expected: 'array' },
    }));
  it('leaves a role of another case to R6', () =>
    expectViolation(withContact('TechnicalContact'), {
      rule: 'R6',
      code: 'unknown_role',
      path: '/relatedParty/0/role',
    }));
  it('reports each contact without a phone by its index', () =>
    expectViolations(
      withParties(
        party('technicalContact', individual({ contactMedium: [phone()] })),
        party('installationContact', individual({ contactMedium: [email()] })),
        party('orderManagementBuyerContact'),
      ),
      [
        { ...r3, path: '/relatedParty/1/partyOrPartyRole/contactMedium', params: { role: 'installationContact' } },
        { ...r3, path: '/relatedParty/2/partyOrPartyRole', params: { role: 'orderManagementBuyerContact' } },
      ],
    ));
});
