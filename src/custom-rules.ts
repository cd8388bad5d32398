// A caller's rules and messages, read once and guarded: a rule that throws or returns no findings is its own `rule_failed`.

import { type Budgeted, errorText, failed } from './collect.js';
import type { Lang } from './messages/index.js';
import { isRecord, type Work } from './read.js';
import { checks as orderChecks, rules } from './registry/rules.js';
import { inflightFieldTable } from './rules/inflight-field-table.js';
import type { Check, Finding, FindingCode, FindingOf, Rule, RuleId } from './violation.js';

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
export function isBuiltIn(check: unknown): boolean {
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

/** The checks, each that is not one of this package's rules read once and {@link guard}ed. */
export function guardedOthers(checks: readonly Check[]): readonly Check[] {
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
