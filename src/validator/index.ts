// A validator of product orders with a caller's rules and words: validating a value, or JSON text with positions.

import { checkedBy } from '../collect.js';
import {
  type CustomFinding,
  type CustomRule,
  carrierOf,
  isBuiltIn,
  type ValidatorOptions,
  type WithMessage,
} from '../custom-rules.js';
import type { ProductOrderFVO } from '../generated/types.js';
import { formatMessage, type Lang } from '../messages/index.js';
import type { ValidateOptions } from '../options.js';
import { rules } from '../registry/rules.js';
import type { ValidationResult } from '../result.js';
import { type TextValidationResult, validateText } from '../text/located.js';
import { run } from '../validate.js';
import type { OrderViolation, Rule } from '../violation.js';

/** A validator of product orders: the built-in rules and a caller's own, with its own words. */
export interface Validator<F extends CustomFinding = never, L extends string = Lang> {
  /** The rules in the order they run. */
  readonly rules: readonly (Rule | CustomRule<F>)[];
  /** Validates any value as {@link validateProductOrder} does, with this validator's rules and words. Never throws. */
  validate(
    input: unknown,
    options?: ValidateOptions<Lang | L>,
  ): ValidationResult<ProductOrderFVO, OrderViolation | WithMessage<F>>;
  /** Validates JSON text as {@link validateProductOrderText} does, with this validator's rules and words. Never throws. */
  validateText(
    text: string,
    options?: ValidateOptions<Lang | L>,
  ): TextValidationResult<ProductOrderFVO, OrderViolation | WithMessage<F>>;
}

/**
 * A validator with the built-in rules (less those in `without`, a rule of the caller's with a
 * built-in id in that rule's place) and the caller's `rules` after them, its words in `messages`.
 * One ordered result, as {@link validateProductOrder} gives; a rule that throws gives `rule_failed`.
 * @throws TypeError naming the option at fault, when `rules` holds something that is no rule (an id,
 * a title and a check function), two rules share an id, `without` names no built-in rule, or a message
 * is no function; the options are read once, here.
 * @example
 * ```ts
 * import { createValidator } from 'product-order-validator';
 *
 * const carrier = createValidator({
 *   rules: [
 *     {
 *       id: 'X-priority-range',
 *       title: 'A priority is one of 0 (highest) to 4 (lowest).',
 *       check: (order) => {
 *         const priority = typeof order === 'object' && order !== null ? Reflect.get(order, 'priority') : undefined;
 *         if (priority === undefined || ['0', '1', '2', '3', '4'].includes(String(priority))) return [];
 *         return [{ rule: 'X-priority-range', code: 'priority_out_of_range', path: '/priority', params: { lowest: 4 } }];
 *       },
 *     },
 *   ],
 *   messages: {
 *     en: { priority_out_of_range: (f) => `The priority must be 0 to ${f.params.lowest}.` },
 *     de: { priority_out_of_range: (f) => `Die Priorität muss zwischen 0 und ${f.params.lowest} liegen.` },
 *   },
 *   without: ['R14'], // a built-in rule left out
 * });
 *
 * declare const order: unknown;
 * const result = carrier.validate(order, { lang: 'de' }); // the built-in rules, then the carrier's
 * if (!result.valid)
 *   for (const v of result.violations) if (v.code === 'priority_out_of_range') console.log(v.params.lowest);
 * ```
 */
export function createValidator<const Found extends readonly CustomFinding[] = [], L extends string = Lang>(
  options?: ValidatorOptions<Found, L>,
): Validator<Found[number], L> {
  type F = Found[number];
  const { rules: checks, checks: guarded, words } = carrierOf(options, 'createValidator', rules, isBuiltIn);
  const checked = checkedBy(guarded);
  const validate = (input: unknown, validateOptions?: ValidateOptions<string>) =>
    run<ProductOrderFVO, OrderViolation | WithMessage<F>>(checked, input, validateOptions, words, formatMessage);
  return Object.freeze({
    rules: checks as readonly (Rule | CustomRule<F>)[],
    validate,
    validateText: (text: string, validateOptions?: ValidateOptions<string>) =>
      validateText(text, validate, validateOptions),
  });
}
