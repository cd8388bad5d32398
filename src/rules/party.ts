// R-party: partyOrPartyRole is exactly one of Individual (familyName, salutation required; givenName;
// each 1 to 30) and Organization (name 1 to 60, required).
import { checkParty } from '../generated/table-checks.js';
import { Findings, isRecord, list, none } from '../read.js';
import type { Rule } from '../violation.js';

export const party: Rule = /* @__PURE__ */ Object.freeze({
  id: 'R-party',
  title: 'partyOrPartyRole is exactly one of Individual and Organization, with their required fields and lengths.',
  check(order: unknown) {
    if (!isRecord(order)) return none;
    const parties = list(order, 'relatedParty', order.relatedParty);
    const found = new Findings('R-party');
    for (let i = 0; i < parties.length; i++) {
      const related = parties[i];
      if (!isRecord(related)) continue;
      checkParty(related, `/relatedParty/${i}`, found);
    }
    return found.done();
  },
});
