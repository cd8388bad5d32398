// R-party: partyOrPartyRole is exactly one of Individual (familyName, salutation required; givenName;
// each 1 to 30) and Organization (name 1 to 60, required).
import { checkParty } from '../../generated/table-checks.js';
import { Findings, isRecord, list, none, type Work } from '../../read.js';
import type { Check } from '../../violation.js';

export const party: Check = /* @__PURE__ */ Object.freeze({
  id: 'R-party',
  check(order: unknown, work?: Work) {
    if (!isRecord(order)) return none;
    const parties = list(order, 'relatedParty', order.relatedParty);
    const found = new Findings('R-party', work);
    for (let i = 0, n = found.visit(parties); i < n; i++) {
      const related = parties[i];
      if (!isRecord(related)) continue;
      checkParty(related, `/relatedParty/${i}`, found);
    }
    return found.done();
  },
});
