// The validators the command line runs, by the name `--type` takes. A type listed without a validator
// is known but not part of this build: the command refuses it with a usage error.
import { validateInflightChangeProductOrder } from '../inflight.js';
import type { Lang } from '../messages/index.js';
import type { Truncation } from '../validate.js';
import { validateProductOrder } from '../validate.js';
import type { Hint, Violation } from '../violation.js';

/** A validator: any input in, a verdict out, never a throw. */
export type Validate = (
  input: unknown,
  options?: { readonly lang?: Lang; readonly maxViolations?: number | undefined },
) => {
  readonly valid: boolean;
  readonly violations: readonly Violation[];
  readonly hints: readonly Hint[];
  readonly truncated?: Truncation;
};

/** The values of `--type`, the first the default. */
export const orderTypes = ['product-order', 'inflight-change'] as const;

/** A value of `--type`. */
export type OrderType = (typeof orderTypes)[number];

/** The validators in this build. */
export const validators: Readonly<Partial<Record<OrderType, Validate>>> = {
  'product-order': validateProductOrder,
  'inflight-change': validateInflightChangeProductOrder,
};
