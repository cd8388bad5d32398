import type { Labels } from './form/labels.js';
import type { ProductOrderFVO } from './generated/types.js';
import { formatIn, formatMessage, formatOrder, type Lang } from './messages/index.js';
import type { PartName } from './messages/wording.js';
import { budget, isRecord, maxReads, spent } from './read.js';
import { checks as orderChecks, rules } from './rules/index.js';
import { type TextValidationResult, validateText } from './text/located.js';
import {
  type Check,
  type Finding,
  type FindingCode,
  type FindingOf,
  type Hint,
  type OrderViolation,
  type Rule,
  type RuleId,
  ruleIds,
  type Violation,
} from './violation.js';

/** Options of {@link validateProductOrder}; `L` names the languages a validator has messages in. */
export interface ValidateOptions<L extends string = Lang> {
  /**
   * Language of the messages: one the package speaks (English, the default, or German), or one a
   * validator was given messages in; any other gives English.
   */
  readonly lang?: L | undefined;
  /**
   * List at most this many violations, the first by path (default {@link defaultMaxViolations};
   * `Infinity` lists every one). Validation stops once it has found ten times as many (at least
   * 1,000), so an input with a million faults costs no more than one with a thousand.
   */
  readonly maxViolations?: number | undefined;
  /**
   * Words for the people who fill in a form: messages that name each field by its label and count
   * list items from 1, such as {@link labelsDe} or {@link labelsEn}, or either with a caller's own
   * labels put over it by {@link withLabels}. A code the labels have no message for gets the
   * package's message in `lang`. Paths, rules, codes and params stay as they are.
   */
  readonly labels?: Labels | undefined;
}

/** How many violations a validation lists unless told otherwise. */
export const defaultMaxViolations = 1000;

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
      /** The input itself, narrowed. */
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
  return run(orderChecks, input, options, undefined, formatOrder);
}

/**
 * Runs `checks` on `input` as {@link validateProductOrder} runs the order rules: the first check also
 * judges an input that is no object; a throw while one of this package's rules reads the input gives
 * one `unreadable` violation; any other rule that throws, or returns no list of findings, gives a
 * `rule_failed` violation naming it, and the other rules still run.
 */
export function validateWith<T, V = Violation>(
  checks: readonly Rule[],
  input: unknown,
  options?: ValidateOptions,
): ValidationResult<T, V> {
  return run(guardedOthers(checks), input, options, undefined, formatMessage);
}

/** The checks, each that is not one of this package's rules (by id) {@link guard}ed. */
function guardedOthers(checks: readonly Check[]): readonly Check[] {
  try {
    return Array.isArray(checks) ? checks.map((check) => (builtIn.has(check?.id) ? check : guard(check))) : checks;
  } catch {
    return checks; // a list whose checks cannot be read: faultsOf reports the input unreadable
  }
}

/** {@link validateWith}, with the whole input named as `part` in the messages (a change, an event), not as the order. */
export function validateAs<T, V = Violation>(
  part: PartName,
  checks: readonly Rule[],
  input: unknown,
  options?: ValidateOptions,
): ValidationResult<T, V> {
  return run(checks, input, options, undefined, (finding, lang) => formatIn(finding, lang, part));
}

/** A finding of a rule of the caller's: its own rule id and code, and params of its own shape. */
export interface CustomFinding<
  Code extends string = string,
  Params extends object = Readonly<Record<string, unknown>>,
> {
  /** The id of the rule that reports it. */
  readonly rule: string;
  /** What kind of fault it is: a stable snake_case code. */
  readonly code: Code;
  /** RFC 6901 JSON Pointer of the deepest node concerned; `''` is the whole input. */
  readonly path: string;
  /** Machine-readable details. */
  readonly params: Params;
}

/** A rule of the caller's, beside or instead of the built-in ones. */
export interface CustomRule<F extends CustomFinding = CustomFinding> {
  /** The rule's id; the id of a built-in rule replaces that rule. */
  readonly id: string;
  /** What the rule demands, in one line. */
  readonly title: string;
  /** Checks an input of any shape; returns no finding when the rule holds. A throw gives `rule_failed`. */
  check(order: unknown): readonly F[];
}

