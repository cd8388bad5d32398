import { assertions } from './generated/languages.js';
import type { ProductOrderFVO } from './generated/types.js';
import { spoken } from './messages/index.js';
import { type ValidateOptions, validateProductOrder } from './validate.js';
import type { OrderViolation } from './violation.js';

/** Thrown by {@link assertProductOrder}; carries every violation. */
export class ProductOrderValidationError extends Error {
  override readonly name = 'ProductOrderValidationError';
  /** The violations, ordered by path. */
  readonly violations: readonly OrderViolation[];

  /** @param lang - the language of the error's message, as of the violations' (English by default) */
  constructor(violations: readonly OrderViolation[], lang?: string) {
    const shown = violations.slice(0, 3).map((v) => `${v.path || '/'}: ${v.message}`);
    super(assertions[spoken(lang)](shown, violations.length - shown.length));
    this.violations = violations;
  }
}

/**
 * Throws a {@link ProductOrderValidationError} unless `input` is a valid product order.
 * @param input - any JavaScript value
 */
export function assertProductOrder(input: unknown, options?: ValidateOptions): asserts input is ProductOrderFVO {
  const result = validateProductOrder(input, options);
  if (!result.valid) throw new ProductOrderValidationError(result.violations, options?.lang);
}
