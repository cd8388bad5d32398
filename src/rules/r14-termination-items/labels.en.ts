// R14 in an English order form: what a termination demands of each item.
import type { LabelContext } from '../../form/labels.js';
import { deleteAction } from '../../generated/facts.js';

/** What R14 demands, for the people who fill in an English form. */
export const formMessage = (_: unknown, c: LabelContext) =>
  `Choose the action ${c.value(deleteAction)} for every item: in a termination, every item is terminated.`;
