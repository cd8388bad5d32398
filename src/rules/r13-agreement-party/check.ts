// R13. Each agreement has engagedParty as an array of 0 to 1 items; each item has @type
// Organization and requires businessId, a string of length 1 to 40 (a business identifier,
// possibly different from the technical id).

import { businessId as businessIdLength, engagedParties, engagedType } from '../../generated/facts.js';
import { isRecord, textFault } from '../../read.js';
import type { Found } from '../../walk.js';

const partiesPath = (a: number) => `/agreement/${a}/engagedParty`;

/** At an agreement's engagedParty: `n` items. */
export function engagedParty(f: Found, parties: unknown, n: number, a: number): void {
  if (!Array.isArray(parties)) f.wrongType('R13', partiesPath(a), 'array', parties);
  else f.count('R13', partiesPath(a), n, 0, engagedParties);
}

/** At an engaged party. */
export function party(f: Found, node: unknown, type: unknown, businessId: unknown, a: number, j: number): void {
  if (!isRecord(node)) {
    f.wrongType('R13', `${partiesPath(a)}/${j}`, 'object', node);
    return;
  }
  if (type === undefined) f.missing('R13', `${partiesPath(a)}/${j}`, '@type');
  if (businessId === undefined) f.missing('R13', `${partiesPath(a)}/${j}`, 'businessId');
}

/** At an engaged party's @type. */
export function type(f: Found, value: unknown, a: number, j: number): void {
  if (!engagedType.includes(value as never))
    f.outside('R13', 'not_allowed', `${partiesPath(a)}/${j}/@type`, value, engagedType);
}

/** At an engaged party's businessId. */
export function businessId(f: Found, value: unknown, a: number, j: number): void {
  const fault = textFault(value, businessIdLength.min, businessIdLength.max);
  if (fault) f.add('R13', fault[0], `${partiesPath(a)}/${j}/businessId`, fault[1]);
}
