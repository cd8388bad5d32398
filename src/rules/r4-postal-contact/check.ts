// R4. When the role is deliveryContact, then partyOrPartyRole.contactMedium is required and contains
// at least one item of @type PostalAddressContactMedium.

import { deliveryRoles, postalMedium } from '../../generated/facts.js';
import { contactDemand } from '../parties.js';

export const { party, media, medium, mediaEnd } = /* @__PURE__ */ contactDemand({
  id: 'R4',
  roles: new Set(deliveryRoles),
  mediumType: postalMedium,
  code: 'missing_postal_contact',
});
