// R-party: partyOrPartyRole is exactly one of Individual (familyName, salutation required; givenName;
// each 1 to 30) and Organization (name 1 to 60, required).
import { checkParty } from '../generated/table-checks.js';
import type { Rule } from '../violation.js';
import { schemaFindings } from './from-schema.js';
import { Findings, isRecord, list, none } from './read.js';

export const party: Rule = Object.freeze({
  id: 'R-party',
  title: 'partyOrPartyRole is exactly one of Individual and Organization, with their required fields and lengths.',
  check(order: unknown) {
    if (!isRecord(order)) return none;
    const parties = list(order, 'relatedParty');
    const found = new Findings('R-party');
    for (let i = 0; i < parties.length; i++) {
      const related = parties[i];
      if (!isRecord(related)) continue;
      const more = schemaFindings(checkParty, 'R-party', related, `/relatedParty/${i}`);
      found.addAll(more);
    }
    return found.done();
  },
});
