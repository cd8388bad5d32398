import { orderRuleIds } from './generated/rule-ids.js';
import type { ProductOrderFVO } from './generated/types.js';
import { formatIn, formatMessage, formatOrder, type Lang } from './messages/index.js';
import type { PartName } from './messages/wording.js';
import { defaultMaxViolations, settings, type ValidateOptions } from './options.js';
import { comparePaths, pointerKeys } from './pointer.js';
import { isRecord, maxReads, type NotJson, notJsonNodes, parsedJson, Work } from './read.js';
import { checks as orderChecks, rules } from './registry/rules.js';
import { walkedId, walkFindings } from './registry/walked.js';
import type { ValidationResult } from './result.js';
import { inflightFieldTable } from './rules/inflight-field-table.js';
import { type TextValidationResult, validateText } from './text/located.js';
import type {
  Check,
  Finding,
  FindingCode,
  FindingOf,
  Hint,
  OrderViolation,
  Rule,
  RuleId,
  Violation,
} from './violation.js';

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

/** The checks, each that is not one of this package's rules read once and {@link guard}ed. */
function guardedOthers(checks: readonly Check[]): readonly Check[] {
  let list: readonly unknown[];
  try {
    list = Array.isArray(checks) ? checks.slice(0, maxRules) : [];
  } catch {
    list = [];
  }
  return list.map((check, i) => {
    if (isBuiltIn(check)) return check as Check;
    const read = callerRule(check);
    return typeof read === 'string' ? brokenRule(check, i, read) : guard(read);
  });
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
 * Rules are synchronous: a rule whose `check` is an async function throws a TypeError at once, which
 * says to await what the check needs before validating and to pass it in. A finding of the code
 * `required` gives the object that lacks the field and its name in `params.property`, as the
 * built-in ones do, or the missing field's own path with that `property`: a form's issue lands at
 * the field either way.
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
  const check = isRecord(rule) ? Reflect.get(rule, 'check') : undefined;
  if (isAsync(check))
    refuse(
      'defineRule',
      `the rule '${String(Reflect.get(rule, 'id'))}'`,
      `${asyncFault}: ${awaitFirst}, with the rule made over it: \`(data) => defineRule({ id, title, check: (order) => findings of order and data })\``,
    );
  return rule;
}

/**
 * Why a rule's check may not be async, and what to do instead: the words of the TypeError of
 * {@link defineRule} and of `createValidator`, and of the `rule_failed` of a check that returns a promise.
 */
const asyncFault = 'has an async check, but rules are synchronous';
/** What to do instead of an async check. */
const awaitFirst = 'await what the check needs before validating, and pass it in';

