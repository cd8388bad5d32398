// What R10, R11 and R12 share: the places of an item of a new order with a given product @type, the
// roles of those places, and the checks of a locationB GeographicSite.

import { locationB, newCategory } from '../generated/facts.js';
import { focusOf, jsonType, textFault } from '../read.js';
import type { Fault, ParamsByCode, RuleId } from '../violation.js';
import type { Found } from '../walk.js';
import { itemPath } from './items.js';
import { isPlaceRole } from './r7-place-roles/check.js';
import { placeKind } from './r8-place-kinds/check.js';

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
  /** The product @types whose places the rule checks. */
  readonly products: readonly string[];
  readonly places: { readonly min: number; readonly max: number };
  readonly roles: readonly string[];
}

const placesPath = (i: number) => `${itemPath(i)}/product/relatedPlace`;

/** The places of a product a rule checks: the roles met so far, none once one is no role R7 allows. */
export interface Places {
  roles: string[] | undefined;
}

/** At the relatedPlace list of an item of a new order: whether its product is one of `products`, and the count. */
export function placesOf(
  f: Found,
  id: RuleId,
  products: ReadonlySet<string>,
  count: { readonly min: number; readonly max: number },
  n: number,
  category: unknown,
  type: unknown,
  i: number,
): Places | undefined {
  if (category !== newCategory || typeof type !== 'string' || !products.has(type)) return undefined;
  if (n >= count.min && n <= count.max) return { roles: [] };
  f.count(id, placesPath(i), n, count.min, count.max);
  return { roles: undefined };
}

/** A place's role, met: the roles, or none once one is no role R7 allows (R7 reports it). */
export function roleOf(places: Places, role: unknown): Places {
  if (!isPlaceRole(role)) places.roles = undefined;
  else places.roles?.push(role);
  return places;
}

/**
 * A locationB site's characteristics met so far: per characteristic the site must contain (a bit each),
 * whether one had a right value, whether an item R8 rejects could be it, the first value at fault (its
 * item, its fault and where the walk passed it), and the names met, for the hints.
 */
interface Characteristics {
  good: number;
  maybe: number;
  first: (readonly [number, Fault, number] | undefined)[] | undefined;
  names: [number, string][] | undefined;
}

/**
 * The hooks of R10 and R12: the places of each item of a new order with one of `products`, their
 * count, else the roles some place must have; and the locationB site's @type, characteristics and
 * nested place.
 */
export function placesDemand(id: RuleId, demand: PlacesDemand) {
  const products: ReadonlySet<string> = new Set(demand.products);
  const isSite = (_places: Places, role: unknown, type: unknown) => role === locationB && type === demand.site;
  return Object.freeze({
    places: (f: Found, n: number, category: unknown, type: unknown, i: number) =>
      placesOf(f, id, products, demand.places, n, category, type, i),
    place: (_f: Found, places: Places, role: unknown): void => {
      roleOf(places, role);
    },
    /**
     * After the places: each role in `roles` that no place has, focusing the control that adds a
     * place while the count allows one more, else the role of a place that is not needed or repeats a
     * role, each missing role its own such place: never a place whose role is right.
     */
    placesEnd(f: Found, places: Places, i: number): void {
      const { roles } = places;
      if (!roles) return;
      const spare: number[] = [];
      for (let j = 0; j < roles.length; j++)
        if (!demand.roles.includes(roles[j]) || roles.indexOf(roles[j]) < j) spare.push(j);
      let room = demand.places.max - roles.length;
      let m = 0;
      for (const role of demand.roles)
        if (!roles.includes(role))
          f.add(id, 'missing_role', placesPath(i), {
            role,
            focus: focusOf(placesPath(i), room-- > 0 ? undefined : spare[m++]),
          });
    },
    /** At the @type of a locationB place: of another kind than the site. */
    type(f: Found, type: unknown, _places: Places, role: unknown, i: number, j: number): void {
      if (role === locationB && placeKind(type) && type !== demand.site)
        f.add(id, 'not_allowed', `${placesPath(i)}/${j}/place/@type`, { allowed: [demand.site] });
    },
    /** At the characteristics of a locationB site. */
    characteristics: (_f: Found, places: Places, role: unknown, type: unknown): Characteristics | undefined =>
      isSite(places, role, type) ? { good: 0, maybe: 0, first: undefined, names: undefined } : undefined,
    /**
     * A characteristic, met: `contains` semantics, one of a name with a right value is enough. An item
     * R8 rejects hides a missing one only when it could be the one sought: no object, no string name,
     * or that name without a value.
     */
    characteristic(f: Found, seen: Characteristics, name: unknown, value: unknown, k: number): void {
      if (typeof name !== 'string') {
        seen.maybe = -1;
        return;
      }
      seen.names ??= [];
      seen.names.push([k, name]);
      const { characteristics } = demand;
      for (let w = 0; w < characteristics.length; w++) {
        const bit = 1 << w;
        const wanted = characteristics[w];
        if (name !== wanted.name || seen.good & bit) continue;
        if (value === undefined) {
          seen.maybe |= bit;
          continue;
        }
        const fault = valueFault(wanted, value);
        if (!fault) seen.good |= bit;
        else {
          seen.first ??= [];
          seen.first[w] ??= [k, fault, f.mark()];
        }
      }
    },
    /** After the characteristics: the fault of each value sought, and in one finding every one missing. */
    characteristicsEnd(f: Found, seen: Characteristics, i: number, j: number): void {
      const { characteristics } = demand;
      if (seen.good === (1 << characteristics.length) - 1) return;
      const listPath = `${placesPath(i)}/${j}/place/geographicSiteCharacteristic`;
      const slot = f.where();
      const faults: [number, Fault, number, string][] = [];
      const names: string[] = [];
      for (let w = 0; w < characteristics.length; w++) {
        const bit = 1 << w;
        const first = seen.first?.[w];
        if (seen.good & bit) continue;
        if (first) faults.push([...first, characteristics[w].name]);
        else if (!(seen.maybe & bit)) {
          // a characteristic whose name is a near miss of the one sought is most likely meant to be it
          for (const [k, met] of seen.names ?? []) f.near(id, `${listPath}/${k}/name`, met, [characteristics[w].name]);
          names.push(characteristics[w].name);
        }
      }
      // the fault of a value (wrong_type, too_short, too_long, pattern_mismatch), each of which names the
      // characteristic, where the walk passed the value: the last first, so the marks before stay right
      faults.sort((a, b) => b[0] - a[0]);
      for (const [k, [code, params], mark, name] of faults) {
        f.at(mark);
        f.add(id, code, `${listPath}/${k}/value`, { ...params, name } as ParamsByCode[typeof code]);
      }
      f.at(slot);
      // one fault, one violation: every characteristic the site lacks, named in one finding
      if (names.length > 0)
        f.add(id, 'missing_characteristic', listPath, { name: names[0], names, focus: focusOf(listPath) });
    },
    /** At the nested places of a locationB site: their count. */
    nested(
      f: Found,
      nested: unknown,
      n: number,
      places: Places,
      role: unknown,
      type: unknown,
      i: number,
      j: number,
    ): void {
      if (Array.isArray(nested) && isSite(places, role, type))
        f.count(id, `${placesPath(i)}/${j}/place/place`, n, demand.nested.min, demand.nested.max);
    },
  });
}
