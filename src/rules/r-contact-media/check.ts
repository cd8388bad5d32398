// R-contact: every item of partyOrPartyRole.contactMedium is exactly one of PhoneContactMedium
// (fixed | mobile, phoneNumber 1 to 30), EmailContactMedium (email, emailAddress 1 to 255) and
// PostalAddressContactMedium (postal, city, postcode, streetName, streetNr required; field lengths).
import { checkContactMedia } from '../../generated/table-checks.js';
import { Findings, isRecord, list, none, own, type Work } from '../../read.js';
import type { Check } from '../../violation.js';
import { partyPath } from '../parties.js';

export const contactMedia: Check = /* @__PURE__ */ Object.freeze({
  id: 'R-contact',
  check(order: unknown, work?: Work) {
    if (!isRecord(order)) return none;
    const parties = list(order, 'relatedParty', order.relatedParty);
    const found = new Findings('R-contact', work);
    for (let i = 0, n = found.visit(parties); i < n; i++) {
      const related = parties[i];
      if (!isRecord(related)) continue;
      const party = own(related, 'partyOrPartyRole', related.partyOrPartyRole);
      const media = isRecord(party) ? own(party, 'contactMedium', party.contactMedium) : undefined;
      if (media !== undefined) checkContactMedia(media, `${partyPath(i)}/contactMedium`, found);
    }
    return found.done();
  },
});
