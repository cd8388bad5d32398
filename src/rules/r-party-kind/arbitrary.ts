// The party table's mutants: an Individual's or an Organization's field out of its bounds or
// missing, a party of no known @type, or a related party without its party. Valid parties are the kit's.
import fc from 'fast-check';
import type { ViolationCode } from '../../violation.js';
import { bounds, drop, family, find, type Orders, parties, put, swap, typed, unknownString } from '../arbitrary-kit.js';

export const mutants = ({ order }: Orders) =>
  fc.oneof(
    family('R-party', order, (box) => find(box, parties, typed('Individual')), [
      ...bounds('familyName', 30),
      ...bounds('givenName', 30),
      ...bounds('salutation', 30),
      fc.constantFrom('familyName', 'salutation').map(drop),
    ]),
    family('R-party', order, (box) => find(box, parties, typed('Organization')), [
      ...bounds('name', 60),
      fc.constant(drop('name')),
    ]),
    family('R-party', order, (box) => find(box, parties), [
      unknownString(['Individual', 'Organization']).map((t) => put('@type', t, 'unknown_type')),
      fc.constant(drop('@type')),
      fc.constantFrom('Muster', 1, null, []).map(swap),
    ]),
    family('R-party', order, (box) => find(box, '/relatedParty/*'), [fc.constant(drop('partyOrPartyRole'))]),
  );

/** The codes the mutants give, one per mutant. */
export const faults: readonly ViolationCode[] = ['required', 'wrong_type', 'unknown_type', 'too_short', 'too_long'];
