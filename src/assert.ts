import type { ProductOrderFVO } from './generated/types.js';
import { type ValidateOptions, validateProductOrder } from './validate.js';
import type { OrderViolation } from './violation.js';

/** Thrown by {@link assertProductOrder}; carries every violation. */
export class ProductOrderValidationError extends Error {
  override readonly name = 'ProductOrderValidationError';
  /** The violations, ordered by path. */
  readonly violations: readonly OrderViolation[];

  constructor(violations: readonly OrderViolation[]) {
    const shown = violations.slice(0, 3).map((v) => `${v.path || '/'}: ${v.message}`);
    const more = violations.length > 3 ? ` (+${violations.length - 3} more)` : '';
    super(`Invalid product order: ${shown.join('; ')}${more}`);
    this.violations = violations;
  }
}

/**
 * Throws a {@link ProductOrderValidationError} unless `input` is a valid product order.
 * @param input - any JavaScript value
 */
export function assertProductOrder(input: unknown, options?: ValidateOptions): asserts input is ProductOrderFVO {
  const result = validateProductOrder(input, options);
  if (!result.valid) throw new ProductOrderValidationError(result.violations);
}
