// The composition of the rule folders' parts into valid orders: what a part demands of an order of a
// category comes with every order of that category, and leaves the others as they are.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { runs } from '../../test/runs.js';
import { ruleArbitraries } from '../registry/arbitraries.js';
import type { Json } from '../rules/arbitrary-kit.js';
import { composeOrders } from './compose.js';

const parts = Object.values(ruleArbitraries).flatMap((rule) => (rule?.part ? [rule.part] : []));
const marker: Json = { '@type': 'RelatedPartyOrPartyRole', role: 'handingOverProvider', partyOrPartyRole: {} };
const withDemand = composeOrders([...parts, { partiesOf: { terminationProviderChange: fc.constant([marker]) } }]);

describe('composeOrders', () => {
  it('puts the parties a part demands of a category into every order of that category (partiesOf)', () => {
    for (const order of fc.sample(withDemand.orderOf('terminationProviderChange'), { numRuns: runs(300), seed: 7 }))
      expect(order.relatedParty as Json[]).toContainEqual(marker);
  });

  it('leaves the related parties of the other categories as the rules make them', () => {
    for (const order of fc.sample(withDemand.orderOf('new'), { numRuns: runs(300), seed: 7 }))
      expect(order.relatedParty as Json[]).not.toContainEqual(marker);
  });
});
