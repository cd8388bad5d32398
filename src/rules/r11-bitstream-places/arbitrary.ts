// R11: a new bitstream access has one place, of role locationA; its mutants give it none, more, or
// another role.
import fc from 'fast-check';
import type { ViolationCode } from '../../violation.js';
import {
  countBreaks,
  edit,
  family,
  listOf,
  locationA,
  type OrderPart,
  type Orders,
  placesOfType,
  withExtra,
} from '../arbitrary-kit.js';

const type = 'BitstreamAccessProduct';

export const part: OrderPart = { places: { [type]: locationA.map((a) => [a]) } };

export const mutants = (orders: Orders) =>
  family('R11', withExtra(orders, fc.constant('new'), 'productOrderItem', orders.newItem(type)), placesOfType(type), [
    ...countBreaks(1),
    fc.constantFrom('locationB', 'alternateAddress').map((role) =>
      edit(`the place has role ${role}`, 'not_allowed', '/0/role', (t) => {
        listOf(t)[0].role = role;
      }),
    ),
  ]);

/** The codes the mutants give, one per mutant. */
export const faults: readonly ViolationCode[] = ['not_allowed', 'too_few_items', 'too_many_items'];
