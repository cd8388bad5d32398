// R4's code in a German order form.
import type { LabelWords } from '../../form/labels.js';

/** The form's message of the code R4 introduces, in German. */
export const codeMessages: LabelWords['messages'] = {
  missing_postal_contact: (f, c) =>
    `${c.value((f.params as { role?: unknown }).role)} braucht eine Postanschrift: bitte eine hinzufügen.`,
};
