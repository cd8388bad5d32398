// R11: a new bitstream access has one place, of role locationA; its mutants give it none, more, or
// another role.
import fc from 'fast-check';
import { bitstream, newCategory } from '../../generated/facts.js';
import {
  countBreaks,
  edit,
  either,
  family,
  listOf,
  locationA,
  type OrderPart,
  type Orders,
  placesOfType,
  withExtra,
} from '../arbitrary-kit.js';

export const part: OrderPart = {
  places: Object.fromEntries(bitstream.products.map((type) => [type, locationA.map((a) => [a])])),
};

export const mutants = (orders: Orders) =>
  either(
    ...bitstream.products.map((type) =>
      family(
        'R11',
        withExtra(orders, fc.constant(newCategory), 'productOrderItem', orders.newItem(type)),
        placesOfType(type),
        [
          ...countBreaks(bitstream.places.max),
          fc.constantFrom('locationB', 'alternateAddress').map((role) =>
            edit(`the place has role ${role}`, 'not_allowed', '/0/role', (t) => {
              listOf(t)[0].role = role;
            }),
          ),
        ],
      ),
    ),
  );
