// A baseline: the known violations of a tree of legacy orders, written by one run (--write-baseline)
// and left out of the reports of later runs (--baseline), so that only new violations are reported.
// A violation is known by its file, rule, code and path, never by its line: an edit elsewhere in the
// file moves its line but keeps it known.
import * as crypto from 'node:crypto';
import { readFile } from 'node:fs/promises';

/** The version of the baseline's format; a file of another version is refused. */
export const baselineVersion = 1;

/** How a baseline file starts: the command's own mark, so that a baseline found among the inputs is known for what it is. */
export const baselineStart = '{"product-order-validate":"baseline","version":';

/** One known violation, as the baseline file lists it. */
export interface Known {
  readonly file: string;
  readonly rule: string;
  readonly code: string;
  readonly path: string;
}

/** The key of a violation in a baseline: its file, rule, code and path, as a JSON array (a path may hold any character). */
export function baselineKey(file: string, rule: string, code: string, path: string): string {
  return JSON.stringify([file, rule, code, path]);
}

/** The stable fingerprint of a violation, as SARIF's `partialFingerprints` give it: a hash of its baseline key. */
export function baselineFingerprint(file: string, rule: string, code: string, path: string): string {
  return sha256(baselineKey(file, rule, code, path));
}

/**
 * The SHA-256 of a text's UTF-8 bytes, in hex: one call of `crypto.hash` where Node has it (20.12
 * on; half the time of a Hash object, and reports hash each finding twice), else a Hash object.
 * Read from the module object, not imported by name, so that an older Node loads this file.
 */
export const sha256: (text: string) => string =
  typeof crypto.hash === 'function'
    ? (text) => crypto.hash('sha256', text, 'hex')
    : (text) => crypto.createHash('sha256').update(text).digest('hex');

const order = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
const byFields = (a: readonly string[], b: readonly string[]) =>
  order(a[0], b[0]) || order(a[1], b[1]) || order(a[2], b[2]) || order(a[3], b[3]);

/**
 * The text of a baseline file holding the violations of `keys`: sorted by file, rule, code and path
 * (in UTF-16 code units), one a line, so that it diffs well and is the same bytes for the same violations.
 */
export function baselineText(keys: Iterable<string>): string {
  const lines = [...new Set(keys)]
    .map((key) => JSON.parse(key) as [string, string, string, string])
    .sort(byFields)
    .map(([file, rule, code, path]) => JSON.stringify({ file, rule, code, path } satisfies Known));
  return `${baselineStart}${baselineVersion},"violations":[${lines.length ? `\n${lines.join(',\n')}\n` : ''}]}\n`;
}

/** The most bytes a baseline file may have: it is read whole. */
export const maxBaselineBytes = 256 * 1024 * 1024;

/** The keys of a baseline file, or why it cannot be used. */
export async function readBaseline(path: string): Promise<{ readonly keys: string[] } | { readonly fault: string }> {
  let text: string;
  try {
    const bytes = await readFile(path);
    if (bytes.length > maxBaselineBytes) return { fault: `more than ${maxBaselineBytes} bytes` };
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch (error) {
    return { fault: (error as NodeJS.ErrnoException).code ?? String(error) };
  }
  let doc: unknown;
  try {
    doc = JSON.parse(text);
  } catch {
    return { fault: 'not JSON' };
  }
  const { version, violations } = (doc ?? {}) as { version?: unknown; violations?: unknown };
  if (
    typeof doc !== 'object' ||
    doc === null ||
    Array.isArray(doc) ||
    (doc as Record<string, unknown>)['product-order-validate'] !== 'baseline'
  )
    return { fault: 'not a baseline of product-order-validate' };
  if (version !== baselineVersion) return { fault: `version ${JSON.stringify(version)}, not ${baselineVersion}` };
  if (!Array.isArray(violations)) return { fault: 'no list of violations' };
  const keys: string[] = [];
  for (const known of violations as unknown[]) {
    const { file, rule, code, path } = (known ?? {}) as Partial<Record<keyof Known, unknown>>;
    if (typeof file !== 'string' || typeof rule !== 'string' || typeof code !== 'string' || typeof path !== 'string')
      return { fault: 'a violation without its file, rule, code and path' };
    keys.push(baselineKey(file, rule, code, path));
  }
  return { keys };
}
