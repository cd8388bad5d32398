// The result of a validation: the input narrowed, or its violations; either way its hints. Below the
// validator and the text validators, which both give it.
import type { ProductOrderFVO } from './generated/types.js';
import type { Hint, OrderViolation } from './violation.js';

/** Violations found but not listed, when a validation found more than `maxViolations`. */
export interface Truncation {
  /** How many violations were found beyond those listed. */
  readonly more: number;
  /** Whether validation stopped at its work limit, so that there may be still more than `more`. */
  readonly stopped: boolean;
}

/**
 * The verdict on an input: the input itself, narrowed, or the violations ordered by path; either
 * way the hints, near misses that break no rule, ordered by path.
 */
export type ValidationResult<T = ProductOrderFVO, V = OrderViolation> =
  | {
      /** The input breaks no rule. */
      readonly valid: true;
      /**
       * The input itself, narrowed. `T` lists the spec's fields only; the input's extension fields
       * (TMF's `@type` sub-classes, a carrier's own) are still there, and `Open<T>` reads them:
       * `(result.value as Open<ProductOrderFVO>)['x-carrierRef']`.
       */
      readonly value: T;
      /** None. */
      readonly violations: [];
      /** Near misses that break no rule, ordered by path. */
      readonly hints: readonly Hint[];
    }
  | {
      /** The input breaks some rule. */
      readonly valid: false;
      /** The violations ordered by path, at most `maxViolations` of them. */
      readonly violations: V[];
      /** Near misses that break no rule, ordered by path. */
      readonly hints: readonly Hint[];
      /** Present when there were more violations than `maxViolations`: how many were not listed. */
      readonly truncated?: Truncation;
    };
