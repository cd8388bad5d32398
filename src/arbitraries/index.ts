// product-order-validator/arbitraries: test data for partners. fast-check arbitraries of valid
// product orders and in-flight changes, and of ones that break exactly one rule in one way, each
// with the one violation it gives, dressed in realistic German values. fast-check is a peer
// dependency of this entry alone.
import fc from 'fast-check';
import type { InflightChangeProductOrderFVO } from '../generated/inflight-types.js';
import { type Lang, langs } from '../generated/langs.js';
import type { ProductOrderFVO } from '../generated/types.js';
import { categories, isObject, type Json, productTypes } from '../rules/arbitrary-kit.js';
import type { RuleId, ViolationCode } from '../violation.js';
import { faultCodes as composedFaultCodes, inflightMutants, type Mutant, mutants, orders } from './compose.js';
import { dress } from './dress.js';
import { eventFaultCodes } from './events.js';

/**
 * The codes a single fault of each rule gives: what `rule` and `code` may ask of faultyProductOrder,
 * faultyInflightChange and faultyListenerEvent.
 */
export const faultCodes = {
  ...composedFaultCodes,
  listenerEvent: eventFaultCodes,
};

/** The one violation a faulty order gives: its rule, its code and the JSON Pointer of the node it concerns. */
export interface ExpectedViolation {
  readonly rule: RuleId;
  readonly code: ViolationCode;
  readonly path: string;
}

/** An order that breaks one rule in one way, and the one violation it gives. */
export interface Faulty<T = unknown> {
  readonly order: T;
  readonly expected: ExpectedViolation;
}

/** The categories of a product order. */
export type Category = ProductOrderFVO['category'];

/** The product types whose places the rules of a new order constrain (R10 to R12). */
export type ProductType = (typeof productTypes)[number];

/** The language of a sample's free texts (descriptions, notes, product names). */
export type SampleLang = Lang;

/** What valid orders to make; each option left out allows any. */
export interface OrderOptions {
  /** The category, or categories to pick from. */
  readonly category?: Category | readonly Category[];
  /** The product type of every item, or the types to pick from for each. */
  readonly product?: ProductType | readonly ProductType[];
  /** How many items an order holds: a number, or the least and the most (1 to 3 by default). */
  readonly items?: number | { readonly min?: number; readonly max?: number };
  /** The language of the free texts: `de` (the default) or `en`. */
  readonly lang?: SampleLang;
}

/** What valid in-flight changes to make. */
export interface ChangeOptions {
  /** The language of the free texts: `de` (the default) or `en`. */
  readonly lang?: SampleLang;
}

/** Which faults to make; each option left out allows any. */
export interface FaultOptions {
  /** The rule the order breaks. */
  readonly rule?: RuleId;
  /** The code of the one violation it gives. */
  readonly code?: ViolationCode;
  /** The language of the free texts: `de` (the default) or `en`. */
  readonly lang?: SampleLang;
}

/** The most items an order of {@link productOrder} may be asked to hold. */
const mostItems = 50;

const listOf = <T>(value: T | readonly T[] | undefined): readonly T[] | undefined =>
  value === undefined ? undefined : Array.isArray(value) ? value : [value as T];

/** `value`, a list of what `allowed` holds and not empty; a RangeError naming `allowed` otherwise. */
function oneOf<T>(what: string, value: T | readonly T[] | undefined, allowed: readonly T[]): readonly T[] | undefined {
  const list = listOf(value);
  if (list === undefined) return undefined;
  const wrong = list.find((v) => !allowed.includes(v));
  if (list.length === 0 || wrong !== undefined)
    throw new RangeError(
      `${list.length === 0 ? `no ${what}` : `unknown ${what} ${JSON.stringify(wrong)}`}: one of ${allowed.join(', ')}`,
    );
  return list;
}

function langOf(lang: unknown): Lang {
  if (lang === undefined) return 'de';
  if (!langs.includes(lang as Lang))
    throw new RangeError(`unknown lang ${JSON.stringify(lang)}: one of ${langs.join(', ')}`);
  return lang as Lang;
}

/** The least and the most items of `items`; a RangeError when they are no whole numbers from 1 to {@link mostItems}. */
function countOf(items: OrderOptions['items']): { minLength: number; maxLength: number } | undefined {
  if (items === undefined) return undefined;
  const [min, max] =
    typeof items === 'number'
      ? [items, items]
      : typeof items === 'object' && items !== null
        ? [items.min ?? 1, items.max ?? Math.max(3, items.min ?? 1)]
        : [Number.NaN, Number.NaN];
  const whole = (n: unknown) => Number.isInteger(n) && (n as number) >= 1 && (n as number) <= mostItems;
  if (!whole(min) || !whole(max) || min > max)
    throw new RangeError(
      `items ${JSON.stringify(items)}: a whole number from 1 to ${mostItems}, or { min, max } within them, min ≤ max`,
    );
  return { minLength: min, maxLength: max };
}

