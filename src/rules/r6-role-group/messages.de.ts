// The messages of the codes R6 introduces, in German.
import { listOf, type MessageTable } from '../../wording.js';

/** The message of each code R6 introduces, in German. */
export const messages: MessageTable<'unknown_role'> = {
  unknown_role: ({ params }, s) =>
    `${s} gehört zu keiner Rollengruppe aus R3 bis R5; erlaubt sind: ${listOf(params.allowed)}.`,
};
