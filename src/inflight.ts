import type { InflightChangeProductOrderFVO } from './generated/inflight-types.js';
import { inflightRuleIds } from './generated/rule-ids.js';
import { rules } from './registry/rules.js';
import { inflightFieldTable } from './rules/inflight-field-table.js';
import { type ValidateOptions, type ValidationResult, validateAs } from './validate.js';
import type { OrderViolation, Rule, RuleId } from './violation.js';

/** The order rules of the parts a change shares with an order: related parties, order items, agreements. */
const shared: ReadonlySet<RuleId> = /* @__PURE__ */ new Set(inflightRuleIds);

/**
 * The rules an in-flight change is checked against: its own field table, then the order rules of the
 * parts it shares with an order. The rules that depend on the order's category (R1, R9 to R12, R14)
 * do not apply: a change carries no order category.
 */
export const inflightRules: readonly Rule[] = /* @__PURE__ */ applicable();

function applicable(): readonly Rule[] {
  return Object.freeze([inflightFieldTable, ...rules.filter((rule) => shared.has(rule.id))]);
}

/**
 * Checks an InflightChangeProductOrder_FVO create request against its field table and the order rules
 * of its related parties, order items and agreements. Never throws and never changes the input.
 * @param input - any JavaScript value, typically parsed JSON
 * @returns `{ valid: true, value }` with `value` the input itself, or `{ valid: false, violations }`
 * @example
 * ```ts
 * import { validateInflightChangeProductOrder } from 'product-order-validator';
 *
 * const result = validateInflightChangeProductOrder({
 *   '@type': 'InflightChangeProductOrder',
 *   requestPostedDate: '2025-03-12T10:30:00+01:00',
 *   entity: { '@type': 'ProductOrderRef', id: '7f1c2a90-3b4e-4d5f-8a6b-9c0d1e2f3a4b' },
 *   category: ['rescheduling'],
 *   requestedCompletionDate: '2025-05-02T12:00:00+02:00',
 * });
 * if (result.valid) console.log(result.value.entity.id);
 * ```
 */
export function validateInflightChangeProductOrder(
  input: unknown,
  options?: ValidateOptions,
): ValidationResult<InflightChangeProductOrderFVO> {
  return validateAs<InflightChangeProductOrderFVO, OrderViolation>('change', inflightRules, input, options);
}
