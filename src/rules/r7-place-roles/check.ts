// R7. For every order item, product.relatedPlace is an array whose items have role in: locationA,
// locationB, alternateAddress.

import { placeRoles } from '../../generated/facts.js';
import { Findings, isRecord, list, none, own, type Work } from '../../read.js';
import type { Check } from '../../violation.js';
import { itemPath } from '../items.js';

const known: ReadonlySet<string> = /* @__PURE__ */ new Set(placeRoles);

/** Whether `role` is one R7 allows. */
export const isPlaceRole = (role: unknown): role is string => typeof role === 'string' && known.has(role);

/** The pointer of relatedPlace item `j` of order item `i`; built only for a fault. */
export const placePath = (i: number, j: number): string => `${itemPath(i)}/product/relatedPlace/${j}`;

export const r7: Check = /* @__PURE__ */ Object.freeze({
  id: 'R7',
  check(order: unknown, work?: Work) {
    if (!isRecord(order)) return none;
    const items = list(order, 'productOrderItem', order.productOrderItem);
    const found = new Findings('R7', work);
    for (let i = 0, n = found.visit(items); i < n; i++) {
      const item = items[i];
      const product = isRecord(item) ? own(item, 'product', item.product) : undefined;
      const places = isRecord(product) ? own(product, 'relatedPlace', product.relatedPlace) : undefined;
      if (places === undefined) continue;
      if (!Array.isArray(places)) {
        found.wrongType(`${itemPath(i)}/product/relatedPlace`, 'array', places);
        continue;
      }
      for (let j = 0, m = found.visit(places); j < m; j++) {
        const place = places[j];
        if (!isRecord(place)) {
          found.wrongType(placePath(i, j), 'object', place);
          continue;
        }
        const role = own(place, 'role', place.role);
        if (role === undefined) found.missing(placePath(i, j), 'role');
        else if (!isPlaceRole(role)) found.outside('not_allowed', `${placePath(i, j)}/role`, role, placeRoles);
      }
    }
    return found.done();
  },
});
