// product-order-validator/arbitraries: test data for partners. fast-check arbitraries of valid
// product orders and in-flight changes, and of ones that break exactly one rule in one way, each
// with the one violation it gives. fast-check is a peer dependency of this entry alone.
import fc from 'fast-check';
import type { InflightChangeProductOrderFVO } from '../generated/inflight-types.js';
import type { ProductOrderFVO } from '../generated/types.js';
import type { RuleId, ViolationCode } from '../violation.js';
import { faultCodes, inflightMutants, type Mutant, mutants, orders } from './compose.js';

export { faultCodes };

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

/** What valid orders to make; each option left out allows any. */
export interface OrderOptions {
  /** The category, or categories to pick from. */
  readonly category?: Category | readonly Category[];
}

/** Which faults to make; each option left out allows any. */
export interface FaultOptions {
  /** The rule the order breaks. */
  readonly rule?: RuleId;
  /** The code of the one violation it gives. */
  readonly code?: ViolationCode;
}

const listOf = <T>(value: T | readonly T[] | undefined): readonly T[] | undefined =>
  value === undefined ? undefined : Array.isArray(value) ? value : [value as T];

/** Valid ProductOrder_FVO bodies: every rule of the package holds for each. */
export function productOrder(options: OrderOptions = {}): fc.Arbitrary<ProductOrderFVO> {
  const categories = listOf(options.category);
  const made = categories ? fc.constantFrom(...categories).chain(orders.orderOf) : orders.order;
  return made as fc.Arbitrary<unknown> as fc.Arbitrary<ProductOrderFVO>;
}

/** Valid InflightChangeProductOrder_FVO bodies. */
export function inflightChange(): fc.Arbitrary<InflightChangeProductOrderFVO> {
  return orders.inflightOrder as fc.Arbitrary<unknown> as fc.Arbitrary<InflightChangeProductOrderFVO>;
}

/** The faulty ones of `families` that `options` asks for. */
function faultsOf(
  families: Readonly<Partial<Record<RuleId, fc.Arbitrary<Mutant>>>>,
  options: FaultOptions,
): fc.Arbitrary<Faulty> {
  const ids = Object.keys(families) as RuleId[];
  if (options.rule !== undefined && !ids.includes(options.rule))
    throw new RangeError(`no fault of rule ${String(options.rule)}: one of ${ids.join(', ')}`);
  const chosen = (options.rule ? [options.rule] : ids).map((id) => families[id] as fc.Arbitrary<Mutant>);
  const any = fc.oneof(...chosen);
  const wanted = options.code === undefined ? any : any.filter((m) => m.code === options.code);
  return wanted.map((m) => ({ order: m.order, expected: { rule: m.rule, code: m.code, path: m.path } }));
}

/** ProductOrder_FVO bodies that break exactly one rule in one way, each with the one violation it gives. */
export function faultyProductOrder(options: FaultOptions = {}): fc.Arbitrary<Faulty> {
  return faultsOf(mutants, options);
}

/** InflightChangeProductOrder_FVO bodies that break exactly one rule in one way, each with the one violation it gives. */
export function faultyInflightChange(options: FaultOptions = {}): fc.Arbitrary<Faulty> {
  return faultsOf(inflightMutants, options);
}

// listener events
export {
  type EventFaultOptions,
  type EventOptions,
  eventFaultCodes,
  type FaultyEvent,
  faultyListenerEvent,
  type ListenerEvent,
  type ListenerEventType,
  listenerEvent,
} from './events.js';
