// R3's code in an English order form.
import type { LabelWords } from '../../form/labels.js';

/** The form's message of the code R3 introduces, in English. */
export const codeMessages: LabelWords['messages'] = {
  missing_phone_contact: (f, c) => `${c.value((f.params as { role?: unknown }).role)} needs a phone number: add one.`,
};
