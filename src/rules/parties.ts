// R3 and R4 share one shape: a role group whose party needs a contact medium of one @type.

import { focusOf, isRecord } from '../read.js';
import type { RuleId, ViolationCode } from '../violation.js';
import type { Found } from '../walk.js';

/** The pointer of the party of related party `i`; built only for a fault. */
export const partyPath = (i: number): string => `/relatedParty/${i}/partyOrPartyRole`;

/** A contactMedium list of a party in a contact role, as the walk passes it. */
interface Media {
  met: boolean;
}

interface ContactDemand {
  readonly id: RuleId;
  readonly roles: ReadonlySet<string>;
  readonly mediumType: string;
  readonly code: ViolationCode;
}

/**
 * The hooks of a rule that the party of each related party with one of `roles` has `contactMedium`
 * with an item of `mediumType`. A contactMedium that is not an array is R-contact's to report.
 */
export function contactDemand({ id, roles, mediumType, code }: ContactDemand) {
  const applies = (role: unknown): role is string => typeof role === 'string' && roles.has(role);
  return Object.freeze({
    /** At a party: its contactMedium is missing. */
    party(f: Found, party: unknown, media: unknown, i: number, role: unknown): void {
      if (media === undefined && isRecord(party) && applies(role))
        f.add(id, code as 'missing_phone_contact', partyPath(i), {
          role,
          property: 'contactMedium',
          // a form focuses the control that adds a contact medium
          focus: focusOf(`${partyPath(i)}/contactMedium`),
        });
    },
    /** At the contactMedium list of a party in one of the roles: whether a medium of the type was met. */
    media: (_f: Found, role: unknown): Media | undefined => (applies(role) ? { met: false } : undefined),
    medium(_f: Found, media: Media, type: unknown): void {
      if (type === mediumType) media.met = true;
    },
    /** After the list: no medium of the type. */
    mediaEnd(f: Found, { met }: Media, role: string, i: number): void {
      if (!met)
        f.add(id, code as 'missing_phone_contact', `${partyPath(i)}/contactMedium`, {
          role,
          focus: focusOf(`${partyPath(i)}/contactMedium`),
        });
    },
  });
}
