// R8. Each relatedPlace item has a place that is exactly one of: GeographicAddress (no further
// rules); GeographicSite (geographicSiteCharacteristic, an array of objects each requiring name and
// value, and place are required); PlaceRef (@referredType must be GeographicAddress; id and
// @referredType are required).

import { address, placeKinds, placeRef, referredTypes, site } from '../../generated/facts.js';
import { type Data, Findings, isRecord, list, none, own, type Work } from '../../read.js';
import type { Check } from '../../violation.js';
import { placePath } from '../r7-place-roles/check.js';

const known: ReadonlySet<string> = /* @__PURE__ */ new Set(placeKinds);

/** The @type of a place R8 accepts the kind of, else undefined. */
export function placeKind(place: unknown): string | undefined {
  const kind = isRecord(place) ? own(place, '@type', place['@type']) : undefined;
  return typeof kind === 'string' && known.has(kind) ? kind : undefined;
}

export const r8: Check = /* @__PURE__ */ Object.freeze({
  id: 'R8',
  check(order: unknown, work?: Work) {
    if (!isRecord(order)) return none;
    const items = list(order, 'productOrderItem', order.productOrderItem);
    const found = new Findings('R8', work);
    for (let i = 0, n = found.visit(items); i < n; i++) {
      const item = items[i];
      const product = isRecord(item) ? own(item, 'product', item.product) : undefined;
      if (!isRecord(product)) continue;
      const places = list(product, 'relatedPlace', product.relatedPlace);
      for (let j = 0, m = found.visit(places); j < m; j++) {
        const related = places[j];
        if (!isRecord(related)) continue;
        const place = own(related, 'place', related.place);
        if (place === undefined) found.missing(placePath(i, j), 'place');
        else checkPlace(found, place, i, j);
      }
    }
    return found.done();
  },
});

// The checks below build a pointer only for a fault: most places have none.
const at = (i: number, j: number, rest = '') => `${placePath(i, j)}/place${rest}`;

function checkPlace(found: Findings, place: unknown, i: number, j: number): void {
  if (!isRecord(place)) {
    found.wrongType(at(i, j), 'object', place);
    return;
  }
  const type = own(place, '@type', place['@type']);
  if (type === undefined) found.missing(at(i, j), '@type');
  else if (type === site) checkSite(found, place, i, j);
  else if (type === placeRef) checkRef(found, place, i, j);
  else if (type !== address) found.outside('unknown_type', at(i, j, '/@type'), type, placeKinds);
}

function checkSite(found: Findings, site: Data, i: number, j: number): void {
  const characteristics = own(site, 'geographicSiteCharacteristic', site.geographicSiteCharacteristic);
  if (characteristics === undefined) found.missing(at(i, j), 'geographicSiteCharacteristic');
  else if (!Array.isArray(characteristics))
    found.wrongType(at(i, j, '/geographicSiteCharacteristic'), 'array', characteristics);
  else
    for (let k = 0, n = found.visit(characteristics); k < n; k++) {
      const characteristic = characteristics[k];
      if (!isRecord(characteristic) || !isNamedValue(characteristic))
        checkCharacteristic(found, characteristic, at(i, j, `/geographicSiteCharacteristic/${k}`));
    }
  const nested = own(site, 'place', site.place);
  if (nested === undefined) found.missing(at(i, j), 'place');
  else if (!Array.isArray(nested)) found.wrongType(at(i, j, '/place'), 'array', nested);
}

const isNamedValue = (c: Data) => typeof own(c, 'name', c.name) === 'string' && own(c, 'value', c.value) !== undefined;

function checkCharacteristic(found: Findings, characteristic: unknown, path: string): void {
  if (!isRecord(characteristic)) {
    found.wrongType(path, 'object', characteristic);
    return;
  }
  const name = own(characteristic, 'name', characteristic.name);
  if (name === undefined) found.missing(path, 'name');
  else if (typeof name !== 'string') found.wrongType(`${path}/name`, 'string', name);
  if (own(characteristic, 'value', characteristic.value) === undefined) found.missing(path, 'value');
}

function checkRef(found: Findings, ref: Data, i: number, j: number): void {
  const id = own(ref, 'id', ref.id);
  if (id === undefined) found.missing(at(i, j), 'id');
  else if (typeof id !== 'string') found.wrongType(at(i, j, '/id'), 'string', id);
  const referred = own(ref, '@referredType', ref['@referredType']);
  if (referred === undefined) found.missing(at(i, j), '@referredType');
  else if (!referredTypes.includes(referred as never))
    found.outside('not_allowed', at(i, j, '/@referredType'), referred, referredTypes);
}
