// A baseline: the known violations of a tree of legacy orders, written by one run (--write-baseline)
// and left out of the reports of later runs (--baseline), so that only new violations are reported.
// A violation is known by its file, rule, code, path and the params that tell two violations at one
// path apart, never by its line: an edit elsewhere in the file moves its line but keeps it known.
// The baseline counts how often each key occurs; the occurrences beyond that count are new.
import * as crypto from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { ruleTellingParams } from '../registry/codes.js';

/** The version of the baseline's format; a file of another version is refused. */
export const baselineVersion = 2;

/** How a baseline file starts: the command's own mark, so that a baseline found among the inputs is known for what it is. */
export const baselineStart = '{"product-order-validate":"baseline","version":';

/**
 * The params that tell two violations (or hints) of one code at one path apart: of the generic codes,
 * the property missing from one object, the name repeated in it, the name found; of the codes a rule
 * introduces, those its rule.json names `telling` (the role or characteristic missing).
 */
const tellingParams: Readonly<Record<string, readonly string[]>> = {
  required: ['property'],
  duplicate_key: ['key'],
  did_you_mean: ['found'],
  ...ruleTellingParams,
};

/** The telling params of a finding of `code`, or `undefined` when its path tells it apart. */
function telling(code: string, params: unknown): Record<string, unknown> | undefined {
  const names = Object.hasOwn(tellingParams, code) ? tellingParams[code] : undefined;
  if (names === undefined || typeof params !== 'object' || params === null) return undefined;
  const out: Record<string, unknown> = {};
  let any = false;
  for (const name of names) {
    const value = (params as Record<string, unknown>)[name];
    if (value !== undefined) {
      out[name] = value;
      any = true;
    }
  }
  return any ? out : undefined;
}

/** One known violation, as the baseline file lists it: its key, and how many times it occurs. */
export interface Known {
  readonly file: string;
  readonly rule: string;
  readonly code: string;
  readonly path: string;
  /** The params that tell it from another violation of its code at its path, when there are any. */
  readonly params?: Readonly<Record<string, unknown>>;
  readonly count: number;
}

/**
 * The key of a violation in a baseline: its file, rule, code, path and telling params, as a JSON
 * array (a path may hold any character).
 */
export function baselineKey(file: string, rule: string, code: string, path: string, params?: unknown): string {
  const told = telling(code, params);
  return JSON.stringify(told === undefined ? [file, rule, code, path] : [file, rule, code, path, told]);
}

