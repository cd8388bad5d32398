// The German sentences of a form that R10 to R12 share: what a new order demands of a product's places.
import { aboutPlaces, type LabelContext } from '../form/labels.js';
import type { Finding } from '../violation.js';

/** The `@type` of a place a rule demands: the place of a row's own, not of its number. */
const placeKind = /\/relatedPlace\/\d+\/place\/@type$/;

/**
 * What a new order demands of the places of a product, by the rule that says it: `demand(product)`,
 * a sentence that holds for any label of the product (no article before it: a carrier may rename it).
 */
export const places =
  (demand: (product: string) => string) =>
  (finding: Finding, c: LabelContext): string | undefined => {
    if (aboutPlaces(finding)) return demand(c.product || 'dieses Produkt');
    if (finding.code === 'not_allowed' && placeKind.test(finding.path) && c.item)
      return `${c.item} muss als ${c.list((finding.params as { allowed?: unknown }).allowed)} angegeben werden.`;
    return undefined;
  };
