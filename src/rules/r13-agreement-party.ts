// R13. Each agreement has engagedParty as an array of 0 to 1 items; each item has @type
// Organization and requires businessId, a string of length 1 to 40 (a business identifier,
// possibly different from the technical id).

import { Findings, has, isRecord, list, none, own, textFault } from '../read.js';
import type { Rule } from '../violation.js';

export const r13: Rule = Object.freeze({
  id: 'R13',
  title: 'agreement.engagedParty has 0 to 1 items, each an Organization with businessId of 1 to 40 characters.',
  check(order: unknown) {
    if (!isRecord(order)) return none;
    const agreements = list(order, 'agreement', order.agreement);
    const found = new Findings('R13');
    for (let i = 0; i < agreements.length; i++) {
      const agreement = agreements[i];
      if (!isRecord(agreement) || !has(agreement, 'engagedParty', agreement.engagedParty)) continue;
      const path = `/agreement/${i}/engagedParty`;
      const parties = own(agreement, 'engagedParty', agreement.engagedParty);
      if (!Array.isArray(parties)) {
        found.wrongType(path, 'array', parties);
        continue;
      }
      found.count(path, parties.length, 0, 1);
      for (let j = 0; j < parties.length; j++) {
        const party = parties[j];
        const partyPath = `${path}/${j}`;
        if (!isRecord(party)) {
          found.wrongType(partyPath, 'object', party);
          continue;
        }
        if (!has(party, '@type', party['@type'])) found.missing(partyPath, '@type');
        else if (own(party, '@type', party['@type']) !== 'Organization')
          found.add('not_allowed', `${partyPath}/@type`, { allowed: ['Organization'] });
        if (!has(party, 'businessId', party.businessId)) found.missing(partyPath, 'businessId');
        else {
          const fault = textFault(own(party, 'businessId', party.businessId), 1, 40);
          if (fault) found.add(fault[0], `${partyPath}/businessId`, fault[1]);
        }
      }
    }
    return found.done();
  },
});
