// The text validators of an order and of an in-flight change.
import type { InflightChangeProductOrderFVO } from '../generated/inflight-types.js';
import { validateInflightChangeProductOrder } from '../inflight.js';
import { type ValidateOptions, validateProductOrder } from '../validate.js';
import { type TextValidationResult, validateText } from './located.js';

export type { Position } from './locate.js';
export type { Located, TextValidationResult } from './located.js';

/**
 * Checks the JSON text of a ProductOrder_FVO create request as {@link validateProductOrder} checks the
 * parsed value, and gives each violation and hint the line and column of the node it concerns (a
 * missing property: the object that lacks it; a misspelt property: its name). A byte order mark at
 * the start is skipped and not counted. Never throws.
 * @param text - JSON text, as read from a file or a request
 * @example
 * ```ts
 * import { readFileSync } from 'node:fs';
 * import { validateProductOrderText } from 'product-order-validator';
 *
 * const result = validateProductOrderText(readFileSync('order.json', 'utf8'));
 * if (!result.valid)
 *   for (const v of result.violations) console.log(`order.json:${v.line}:${v.column}`, v.rule, v.message);
 * ```
 */
export function validateProductOrderText(text: string, options?: ValidateOptions): TextValidationResult {
  return validateText(text, validateProductOrder, options);
}

/** Checks the JSON text of an InflightChangeProductOrder_FVO create request, as {@link validateProductOrderText} does an order. Never throws. */
export function validateInflightChangeProductOrderText(
  text: string,
  options?: ValidateOptions,
): TextValidationResult<InflightChangeProductOrderFVO> {
  return validateText(text, validateInflightChangeProductOrder, options);
}
