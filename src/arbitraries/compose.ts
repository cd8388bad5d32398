// Arbitraries of product orders (fast-check): valid by construction, composed of every rule
// folder's part of a valid order (src/registry/arbitraries.ts lists them), and the mutants of every
// rule, each an order that breaks that rule alone, with the one violation it gives. A rule folder's
// arbitrary.ts joins them through `npm run generate`.
import fc from 'fast-check';
import { inflightRuleIds } from '../generated/rule-ids.js';
import { ruleArbitraries } from '../registry/arbitraries.js';
import {
  actions,
  anyPlaces,
  anyProduct,
  categories,
  dateTime,
  entity,
  isObject,
  item,
  type Json,
  type Mutant,
  type OrderPart,
  type Orders,
  once,
  text,
} from '../rules/arbitrary-kit.js';
import type { RuleId, ViolationCode } from '../violation.js';

export type { Mutant, Orders } from '../rules/arbitrary-kit.js';
export { medium, productTypes } from '../rules/arbitrary-kit.js';

/** The orders of the skeleton, and the ways to make them with items of one's own. */
export interface Composed extends Orders {
  /** A valid ProductOrder_FVO of `category` with the item list of `items`, each item valid in it. */
  readonly orderWith: (category: string, items: fc.Arbitrary<Json[]>) => fc.Arbitrary<Json>;
  /** An item of a new order whose product has `type`, with the places the rules demand of it. */
  readonly newItemOf: (type: string) => fc.Arbitrary<Json>;
}

/** The orders of the skeleton with `parts`, the rules' parts of a valid order, in the order of the ids. */
export function composeOrders(parts: readonly OrderPart[]): Composed {
  const pick = <K extends keyof OrderPart>(key: K) => parts.flatMap((p) => (p[key] === undefined ? [] : [p[key]]));
  const placesOf: Readonly<Record<string, fc.Arbitrary<Json[]>>> = Object.assign({}, ...pick('places'));
  const items: NonNullable<OrderPart['items']> = Object.assign({}, ...pick('items'));
  const qualifications: Readonly<Record<string, number>> = Object.assign({}, ...pick('qualifications'));
  const [makeNewItem] = pick('newItem');
  if (!makeNewItem) throw new Error('no rule folder makes the items of a new order (part.newItem)');
  const [agreement = entity('Agreement')] = pick('agreement');
  const relatedParty = fc.oneof(...pick('parties'));
  const demanded: Record<string, fc.Arbitrary<Json[]>[]> = {};
  for (const byCategory of pick('partiesOf'))
    for (const [category, parties] of Object.entries(byCategory))
      demanded[category] = [...(demanded[category] ?? []), parties];
  /** The related parties of an order of `category`: those it must carry first, then any. */
  const partiesOf = (category: string): fc.Arbitrary<Json[]> => {
    const any = fc.array(relatedParty, { maxLength: 4 });
    const must = demanded[category];
    return must ? fc.tuple(fc.tuple(...must), any).map(([first, rest]) => [...first.flat(), ...rest]) : any;
  };

  const newItem = (type: string, places = placesOf[type]) => makeNewItem(type, places ?? anyPlaces);
  const newItemOf = once((type: string) => newItem(type));
  const orderItem = (category: string): fc.Arbitrary<Json> =>
    items[category]?.({ newItemOf }) ?? item(fc.constantFrom(...actions), anyProduct, false);

  const orderWith = (category: string, productOrderItem: fc.Arbitrary<Json[]>) =>
    fc.record(
      {
        '@type': fc.constant('ProductOrder'),
        category: fc.constant(category),
        description: text(1, 255),
        orderPostedDate: dateTime,
        priority: fc.oneof(fc.constantFrom('0', '1', '2', '3', '4'), text(1, 10)),
        requestedCompletionDate: dateTime,
        externalId: fc.tuple(entity('ExternalIdentifier')),
        billingAccount: entity('BillingAccountRef'),
        note: fc.array(fc.record({ '@type': fc.constant('InstallationInstruction'), text: text(1, 80) }), {
          maxLength: 2,
        }),
        productOfferingQualification: fc.array(entity('ProductOfferingQualificationRef'), {
          maxLength: qualifications[category] ?? 3,
        }),
        relatedParty: partiesOf(category),
        attachment: fc.array(entity('Attachment'), { maxLength: 1 }),
        productOrderRelationship: fc.array(entity('ProductOrderRelationship'), { maxLength: 1 }),
        additionalOrderInformation: fc.record(
          { hardwareIdType: fc.constant('OntSerialNumber'), hardwareIdValue: text(1, 20) },
          { requiredKeys: [] },
        ),
        productOrderItem,
        agreement: fc.array(agreement, { maxLength: 2 }),
      },
      { requiredKeys: ['category', 'orderPostedDate', 'requestedCompletionDate', 'relatedParty', 'productOrderItem'] },
    );
  const orderOf = once((category: string) =>
    orderWith(category, fc.array(orderItem(category), { minLength: 1, maxLength: 3 })),
  );
  const order = fc.constantFrom(...categories).chain(orderOf);
  const inflightOrder = fc.tuple(order, changeFields).map(([valid, change]) => transplant(valid, change));
  return { order, orderOf, orderItem, relatedParty, newItem, inflightOrder, orderWith, newItemOf };
}