/**
 * A rule of the caller's, as written: the identity, there to keep the literal codes of its findings,
 * so that a rule in a file of its own types its findings' params by code as an inline one does.
 * @example
 * ```ts
 * import { createValidator, defineRule } from 'product-order-validator';
 *
 * // a rule in a file of its own: its findings keep their literal code and params
 * export const completionAfterPosting = defineRule({
 *   id: 'X-completion-after-posting',
 *   title: 'The requested completion date is after the order was posted.',
 *   check: (order) => {
 *     const { orderPostedDate: posted, requestedCompletionDate: wanted } = Object(order) as Record<string, unknown>;
 *     if (typeof posted !== 'string' || typeof wanted !== 'string' || Date.parse(wanted) > Date.parse(posted))
 *       return [];
 *     const path = '/requestedCompletionDate';
 *     return [{ rule: 'X-completion-after-posting', code: 'completion_too_early', path, params: { posted } }];
 *   },
 * });
 *
 * const carrier = createValidator({
 *   rules: [completionAfterPosting],
 *   messages: { en: { completion_too_early: (f) => `The completion date must be after ${f.params.posted}.` } },
 * });
 * ```
 */
export function defineRule<const F extends CustomFinding>(rule: CustomRule<F>): CustomRule<F> {
  return rule;
}

/** A finding with its message. */
export type WithMessage<F> = F & {
  /** The finding in words, in the requested language. */
  readonly message: string;
};

/**
 * The finding a message of code `C` renders, as a {@link MessageTable} gives it: a built-in finding
 * for a built-in code, else the caller's finding `F` of that code.
 */
export type FoundOf<F extends CustomFinding, C> = C extends FindingCode
  ? FindingOf<C>
  : F extends CustomFinding
    ? C extends F['code']
      ? F
      : never
    : never;

/** Messages of one language, one per code: the caller's own codes, and built-in codes to reword. */
export type MessageTable<F extends CustomFinding = CustomFinding> = {
  readonly [C in F['code'] | FindingCode]?: (finding: FoundOf<F, C>) => string;
};

/**
 * Options of {@link createValidator}; `F` lists the findings of each rule, in order, so that each
 * rule's findings are typed on their own and the messages know every code.
 */
export interface ValidatorOptions<F extends readonly CustomFinding[], L extends string = Lang> {
  /** Rules run after the built-in ones, in this order; one with a built-in rule's id takes that rule's place. */
  readonly rules?: { readonly [K in keyof F]: CustomRule<F[K]> };
  /** Built-in rules to leave out, by id. */
  readonly without?: readonly RuleId[];
  /**
   * Messages per language, for the rules' own codes and to reword built-in ones; a language the
   * package does not speak can be added here. A code without a message in the language asked for
   * gets the built-in one (in English, for an added language), and a code of the caller's without
   * any gets a neutral message naming it.
   */
  readonly messages?: { readonly [K in L]?: MessageTable<F[number]> };
}

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
  const own: CustomRule[] = [...((options?.rules ?? []) as readonly CustomRule[])];
  const dropped = new Set<string>(options?.without ?? []);
  const checks: (Rule | CustomRule)[] = [];
  for (const rule of rules) {
    if (dropped.has(rule.id)) continue;
    const at = own.findIndex((mine) => mine.id === rule.id);
    checks.push(at < 0 ? rule : own.splice(at, 1)[0]);
  }
  checks.push(...own);
  // a rule of the caller's that throws is at fault itself, even with a built-in id
  const ours = new Set<unknown>(rules);
  const guarded = checks.map((rule) => (ours.has(rule) ? (rule as Rule) : guard(rule as Rule)));
  const messages = options?.messages;
  const words =
    messages &&
    ((finding: Finding, lang: string) =>
      wordsOf(Object.hasOwn(messages, lang) ? (messages as Record<string, object>)[lang] : undefined, finding));
  const validate = (input: unknown, validateOptions?: ValidateOptions<string>) =>
    run<ProductOrderFVO, OrderViolation | WithMessage<F>>(guarded, input, validateOptions, words, formatMessage);
  return Object.freeze({
    rules: Object.freeze(checks) as readonly (Rule | CustomRule<F>)[],
    validate,
    validateText: (text: string, validateOptions?: ValidateOptions<string>) =>
      validateText(text, validate, validateOptions),
  });
}

/**
 * A rule of the caller's, held to the contract of a check: a throw gives its `rule_failed` finding,
 * and so does a result that is no list of findings or a finding without rule, code, path and params.
 */
function guard<R extends Check>(rule: R): R {
  return {
    ...rule,
    check(order: unknown) {
      let some: readonly Finding[];
      try {
        some = rule.check(order);
      } catch (error) {
        if (error === spent) throw error;
        return [failed(rule, error)];
      }
      if (!Array.isArray(some)) return [failed(rule, new TypeError('check() returned no array of findings'))];
      return some.map((finding) => wellFormed(rule, finding));
    },
  };
}

