// R14: in a termination, every item deletes; its mutants give one another action or none.
import fc from 'fast-check';
import type { ViolationCode } from '../../violation.js';
import {
  anyProduct,
  drop,
  family,
  find,
  item,
  type OrderPart,
  type Orders,
  put,
  terminations,
} from '../arbitrary-kit.js';

export const part: OrderPart = {
  items: Object.fromEntries(
    terminations.map((category) => [category, () => item(fc.constant('delete'), anyProduct, false)]),
  ),
};

export const mutants = ({ orderOf }: Orders) =>
  family('R14', fc.constantFrom(...terminations).chain(orderOf), (box) => find(box, '/productOrderItem/*'), [
    fc.constantFrom('add', 'modify', 'nochange', 'transfer', 'Delete').map((a) => put('action', a, 'not_allowed')),
    fc.constant(drop('action')),
  ]);

/** The codes the mutants give, one per mutant. */
export const faults: readonly ViolationCode[] = ['required', 'not_allowed'];
