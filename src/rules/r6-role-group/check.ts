// R6. A related party must match exactly one of the role groups in R3 to R5.

import { partyRoles } from '../../generated/facts.js';
import { isRecord } from '../../read.js';
import type { Found } from '../../walk.js';

const known: ReadonlySet<string> = /* @__PURE__ */ new Set(partyRoles);

/** At a related party: its role is missing. */
export function relatedParty(f: Found, related: unknown, role: unknown, i: number): void {
  if (role === undefined && isRecord(related)) f.missing('R6', `/relatedParty/${i}`, 'role');
}

/** At a related party's role: one of no group. */
export function role(f: Found, value: unknown, i: number): void {
  if (typeof value !== 'string' || !known.has(value))
    f.outside('R6', 'unknown_role', `/relatedParty/${i}/role`, value, partyRoles);
}
