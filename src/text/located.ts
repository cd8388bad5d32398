// Validating JSON text: parse, validate, and only for a value that is invalid or has hints, a second
// pass over the text for the line and column of each node concerned.
import type { ProductOrderFVO } from '../generated/types.js';
import { formatMessage } from '../messages/index.js';
import { settings, type ValidateOptions } from '../options.js';
import { comparePaths, decodeToken } from '../pointer.js';
import { asParsedJson, jsonType } from '../read.js';
import type { Truncation, ValidationResult } from '../result.js';
import type { FindingOf, Hint, OrderViolation, TextViolation, Violation } from '../violation.js';
import { type DuplicateKey, duplicateKeys, namesProvenUnique } from './keys.js';
import { Lines, type Position, type Span, spans, type Target } from './locate.js';
import { type InexactNumber, inexactNumbers } from './numbers.js';
import { syntaxFault } from './syntax.js';

/** A violation or hint with the place in the text of the node it concerns. */
export type Located<T> = T & Position;

/**
 * The verdict on JSON text: as {@link ValidationResult}, each violation and hint with its
 * {@link Position}; text that is no JSON gives one `malformed_json` violation (rule `R-json`) at the
 * first character that breaks the grammar.
 */
export type TextValidationResult<T = ProductOrderFVO, V = OrderViolation> =
  | {
      /** The text is JSON and its value breaks no rule. */
      readonly valid: true;
      /** The parsed value, typed. */
      readonly value: T;
      /** None. */
      readonly violations: [];
      /** Near misses that break no rule, ordered by path, each with its position. */
      readonly hints: readonly Located<Hint>[];
    }
  | {
      /** The text is no JSON, or its value breaks a rule. */
      readonly valid: false;
      /** The violations ordered by path, each with its position; `malformed_json` alone for text that is no JSON. */
      readonly violations: Located<V | TextViolation>[];
      /** Near misses that break no rule, ordered by path, each with its position. */
      readonly hints: readonly Located<Hint>[];
      /** Present when there were more violations than `maxViolations`: how many were not listed. */
      readonly truncated?: Truncation;
    };

/** Parses `text` and validates the value with `validate`, locating what it reports. Never throws. */
export function validateText<T, V extends { readonly path: string }, O>(
  text: string,
  validate: (value: unknown, options?: O) => ValidationResult<T, V>,
  options?: O,
): TextValidationResult<T, V> {
  const lang = langOf(options);
  if (typeof text !== 'string') return malformed({ reason: 'not_text', found: jsonType(text) }, [1, 1], lang);
  // a byte order mark is no part of the text: skipped, and not counted in the first line's columns
  const body = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  let value: unknown;
  try {
    value = JSON.parse(body);
  } catch {
    const fault = syntaxFault(body);
    const params =
      fault?.reason === 'unexpected_character'
        ? { reason: fault.reason, found: fault.found ?? '' }
        : { reason: 'unexpected_end' as const };
    return malformed(params, fault ? [fault.line, fault.column] : [1, 1], lang);
  }
  // JSON.parse's value is JSON through and through: the validation need not look for what is not
  const checked = asParsedJson(value, () => validate(value, options));
  const max = maxOf(options);
  const { findings, stopped } = textFindings(body, keepsInexactNumbers(options), max, value);
  const result = withText(checked, findings, lang, max, stopped) as ValidationResult<T, V>;
  if (result.violations.length === 0 && result.hints.length === 0) return result as TextValidationResult<T, V>;
  const unique = namesUnique(findings, stopped);
  const { violations, hints } = locate(body, 0, result.violations, result.hints, new Lines(body), 0, unique);
  return result.valid ? { ...result, hints } : { ...result, violations, hints };
}

/** A finding of JSON text that its parsed value cannot show: a number JavaScript cannot hold exactly, a repeated name. */
export type TextFinding = InexactNumber | DuplicateKey;

/**
 * The findings of well-formed JSON `text` that its value cannot show, in text order by kind: its
 * repeated names, and unless `keepNumbers` its inexact numbers; at most `max` + 1 of each kind,
 * `stopped` when a kind reached that, so that its scan stopped before the end of the text. Given
 * `value`, what JSON.parse read from the text, the names are scanned only when a cheap test cannot
 * prove them unique ({@link namesProvenUnique}).
 */
export function textFindings(
  text: string,
  keepNumbers: boolean,
  max: number,
  value?: unknown,
): { findings: TextFinding[]; stopped: boolean } {
  const duplicates =
    value !== undefined && namesProvenUnique(text, value) ? noDuplicates : duplicateKeys(text, max + 1);
  const numbers = keepNumbers ? [] : inexactNumbers(text, max + 1);
  const stopped = duplicates.length > max || numbers.length > max;
  return { findings: duplicates.length === 0 ? numbers : [...duplicates, ...numbers], stopped };
}

const noDuplicates: readonly DuplicateKey[] = [];

/**
 * `result` with `found`, the findings of its text that its value cannot show, as violations among
 * its own, ordered by path, the first `max` of them listed; `stopped` when a scan of the text stopped
 * before its end. A repeated name keeps its span (`at`) for {@link locate}.
 */
