// R13. Each agreement has engagedParty as an array of 0 to 1 items; each item has @type
// Organization and requires businessId, a string of length 1 to 40 (a business identifier,
// possibly different from the technical id).

import { businessId as businessIdLength, engagedParties, engagedType } from '../../generated/facts.js';
import { Findings, isRecord, list, none, own, textFault, type Work } from '../../read.js';
import type { Check } from '../../violation.js';

export const r13: Check = /* @__PURE__ */ Object.freeze({
  id: 'R13',
  check(order: unknown, work?: Work) {
    if (!isRecord(order)) return none;
    const agreements = list(order, 'agreement', order.agreement);
    const found = new Findings('R13', work);
    for (let i = 0, n = found.visit(agreements); i < n; i++) {
      const agreement = agreements[i];
      const parties = isRecord(agreement) ? own(agreement, 'engagedParty', agreement.engagedParty) : undefined;
      if (parties === undefined) continue;
      const path = `/agreement/${i}/engagedParty`;
      if (!Array.isArray(parties)) {
        found.wrongType(path, 'array', parties);
        continue;
      }
      const m = found.visit(parties);
      found.count(path, m, 0, engagedParties);
      for (let j = 0; j < m; j++) {
        const party = parties[j];
        if (!isRecord(party)) {
          found.wrongType(`${path}/${j}`, 'object', party);
          continue;
        }
        const type = own(party, '@type', party['@type']);
        if (type === undefined) found.missing(`${path}/${j}`, '@type');
        else if (!engagedType.includes(type as never))
          found.outside('not_allowed', `${path}/${j}/@type`, type, engagedType);
        const businessId = own(party, 'businessId', party.businessId);
        if (businessId === undefined) found.missing(`${path}/${j}`, 'businessId');
        else {
          const fault = textFault(businessId, businessIdLength.min, businessIdLength.max);
          if (fault) found.add(fault[0], `${path}/${j}/businessId`, fault[1]);
        }
      }
    }
    return found.done();
  },
});
