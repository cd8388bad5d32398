// R3. When the role of a related party is one of installationContact, technicalContact,
// ownerAdministrationContact, ownerInstallationContact, orderManagementSellerContact,
// orderManagementBuyerContact, then partyOrPartyRole.contactMedium is required and contains at
// least one item of @type PhoneContactMedium.

import { contactRoles, phoneMedium } from '../../generated/facts.js';
import { contactDemand } from '../parties.js';

export const { party, media, medium, mediaEnd } = /* @__PURE__ */ contactDemand({
  id: 'R3',
  roles: new Set(contactRoles),
  mediumType: phoneMedium,
  code: 'missing_phone_contact',
});
