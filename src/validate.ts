// The validation of an order or a part: the rules run in one pass, the findings worded in the language asked for.

import { type Checked, checkedBy, collectWith, orderFaults } from './collect.js';
import { callerText, guardedOthers } from './custom-rules.js';
import { formatIn, formatMessage, formatOrder } from './messages/index.js';
import { defaultMaxViolations, settings, type ValidateOptions } from './options.js';
import { comparePaths } from './pointer.js';
import type { ValidationResult } from './result.js';
import type { Check, Finding, Hint, Rule, Violation } from './violation.js';
import type { PartName } from './wording.js';

export type { Truncation, ValidationResult } from './result.js';

/**
 * Checks a ProductOrder_FVO create request against the field table, the contact-medium and party
 * rules and R1 to R14. Never throws and never changes the input.
 * @param input - any JavaScript value, typically parsed JSON
 * @returns `{ valid: true, value }` with `value` the input itself, or `{ valid: false, violations }`
 * @example
 * ```ts
 * import { validateProductOrder } from 'product-order-validator';
 *
 * declare const body: string; // a request body, as text
 * const result = validateProductOrder(JSON.parse(body), { lang: 'de' });
 * if (result.valid) console.log(result.value.category); // the input, typed as ProductOrderFVO
 * else for (const v of result.violations) console.log(v.rule, v.code, v.path, v.message);
 * ```
 */
export function validateProductOrder(input: unknown, options?: ValidateOptions): ValidationResult {
  return run(orderFaults, input, options, undefined, formatOrder);
}

/**
 * Runs `checks` on `input` as {@link validateProductOrder} runs the order rules: the first check also
 * judges an input that is no object; a throw while one of this package's rules reads the input gives
 * one `unreadable` violation; a check of the caller's that throws, returns no list of findings, or is
 * no check at all gives a `rule_failed` violation naming it, and the other rules still run.
 */
export function validateWith<T, V = Violation>(
  checks: readonly Rule[],
  input: unknown,
  options?: ValidateOptions,
): ValidationResult<T, V> {
  return run(checkedBy(guardedOthers(checks)), input, options, undefined, formatMessage);
}

/**
 * Runs this package's own `checks` (the query's, for example) as {@link validateWith} does, without
 * guarding them as a caller's.
 */
export function validateOwn<T, V = Violation>(
  checks: readonly Check[],
  input: unknown,
  options?: ValidateOptions,
): ValidationResult<T, V> {
  return run(checkedBy(checks), input, options, undefined, formatMessage);
}

/** {@link validateWith}, with the whole input named as `part` in the messages (a change, an event), not as the order. */
export function validateAs<T, V = Violation>(
  part: PartName,
  checks: readonly Rule[],
  input: unknown,
  options?: ValidateOptions,
): ValidationResult<T, V> {
  return run(checkedBy(checks), input, options, undefined, (finding, lang) => formatIn(finding, lang, part));
}

/** Validates with `checked`, rendering each violation with `words` where it has a message, else the built-in table. */
export function run<T, V = Violation>(
  checked: Checked,
  input: unknown,
  options: ValidateOptions<string> | undefined,
  words: ((finding: Finding, lang: string) => string | undefined) | undefined,
  builtInWords: (finding: Finding, lang: string) => string,
): ValidationResult<T, V> {
  const { lang, max, labels } = settings(options);
  const { listed, more, stopped, near } = collectWith(checked, input, max);
  if (listed.length === 0 && near.length === 0)
    return { valid: true, value: input as T, violations: [], hints: noHints };
  const word = (f: Finding) =>
    words?.(f, lang) ?? (labels && callerText(() => labels.message(f, input))) ?? builtInWords(f, lang);
  const hints = near.length === 0 ? noHints : near.map((f) => hintOf(f, word(f)));
  if (listed.length === 0) return { valid: true, value: input as T, violations: [], hints };
  const violations = listed.map((f) => ({
    rule: f.rule,
    code: f.code,
    path: f.path,
    params: f.params,
    message: word(f),
  })) as V[];
  if (more === 0 && !stopped) return { valid: false, violations, hints };
  return { valid: false, violations, hints, truncated: { more, stopped } };
}

const noHints: readonly Hint[] = /* @__PURE__ */ Object.freeze([]);

export { comparePaths, defaultMaxViolations, settings, type ValidateOptions };

function hintOf(f: Finding, message: string): Hint {
  return { path: f.path, code: 'did_you_mean', params: f.params as Hint['params'], message };
}
