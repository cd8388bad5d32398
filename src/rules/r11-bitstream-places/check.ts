// R11. When category is new and any order item has product @type BitstreamAccessProduct: that
// item's product.relatedPlace has exactly 1 item, with role locationA.

import { bitstream } from '../../generated/facts.js';
import type { Found } from '../../walk.js';
import { itemPath } from '../items.js';
import { type Places, placesOf, roleOf } from '../places.js';

const products: ReadonlySet<string> = /* @__PURE__ */ new Set(bitstream.products);

/** The places of a bitstream product: their roles, and where the walk passed each role that is not the one allowed. */
interface Bitstream extends Places {
  readonly others: [number, number][];
}

/** At the relatedPlace list of an item of a new order: the count, when its product is a bitstream product. */
export function places(f: Found, n: number, category: unknown, type: unknown, i: number): Bitstream | undefined {
  const places = placesOf(f, 'R11', products, bitstream.places, n, category, type, i);
  return places?.roles ? { ...places, others: [] } : undefined;
}

export const place = (_f: Found, places: Bitstream, role: unknown): Bitstream => roleOf(places, role) as Bitstream;

/** At a place's role: another than the one allowed, noted where the walk passed it. */
export function role(f: Found, places: Bitstream, value: unknown, j: number): Bitstream {
  if (value !== bitstream.role) places.others.push([j, f.mark()]);
  return places;
}

/** After the places: each role that is not the one allowed, when all are roles R7 allows. */
export function placesEnd(f: Found, places: Bitstream, i: number): void {
  if (!places.roles) return;
  const slot = f.where();
  for (let k = places.others.length - 1; k >= 0; k--) {
    const [j, mark] = places.others[k];
    f.at(mark);
    f.add('R11', 'not_allowed', `${itemPath(i)}/product/relatedPlace/${j}/role`, { allowed: [bitstream.role] });
  }
  f.at(slot);
}
