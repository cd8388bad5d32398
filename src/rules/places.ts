// What R10, R11 and R12 share: the items of a new order with a given product @type, the roles of
// their places, and the checks of a locationB GeographicSite.

import { locationB, newCategory } from '../generated/facts.js';
import { type Data, type Findings, focusOf, isRecord, jsonType, lengthOf, list, own, textFault } from '../read.js';
import type { Fault, ParamsByCode } from '../violation.js';
import { isPlaceRole } from './r7-place-roles/check.js';
import { placeKind } from './r8-place-kinds/check.js';

/**
 * Calls `visit` with the relatedPlace array and its pointer for each item of a new order whose
 * product has one of `productTypes`. Items without a relatedPlace array are R7's and R9's to report.
 */
export function eachNewProduct(
  order: unknown,
  found: Findings,
  productTypes: ReadonlySet<string>,
  visit: (places: readonly unknown[], path: string) => void,
): void {
  if (!isRecord(order) || own(order, 'category', order.category) !== newCategory) return;
  const items = list(order, 'productOrderItem', order.productOrderItem);
  for (let i = 0, n = found.visit(items); i < n; i++) {
    const item = items[i];
    const product = isRecord(item) ? own(item, 'product', item.product) : undefined;
    if (!isRecord(product)) continue;
    const type = own(product, '@type', product['@type']);
    const places = own(product, 'relatedPlace', product.relatedPlace);
    if (typeof type === 'string' && productTypes.has(type) && Array.isArray(places))
      visit(places, `/productOrderItem/${i}/product/relatedPlace`);
  }
}

/** The roles of the places, or undefined when one is not a role R7 allows (R7 reports it). */
export function rolesOf(found: Findings, places: readonly unknown[]): string[] | undefined {
  const roles: string[] = [];
  for (let j = 0, n = found.visit(places); j < n; j++) {
    const place = places[j];
    const role = isRecord(place) ? own(place, 'role', place.role) : undefined;
    if (!isPlaceRole(role)) return undefined;
    roles.push(role);
  }
  return roles;
}

/**
 * Reports each role in `needed` that no place has, focusing the role of a place that is not needed or
 * repeats a role, each missing role its own such place where there are enough, else the first.
 */
function requireRoles(found: Findings, places: readonly unknown[], path: string, needed: readonly string[]): void {
  const roles = rolesOf(found, places);
  if (!roles) return;
  const spare: number[] = [];
  for (let j = 0; j < roles.length; j++) if (!needed.includes(roles[j]) || roles.indexOf(roles[j]) < j) spare.push(j);
  let m = 0;
  for (const role of needed)
    if (!roles.includes(role)) found.add('missing_place_role', path, { role, focus: focusOf(path, spare[m++] ?? 0) });
}

/** What a locationB place must be, as the schema says for R10 and R12. */
export interface SiteDemand {
  /** The @type of the place. */
  readonly site: string;
  /** The characteristics it must contain, by name, each value a string matching a pattern or of a length. */
  readonly characteristics: ReadonlyArray<
    | { readonly name: string; readonly pattern: RegExp }
    | { readonly name: string; readonly text: { readonly min: number; readonly max: number } }
  >;
  /** How many nested places it has. */
  readonly nested: { readonly min: number; readonly max: number };
}

/** A characteristic a site must contain. */
type Wanted = SiteDemand['characteristics'][number];

/** The fault of a characteristic's value, or undefined when it is what `wanted` demands. */
function valueFault(wanted: Wanted, value: unknown): Fault | undefined {
  if ('text' in wanted) return textFault(value, wanted.text.min, wanted.text.max);
  if (typeof value !== 'string') return ['wrong_type', { expected: 'string', actual: jsonType(value) }];
  return wanted.pattern.test(value) ? undefined : ['pattern_mismatch', { pattern: wanted.pattern.source }];
}

/** What R10 and R12 demand of a product's places: their count, the roles some place must have, and the locationB site. */
export interface PlacesDemand extends SiteDemand {
  readonly places: { readonly min: number; readonly max: number };
  readonly roles: readonly string[];
}

