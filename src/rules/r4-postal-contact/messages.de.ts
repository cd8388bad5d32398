// The messages of the codes R4 introduces, in German.
import type { MessageTable } from '../../wording.js';

/** The message of each code R4 introduces, in German. */
export const messages: MessageTable<'missing_postal_contact'> = {
  missing_postal_contact: ({ params }) =>
    `Ein Beteiligter mit der Rolle ${params.role} braucht contactMedium mit mindestens einem PostalAddressContactMedium.`,
};
