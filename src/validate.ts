import type { ProductOrderFVO } from './generated/types.js';
import { formatMessage, type Lang } from './messages/index.js';
import { isRecord, none } from './read.js';
import { rules } from './rules/index.js';
import type { Finding, Violation } from './violation.js';

/** Options of {@link validateProductOrder}. */
export interface ValidateOptions {
  /** Language of the messages: English (default) or German. */
  readonly lang?: Lang;
  /** Report at most this many violations, the first by path. */
  readonly maxViolations?: number;
}

/** The verdict on an input: the input itself, narrowed, or every violation ordered by path. */
export type ValidationResult =
  | { readonly valid: true; readonly value: ProductOrderFVO; readonly violations: [] }
  | { readonly valid: false; readonly violations: Violation[] };

/**
 * Checks a ProductOrder_FVO create request against the field table, the contact-medium and party
 * rules and R1 to R14. Never throws and never changes the input.
 * @param input - any JavaScript value, typically parsed JSON
 * @returns `{ valid: true, value }` with `value` the input itself, or `{ valid: false, violations }`
 */
export function validateProductOrder(input: unknown, options?: ValidateOptions): ValidationResult {
  const found = findings(input);
  if (found.length === 0) return { valid: true, value: input as ProductOrderFVO, violations: [] };
  const { lang, max } = settings(options);
  const kept = byPath(found).slice(0, max);
  const violations = kept.map((f) => ({
    rule: f.rule,
    code: f.code,
    path: f.path,
    params: f.params,
    message: formatMessage(f, lang),
  }));
  return { valid: false, violations };
}

/** The options in force; unknown or unreadable values fall back to the defaults. */
function settings(options: ValidateOptions | undefined): { lang: Lang; max: number | undefined } {
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

function findings(input: unknown): readonly Finding[] {
  try {
    if (!isRecord(input)) return rules[0].check(input);
    let all: Finding[] | undefined;
    for (let r = 0; r < rules.length; r++) {
      const found = rules[r].check(input);
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

/** Findings ordered by path: token by token, array indices as numbers; stable for equal paths. */
function byPath(found: readonly Finding[]): Finding[] {
  const keyed = found.map((finding) => ({ finding, key: finding.path.split('/') }));
  keyed.sort((a, b) => comparePaths(a.key, b.key));
  return keyed.map((k) => k.finding);
}

function comparePaths(a: readonly string[], b: readonly string[]): number {
  const n = Math.min(a.length, b.length);
  for (let i = 0; i < n; i++) {
    if (a[i] === b[i]) continue;
    const x = Number(a[i]);
    const y = Number(b[i]);
    if (a[i] !== '' && b[i] !== '' && Number.isInteger(x) && Number.isInteger(y)) return x - y;
    return a[i] < b[i] ? -1 : 1;
  }
  return a.length - b.length;
}
