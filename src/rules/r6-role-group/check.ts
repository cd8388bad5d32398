// R6. A related party must match exactly one of the role groups in R3 to R5.

import { partyRoles } from '../../generated/facts.js';
import { Findings, isRecord, list, none, own, type Work } from '../../read.js';
import type { Check } from '../../violation.js';

const known: ReadonlySet<string> = /* @__PURE__ */ new Set(partyRoles);

export const r6: Check = /* @__PURE__ */ Object.freeze({
  id: 'R6',
  check(order: unknown, work?: Work) {
    if (!isRecord(order)) return none;
    const parties = list(order, 'relatedParty', order.relatedParty);
    const found = new Findings('R6', work);
    for (let i = 0, n = found.visit(parties); i < n; i++) {
      const related = parties[i];
      if (!isRecord(related)) continue;
      const role = own(related, 'role', related.role);
      if (role === undefined) found.missing(`/relatedParty/${i}`, 'role');
      else if (typeof role !== 'string' || !known.has(role))
        found.outside('unknown_role', `/relatedParty/${i}/role`, role, partyRoles);
    }
    return found.done();
  },
});
