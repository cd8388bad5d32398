// R6's code in an English order form.
import type { LabelWords } from '../../form/labels.js';

/** The form's message of the code R6 introduces, in English. */
export const codeMessages: LabelWords['messages'] = {
  unknown_role: (_, c) => `${c.field} is not a known role: choose a role from the list.`,
};