/** Whether `check` is an async function (or async generator), which never returns a list of findings. */
function isAsync(check: unknown): boolean {
  const kind = typeof check === 'function' ? Object.prototype.toString.call(check) : '';
  return kind === '[object AsyncFunction]' || kind === '[object AsyncGeneratorFunction]';
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

/** What the options of a validator make: its rules in the order they run, as checks to run, and its words. */
export interface Carrier {
  /** The rules in the order they run, frozen. */
  readonly rules: readonly (Rule | CustomRule)[];
  /** The same, each of the caller's {@link guard}ed. */
  readonly checks: readonly Check[];
  /** The caller's message of a finding in a language, when `messages` has one that renders. */
  readonly words: ((finding: Finding, lang: string) => string | undefined) | undefined;
}

/**
 * The rules, checks and words of the options `rules`, `without` and `messages`, read once, as
 * {@link createValidator} takes them: `base` (the built-in rules) less those left out, a caller's rule
 * with a built-in id in that rule's place, the others after them; each that is not `builtIn` guarded.
 * `who` names the function in a TypeError for an option at fault.
 */
export function carrierOf(
  options: AnyValidatorOptions,
  who: string,
  base: readonly Check[],
  builtIn: (check: unknown) => boolean,
): Carrier {
  const read = ownRules(options, who);
  const own: CustomRule[] = [...read.keys()];
  const dropped = new Set<string>(droppedRules(options, who, base));
  const checks: (Rule | CustomRule)[] = [];
  for (const rule of base as readonly Rule[]) {
    if (dropped.has(rule.id)) continue;
    const at = own.findIndex((mine) => mine.id === rule.id);
    checks.push(at < 0 ? rule : own.splice(at, 1)[0]);
  }
  checks.push(...own);
  // a rule of the caller's that throws is at fault itself, even with a built-in id
  const guarded = checks.map((rule) => (builtIn(rule) ? (rule as Rule) : guard(read.get(rule) ?? rule)));
  const messages = ownMessages(options, who);
  const words =
    messages &&
    ((finding: Finding, lang: string) => wordsOf(Object.hasOwn(messages, lang) ? messages[lang] : undefined, finding));
  return { rules: Object.freeze(checks), checks: guarded, words };
}

/** The most rules, message tables or messages a validator takes: more is no list a person wrote. */
const maxRules = 1000;

/**
 * Whether `check` is one of this package's own rule objects (those of `rules`, `inflightRules` and the
 * order's checks), by identity, never by id: the one decision of {@link validateWith} and
 * {@link createValidator}. Any other is a caller's, and guarded: its throw is its `rule_failed`.
 */
let builtInRules: ReadonlySet<unknown> | undefined;
function isBuiltIn(check: unknown): boolean {
  if (builtInRules === undefined) builtInRules = new Set<unknown>([...orderChecks, ...rules, inflightFieldTable]);
  return builtInRules.has(check);
}

type AnyValidatorOptions = ValidatorOptions<readonly CustomFinding[], string> | undefined;

/** Throws a TypeError that names the function `who` called, the option at fault and what is wrong. */
function refuse(who: string, at: string, fault: string): never {
  throw new TypeError(`${who}: ${at} ${fault}`);
}

/**
 * The caller's rules of `options.rules`, each as given with what was read of it once; throws a
 * TypeError naming the first that is no rule.
 */
function ownRules(options: AnyValidatorOptions, who: string): Map<CustomRule, CustomRule> {
  const read = new Map<CustomRule, CustomRule>();
  const given = readOption(options, 'rules', 'rules', who);
  if (given === undefined) return read;
  if (!Array.isArray(given)) refuse(who, 'rules', `must be an array of rules, not ${describe(given)}`);
  if (given.length > maxRules) refuse(who, 'rules', `holds ${given.length} rules, more than ${maxRules}`);
  const ids = new Map<string, number>();
  for (let i = 0; i < given.length; i++) {
    const rule = readOption(given, i, `rules[${i}]`, who);
    const own = callerRule(rule);
    if (typeof own === 'string') refuse(who, `rules[${i}]`, own);
    const first = ids.get(own.id);
    if (first !== undefined)
      refuse(who, `rules[${i}]`, `has the id '${own.id}' of rules[${first}]: each rule needs an id of its own`);
    ids.set(own.id, i);
    read.set(rule as CustomRule, own);
  }
  return read;
}

/** The ids of `options.without`; throws a TypeError for one that is no built-in rule's id. */
function droppedRules(options: AnyValidatorOptions, who: string, base: readonly Check[]): string[] {
  const given = readOption(options, 'without', 'without', who);
  if (given === undefined) return [];
  if (!Array.isArray(given)) refuse(who, 'without', `must be an array of rule ids, not ${describe(given)}`);
  const known = base.map((rule) => rule.id as string);
  return Array.from({ length: Math.min(given.length, maxRules) }, (_, i) => {
    const id = readOption(given, i, `without[${i}]`, who);
    if (typeof id !== 'string' || !known.includes(id))
      refuse(who, `without[${i}]`, `is ${describe(id)}, which is no built-in rule's id (${known.join(', ')})`);
    return id;
  });
}

type CallerTable = Readonly<Record<string, (finding: Finding) => unknown>>;

/** The caller's message tables, read once into tables of functions; throws a TypeError naming an entry that is none. */
function ownMessages(options: AnyValidatorOptions, who: string): Readonly<Record<string, CallerTable>> | undefined {
  const given = readOption(options, 'messages', 'messages', who);
  if (given === undefined) return undefined;
  if (!isRecord(given))
    refuse(who, 'messages', `must be an object of message tables by language, not ${describe(given)}`);
  const tables: Record<string, CallerTable> = Object.create(null);
  for (const lang of keysOf(given, 'messages', who)) {
    const at = `messages.${lang}`;
    const table = readOption(given, lang, at, who);
    if (table === undefined) continue;
    if (!isRecord(table)) refuse(who, at, `must be an object of messages by code, not ${describe(table)}`);
    const own: Record<string, (finding: Finding) => unknown> = Object.create(null);
    for (const code of keysOf(table, at, who)) {
      const render = readOption(table, code, `${at}.${code}`, who);
      if (render === undefined) continue;
      if (typeof render !== 'function') refuse(who, `${at}.${code}`, `must be a function, not ${describe(render)}`);
      own[code] = render as (finding: Finding) => unknown;
    }
    tables[lang] = Object.freeze(own);
  }
  return Object.freeze(tables);
}

/** `owner[key]`, read once; a throw while reading it is the caller's fault, said as a TypeError naming `at`. */
function readOption(owner: unknown, key: string | number, at: string, who: string): unknown {
  if (owner === undefined || owner === null) return undefined;
  try {
    return (owner as Record<string | number, unknown>)[key];
  } catch (error) {
    return refuse(who, at, `cannot be read: ${errorText(error)}`);
  }
}

/** The own enumerable keys of `owner`, at most {@link maxRules}; a throw is the caller's fault. */
function keysOf(owner: object, at: string, who: string): string[] {
  try {
    return Object.keys(owner).slice(0, maxRules);
  } catch (error) {
    return refuse(who, at, `cannot be read: ${errorText(error)}`);
  }
}

/** A value's kind, for an error message: `null`, `an array`, `the number 42`. */
function describe(value: unknown): string {
  if (value === null || value === undefined) return String(value);
  if (Array.isArray(value)) return 'an array';
  if (typeof value === 'string') return `the string '${value.slice(0, 40)}'`;
  if (typeof value === 'object') return 'an object';
  if (typeof value === 'function') return 'a function';
  return `the ${typeof value} ${String(value)}`;
}

/**
 * A caller's rule, read once: its `id`, `title` and `check`, or what is wrong with it. The check is
 * called with the rule as `this`, as a method is.
 */
function callerRule(rule: unknown): CustomRule | string {
  if (typeof rule !== 'object' || rule === null)
    return `is ${describe(rule)}: a rule is an object with an id, a title and a check function`;
  let id: unknown;
  let title: unknown;
  let check: unknown;
  try {
    ({ id, title, check } = rule as Record<string, unknown>);
  } catch (error) {
    return `cannot be read: ${errorText(error)}`;
  }
  if (typeof id !== 'string' || id === '') return `has no id: its id is ${describe(id)}, not a non-empty string`;
  if (typeof check !== 'function') return `('${id}') has no check function: its check is ${describe(check)}`;
  if (typeof title !== 'string') return `('${id}') has no title: its title is ${describe(title)}, not a string`;
  if (isAsync(check)) return `('${id}') ${asyncFault}: ${awaitFirst}`;
  const method = check as (order: unknown) => readonly CustomFinding[];
  return Object.freeze({ id, title, check: (order: unknown) => method.call(rule, order) });
}

/** A check in the place of a caller's check that is none: its one finding is `rule_failed`, saying why. */
function brokenRule(check: unknown, i: number, fault: string): Check {
  let id = `#${i}`;
  try {
    const given = (check as { id?: unknown } | null)?.id;
    if (typeof given === 'string' && given !== '') id = given;
  } catch {
    // the id cannot be read: the rule is named by its place in the list
  }
  const finding = failed(id, new TypeError(`the rule ${fault}`));
  return { id: id as RuleId, check: () => [finding] };
}

/**
 * A rule of the caller's, held to the contract of a check: a throw gives its `rule_failed` finding,
 * and so does a result that is no list of findings or a finding without rule, code, path and params.
 * Its findings are read once, into plain data: nothing of the caller's runs after the check returns.
 */
function guard(rule: CustomRule): Budgeted {
  const { id } = rule;
  return {
    id: id as RuleId,
    check(order: unknown, work?: Work) {
      let some: unknown;
      try {
        some = rule.check(order);
      } catch (error) {
        return [failed(id, error)];
      }
      return findingsOf(id, some, work?.left ?? Number.POSITIVE_INFINITY);
    },
  };
}

/**
 * The findings a caller's check returned, read once into plain data: as many as the validation under
 * way may still collect (`left`), and one more to tell it to stop; a `rule_failed` finding for a result that
 * is no list, and one for the first finding without a rule, code, path (a JSON Pointer) and params.
 */
function findingsOf(id: string, some: unknown, left: number): readonly Finding[] {
  const found: Finding[] = [];
  try {
    if (!Array.isArray(some)) {
      if (!(some instanceof Promise)) return [failed(id, new TypeError('check() returned no array of findings'))];
      settle(some);
      return [failed(id, new TypeError(`check() returned a promise, but rules are synchronous: ${awaitFirst}`))];
    }
    const most = Math.min(some.length, left + 1);
    let faulty = false;
    for (let i = 0; i < most; i++) {
      const finding = plainFinding(some[i]);
      if (finding) found.push(finding);
      else if (!faulty) {
        faulty = true;
        found.push(failed(id, new TypeError('check() returned a finding without rule, code, path and params')));
      }
    }
    return found;
  } catch (error) {
    found.push(failed(id, error));
    return found;
  }
}

/**
 * Handles the rejection of a promise a caller's check returned, an async rule: `rule_failed` already
 * says it, and an unhandled rejection would end a Node process. Only a native promise is touched,
 * so nothing of the caller's runs.
 */
function settle(some: unknown): void {
  if (some instanceof Promise) Promise.prototype.catch.call(some, () => undefined);
}

/** The most params a caller's finding carries. */
const maxParams = 64;

/** A caller's finding as plain data, each field read once, or undefined when it has not the shape of one. */
function plainFinding(given: unknown): Finding | undefined {
  if (!isRecord(given)) return undefined;
  const { rule, code, path, params } = given;
  if (typeof rule !== 'string' || typeof code !== 'string' || typeof path !== 'string' || !isRecord(params))
    return undefined;
  if (path !== '' && path.charCodeAt(0) !== 47) return undefined;
  const keys = Object.keys(params);
  if (keys.length > maxParams) return undefined;
  const copy: Record<string, unknown> = {};
  for (const key of keys) copy[key] = params[key];
  return { rule, code, path, params: copy } as unknown as Finding;
}

/** The caller's message of a finding, when the table has one that renders. */
function wordsOf(table: CallerTable | undefined, finding: Finding): string | undefined {
  const render = table?.[finding.code];
  return render && callerText(() => render(finding));
}

/**
 * The text a caller's message gives, or undefined when it throws or gives no string: the message
 * falls back to the next in line, the package's own at last.
 */
export function callerText(render: () => unknown): string | undefined {
  try {
    const text = render();
    return typeof text === 'string' ? text : undefined;
  } catch {
    return undefined;
  }
}

/** Validates with `checked`, rendering each violation with `words` where it has a message, else the built-in table. */
function run<T, V = Violation>(
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

/** What a validation found, before it is worded: the first violations and hints by path, at most `max` of each. */
export interface Collected {
  /** The first `max` violations' findings, ordered by path. */
  readonly listed: Finding[];
  /** How many were found beyond those listed. */
  readonly more: number;
  /** Whether validation stopped at its limit of findings or reads. */
  readonly stopped: boolean;
  /** The first `max` hints' findings, ordered by path. */
  readonly near: Finding[];
}

/** The findings of `checks` on `input`, as a validation listing `max` violations collects them. Never throws. */
export function collect(checks: readonly Check[], input: unknown, max: number): Collected {
  return collectWith(checkedBy(checks), input, max);
}

/** {@link collect} of the order's rules, without the code that runs other checks. */
export function collectOrder(input: unknown, max: number): Collected {
  return collectWith(orderFaults, input, max);
}

/** {@link collect} with the faults that `checked` finds. */
function collectWith(checked: Checked, input: unknown, max: number): Collected {
  const { found, stopped, near, ordered } = findings(checked, input, stopAfter(max), max);
  const listed = found.length === 0 ? found : ordered ? found.slice(0, max) : byPath(found).slice(0, max);
  return {
    listed,
    more: found.length - listed.length,
    stopped,
    near: near.length === 0 ? near : byPath(near).slice(0, max),
  };
}

const noHints: readonly Hint[] = /* @__PURE__ */ Object.freeze([]);

export { comparePaths, defaultMaxViolations, settings, type ValidateOptions };

function hintOf(f: Finding, message: string): Hint {
  return { path: f.path, code: 'did_you_mean', params: f.params as Hint['params'], message };
}

/**
 * How many findings a validation listing `max` collects before it stops: enough to list the first
 * `max` by path for any input with up to ten times as many faults.
 */
const stopAfter = (max: number): number => Math.max(10 * max, 1000);

const unreadable: readonly Finding[] = [{ rule: 'R-field', code: 'unreadable', path: '', params: {} }];

/** The input needed more reads than a validation makes: checking stopped, and it is no valid order. */
const tooCostly: Finding = { rule: 'R-field', code: 'too_costly', path: '', params: { limit: maxReads } };

/**
 * The findings of every check, until `stop` of them are found or the reads of the input are spent
 * ({@link maxReads}, across all checks), and at most `hints` hints: the budget of one {@link Work},
 * handed to each check.
 */
function findings(
  checked: Checked,
  input: unknown,
  stop: number,
  hints: number,
): { found: Finding[]; stopped: boolean; near: Finding[]; ordered: boolean } {
  const work = new Work(stop, maxReads, hints);
  const { found, stopped, ordered } = faultsOf(checked, input, work, stop);
  return { found, stopped, near: work.hints ?? [], ordered };
}

/** Faults as a pass gives them: `ordered` when they are in path order already. */
interface Faults {
  found: Finding[];
  stopped: boolean;
  ordered: boolean;
}

/** A check as {@link faultsOf} calls it: this package's with the validation's {@link Work}, a caller's guarded. */
type Budgeted = Check & { check(order: unknown, work?: Work): readonly Finding[] };

/**
 * The faults of `input`, until `stop` of them are found: each node that is no JSON value, then what
 * every check finds. The checks read a node that is no JSON value as a value of the wrong type, never
 * into it, and its one fault is its own (`wrong_type` with what was `found`).
 */
function faultsOf(checked: Checked, input: unknown, work: Work, stop: number): Faults {
  if (typeof input === 'object' && input !== null && parsedJson.has(input)) return checked(input, work, stop);
  let walked: ReturnType<typeof notJsonNodes>;
  try {
    walked = notJsonNodes(input, stop);
  } catch {
    // a Proxy trap or a getter that throws
    return { found: unreadable.slice(), stopped: false, ordered: true };
  }
  const { nodes, costly } = walked;
  if (nodes.length === 0 && !costly) return checked(input, work, stop);
  const found = nodes.map(notJsonFinding);
  if (found.length >= stop) return { found, stopped: true, ordered: false };
  const some = checked(nodes.length === 0 ? input : opaqueAt(input, nodes), work, stop - found.length);
  const at = new Map(nodes.map(({ path }, i) => [path, i]));
  for (const f of some.found) {
    const i = at.get(f.path);
    if (i === undefined) found.push(f);
    else if (f.code === 'wrong_type') {
      // the check's finding at the node gives way to the node's own, which takes the type it expected
      const own = found[i] as FindingOf<'wrong_type'>;
      found[i] = { ...own, params: { ...own.params, expected: (f as FindingOf<'wrong_type'>).params.expected } };
    }
  }
  // more nodes than any JSON text within the package's limits holds: never valid
  if (costly && !found.includes(tooCostly)) found.unshift(tooCostly);
  return { found, stopped: some.stopped || costly, ordered: false };
}

/** The finding of a node that is no JSON value. */
function notJsonFinding({ path, found, actual }: NotJson): Finding {
  return { rule: 'R-field', code: 'wrong_type', path, params: { expected: 'json', actual, found } };
}

/** What the checks see in place of a node that is no JSON value: no object, array or string, so none reads into it. */
const notJson: unique symbol = /* @__PURE__ */ Symbol('not JSON');

/**
 * `input` with each node at the path of one of `nodes` replaced by {@link notJson}: the objects and
 * arrays on the way copied (each once), the input left untouched.
 */
function opaqueAt(input: unknown, nodes: readonly NotJson[]): unknown {
  if (nodes.some(({ path }) => path === '')) return notJson;
  const copies = new Map<unknown, Record<string | number, unknown>>();
  const copyOf = (node: unknown) => {
    let copy = copies.get(node);
    if (copy) return copy;
    if (Array.isArray(node)) copy = Array.prototype.slice.call(node) as never;
    else {
      copy = {};
      for (const key of Object.keys(node as object)) put(copy, key, (node as Record<string, unknown>)[key]);
    }
    copies.set(node, copy as Record<string | number, unknown>);
    return copy as Record<string | number, unknown>;
  };
  const root = copyOf(input);
  for (const { path } of nodes) {
    const keys = pointerKeys(path);
    let node = root;
    for (let i = 0; i < keys.length - 1; i++) {
      const child = copyOf(node[keys[i]]);
      put(node, keys[i], child);
      node = child;
    }
    put(node, keys[keys.length - 1], notJson);
  }
  return root;
}

/** Sets the own property `key` of `node`, one named `__proto__` too. */
function put(node: Record<string | number, unknown>, key: string | number, value: unknown): void {
  Object.defineProperty(node, key, { value, writable: true, enumerable: true, configurable: true });
}

/** What a validation runs on an input: the faults its checks find, until `stop` of them are found. */
type Checked = (input: unknown, work: Work, stop: number) => Faults;

/** {@link checkedFaults} of `checks`. */
const checkedBy =
  (checks: readonly Check[]): Checked =>
  (input, work, stop) =>
    checkedFaults(checks, input, work, stop);

const allRules: ReadonlySet<string> = /* @__PURE__ */ new Set(orderRuleIds);
const fieldRule: ReadonlySet<string> = /* @__PURE__ */ new Set(['R-field']);

/**
 * The faults of an order's rules, all of them in the generated walk: {@link checkedFaults} of the
 * rules, without the code that runs other checks, which a bundle of `validateProductOrder` leaves out.
 */
const orderFaults: Checked = (input, work, stop) =>
  walkedFaults(isRecord(input) ? allRules : fieldRule, input, work, stop);

/**
 * The faults every check finds, until `stop` of them are found: the rules of the generated walk in one
 * pass, in path order, then each other check (an in-flight table, a caller's rule) on its own.
 */
function checkedFaults(checks: readonly Check[], input: unknown, work: Work, stop: number): Faults {
  // the first check also judges an input that is no object; the others need an object
  const run = isRecord(input) ? checks : checks.slice(0, 1);
  const on = new Set<string>();
  const others: Check[] = [];
  for (const check of run) {
    const id = walkedId(check);
    if (id === undefined) others.push(check);
    else on.add(id);
  }
  let found: Finding[] = [];
  if (on.size > 0) {
    const walked = walkedFaults(on, input, work, stop);
    // out of reads, or an input that cannot be read: no other check runs
    if (walked.stopped || others.length === 0 || walked.found[0] === unreadable[0]) return walked;
    found = walked.found;
  }
  const rest = eachFaults(others, input, work, stop - found.length);
  if (rest.found.length === 0) return { found, stopped: rest.stopped, ordered: true };
  return { found: found.concat(rest.found), stopped: rest.stopped, ordered: false };
}

/** The faults the rules `on` of the generated walk find in one pass, in path order, until `stop` of them are found. */
function walkedFaults(on: ReadonlySet<string>, input: unknown, work: Work, stop: number): Faults {
  work.left = stop;
  let walked: { found: Finding[]; stopped: boolean };
  try {
    walked = walkFindings(input, on, stop, work);
  } catch {
    // a throwing getter or Proxy trap of the input
    return { found: unreadable.slice(), stopped: false, ordered: true };
  }
  const { found, stopped } = walked;
  // out of reads, never valid: too_costly is listed first, whatever else was found
  if (stopped && work.costly) found.unshift(tooCostly);
  return { found, stopped, ordered: true };
}

/** The faults each of `checks` finds on its own, until `stop` of them are found. */
function eachFaults(
  checks: readonly Check[],
  input: unknown,
  work: Work,
  stop: number,
): { found: Finding[]; stopped: boolean } {
  const found: Finding[] = [];
  try {
    for (let r = 0; r < checks.length; r++) {
      work.left = stop - found.length;
      let some: readonly Finding[];
      try {
        some = (checks[r] as Budgeted).check(input, work);
      } catch (error) {
        if (error === work) {
          for (let i = 0; i < work.cut.length && found.length < stop; i++) found.push(work.cut[i]);
          // out of reads, never valid: too_costly is listed first, whatever else was found
          if (work.costly) found.unshift(tooCostly);
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

/**
 * The key under which a `rule_failed` finding's params hold what the rule threw, not enumerable (no
 * copy nor JSON carries it): the routes tell it to `onError` and answer the client without its text.
 */
const thrownKey: unique symbol = Symbol.for('product-order-validator.thrown');

/** The `rule_failed` finding of the rule `id`, which threw `error`. */
function failed(id: string, error: unknown): Finding {
  const params = { error: errorText(error).slice(0, 200) };
  Object.defineProperty(params, thrownKey, { value: error });
  return { rule: id as RuleId, code: 'rule_failed', path: '', params };
}

/** What an error says, its name and message; never throws. */
export function errorText(error: unknown): string {
  try {
    return error instanceof Error ? `${error.name}: ${error.message}` : String(error);
  } catch {
    return 'unknown error';
  }
}

/**
 * Findings ordered by path: token by token, array indices as numbers ({@link comparePaths}); stable
 * for equal paths. Each rule reports in the order it walks, so the list is a few runs already in
 * order: they are found in one pass and merged, left run first on equal paths, with no sort.
 */
export function byPath(found: readonly Finding[]): Finding[] {
  const n = found.length;
  let runs = [0];
  for (let i = 1; i < n; i++) if (comparePaths(found[i - 1].path, found[i].path) > 0) runs.push(i);
  if (runs.length === 1) return found.slice();
  runs.push(n);
  let from = found.slice();
  let to = new Array<Finding>(n);
  while (runs.length > 2) {
    const merged = [0];
    let r = 0;
    for (; r + 2 < runs.length; r += 2) {
      merge(from, to, runs[r], runs[r + 1], runs[r + 2]);
      merged.push(runs[r + 2]);
    }
    if (r + 1 < runs.length && merged[merged.length - 1] !== n) {
      for (let i = runs[r]; i < n; i++) to[i] = from[i];
      merged.push(n);
    }
    [from, to] = [to, from];
    runs = merged;
  }
  return from;
}

/** The runs `from[lo..mid)` and `from[mid..hi)`, each in order, merged into `to[lo..hi)`; the left first on equal paths. */
function merge(from: readonly Finding[], to: Finding[], lo: number, mid: number, hi: number): void {
  let i = lo;
  let j = mid;
  let k = lo;
  while (i < mid && j < hi) to[k++] = comparePaths(from[j].path, from[i].path) < 0 ? from[j++] : from[i++];
  while (i < mid) to[k++] = from[i++];
  while (j < hi) to[k++] = from[j++];
}