/** Checks the places of a product against `demand`: their count, else the roles they must have; and the locationB site. */
export function checkPlaces(found: Findings, places: readonly unknown[], path: string, demand: PlacesDemand): void {
  const { min, max } = demand.places;
  const n = lengthOf(places);
  if (n < min || n > max) found.count(path, n, min, max);
  else requireRoles(found, places, path, demand.roles);
  checkLocationB(found, places, path, demand);
}

/**
 * Checks that the place of each locationB item is a GeographicSite that contains the named
 * characteristics with right values and has exactly 1 nested place. What R8 already rejects (an
 * unknown place kind, a missing characteristics list, a characteristic without value) is left to R8.
 */
function checkLocationB(found: Findings, places: readonly unknown[], path: string, demand: SiteDemand): void {
  for (let j = 0, n = found.visit(places); j < n; j++) {
    const related = places[j];
    if (!isRecord(related) || own(related, 'role', related.role) !== locationB) continue;
    const place = own(related, 'place', related.place);
    const kind = placeKind(place);
    if (!kind) continue;
    const placePath = `${path}/${j}/place`;
    if (kind !== demand.site) {
      found.add('not_allowed', `${placePath}/@type`, { allowed: [demand.site] });
      continue;
    }
    const site = place as Data;
    const characteristics = own(site, 'geographicSiteCharacteristic', site.geographicSiteCharacteristic);
    if (Array.isArray(characteristics)) {
      const listPath = `${placePath}/geographicSiteCharacteristic`;
      const names: string[] = [];
      for (const wanted of demand.characteristics)
        if (checkCharacteristic(found, characteristics, listPath, wanted)) names.push(wanted.name);
      // one fault, one violation: every characteristic the site lacks, named in one finding
      if (names.length > 0)
        found.add('missing_characteristic', listPath, {
          name: names[0],
          names,
          focus: focusOf(listPath, 0),
        });
    }
    const nested = own(site, 'place', site.place);
    if (Array.isArray(nested))
      found.count(`${placePath}/place`, lengthOf(nested), demand.nested.min, demand.nested.max);
  }
}

/**
 * `contains` semantics: one characteristic of that name with a right value is enough. An item R8
 * rejects hides a missing one only when it could be the one sought: not an object, no string name,
 * or that name without a value. R8 reports it; an incomplete item of another name hides nothing.
 * Returns whether the characteristic is missing, for the caller to report with the others missing.
 */
function checkCharacteristic(found: Findings, list: readonly unknown[], path: string, wanted: Wanted): boolean {
  const { name } = wanted;
  let first: readonly [number, Fault | undefined] | undefined;
  let maybe = false;
  for (let k = 0, n = found.visit(list); k < n; k++) {
    const item = list[k];
    const itemName = isRecord(item) ? own(item, 'name', item.name) : undefined;
    if (typeof itemName !== 'string') {
      maybe = true;
      continue;
    }
    if (itemName !== name) continue;
    const value = own(item as Data, 'value', (item as Data).value);
    if (value === undefined) {
      maybe = true;
      continue;
    }
    const fault = valueFault(wanted, value);
    if (!fault) return false;
    first ??= [k, fault];
  }
  if (first?.[1]) {
    // the fault of a value (wrong_type, too_short, too_long, pattern_mismatch), each of which names the characteristic
    const [code, params] = first[1];
    found.add(code, `${path}/${first[0]}/value`, { ...params, name } as ParamsByCode[typeof code]);
  } else if (!maybe) {
    // a characteristic whose name is a near miss of the one sought is most likely meant to be it
    for (let k = 0, n = found.visit(list); k < n; k++) {
      const item = list[k];
      const itemName = isRecord(item) ? own(item, 'name', item.name) : undefined;
      if (typeof itemName === 'string') found.near(`${path}/${k}/name`, itemName, [name]);
    }
    return true;
  }
  return false;
}
