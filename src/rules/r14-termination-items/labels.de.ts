// R14 in a German order form: what a termination demands of each item.
import type { LabelContext } from '../../form/labels.js';
import { deleteAction } from '../../generated/facts.js';

/** What R14 demands, for the people who fill in a German form. */
export const formMessage = (_: unknown, c: LabelContext) =>
  `Wählen Sie für jede Position die Aktion ${c.value(deleteAction)}: in einer Kündigung wird jede Position gekündigt.`;