/** The caller's message of a finding, when the table has one that renders. */
function wordsOf(table: object | undefined, finding: Finding): string | undefined {
  const render =
    table && Object.hasOwn(table, finding.code) ? (table as Record<string, unknown>)[finding.code] : undefined;
  if (typeof render !== 'function') return undefined;
  try {
    const text = (render as (finding: Finding) => unknown)(finding);
    return typeof text === 'string' ? text : undefined;
  } catch {
    return undefined; // a message that throws falls back to the built-in or neutral one
  }
}

/** Validates with `checks`, rendering each violation with `words` where it has a message, else the built-in table. */
function run<T, V = Violation>(
  checks: readonly Check[],
  input: unknown,
  options: ValidateOptions<string> | undefined,
  words: ((finding: Finding, lang: string) => string | undefined) | undefined,
  builtInWords: (finding: Finding, lang: string) => string,
): ValidationResult<T, V> {
  const { lang, max, labels } = settings(options);
  const { found: faults, stopped, near } = findings(checks, input, stopAfter(max), max);
  if (faults.length === 0 && near.length === 0)
    return { valid: true, value: input as T, violations: [], hints: noHints };
  const word = (f: Finding) => words?.(f, lang) ?? labels?.message(f, input) ?? builtInWords(f, lang);
  const listed = byPath(faults).slice(0, max);
  const hints =
    near.length === 0
      ? noHints
      : byPath(near)
          .slice(0, max)
          .map((f) => hintOf(f, word(f)));
  if (faults.length === 0) return { valid: true, value: input as T, violations: [], hints };
  const violations = listed.map((f) => ({
    rule: f.rule,
    code: f.code,
    path: f.path,
    params: f.params,
    message: word(f),
  })) as V[];
  const more = faults.length - listed.length;
  if (more === 0 && !stopped) return { valid: false, violations, hints };
  return { valid: false, violations, hints, truncated: { more, stopped } };
}

const noHints: readonly Hint[] = /* @__PURE__ */ Object.freeze([]);

function hintOf(f: Finding, message: string): Hint {
  return { path: f.path, code: 'did_you_mean', params: f.params as Hint['params'], message };
}

/** The options in force; unknown or unreadable values fall back to the defaults. */
export function settings(
  options: ValidateOptions<string> | undefined,
  fallbackMax = defaultMaxViolations,
): { lang: string; max: number; labels: Labels | undefined } {
  try {
    const max = options?.maxViolations;
    const lang = options?.lang;
    const given = options?.labels;
    const labels = typeof given?.message === 'function' ? given : undefined;
    return {
      // labels speak their language: the messages they have none for follow it
      lang: typeof lang === 'string' ? lang : typeof labels?.lang === 'string' ? labels.lang : 'en',
      max: typeof max === 'number' && max >= 1 ? Math.floor(max) : fallbackMax,
      labels,
    };
  } catch {
    return { lang: 'en', max: fallbackMax, labels: undefined };
  }
}

/**
 * How many findings a validation listing `max` collects before it stops: enough to list the first
 * `max` by path for any input with up to ten times as many faults.
 */
const stopAfter = (max: number): number => Math.max(10 * max, 1000);

const builtIn: ReadonlySet<string> = /* @__PURE__ */ new Set<string>(ruleIds);

const unreadable: readonly Finding[] = [{ rule: 'R-field', code: 'unreadable', path: '', params: {} }];

/** The input needed more reads than a validation makes: checking stopped, and it is no valid order. */
const tooCostly: Finding = { rule: 'R-field', code: 'too_costly', path: '', params: { limit: maxReads } };

/**
 * The findings of every check, until `stop` of them are found or the reads of the input are spent
 * ({@link maxReads}, across all checks), and at most `hints` hints.
 */
function findings(
  checks: readonly Check[],
  input: unknown,
  stop: number,
  hints: number,
): { found: Finding[]; stopped: boolean; near: Finding[] } {
  const { left, reads, costly, hints: outerHints, hintsLeft } = budget;
  budget.reads = maxReads;
  budget.costly = false;
  budget.hints = undefined;
  budget.hintsLeft = hints;
  const { found, stopped } = faultsOf(checks, input, stop);
  const near = budget.hints ?? [];
  budget.left = left;
  budget.reads = reads;
  budget.costly = costly;
  budget.hints = outerHints;
  budget.hintsLeft = hintsLeft;
  return { found, stopped, near };
}

