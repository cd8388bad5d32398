// The messages of the codes R4 introduces, in English.
import type { MessageTable } from '../../wording.js';

/** The message of each code R4 introduces, in English. */
export const messages: MessageTable<'missing_postal_contact'> = {
  missing_postal_contact: ({ params }) =>
    `A related party with role ${params.role} needs a contactMedium with at least one PostalAddressContactMedium.`,
};
