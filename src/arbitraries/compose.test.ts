// The composition of the rule folders' parts into valid orders: what a part demands of an order of a
// category comes with every order of that category, and leaves the others as they are.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { runs } from '../../test/runs.js';
import { ruleArbitraries } from '../registry/arbitraries.js';
import type { Json } from '../rules/arbitrary-kit.js';
import { composeOrders, faultCodes, inflightMutants, mutants } from './compose.js';

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

/** Samples enough to meet each code of a family: the rarest comes in about 4 % of them. */
const enough = 3000;

describe('faultCodes', () => {
  const families = { productOrder: mutants, inflightChange: inflightMutants };
  for (const [kind, byRule] of Object.entries(families))
    it.each(Object.keys(byRule))(
      `of %s in a ${kind} are the codes its mutants give, each of them and no other`,
      (id) => {
        const family = byRule[id as keyof typeof byRule] as fc.Arbitrary<{ code: string }>;
        const given = new Set(fc.sample(family, { numRuns: enough, seed: 1 }).map((m) => m.code));
        expect([...given].sort()).toEqual([...(faultCodes[kind as keyof typeof families][id as never] ?? [])].sort());
      },
    );
});
