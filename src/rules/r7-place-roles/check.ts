// R7. For every order item, product.relatedPlace is an array whose items have role in: locationA,
// locationB, alternateAddress.

import { placeRoles } from '../../generated/facts.js';
import { isRecord } from '../../read.js';
import type { Found } from '../../walk.js';
import { itemPath } from '../items.js';

const known: ReadonlySet<string> = /* @__PURE__ */ new Set(placeRoles);

/** Whether `role` is one R7 allows. */
export const isPlaceRole = (role: unknown): role is string => typeof role === 'string' && known.has(role);

/** The pointer of relatedPlace item `j` of order item `i`; built only for a fault. */
export const placePath = (i: number, j: number): string => `${itemPath(i)}/product/relatedPlace/${j}`;

/** At a product's relatedPlace. */
export function relatedPlaces(f: Found, places: unknown, i: number): void {
  if (!Array.isArray(places)) f.wrongType('R7', `${itemPath(i)}/product/relatedPlace`, 'array', places);
}

/** At a relatedPlace item. */
export function relatedPlace(f: Found, place: unknown, role: unknown, i: number, j: number): void {
  if (!isRecord(place)) f.wrongType('R7', placePath(i, j), 'object', place);
  else if (role === undefined) f.missing('R7', placePath(i, j), 'role');
}

/** At a relatedPlace item's role. */
export function role(f: Found, value: unknown, i: number, j: number): void {
  if (!isPlaceRole(value)) f.outside('R7', 'not_allowed', `${placePath(i, j)}/role`, value, placeRoles);
}
