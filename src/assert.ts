import type { ProductOrderFVO } from './generated/types.js';
import { spoken } from './messages/index.js';
import { assertions } from './messages/languages.js';
import { type ValidateOptions, validateProductOrder } from './validate.js';
import type { OrderViolation } from './violation.js';

/**
 * Marks the errors of every copy of the package: the ES module, the CommonJS file and the browser
 * module each have a class of their own, but the registry's symbol is one.
 */
const brand = Symbol.for('product-order-validator.ProductOrderValidationError');

/**
 * Thrown by {@link assertProductOrder}; carries every violation.
 *
 * `instanceof` holds across the package's ES module, CommonJS and browser copies (an error thrown by
 * the one `require` loaded is an instance of the one `import` loaded); {@link isProductOrderValidationError}
 * says the same without the class at hand.
 */
export class ProductOrderValidationError extends Error {
  /** Always `'ProductOrderValidationError'`, what logs and `error.name` checks see. */
  override readonly name = 'ProductOrderValidationError';
  /** The violations, ordered by path. */
  readonly violations: readonly OrderViolation[];

  /**
   * An error whose message names the first three violations and counts the others.
   * @param violations - the violations, as a validator returned them
   * @param lang - the language of the error's message, as of the violations' (English by default)
   */
  constructor(violations: readonly OrderViolation[], lang?: string) {
    // a violation of the whole order has no pointer to show ('/' would be another one, the key '')
    const shown = violations.slice(0, 3).map((v) => (v.path === '' ? v.message : `${v.path}: ${v.message}`));
    super(assertions[spoken(lang)](shown, violations.length - shown.length));
    this.violations = violations;
    Object.defineProperty(this, brand, { value: true });
  }

  /** True for an error of any copy of the package; a subclass keeps the usual prototype check. */
  static override [Symbol.hasInstance](value: unknown): boolean {
    // biome-ignore lint/complexity/noThisInStatic: `this` is the class right of `instanceof`, maybe a subclass
    return isInstance(this, value);
  }
}

/**
 * Whether `value` is a {@link ProductOrderValidationError} thrown by any copy of the package, ES
 * module or CommonJS, this version or another. Never throws.
 */
export function isProductOrderValidationError(value: unknown): value is ProductOrderValidationError {
  try {
    return typeof value === 'object' && value !== null && Object.hasOwn(value, brand);
  } catch {
    return false;
  }
}

function isInstance(asked: unknown, value: unknown): boolean {
  return asked === ProductOrderValidationError
    ? isProductOrderValidationError(value)
    : Function.prototype[Symbol.hasInstance].call(asked, value);
}

/**
 * Throws a {@link ProductOrderValidationError} unless `input` is a valid product order.
 * @param input - any JavaScript value
 */
export function assertProductOrder(input: unknown, options?: ValidateOptions): asserts input is ProductOrderFVO {
  const result = validateProductOrder(input, options);
  if (!result.valid) throw new ProductOrderValidationError(result.violations, options?.lang);
}
