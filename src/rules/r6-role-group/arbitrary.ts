// R6: every related party has one of the roles of R3 to R5 (the valid parties are theirs); its
// mutants give one an unknown role or none.
import fc from 'fast-check';
import type { ViolationCode } from '../../violation.js';
import {
  contactRoles,
  deliveryRoles,
  drop,
  family,
  find,
  freeRoles,
  type Orders,
  put,
  unknownString,
} from '../arbitrary-kit.js';

export const mutants = ({ order }: Orders) =>
  family('R6', order, (box) => find(box, '/relatedParty/*'), [
    unknownString([...contactRoles, ...deliveryRoles, ...freeRoles]).map((r) => put('role', r, 'unknown_role')),
    fc.constant(drop('role')),
  ]);

/** The codes the mutants give, one per mutant. */
export const faults: readonly ViolationCode[] = ['required', 'unknown_role'];
