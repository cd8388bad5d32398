import { describe, it } from 'vitest';
import {
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

const { expectNoViolation, expectViolation } = ruleKit('R4');

const withDelivery = (contactMedium?: unknown, role = 'deliveryContact') =>
  withParties(party(role, individual(contactMedium === undefined ? {} : { contactMedium })));
const r4 = { rule: 'R4', code: 'missing_postal_contact' } as const;

describe('R4: deliveryContact needs a PostalAddressContactMedium', () => {
  it('holds with a postal address', () => expectNoViolation(withDelivery([postal()])));
  it('holds with a postal address after other media', () =>
    expectNoViolation(withDelivery([phone(), email(), postal()])));
  it('holds for an Organization', () =>
    expectNoViolation(withParties(party('deliveryContact', organization({ contactMedium: [postal()] })))));
  it.each(['technicalContact', 'installationContact'])('does not demand a postal address of %s', (role) =>
    expectNoViolation(withDelivery([phone()], role)),
  );
  it.each(['locationAContact', 'subcontractor'])('does not demand a postal address of %s', (role) =>
    expectNoViolation(withDelivery(undefined, role)),
  );
  it('rejects a deliveryContact without contactMedium', () =>
    expectViolation(withDelivery(), {
      ...r4,
      path: PARTY,
      params: { role: 'deliveryContact', property: 'contactMedium' },
    }));
  it('rejects an empty contactMedium', () =>
    expectViolation(withDelivery([]), { ...r4, path: MEDIA, params: { role: 'deliveryContact' } }));
  it('does not count a medium whose @type PostalAddressContactMedium is inherited', () => {
    const { '@type': type, ...own } = postal();
    const inherited = Object.assign(Object.create({ '@type': type }), own);
    expectViolation(withDelivery([inherited]), { ...r4, path: MEDIA, params: { role: 'deliveryContact' } });
  });
  it('rejects phone and email media only', () =>
    expectViolation(withDelivery([phone(), email()]), { ...r4, path: MEDIA, params: { role: 'deliveryContact' } }));
  it('counts an undefined contactMedium as absent', () =>
    expectViolation(withParties(party('deliveryContact', individual({ contactMedium: undefined }))), {
      ...r4,
      path: PARTY,
      params: { property: 'contactMedium' },
    }));
  it('counts a postal medium that R-contact rejects as postal', () =>
    expectViolation(withDelivery([postal({ postcode: '1234567' })]), {
      rule: 'R-contact',
      code: 'too_long',
      path: `${MEDIA}/0/postcode`,
      params: { limit: 6 },
    }));
  it('leaves a contactMedium that is not an array to R-contact', () =>
    expectViolation(withDelivery(postal()), { rule: 'R-contact', code: 'wrong_type', path: MEDIA }));
});
