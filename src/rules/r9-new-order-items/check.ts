// R9. When category is new: every order item has action equal to add, and every order item's
// product requires relatedPlace.

import { addAction, newCategory } from '../../generated/facts.js';
import { isRecord } from '../../read.js';
import type { Found } from '../../walk.js';
import { actionDemand, itemPath } from '../items.js';

const demand = /* @__PURE__ */ actionDemand('R9', new Set([newCategory]), addAction);

/** At an order item of a new order: its action and its product are missing. */
export function item(f: Found, node: unknown, action: unknown, product: unknown, category: unknown, i: number): void {
  demand.item(f, node, action, category, i);
  if (product === undefined && category === newCategory && isRecord(node)) f.missing('R9', itemPath(i), 'product');
}

export const { action } = demand;

/** At the product of an order item of a new order: its relatedPlace is missing. */
export function product(f: Found, node: unknown, places: unknown, category: unknown, i: number): void {
  if (places === undefined && category === newCategory && isRecord(node))
    f.missing('R9', `${itemPath(i)}/product`, 'relatedPlace');
}
