// The contact-medium table's mutants: one medium of a free-role party broken (its bounds, required
// fields, contactType or @type), or a contactMedium list that is no list. Valid media are the kit's.
import fc from 'fast-check';
import type { ViolationCode } from '../../violation.js';
import {
  type Box,
  type Break,
  bounds,
  categories,
  drop,
  email,
  family,
  find,
  freeRoles,
  type Json,
  media,
  type Orders,
  parties,
  party,
  phone,
  postal,
  put,
  related,
  swap,
  unknownString,
  withExtra,
} from '../arbitrary-kit.js';

const mediumBreaks: ReadonlyArray<readonly [fc.Arbitrary<Json>, fc.Arbitrary<Break>[]]> = [
  [
    phone,
    [
      ...bounds('phoneNumber', 30),
      fc.constantFrom('contactType', 'phoneNumber').map(drop),
      fc.constantFrom('email', 'postal', 'Fixed').map((v) => put('contactType', v, 'not_allowed')),
    ],
  ],
  [
    email,
    [
      ...bounds('emailAddress', 255),
      fc.constantFrom('contactType', 'emailAddress').map(drop),
      fc.constantFrom('fixed', 'postal').map((v) => put('contactType', v, 'not_allowed')),
    ],
  ],
  [
    postal,
    [
      ...(
        [
          ['city', 40],
          ['country', 2],
          ['locality', 40],
          ['postcode', 6],
          ['streetName', 40],
          ['streetNr', 4],
          ['streetNrSuffix', 6],
        ] as const
      ).flatMap(([field, max]) => bounds(field, max)),
      fc.constantFrom('contactType', 'city', 'postcode', 'streetName', 'streetNr').map(drop),
      fc.constantFrom('mobile', 'email').map((v) => put('contactType', v, 'not_allowed')),
    ],
  ],
];

const anyMediumBreaks = [
  unknownString(['PhoneContactMedium', 'EmailContactMedium', 'PostalAddressContactMedium']).map((t) =>
    put('@type', t, 'unknown_type'),
  ),
  fc.constant(drop('@type')),
  fc.constantFrom('phone', 7, null, []).map(swap),
];

/** An order with a last, free-role party whose last contact medium is of `kind`: breaking it touches no R3 or R4. */
const extraMedium = (orders: Orders, kind: fc.Arbitrary<Json>) =>
  withExtra(
    orders,
    fc.constantFrom(...categories),
    'relatedParty',
    related(fc.constantFrom(...freeRoles), party(media, false)).chain((r) =>
      kind.map((m) => {
        const p = r.partyOrPartyRole as Json;
        return { ...r, partyOrPartyRole: { ...p, contactMedium: [...((p.contactMedium as Json[]) ?? []), m] } };
      }),
    ),
  );

const lastMedium = (box: Box) => find(box, `${parties}/contactMedium/*`).slice(-1);

export const mutants = (orders: Orders) =>
  fc.oneof(
    ...mediumBreaks.map(([kind, breaks]) =>
      family('R-contact', extraMedium(orders, kind), lastMedium, [...breaks, ...anyMediumBreaks]),
    ),
    family('R-contact', orders.order, (box) => find(box, `${parties}/contactMedium`, Array.isArray), [
      fc.constantFrom({}, 'phone', 5).map(swap),
    ]),
  );

/** The codes the mutants give, one per mutant. */
export const faults: readonly ViolationCode[] = [
  'required',
  'wrong_type',
  'not_allowed',
  'unknown_type',
  'too_short',
  'too_long',
];
