// R8. Each relatedPlace item has a place that is exactly one of: GeographicAddress (no further
// rules); GeographicSite (geographicSiteCharacteristic, an array of objects each requiring name and
// value, and place are required); PlaceRef (@referredType must be GeographicAddress; id and
// @referredType are required).

import { address, placeKinds, placeRef, referredTypes, site } from '../../generated/facts.js';
import { isRecord } from '../../read.js';
import type { Found } from '../../walk.js';
import { placePath } from '../r7-place-roles/check.js';

const known: ReadonlySet<string> = /* @__PURE__ */ new Set(placeKinds);

/** The @type of a place R8 accepts the kind of, else undefined. */
export const placeKind = (type: unknown): string | undefined =>
  typeof type === 'string' && known.has(type) ? type : undefined;

const at = (i: number, j: number, rest = '') => `${placePath(i, j)}/place${rest}`;

/** At a relatedPlace item: its place is missing. */
export function relatedPlace(f: Found, node: unknown, place: unknown, i: number, j: number): void {
  if (place === undefined && isRecord(node)) f.missing('R8', placePath(i, j), 'place');
}

/** At a place: what its kind requires is missing. */
export function place(
  f: Found,
  node: unknown,
  type: unknown,
  characteristics: unknown,
  nested: unknown,
  id: unknown,
  referred: unknown,
  i: number,
  j: number,
): void {
  if (!isRecord(node)) {
    f.wrongType('R8', at(i, j), 'object', node);
    return;
  }
  if (type === undefined) f.missing('R8', at(i, j), '@type');
  else if (type === site) {
    if (characteristics === undefined) f.missing('R8', at(i, j), 'geographicSiteCharacteristic');
    if (nested === undefined) f.missing('R8', at(i, j), 'place');
  } else if (type === placeRef) {
    if (id === undefined) f.missing('R8', at(i, j), 'id');
    if (referred === undefined) f.missing('R8', at(i, j), '@referredType');
  }
}

/** At a place's @type. */
export function type(f: Found, value: unknown, i: number, j: number): void {
  if (value !== site && value !== placeRef && value !== address)
    f.outside('R8', 'unknown_type', at(i, j, '/@type'), value, placeKinds);
}

/** At a site's geographicSiteCharacteristic. */
export function characteristics(f: Found, value: unknown, i: number, j: number): void {
  if (!Array.isArray(value)) f.wrongType('R8', at(i, j, '/geographicSiteCharacteristic'), 'array', value);
}

const characteristicPath = (i: number, j: number, k: number) => at(i, j, `/geographicSiteCharacteristic/${k}`);

/** At a characteristic: no object, or its name or value missing. */
export function characteristic(
  f: Found,
  node: unknown,
  name: unknown,
  value: unknown,
  i: number,
  j: number,
  k: number,
): void {
  if (!isRecord(node)) {
    f.wrongType('R8', characteristicPath(i, j, k), 'object', node);
    return;
  }
  if (name === undefined) f.missing('R8', characteristicPath(i, j, k), 'name');
  if (value === undefined) f.missing('R8', characteristicPath(i, j, k), 'value');
}

/** At a characteristic's name. */
export function characteristicName(f: Found, name: unknown, i: number, j: number, k: number): void {
  if (typeof name !== 'string') f.wrongType('R8', `${characteristicPath(i, j, k)}/name`, 'string', name);
}

/** At a site's nested place. */
export function nested(f: Found, value: unknown, i: number, j: number): void {
  if (!Array.isArray(value)) f.wrongType('R8', at(i, j, '/place'), 'array', value);
}

/** At a place reference's id. */
export function refId(f: Found, value: unknown, i: number, j: number): void {
  if (typeof value !== 'string') f.wrongType('R8', at(i, j, '/id'), 'string', value);
}

/** At a place reference's @referredType. */
export function referredType(f: Found, value: unknown, i: number, j: number): void {
  if (!referredTypes.includes(value as never))
    f.outside('R8', 'not_allowed', at(i, j, '/@referredType'), value, referredTypes);
}
