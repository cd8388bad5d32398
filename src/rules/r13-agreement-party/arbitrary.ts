// R13: an agreement's engaged party is one Organization with a businessId; its mutants break the
// party or the list of an agreement added to a valid order.
import fc from 'fast-check';
import type { ViolationCode } from '../../violation.js';
import {
  bounds,
  categories,
  drop,
  edit,
  family,
  find,
  listOf,
  type OrderPart,
  type Orders,
  put,
  swap,
  text,
  withExtra,
} from '../arbitrary-kit.js';

export const part: OrderPart = {
  agreement: fc.record(
    {
      '@type': fc.constant('Agreement'),
      agreementType: fc.constantFrom('buyerServiceContract', 'preAgreement', 'singleContract'),
      name: text(1, 40),
      engagedParty: fc.array(
        fc.record(
          { '@type': fc.constant('Organization'), businessId: text(1, 40), name: text(1, 60) },
          { requiredKeys: ['@type', 'businessId'] },
        ),
        { maxLength: 1 },
      ),
    },
    { requiredKeys: ['@type', 'agreementType'] },
  ),
};

export const mutants = (orders: Orders) => {
  const withEngagedParty = withExtra(
    orders,
    fc.constantFrom(...categories),
    'agreement',
    fc.record({
      agreementType: fc.constant('preAgreement'),
      engagedParty: fc.tuple(fc.record({ '@type': fc.constant('Organization'), businessId: text(1, 40) })),
    }),
  );
  return fc.oneof(
    family('R13', withEngagedParty, (box) => find(box, '/agreement/*/engagedParty/*'), [
      ...bounds('businessId', 40),
      fc.constantFrom('businessId', '@type').map(drop),
      fc.constantFrom('Individual', 'organization').map((t) => put('@type', t, 'not_allowed')),
      fc.constantFrom('ACME', 1, null).map(swap),
    ]),
    family('R13', withEngagedParty, (box) => find(box, '/agreement/*/engagedParty', Array.isArray), [
      fc.constantFrom({ '@type': 'Organization', businessId: 'DEU.X' }, 'DEU.X').map(swap),
      fc.constant(
        edit('two engaged parties', 'too_many_items', '', (t) => {
          const list = listOf(t);
          while (list.length < 2) list.push({ '@type': 'Organization', businessId: 'DEU.Y' });
        }),
      ),
    ]),
  );
};

/** The codes the mutants give, one per mutant. */
export const faults: readonly ViolationCode[] = [
  'required',
  'wrong_type',
  'not_allowed',
  'too_short',
  'too_long',
  'too_many_items',
];