/** The faults every check finds, until `stop` of them are found. */
function faultsOf(checks: readonly Check[], input: unknown, stop: number): { found: Finding[]; stopped: boolean } {
  const found: Finding[] = [];
  try {
    // the first check also judges an input that is no object; the others need an object
    const last = isRecord(input) ? checks.length : Math.min(1, checks.length);
    for (let r = 0; r < last; r++) {
      budget.left = stop - found.length;
      let some: readonly Finding[];
      try {
        some = checks[r].check(input);
      } catch (error) {
        if (error === spent) {
          for (let i = 0; i < budget.cut.length && found.length < stop; i++) found.push(budget.cut[i]);
          // out of reads, never valid: too_costly is listed first, whatever else was found
          if (budget.costly) found.unshift(tooCostly);
          return { found, stopped: true };
        }
        // this package's rules throw only on input they cannot read: a throwing getter or Proxy trap,
        // or a structure too deep to walk; a caller's rule is guarded and throws nothing else
        return { found: unreadable.slice(), stopped: false };
      }
      if (some.length === 0) continue;
      for (let i = 0; i < some.length; i++) found.push(some[i]);
      if (found.length >= stop) {
        found.length = stop;
        return { found, stopped: true };
      }
    }
    return { found, stopped: false };
  } catch {
    // a rule whose id or findings cannot even be read
    return { found: unreadable.slice(), stopped: false };
  }
}

/** The `rule_failed` finding of a rule that threw `error`. */
function failed(rule: Check, error: unknown): Finding {
  let text: string;
  try {
    text = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
  } catch {
    text = 'unknown error';
  }
  return { rule: rule.id, code: 'rule_failed', path: '', params: { error: text.slice(0, 200) } };
}

/** A finding as a rule returned it, when it has the shape of one; else the rule's `rule_failed`. */
function wellFormed(rule: Check, finding: Finding): Finding {
  if (
    isRecord(finding) &&
    typeof finding.rule === 'string' &&
    typeof finding.code === 'string' &&
    typeof finding.path === 'string' &&
    isRecord(finding.params)
  )
    return finding;
  return failed(rule, new TypeError('check() returned a finding without rule, code, path and params'));
}

/**
 * Findings ordered by path: token by token, array indices as numbers; stable for equal paths. Most
 * paths have no index above 9 and no character below '/', and such paths order as plain strings do,
 * which the engine compares natively; any other path orders all of them by {@link comparePaths}.
 */
export function byPath(found: readonly Finding[]): Finding[] {
  const sorted = found.slice();
  if (sorted.length < 2) return sorted;
  let plain = true;
  for (let i = 0; i < sorted.length && plain; i++) plain = !unlikePlain.test(sorted[i].path);
  const compare = plain ? comparePlain : comparePaths;
  return sorted.sort((a, b) => compare(a.path, b.path));
}

/** An index of two or more digits, or a character that sorts before '/'. */
const unlikePlain = /\/[1-9][0-9]|[\0-.]/;

const comparePlain = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);

const slash = 47;

/** Orders two JSON Pointers token by token, comparing array indices as numbers, without splitting. */
export function comparePaths(a: string, b: string): number {
  const n = Math.min(a.length, b.length);
  let i = 0;
  while (i < n && a.charCodeAt(i) === b.charCodeAt(i)) i++;
  if (i === a.length && i === b.length) return 0;
  // one path is the other plus more tokens: the shorter, the parent, comes first
  if (i === a.length && b.charCodeAt(i) === slash) return -1;
  if (i === b.length && a.charCodeAt(i) === slash) return 1;
  const start = a.lastIndexOf('/', i - 1) + 1;
  const endA = tokenEnd(a, start);
  const endB = tokenEnd(b, start);
  if (isIndex(a, start, endA) && isIndex(b, start, endB) && endA !== endB) return endA - endB;
  // the tokens differ at i, or one ends there: the shorter token comes first
  return (i < endA ? a.charCodeAt(i) : -1) - (i < endB ? b.charCodeAt(i) : -1);
}

function tokenEnd(path: string, start: number): number {
  const end = path.indexOf('/', start);
  return end < 0 ? path.length : end;
}

/** Whether path[start..end) is an array index: digits, no leading zero but for 0 itself. */
function isIndex(path: string, start: number, end: number): boolean {
  if (end === start || (end - start > 1 && path.charCodeAt(start) === 48)) return false;
  for (let i = start; i < end; i++) {
    const c = path.charCodeAt(i);
    if (c < 48 || c > 57) return false;
  }
  return true;
}
