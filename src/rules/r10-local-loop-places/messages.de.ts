// The messages of the codes R10 introduces, in German.
import type { MessageTable } from '../../wording.js';

/** The message of each code R10 introduces, in German. */
export const messages: MessageTable<'missing_role' | 'missing_characteristic'> = {
  missing_role: ({ params }) => `relatedPlace muss einen Ort mit der Rolle ${params.role} enthalten.`,
  missing_characteristic: ({ params }) =>
    params.names?.length > 1
      ? `geographicSiteCharacteristic muss Merkmale namens ${params.names.slice(0, -1).join(', ')} und ${params.names.at(-1)} enthalten.`
      : `geographicSiteCharacteristic muss ein Merkmal namens ${params.name} enthalten.`,
};
