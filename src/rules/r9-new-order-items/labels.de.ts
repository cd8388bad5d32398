// R9 in a German order form: what a new order demands of each item.
import { type LabelContext, newItemLacks } from '../../form/labels.js';
import { addAction } from '../../generated/facts.js';
import type { Finding } from '../../violation.js';

/** What R9 demands, for the people who fill in a German form. */
export const formMessage = (finding: Finding, c: LabelContext) =>
  ({
    product: 'In einem Neuauftrag braucht jede Position ein Produkt.',
    relatedPlace: 'In einem Neuauftrag braucht jedes Produkt einen Standort.',
    action: `In einem Neuauftrag hat jede Position die Aktion ${c.value(addAction)}.`,
  })[newItemLacks(finding)];