/** An item of an order of a category other than new, its product of a type from `types`. */
const typedItem = (item: Json, type: string): Json => ({
  ...item,
  product: { ...(isObject(item.product) ? item.product : {}), '@type': type },
});

/** Valid orders of `category` with items of `types` (any where undefined), `count` of them. */
function ordersOf(
  category: Category,
  types: readonly ProductType[] | undefined,
  count = { minLength: 1, maxLength: 3 },
): fc.Arbitrary<Json> {
  if (!types && count.minLength === 1 && count.maxLength === 3) return orders.orderOf(category);
  const item = !types
    ? orders.orderItem(category)
    : category === 'new'
      ? fc.constantFrom(...types).chain(orders.newItemOf)
      : fc.tuple(orders.orderItem(category), fc.constantFrom(...types)).map(([i, type]) => typedItem(i, type));
  return orders.orderWith(category, fc.array(item, count));
}

/**
 * Valid ProductOrder_FVO bodies: every rule of the package holds for each, and their names, places,
 * numbers, dates and texts read like a real order's.
 * @throws RangeError when an option names what is not there (an unknown category, product type or
 * language, a count of items out of 1 to 50), naming what is allowed.
 */
export function productOrder(given?: OrderOptions): fc.Arbitrary<ProductOrderFVO> {
  const options = given ?? {};
  const chosen = oneOf('category', options.category, categories) ?? categories;
  const types = oneOf('product', options.product, productTypes);
  const count = countOf(options.items);
  const lang = langOf(options.lang);
  const made =
    !options.category && !types && !count ? orders.order : fc.oneof(...chosen.map((c) => ordersOf(c, types, count)));
  return made.map((order) => dress(order, lang)) as fc.Arbitrary<unknown> as fc.Arbitrary<ProductOrderFVO>;
}

/** Valid InflightChangeProductOrder_FVO bodies, dressed as {@link productOrder}'s. */
export function inflightChange(options?: ChangeOptions): fc.Arbitrary<InflightChangeProductOrderFVO> {
  const lang = langOf(options?.lang);
  return orders.inflightOrder.map((change) =>
    dress(change, lang),
  ) as fc.Arbitrary<unknown> as fc.Arbitrary<InflightChangeProductOrderFVO>;
}

/** The faulty ones of `families` that `options` asks for, dressed where the fault is not. */
function faultsOf(
  families: Readonly<Partial<Record<RuleId, fc.Arbitrary<Mutant>>>>,
  codes: Readonly<Partial<Record<RuleId, readonly ViolationCode[]>>>,
  options: FaultOptions,
): fc.Arbitrary<Faulty> {
  const ids = Object.keys(families) as RuleId[];
  const lang = langOf(options.lang);
  const [rule] = oneOf('rule', options.rule, ids) ?? [];
  const code = options.code;
  const given = (id: RuleId) => codes[id] ?? [];
  const allowed = [...new Set((rule ? [rule] : ids).flatMap(given))];
  if (code !== undefined && !allowed.includes(code))
    throw new RangeError(
      `no fault ${rule ? `of rule ${rule} ` : ''}gives code ${JSON.stringify(code)}: one of ${allowed.join(', ')}`,
    );
  const chosen = (rule ? [rule] : ids).filter((id) => code === undefined || given(id).includes(code));
  const any = fc.oneof(...chosen.map((id) => families[id] as fc.Arbitrary<Mutant>));
  const wanted = code === undefined ? any : any.filter((m) => m.code === code);
  return wanted.map((m) => ({
    order: dress(m.order, lang, m),
    expected: { rule: m.rule, code: m.code, path: m.path },
  }));
}

/**
 * ProductOrder_FVO bodies that break exactly one rule in one way, each with the one violation it
 * gives; everything but the fault is dressed as {@link productOrder}'s samples are.
 * @throws RangeError for a rule without faults, a code the rule's faults never give or an unknown language.
 */
export function faultyProductOrder(options?: FaultOptions): fc.Arbitrary<Faulty> {
  return faultsOf(mutants, faultCodes.productOrder, options ?? {});
}

/**
 * InflightChangeProductOrder_FVO bodies that break exactly one rule in one way, each with the one
 * violation it gives.
 * @throws RangeError as {@link faultyProductOrder} does.
 */
export function faultyInflightChange(options?: FaultOptions): fc.Arbitrary<Faulty> {
  return faultsOf(inflightMutants, faultCodes.inflightChange, options ?? {});
}

// listener events
export {
  type EventFaultOptions,
  type EventOptions,
  type FaultyEvent,
  faultyListenerEvent,
  type ListenerEvent,
  type ListenerEventType,
  listenerEvent,
} from './events.js';
