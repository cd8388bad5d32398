// R9 in an English order form: what a new order demands of each item.
import { type LabelContext, newItemLacks } from '../../form/labels.js';
import { addAction } from '../../generated/facts.js';
import type { Finding } from '../../violation.js';

/** What R9 demands, for the people who fill in an English form. */
export const formMessage = (finding: Finding, c: LabelContext) =>
  ({
    product: 'In a new order, every item needs a product.',
    relatedPlace: 'In a new order, every product needs a location.',
    action: `In a new order, every item has the action ${c.value(addAction)}.`,
  })[newItemLacks(finding)];
