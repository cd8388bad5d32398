// R10: a new HVt or KVz local loop has a locationA place and a locationB site with a national
// destination code, a local exchange area and one nested place; its mutants break the count, a
// role or the site.
import fc from 'fast-check';
import type { ViolationCode } from '../../violation.js';
import {
  countBreaks,
  family,
  named,
  type OrderPart,
  type Orders,
  placesOfType,
  roleBreak,
  siteBreaks,
  withExtra,
  withLocationBSite,
} from '../arbitrary-kit.js';

const types = ['HvtLocalLoopProduct', 'KvzLocalLoopProduct'];

const places = withLocationBSite(
  fc.tuple(
    named('national_destination_code', fc.stringMatching(/^[1-9][0-9]{1,4}$/)),
    named('local_exchange_area', fc.stringMatching(/^[1-9][0-9]{0,3}$/)),
  ),
);

export const part: OrderPart = { places: Object.fromEntries(types.map((type) => [type, places])) };

const patternFaults = (bad: string[]) =>
  fc.oneof(
    fc.constantFrom(...bad).map((v) => [v, 'pattern_mismatch'] as const),
    fc.constantFrom(221, null, ['221']).map((v) => [v, 'wrong_type'] as const),
  );

const localLoopFamily = (orders: Orders, type: string) =>
  family('R10', withExtra(orders, fc.constant('new'), 'productOrderItem', orders.newItem(type)), placesOfType(type), [
    ...countBreaks(2, 'locationB'),
    fc.constantFrom(roleBreak('locationB', 'alternateAddress'), roleBreak('locationA', 'alternateAddress')),
    ...siteBreaks('national_destination_code', patternFaults(['0221', '1', '123456', '22a', ' 221'])),
    ...siteBreaks('local_exchange_area', patternFaults(['0', '12345', 'x', '012'])),
  ]);

export const mutants = (orders: Orders) => fc.oneof(...types.map((type) => localLoopFamily(orders, type)));

/** The codes the mutants give, one per mutant. */
export const faults: readonly ViolationCode[] = [
  'wrong_type',
  'not_allowed',
  'too_few_items',
  'too_many_items',
  'pattern_mismatch',
  'missing_role',
  'missing_characteristic',
];
