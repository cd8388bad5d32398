// The English sentence of a form that R10 to R12 share: what a new order demands of a product's places.
import { aboutPlaces, type LabelContext, lower } from '../form/labels.js';
import type { Finding } from '../violation.js';

/** What a new order demands of the places of a product, by the rule that says it: `demand`, or `many` for too many places. */
export const places =
  (demand: string, many = demand) =>
  (finding: Finding, c: LabelContext) =>
    aboutPlaces(finding)
      ? `${c.product ? `A ${lower(c.product)}` : 'This product'} needs ${finding.code === 'too_many_items' ? many : demand}.`
      : undefined;
