// R-contact: every item of partyOrPartyRole.contactMedium is exactly one of PhoneContactMedium
// (fixed | mobile, phoneNumber 1 to 30), EmailContactMedium (email, emailAddress 1 to 255) and
// PostalAddressContactMedium (postal, city, postcode, streetName, streetNr required; field lengths).
import { checkContactMedia } from '../generated/table-checks.js';
import type { Rule } from '../violation.js';
import { schemaFindings } from './from-schema.js';
import { Findings, has, isRecord, list, none, own } from './read.js';

export const contactMedia: Rule = Object.freeze({
  id: 'R-contact',
  title:
    'Each contact medium is exactly one of Phone-, Email- and PostalAddressContactMedium, with their contactType, fields and lengths.',
  check(order: unknown) {
    if (!isRecord(order)) return none;
    const parties = list(order, 'relatedParty');
    const found = new Findings('R-contact');
    for (let i = 0; i < parties.length; i++) {
      const related = parties[i];
      if (!isRecord(related)) continue;
      const party = own(related, 'partyOrPartyRole');
      if (!isRecord(party) || !has(party, 'contactMedium')) continue;
      const base = `/relatedParty/${i}/partyOrPartyRole/contactMedium`;
      const more = schemaFindings(checkContactMedia, 'R-contact', own(party, 'contactMedium'), base);
      found.addAll(more);
    }
    return found.done();
  },
});
