import type { ProductOrderFVO } from './generated/types.js';
import { formatMessage, type Lang } from './messages/index.js';
import { isRecord, none } from './read.js';
import { rules } from './rules/index.js';
import type { Finding, Rule, Violation } from './violation.js';

/** Options of {@link validateProductOrder}. */
export interface ValidateOptions {
  /** Language of the messages: English (default) or German. */
  readonly lang?: Lang;
  /** Report at most this many violations, the first by path. */
  readonly maxViolations?: number;
}

/** The verdict on an input: the input itself, narrowed, or every violation ordered by path. */
export type ValidationResult<T = ProductOrderFVO> =
  | { readonly valid: true; readonly value: T; readonly violations: [] }
  | { readonly valid: false; readonly violations: Violation[] };

/**
 * Checks a ProductOrder_FVO create request against the field table, the contact-medium and party
 * rules and R1 to R14. Never throws and never changes the input.
 * @param input - any JavaScript value, typically parsed JSON
 * @returns `{ valid: true, value }` with `value` the input itself, or `{ valid: false, violations }`
 */
export function validateProductOrder(input: unknown, options?: ValidateOptions): ValidationResult {
  return validateWith(rules, input, options);
}

/**
 * Runs `checks` on `input` as {@link validateProductOrder} runs the order rules: the first check also
 * judges an input that is no object; a throw while reading gives one `unreadable` violation.
 */
export function validateWith<T>(
  checks: readonly Rule[],
  input: unknown,
  options?: ValidateOptions,
): ValidationResult<T> {
  const found = findings(checks, input);
  if (found.length === 0) return { valid: true, value: input as T, violations: [] };
  const { lang, max } = settings(options);
  const violations = byPath(found)
    .slice(0, max)
    .map((f) => ({ rule: f.rule, code: f.code, path: f.path, params: f.params, message: formatMessage(f, lang) }));
  return { valid: false, violations };
}

/** The options in force; unknown or unreadable values fall back to the defaults. */
export function settings(options: ValidateOptions | undefined): { lang: Lang; max: number | undefined } {
  try {
    const max = options?.maxViolations;
    return {
      lang: options?.lang === 'de' ? 'de' : 'en',
      max: typeof max === 'number' && max >= 1 ? Math.floor(max) : undefined,
    };
  } catch {
    return { lang: 'en', max: undefined };
  }
}

function findings(checks: readonly Rule[], input: unknown): readonly Finding[] {
  try {
    if (!isRecord(input)) return checks[0].check(input);
    let all: Finding[] | undefined;
    for (let r = 0; r < checks.length; r++) {
      const found = checks[r].check(input);
      if (found.length === 0) continue;
      all ??= [];
      for (let i = 0; i < found.length; i++) all.push(found[i]);
    }
    return all ?? none;
  } catch {
    // a throwing getter or Proxy trap, or a structure too deep to read
    return [{ rule: 'R-field', code: 'unreadable', path: '', params: {} }];
  }
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
  if (sorted.length > 16) {
    const compare = plain ? comparePlain : comparePaths;
    return sorted.sort((a, b) => compare(a.path, b.path));
  }
  // insertion sort: for the few findings of an order, far cheaper than the engine's sort
  const after = plain ? isAfter : (a: string, b: string) => comparePaths(a, b) > 0;
  for (let i = 1; i < sorted.length; i++) {
    const next = sorted[i];
    let j = i;
    while (j > 0 && after(sorted[j - 1].path, next.path)) {
      sorted[j] = sorted[j - 1];
      j--;
    }
    sorted[j] = next;
  }
  return sorted;
}

/** An index of two or more digits, or a character that sorts before '/'. */
const unlikePlain = /\/[1-9][0-9]|[\0-.]/;

const comparePlain = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);

const isAfter = (a: string, b: string): boolean => a > b;

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
