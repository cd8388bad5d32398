// R9 in an English order form: what a new order demands of each item.
import { type LabelContext, newItemLacks } from '../../form/labels.js';
import { addAction } from '../../generated/facts.js';
import type { Finding } from '../../violation.js';

/** What R9 demands, for the people who fill in an English form. */
export const formMessage = (finding: Finding, c: LabelContext) =>
  ({
    product: 'Choose a product for every item: in a new order, every item needs one.',
    relatedPlace: 'Give every product a location: in a new order, every product needs one.',
    action: `Choose the action ${c.value(addAction)} for every item: in a new order, every item is added.`,
  })[newItemLacks(finding)];
