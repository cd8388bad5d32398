// The messages of the codes R6 introduces, in English.
import { listOf, type MessageTable } from '../../wording.js';

/** The message of each code R6 introduces, in English. */
export const messages: MessageTable<'unknown_role'> = {
  unknown_role: ({ params }, s) =>
    `${s} is in none of the role groups of R3 to R5; allowed are: ${listOf(params.allowed)}.`,
};
