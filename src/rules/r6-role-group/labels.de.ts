// R6's code in a German order form.
import type { LabelWords } from '../../form/labels.js';

/** The form's message of the code R6 introduces, in German. */
export const codeMessages: LabelWords['messages'] = {
  unknown_role: (_, c) => `${c.field} ist keine bekannte Rolle: bitte eine Rolle aus der Liste wählen.`,
};
