// The messages of the codes R3 introduces, in German.
import type { MessageTable } from '../../wording.js';

/** The message of each code R3 introduces, in German. */
export const messages: MessageTable<'missing_phone_contact'> = {
  missing_phone_contact: ({ params }) =>
    `Ein Beteiligter mit der Rolle ${params.role} braucht contactMedium mit mindestens einem PhoneContactMedium.`,
};
