// The messages of the codes R10 introduces, in English.
import type { MessageTable } from '../../wording.js';

/** The message of each code R10 introduces, in English. */
export const messages: MessageTable<'missing_role' | 'missing_characteristic'> = {
  missing_role: ({ params }) => `relatedPlace must include a place with role ${params.role}.`,
  missing_characteristic: ({ params }) =>
    params.names?.length > 1
      ? `geographicSiteCharacteristic must contain characteristics named ${params.names.slice(0, -1).join(', ')} and ${params.names.at(-1)}.`
      : `geographicSiteCharacteristic must contain a characteristic named ${params.name}.`,
};
