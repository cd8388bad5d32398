// R8: a related place is a GeographicAddress, a GeographicSite or a PlaceRef, each of its own shape
// (the valid places are the kit's); its mutants break one place of a new order.
import fc from 'fast-check';
import type { ViolationCode } from '../../violation.js';
import { drop, family, find, type Orders, places, put, swap, typed, unknownString } from '../arbitrary-kit.js';

export const mutants = ({ orderOf }: Orders) => {
  const newOrder = orderOf('new');
  return fc.oneof(
    family('R8', newOrder, (box) => find(box, `${places}/*`), [
      fc.constant(drop('place')),
      fc.constantFrom('address', 0, null, []).map((v) => put('place', v, 'wrong_type')),
    ]),
    family('R8', newOrder, (box) => find(box, `${places}/*/place`), [
      unknownString(['GeographicAddress', 'GeographicSite', 'PlaceRef']).map((t) => put('@type', t, 'unknown_type')),
      fc.constant(drop('@type')),
    ]),
    family('R8', newOrder, (box) => find(box, `${places}/*/place`, typed('GeographicSite')), [
      fc.constantFrom('geographicSiteCharacteristic', 'place').map(drop),
      fc
        .tuple(fc.constantFrom('geographicSiteCharacteristic', 'place'), fc.constantFrom({}, 'x'))
        .map(([f, v]) => put(f, v, 'wrong_type')),
    ]),
    family('R8', newOrder, (box) => find(box, `${places}/*/place/geographicSiteCharacteristic/*`), [
      fc.constantFrom('name', 'value').map(drop),
      fc.constantFrom(5, null, {}).map((v) => put('name', v, 'wrong_type')),
      fc.constantFrom('room', 4, null).map(swap),
    ]),
    family('R8', newOrder, (box) => find(box, `${places}/*/place`, typed('PlaceRef')), [
      fc.constantFrom('id', '@referredType').map(drop),
      fc.constantFrom(5, null).map((v) => put('id', v, 'wrong_type')),
      fc
        .constantFrom('GeographicSite', 'PlaceRef', 'geographicAddress')
        .map((v) => put('@referredType', v, 'not_allowed')),
    ]),
  );
};

/** The codes the mutants give, one per mutant. */
export const faults: readonly ViolationCode[] = ['required', 'wrong_type', 'not_allowed', 'unknown_type'];
