// R12: a new optical access line has a locationA place and at most one more: a second locationA,
// an alternate address or a locationB collocation site with its room name and one nested place;
// its mutants break the count, the locationA role or the site.
import fc from 'fast-check';
import type { ViolationCode } from '../../violation.js';
import {
  anyPlace,
  countBreaks,
  family,
  insert,
  listOf,
  locationA,
  named,
  type OrderPart,
  type Orders,
  placesOfType,
  relatedPlace,
  roleBreak,
  siteBreaks,
  text,
  withExtra,
  withLocationBSite,
} from '../arbitrary-kit.js';

const withSite = withLocationBSite(fc.tuple(named('collocation_room_name', text(1, 50))));

const places = fc.oneof(
  locationA.map((a) => [a]),
  withSite,
  insert(
    relatedPlace('alternateAddress', anyPlace),
    locationA.map((a) => [a]),
  ),
  fc.tuple(locationA, locationA),
);

const type = 'OpticalAccessLineProduct';

export const part: OrderPart = { places: { [type]: places } };

const roomNameFaults = fc.oneof(
  fc.constant(['', 'too_short'] as const),
  text(51, 60).map((v) => [v, 'too_long'] as const),
  fc.constantFrom(7, null).map((v) => [v, 'wrong_type'] as const),
);

export const mutants = (orders: Orders) =>
  fc.oneof(
    family('R12', withExtra(orders, fc.constant('new'), 'productOrderItem', orders.newItem(type)), placesOfType(type), [
      ...countBreaks(2),
      fc.constant(roleBreak('locationA', 'alternateAddress')),
    ]),
    family(
      'R12',
      withExtra(orders, fc.constant('new'), 'productOrderItem', orders.newItem(type, withSite)),
      (box) => placesOfType(type)(box).filter((t) => listOf(t).some((p) => p.role === 'locationB')),
      siteBreaks('collocation_room_name', roomNameFaults),
    ),
  );

/** The codes the mutants give, one per mutant. */
export const faults: readonly ViolationCode[] = [
  'wrong_type',
  'not_allowed',
  'too_short',
  'too_long',
  'too_few_items',
  'too_many_items',
  'missing_role',
  'missing_characteristic',
];
