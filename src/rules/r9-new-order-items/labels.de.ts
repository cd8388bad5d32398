// R9 in a German order form: what a new order demands of each item.
import { type LabelContext, newItemLacks } from '../../form/labels.js';
import { addAction } from '../../generated/facts.js';
import type { Finding } from '../../violation.js';

/** What R9 demands, for the people who fill in a German form. */
export const formMessage = (finding: Finding, c: LabelContext) =>
  ({
    product: 'Wählen Sie für jede Position ein Produkt: in einem Neuauftrag braucht jede Position eines.',
    relatedPlace: 'Geben Sie für jedes Produkt einen Standort an: in einem Neuauftrag braucht jedes Produkt einen.',
    action: `Wählen Sie für jede Position die Aktion ${c.value(addAction)}: in einem Neuauftrag wird jede Position hinzugefügt.`,
  })[newItemLacks(finding)];