// ---------------------------------------------------------------------------------------------
// In-flight changes: the parts they share with an order come from valid (or mutated) orders

/** The parts an InflightChangeProductOrder_FVO shares with a ProductOrder_FVO. */
const shared = ['relatedParty', 'productOrderItem', 'agreement', 'note', 'externalId', 'additionalOrderInformation'];

/** The fields of an in-flight change of its own. */
const changeFields = fc.record(
  {
    '@type': fc.constant('InflightChangeProductOrder'),
    id: text(1, 36),
    requestPostedDate: dateTime,
    entity: fc.record(
      {
        '@type': fc.constantFrom('ProductOrderRef', 'ProductOrder'),
        id: text(1, 40),
        href: text(1, 60),
        name: text(1, 30),
        '@referredType': fc.constant('ProductOrder'),
      },
      { requiredKeys: ['@type', 'id'] },
    ),
    category: fc.array(fc.oneof(fc.constantFrom('rescheduling', 'changeOfContact', 'providerChange'), text(0, 20)), {
      minLength: 1,
      maxLength: 3,
    }),
    requestedCompletionDate: dateTime,
    closeMessage: fc.record({ code: text(1, 8), text: text(1, 40) }, { requiredKeys: [] }),
    providerChangeInfo: fc.record(
      { '@type': fc.constant('ProviderChangeInfo'), approval: fc.boolean(), respondTime: dateTime },
      { requiredKeys: ['@type'] },
    ),
  },
  { requiredKeys: ['@type', 'requestPostedDate', 'entity', 'category'] },
);

/** An in-flight change made of `change`'s own fields and the shared parts of `order`. */
function transplant(order: unknown, change: Json): Json {
  const out: Json = { ...change };
  for (const key of shared) if (isObject(order) && key in order) out[key] = order[key];
  return out;
}

/** Order mutants carried into in-flight changes: the shared parts of each mutant's order. */
const carried = (mutants: fc.Arbitrary<Mutant>): fc.Arbitrary<Mutant> =>
  fc.tuple(mutants, changeFields).map(([m, change]) => ({ ...m, order: transplant(m.order, change) }));

const rules = Object.entries(ruleArbitraries) as [RuleId, NonNullable<(typeof ruleArbitraries)[RuleId]>][];

/** The skeleton of an order with every rule's part. */
export const orders: Composed = composeOrders(rules.flatMap(([, rule]) => (rule.part ? [rule.part] : [])));

export const { order, orderOf, orderItem, relatedParty, inflightOrder, newItemOf } = orders;

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

/** The codes a single fault of each rule gives, in product orders and in in-flight changes. */
export const faultCodes: {
  readonly productOrder: Readonly<Partial<Record<RuleId, readonly ViolationCode[]>>>;
  readonly inflightChange: Readonly<Partial<Record<RuleId, readonly ViolationCode[]>>>;
} = {
  productOrder: Object.fromEntries(rules.flatMap(([id, rule]) => (rule.mutants ? [[id, rule.faults ?? []]] : []))),
  inflightChange: Object.fromEntries(
    Object.keys(inflightMutants).map((id) => {
      const rule = ruleArbitraries[id as RuleId];
      return [id, (rule?.inflightMutants ? rule.inflightFaults : rule?.faults) ?? []];
    }),
  ),
};
