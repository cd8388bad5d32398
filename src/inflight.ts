import type { InflightChangeProductOrderFVO } from './generated/inflight-types.js';
import { contactMedia } from './rules/contact-media.js';
import { inflightFieldTable } from './rules/inflight-field-table.js';
import { party } from './rules/party.js';
import { r3 } from './rules/r3-phone-contact.js';
import { r4 } from './rules/r4-postal-contact.js';
import { r5 } from './rules/r5-free-roles.js';
import { r6 } from './rules/r6-role-group.js';
import { r7 } from './rules/r7-place-roles.js';
import { r8 } from './rules/r8-place-kinds.js';
import { r13 } from './rules/r13-agreement-party.js';
import { type ValidateOptions, type ValidationResult, validateWith } from './validate.js';
import type { Rule } from './violation.js';

/**
 * The rules an in-flight change is checked against: its own field table, then the order rules of the
 * parts it shares with an order (related parties, order items, agreements). The rules that depend on
 * the order's category (R1, R9 to R12, R14) do not apply: a change carries no order category.
 */
export const inflightRules: readonly Rule[] = Object.freeze([
  inflightFieldTable,
  contactMedia,
  party,
  r3,
  r4,
  r5,
  r6,
  r7,
  r8,
  r13,
]);

/**
 * Checks an InflightChangeProductOrder_FVO create request against its field table and the order rules
 * of its related parties, order items and agreements. Never throws and never changes the input.
 * @param input - any JavaScript value, typically parsed JSON
 * @returns `{ valid: true, value }` with `value` the input itself, or `{ valid: false, violations }`
 */
export function validateInflightChangeProductOrder(
  input: unknown,
  options?: ValidateOptions,
): ValidationResult<InflightChangeProductOrderFVO> {
  return validateWith<InflightChangeProductOrderFVO>(inflightRules, input, options);
}
