// R8. Each relatedPlace item has a place that is exactly one of: GeographicAddress (no further
// rules); GeographicSite (geographicSiteCharacteristic, an array of objects each requiring name and
// value, and place are required); PlaceRef (@referredType must be GeographicAddress; id and
// @referredType are required).

import { type Data, Findings, has, isRecord, list, none, own } from '../read.js';
import type { Rule } from '../violation.js';

export const placeKinds: readonly string[] = ['GeographicAddress', 'GeographicSite', 'PlaceRef'];
const known = new Set(placeKinds);

/** The @type of a place R8 accepts the kind of, else undefined. */
export function placeKind(place: unknown): string | undefined {
  const kind = isRecord(place) ? own(place, '@type', place['@type']) : undefined;
  return typeof kind === 'string' && known.has(kind) ? kind : undefined;
}

export const r8: Rule = Object.freeze({
  id: 'R8',
  title: 'Each relatedPlace item has a place that is exactly one of GeographicAddress, GeographicSite and PlaceRef.',
  check(order: unknown) {
    if (!isRecord(order)) return none;
    const items = list(order, 'productOrderItem', order.productOrderItem);
    const found = new Findings('R8');
    for (let i = 0; i < items.length; i++) {
      const item = items[i];
      const product = isRecord(item) ? own(item, 'product', item.product) : undefined;
      if (!isRecord(product)) continue;
      const places = list(product, 'relatedPlace', product.relatedPlace);
      for (let j = 0; j < places.length; j++) {
        const related = places[j];
        if (!isRecord(related)) continue;
        const path = `/productOrderItem/${i}/product/relatedPlace/${j}`;
        if (!has(related, 'place', related.place)) found.missing(path, 'place');
        else checkPlace(found, own(related, 'place', related.place), `${path}/place`);
      }
    }
    return found.done();
  },
});

function checkPlace(found: Findings, place: unknown, path: string): void {
  const kind = placeKind(place);
  if (!isRecord(place)) found.wrongType(path, 'object', place);
  else if (!has(place, '@type', place['@type'])) found.missing(path, '@type');
  else if (!kind) found.add('unknown_type', `${path}/@type`, { allowed: placeKinds });
  else if (kind === 'GeographicSite') checkSite(found, place, path);
  else if (kind === 'PlaceRef') checkRef(found, place, path);
}

function checkSite(found: Findings, site: Data, path: string): void {
  if (!has(site, 'geographicSiteCharacteristic', site.geographicSiteCharacteristic))
    found.missing(path, 'geographicSiteCharacteristic');
  else {
    const characteristics = own(site, 'geographicSiteCharacteristic', site.geographicSiteCharacteristic);
    const base = `${path}/geographicSiteCharacteristic`;
    if (!Array.isArray(characteristics)) found.wrongType(base, 'array', characteristics);
    else
      for (let k = 0; k < characteristics.length; k++) checkCharacteristic(found, characteristics[k], `${base}/${k}`);
  }
  if (!has(site, 'place', site.place)) found.missing(path, 'place');
  else if (!Array.isArray(own(site, 'place', site.place)))
    found.wrongType(`${path}/place`, 'array', own(site, 'place', site.place));
}

function checkCharacteristic(found: Findings, characteristic: unknown, path: string): void {
  if (!isRecord(characteristic)) {
    found.wrongType(path, 'object', characteristic);
    return;
  }
  if (!has(characteristic, 'name', characteristic.name)) found.missing(path, 'name');
  else if (typeof own(characteristic, 'name', characteristic.name) !== 'string')
    found.wrongType(`${path}/name`, 'string', own(characteristic, 'name', characteristic.name));
  if (!has(characteristic, 'value', characteristic.value)) found.missing(path, 'value');
}

function checkRef(found: Findings, ref: Data, path: string): void {
  if (!has(ref, 'id', ref.id)) found.missing(path, 'id');
  else if (typeof own(ref, 'id', ref.id) !== 'string') found.wrongType(`${path}/id`, 'string', own(ref, 'id', ref.id));
  if (!has(ref, '@referredType', ref['@referredType'])) found.missing(path, '@referredType');
  else if (own(ref, '@referredType', ref['@referredType']) !== 'GeographicAddress')
    found.add('not_allowed', `${path}/@referredType`, { allowed: ['GeographicAddress'] });
}
