// R3 and R4 share one shape: a role group whose party needs a contact medium of one @type.

import { Findings, focusOf, isRecord, list, none, own, type Work } from '../read.js';
import type { Check, RuleId, ViolationCode } from '../violation.js';

/** The pointer of the party of related party `i`; built only for a fault. */
export const partyPath = (i: number): string => `/relatedParty/${i}/partyOrPartyRole`;

interface ContactDemand {
  readonly id: RuleId;
  readonly roles: ReadonlySet<string>;
  readonly mediumType: string;
  readonly code: ViolationCode;
}

/**
 * A rule that the party of each related party with one of `roles` has `contactMedium` with an item
 * of `mediumType`. A contactMedium that is not an array is R-contact's to report, not this rule's.
 */
export function contactDemand({ id, roles, mediumType, code }: ContactDemand): Check {
  return Object.freeze({
    id,
    check(order: unknown, work?: Work) {
      if (!isRecord(order)) return none;
      const parties = list(order, 'relatedParty', order.relatedParty);
      const found = new Findings(id, work);
      for (let i = 0, n = found.visit(parties); i < n; i++) {
        const related = parties[i];
        if (!isRecord(related)) continue;
        const role = own(related, 'role', related.role);
        if (typeof role !== 'string' || !roles.has(role)) continue;
        const party = own(related, 'partyOrPartyRole', related.partyOrPartyRole);
        if (!isRecord(party)) continue;
        const media = own(party, 'contactMedium', party.contactMedium);
        // a form focuses the first contact medium's @type, the one it adds when there is none
        const focus = focusOf(`${partyPath(i)}/contactMedium`, 0);
        if (media === undefined) found.add(code, partyPath(i), { role, property: 'contactMedium', focus });
        else if (Array.isArray(media) && !holds(found, media, mediumType))
          found.add(code, `${partyPath(i)}/contactMedium`, { role, focus });
      }
      return found.done();
    },
  });
}

/** Whether some item of `media` is a contact medium of `@type` `mediumType`. */
function holds(found: Findings, media: readonly unknown[], mediumType: string): boolean {
  for (let k = 0, n = found.visit(media); k < n; k++) {
    const medium = media[k];
    if (isRecord(medium) && own(medium, '@type', medium['@type']) === mediumType) return true;
  }
  return false;
}
