// R7: a related place has one of the place roles, and relatedPlace is a list (the valid places are
// R10's to R12's and the kit's); its mutants break one place's role, or the list.
import fc from 'fast-check';
import type { ViolationCode } from '../../violation.js';
import { drop, family, find, type Orders, places, put, swap, unknownString } from '../arbitrary-kit.js';

export const mutants = ({ order, orderOf }: Orders) =>
  fc.oneof(
    family('R7', orderOf('new'), (box) => find(box, `${places}/*`), [
      unknownString(['locationA', 'locationB', 'alternateAddress']).map((r) => put('role', r, 'not_allowed')),
      fc.constant(drop('role')),
      fc.constantFrom('place', 3, null, []).map(swap),
    ]),
    family('R7', order, (box) => find(box, places, Array.isArray), [fc.constantFrom({}, 'locationA').map(swap)]),
  );

/** The codes the mutants give, one per mutant. */
export const faults: readonly ViolationCode[] = ['required', 'wrong_type', 'not_allowed'];
