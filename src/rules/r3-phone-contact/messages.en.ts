// The messages of the codes R3 introduces, in English.
import type { MessageTable } from '../../wording.js';

/** The message of each code R3 introduces, in English. */
export const messages: MessageTable<'missing_phone_contact'> = {
  missing_phone_contact: ({ params }) =>
    `A related party with role ${params.role} needs a contactMedium with at least one PhoneContactMedium.`,
};
