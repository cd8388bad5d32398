// R7. For every order item, product.relatedPlace is an array whose items have role in: locationA,
// locationB, alternateAddress.

import { Findings, has, isRecord, list, none, own } from '../read.js';
import type { Rule } from '../violation.js';

export const placeRoles: readonly string[] = ['locationA', 'locationB', 'alternateAddress'];
const known = new Set(placeRoles);

/** Whether `role` is one R7 allows. */
export const isPlaceRole = (role: unknown): role is string => typeof role === 'string' && known.has(role);

export const r7: Rule = Object.freeze({
  id: 'R7',
  title: 'product.relatedPlace is an array whose items have role locationA, locationB or alternateAddress.',
  check(order: unknown) {
    if (!isRecord(order)) return none;
    const items = list(order, 'productOrderItem', order.productOrderItem);
    const found = new Findings('R7');
    for (let i = 0; i < items.length; i++) {
      const item = items[i];
      const product = isRecord(item) ? own(item, 'product', item.product) : undefined;
      if (!isRecord(product) || !has(product, 'relatedPlace', product.relatedPlace)) continue;
      const base = `/productOrderItem/${i}/product/relatedPlace`;
      const places = own(product, 'relatedPlace', product.relatedPlace);
      if (!Array.isArray(places)) {
        found.wrongType(base, 'array', places);
        continue;
      }
      for (let j = 0; j < places.length; j++) {
        const place = places[j];
        if (!isRecord(place)) found.wrongType(`${base}/${j}`, 'object', place);
        else if (!has(place, 'role', place.role)) found.missing(`${base}/${j}`, 'role');
        else if (!isPlaceRole(own(place, 'role', place.role)))
          found.add('not_allowed', `${base}/${j}/role`, { allowed: placeRoles });
      }
    }
    return found.done();
  },
});
