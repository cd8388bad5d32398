// R3. When the role of a related party is one of installationContact, technicalContact,
// ownerAdministrationContact, ownerInstallationContact, orderManagementSellerContact,
// orderManagementBuyerContact, then partyOrPartyRole.contactMedium is required and contains at
// least one item of @type PhoneContactMedium.
import { contactDemand } from './parties.js';

export const contactRoles: ReadonlySet<string> = new Set([
  'installationContact',
  'technicalContact',
  'ownerAdministrationContact',
  'ownerInstallationContact',
  'orderManagementSellerContact',
  'orderManagementBuyerContact',
]);

export const r3 = contactDemand({
  id: 'R3',
  title: 'A contact role requires partyOrPartyRole.contactMedium with at least one PhoneContactMedium.',
  roles: contactRoles,
  mediumType: 'PhoneContactMedium',
  code: 'missing_phone_contact',
});