/** A hash of a baseline key, as SARIF's `partialFingerprints` give it with the occurrence's number after it. */
export function baselineHash(key: string): string {
  return sha256(key);
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
type Fields = [string, string, string, string, Record<string, unknown>?];
const byFields = ([a]: [Fields, string], [b]: [Fields, string]) =>
  order(a[0], b[0]) ||
  order(a[1], b[1]) ||
  order(a[2], b[2]) ||
  order(a[3], b[3]) ||
  order(JSON.stringify(a[4] ?? null), JSON.stringify(b[4] ?? null));

/** How many times each key occurs among `keys`. */
export function countKeys(keys: Iterable<string>): Map<string, number> {
  const counts = new Map<string, number>();
  for (const key of keys) counts.set(key, (counts.get(key) ?? 0) + 1);
  return counts;
}

/**
 * The text of a baseline file holding the violations of `keys` (a key as often as it occurs): sorted
 * by file, rule, code, path and params (in UTF-16 code units), one a line with its count, so that it
 * diffs well and is the same bytes for the same violations, whatever their order.
 */
export function baselineText(keys: ReadonlyMap<string, number>): string {
  const lines = [...keys]
    .map(([key, count]) => [JSON.parse(key) as Fields, key, count] as [Fields, string, number])
    .sort((a, b) => byFields([a[0], a[1]], [b[0], b[1]]))
    .map(([[file, rule, code, path, params], , count]) =>
      JSON.stringify({ file, rule, code, path, ...(params && { params }), count } satisfies Known),
    );
  return `${baselineStart}${baselineVersion},"violations":[${lines.length ? `\n${lines.join(',\n')}\n` : ''}]}\n`;
}

/** The most bytes a baseline file may have: it is read whole. */
export const maxBaselineBytes = 256 * 1024 * 1024;

/** Why a baseline file cannot be read, in words, for a system error's code. */
const systemFaults: Readonly<Record<string, string>> = {
  ENOENT: 'there is no such file',
  EACCES: 'it may not be read (permission denied)',
  EPERM: 'it may not be read (operation not permitted)',
  EISDIR: 'it is a folder, not a file',
  ENOTDIR: 'a folder on its path is a file',
  ELOOP: 'its path has too many symbolic links',
  ENAMETOOLONG: 'its name is too long',
};

/** The known violations of a baseline file with their counts, or why it cannot be used. */
export async function readBaseline(
  path: string,
): Promise<{ readonly keys: ReadonlyMap<string, number> } | { readonly fault: string }> {
  let text: string;
  try {
    const bytes = await readFile(path);
    if (bytes.length > maxBaselineBytes) return { fault: `more than ${maxBaselineBytes} bytes` };
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === undefined) return { fault: 'it is not UTF-8' };
    return {
      fault: Object.hasOwn(systemFaults, code) ? `${systemFaults[code]} (${code})` : `it cannot be read (${code})`,
    };
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
  if (version === 1)
    return {
      fault: 'version 1, which knew a violation without its params and its count; write it again with --write-baseline',
    };
  if (version !== baselineVersion) return { fault: `version ${JSON.stringify(version)}, not ${baselineVersion}` };
  if (!Array.isArray(violations)) return { fault: 'no list of violations' };
  const keys = new Map<string, number>();
  for (const known of violations as unknown[]) {
    const { file, rule, code, path, params, count } = (known ?? {}) as Partial<Record<keyof Known, unknown>>;
    if (typeof file !== 'string' || typeof rule !== 'string' || typeof code !== 'string' || typeof path !== 'string')
      return { fault: 'a violation without its file, rule, code and path' };
    if (typeof count !== 'number' || !Number.isSafeInteger(count) || count < 1)
      return { fault: 'a violation without its count (a whole number from 1)' };
    const key = baselineKey(file, rule, code, path, params);
    keys.set(key, (keys.get(key) ?? 0) + count);
  }
  return { keys };
}

/**
 * The keys of a baseline with the file of each renamed as `renamed` says (`undefined`: kept), the
 * counts of keys that come to be the same added up: a baseline follows its files through `git mv`.
 */
export function renameFiles(
  keys: ReadonlyMap<string, number>,
  renamed: (file: string) => string | undefined,
): Map<string, number> {
  const out = new Map<string, number>();
  for (const [key, count] of keys) {
    const [file, rule, code, path, params] = JSON.parse(key) as Fields;
    const to = renamed(file);
    const moved = to === undefined ? key : baselineKey(to, rule, code, path, params);
    out.set(moved, (out.get(moved) ?? 0) + count);
  }
  return out;
}

/** The most entries a note on unused baseline entries names. */
export const unusedShown = 5;

/**
 * The entries of a baseline that matched nothing: of the keys with a count left in `remaining`, those
 * whose file `concerned` accepts (checked by the run, or gone); how many occurrences in all, and the
 * first of them as `file rule code path`.
 */
export function unusedEntries(
  remaining: ReadonlyMap<string, number>,
  concerned: (file: string) => boolean,
): { readonly count: number; readonly entries: readonly string[] } {
  let count = 0;
  const entries: string[] = [];
  for (const [key, left] of remaining) {
    if (left === 0) continue;
    const [file, rule, code, path] = JSON.parse(key) as Fields;
    if (!concerned(file)) continue;
    count += left;
    if (entries.length < unusedShown) entries.push(`${file} ${rule} ${code} ${path}`);
  }
  return { count, entries };
}