export function withText<V extends { readonly path: string }>(
  result: Judged<V>,
  found: readonly TextFinding[],
  lang: string,
  max: number,
  stopped = found.length > max,
): Judged<V | TextViolation> {
  if (found.length === 0) return result;
  const all: (V | TextViolation)[] = result.violations.slice();
  for (const finding of found) all.push({ ...finding, message: formatMessage(finding, lang) } as TextViolation);
  // a stable sort: each list is in order of paths already, the value's violations before the text's at one path
  all.sort((a, b) => comparePaths(a.path, b.path));
  const listed = all.slice(0, max);
  const more = (result.truncated?.more ?? 0) + all.length - listed.length;
  const cut = result.truncated?.stopped === true || stopped;
  const truncated = more > 0 || cut ? { truncated: { more, stopped: cut } } : {};
  return { valid: false, violations: listed, hints: result.hints, ...truncated };
}

/** A verdict as every validator gives it, valid or not. */
export interface Judged<V> {
  readonly valid: boolean;
  readonly violations: readonly V[];
  readonly hints: readonly Hint[];
  readonly truncated?: Truncation | undefined;
}

/**
 * The violations and hints of the JSON value at offset `from` of `text`, each with its position, found
 * in one pass; lines counted by `lines` (given to share its line index) and moved down by `lineOffset`.
 * `unique` says that no object of the value repeats a name (see {@link spans}).
 */
export function locate<V extends { readonly path: string }>(
  text: string,
  from: number,
  violations: readonly V[],
  hints: readonly Hint[],
  lines: Lines = new Lines(text),
  lineOffset = 0,
  unique = false,
): { violations: Located<V>[]; hints: Located<Hint>[] } {
  if (violations.length === 0 && hints.length === 0) return { violations: [], hints: [] };
  const targets: Target[] = [];
  for (let k = 0; k < violations.length; k++) targets.push({ pointer: violations[k].path, name: false });
  for (let k = 0; k < hints.length; k++) targets.push(nameTarget(hints[k]));
  const found = spans(text, from, targets, unique);
  // a repeated name comes with its span: the pointer names the member whose value JSON.parse kept
  for (let k = 0; k < violations.length; k++) {
    const span = (violations[k] as { readonly at?: Span }).at;
    if (span) found[k] = span;
  }
  // built field by field, the lines moved by hand: a spread of each finding, or of its position,
  // cost as much as finding its place
  const located: Located<V>[] = [];
  for (let k = 0; k < violations.length; k++) {
    const { rule, code, path, params, message } = violations[k] as unknown as Violation;
    const { line, column, endLine, endColumn } = lines.position(found[k]);
    located.push({
      rule,
      code,
      path,
      params,
      message,
      line: line + lineOffset,
      column,
      endLine: endLine + lineOffset,
      endColumn,
    } as unknown as Located<V>);
  }
  const placed: Located<Hint>[] = [];
  for (let k = 0; k < hints.length; k++) {
    const { path, code, params, message } = hints[k];
    const { line, column, endLine, endColumn } = lines.position(found[violations.length + k]);
    placed.push({
      path,
      code,
      params,
      message,
      line: line + lineOffset,
      column,
      endLine: endLine + lineOffset,
      endColumn,
    });
  }
  return { violations: located, hints: placed };
}

/** Whether text findings of a value, complete unless `stopped`, show that no object of it repeats a name. */
export function namesUnique(found: readonly TextFinding[], stopped: boolean): boolean {
  if (stopped) return false;
  for (const finding of found) if (finding.code === 'duplicate_key') return false;
  return true;
}

/**
 * A hint's target: a misspelt property is found at its name (the pointer ends with the name found);
 * a near-miss value, at the value.
 */
export function nameTarget(hint: Hint): Target {
  const { path, params } = hint;
  const last = path.slice(path.lastIndexOf('/') + 1);
  const name = decodeToken(last) === params.found;
  return { pointer: path, name };
}

/** The result of text that is no JSON, with the fault at `line` and `column`. */
function malformed(
  params: FindingOf<'malformed_json'>['params'],
  [line, column]: [number, number],
  lang: string,
): { valid: false; violations: Located<TextViolation>[]; hints: [] } {
  const finding = { rule: 'R-json', code: 'malformed_json', path: '', params } as const;
  const endColumn = params.reason === 'unexpected_character' ? column + (params.found?.length ?? 0) : column;
  const message = formatMessage(finding, lang);
  return { valid: false, violations: [{ ...finding, message, line, column, endLine: line, endColumn }], hints: [] };
}

/** Whether options that may be anything keep inexact numbers; not when they cannot be read. */
function keepsInexactNumbers(options: unknown): boolean {
  try {
    return (options as { readonly keepInexactNumbers?: unknown } | undefined)?.keepInexactNumbers === true;
  } catch {
    return false;
  }
}

/** The most violations options that may be anything list. */
function maxOf(options: unknown): number {
  return settings(options as ValidateOptions<string> | undefined).max;
}

/** The language asked for in options that may be anything; English when it cannot be read. */
function langOf(options: unknown): string {
  try {
    const lang = (options as { readonly lang?: unknown } | undefined)?.lang;
    return typeof lang === 'string' ? lang : 'en';
  } catch {
    return 'en';
  }
}
