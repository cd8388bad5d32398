// Arbitraries of product orders (fast-check): valid by construction, composed of every rule
// folder's part of a valid order (src/registry/arbitraries.ts lists them), and the mutants of every
// rule, each an order that breaks that rule alone, with the one violation it gives. A rule folder's
// arbitrary.ts joins them through `npm run generate`.
import type fc from 'fast-check';
import { inflightRuleIds } from './generated/rule-ids.js';
import { ruleArbitraries } from './registry/arbitraries.js';
import { carried, composeOrders, type Mutant, type Orders } from './rules/arbitrary-kit.js';
import type { RuleId } from './violation.js';

export type { Mutant, Orders } from './rules/arbitrary-kit.js';
export { medium, productTypes } from './rules/arbitrary-kit.js';

const rules = Object.entries(ruleArbitraries) as [RuleId, NonNullable<(typeof ruleArbitraries)[RuleId]>][];

/** The skeleton of an order with every rule's part. */
export const orders: Orders = composeOrders(rules.flatMap(([, rule]) => (rule.part ? [rule.part] : [])));

export const { order, orderOf, orderItem, relatedParty, inflightOrder } = orders;

/** Every family of mutants: one per rule that can fail, each breaking it in every way the spec allows. */
export const mutants: Readonly<Partial<Record<RuleId, fc.Arbitrary<Mutant>>>> = Object.fromEntries(
  rules.flatMap(([id, rule]) => (rule.mutants ? [[id, rule.mutants(orders)]] : [])),
);

/**
 * Every family of in-flight mutants: the change's own field table, and the order rules an in-flight
 * change is checked against, their mutants carried into a change.
 */
export const inflightMutants: Readonly<Partial<Record<RuleId, fc.Arbitrary<Mutant>>>> = Object.fromEntries(
  rules.flatMap(([id, rule]) => {
    if (rule.inflightMutants) return [[id, rule.inflightMutants(orders)]];
    const own = mutants[id];
    return own && (inflightRuleIds as readonly string[]).includes(id) ? [[id, carried(own)]] : [];
  }),
);
