// Where reports name files from (the base folder), and the settings of a config file: a
// product-order-validate.config.json, or the "product-order-validate" key of a package.json,
// found from the working folder up to the base folder. Read synchronously before the run starts;
// every fault is a usage error that names the file and the key.
import { closeSync, fstatSync, openSync, readSync, statSync } from 'node:fs';
import { dirname, isAbsolute, join, relative, resolve, sep } from 'node:path';

/** The name of the config file. */
export const configName = 'product-order-validate.config.json';

/** The key of a package.json that holds the settings. */
export const packageKey = 'product-order-validate';

/** The most bytes a config file (or a package.json searched for the key) may have: 1 MiB. */
export const maxConfigBytes = 1_048_576;

/** The variables of CI platforms that name the checked-out repository, in the order they are tried. */
export const workspaceVariables = ['GITHUB_WORKSPACE', 'CI_PROJECT_DIR'] as const;

/** Whether `path` is a folder. */
function isFolder(path: string): boolean {
  try {
    return statSync(path).isDirectory();
  } catch {
    return false;
  }
}

/** Whether `path` exists (a `.git` folder, or the `.git` file of a worktree or submodule). */
function exists(path: string): boolean {
  try {
    statSync(path);
    return true;
  } catch {
    return false;
  }
}

/** The folders from `folder` up to the root of the file system, nearest first. */
function* upwards(folder: string): Generator<string> {
  for (let at = folder; ; at = dirname(at)) {
    yield at;
    if (dirname(at) === at) return;
  }
}

/**
 * The folder reports name files from when `--base-dir` is not given: the root of the git
 * repository the working folder is in (the folder holding `.git`, found without running git), else
 * `GITHUB_WORKSPACE` or `CI_PROJECT_DIR` when it names a folder, else the working folder.
 */
export function defaultBaseDir(cwd: string, env: NodeJS.ProcessEnv): string {
  for (const at of upwards(cwd)) if (exists(join(at, '.git'))) return at;
  for (const name of workspaceVariables) {
    const value = env[name];
    if (value && isAbsolute(value) && isFolder(value)) return resolve(value);
  }
  return cwd;
}

/** Whether `path` is `folder` or below it. */
export function isInside(path: string, folder: string): boolean {
  const rel = relative(folder, path);
  return rel === '' || (!rel.startsWith(`..${sep}`) && rel !== '..' && !isAbsolute(rel));
}

/**
 * How reports name the file at `path` (relative to `cwd`, or absolute): relative to `baseDir` with
 * `/`, when it is below it; else its absolute path, which names it whatever folder the reader is in.
 */
export function reportPath(path: string, baseDir: string, cwd = process.cwd()): string {
  const absolute = resolve(cwd, path);
  if (!isInside(absolute, baseDir)) return absolute.split(sep).join('/');
  return relative(baseDir, absolute).split(sep).join('/') || '.';
}

/** A config fault, as a usage error names it. */
export type ConfigFault =
  | { readonly file: string; readonly fault: 'unreadable'; readonly reason: string }
  | { readonly file: string; readonly fault: 'too_large'; readonly limit: number }
  | { readonly file: string; readonly fault: 'not_json' }
  | { readonly file: string; readonly fault: 'unknown_key'; readonly key: string }
  | { readonly file: string; readonly fault: 'bad_value'; readonly key: string; readonly expected: string };

/** The settings a config may hold, as read (each checked against what it may be). */
export interface ConfigValues {
  readonly exclude?: readonly string[];
  readonly type?: string;
  readonly lang?: string;
  readonly outputs?: readonly { readonly format: string; readonly output?: string }[];
  readonly baseDir?: string;
  readonly maxInvalid?: number;
  readonly failOn?: string;
  /** A baseline file, relative to the config's folder (`--baseline`). */
  readonly baseline?: string;
  /** Whether hints are left out (`--no-hints`). */
  readonly noHints?: boolean;
  /** Whether baseline entries that match nothing fail the run (`--strict-baseline`). */
  readonly strictBaseline?: boolean;
  /** The most violations listed per order (`--max-violations`). */
  readonly maxViolations?: number;
}

/** A config found: its file, the folder its relative paths start from, its settings. */
export interface Config {
  readonly file: string;
  readonly folder: string;
  readonly values: ConfigValues;
}

/** The values a key may take, for the checks and the messages. */
export interface ConfigChoices {
  readonly type: readonly string[];
  readonly lang: readonly string[];
  readonly format: readonly string[];
  readonly failOn: readonly string[];
}

/** Reads a file of at most {@link maxConfigBytes}, without reading more of a larger one. */
function readSmall(file: string): string | ConfigFault {
  let fd: number;
  try {
    fd = openSync(file, 'r');
  } catch (error) {
    return { file, fault: 'unreadable', reason: (error as NodeJS.ErrnoException).code ?? String(error) };
  }
  try {
    const info = fstatSync(fd);
    if (!info.isFile()) return { file, fault: 'unreadable', reason: 'EISDIR' };
    if (info.size > maxConfigBytes) return { file, fault: 'too_large', limit: maxConfigBytes };
    // a file that grows while it is read (a FIFO-like device would not pass isFile) is cut at the limit plus one
    const buffer = Buffer.alloc(maxConfigBytes + 1);
    let length = 0;
    for (let n = 1; n > 0 && length < buffer.length; length += n)
      n = readSync(fd, buffer, length, buffer.length - length, null);
    if (length > maxConfigBytes) return { file, fault: 'too_large', limit: maxConfigBytes };
    return new TextDecoder('utf-8', { fatal: false }).decode(buffer.subarray(0, length));
  } catch (error) {
    return { file, fault: 'unreadable', reason: (error as NodeJS.ErrnoException).code ?? String(error) };
  } finally {
    closeSync(fd);
  }
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const keys = [
  'exclude',
  'type',
  'lang',
  'outputs',
  'baseDir',
  'maxInvalid',
  'failOn',
  'baseline',
  'noHints',
  'strictBaseline',
  'maxViolations',
] as const;

/** Checks the settings of a config: each key known, each value what it may be. */
function check(file: string, raw: unknown, choices: ConfigChoices): ConfigValues | ConfigFault {
  const bad = (key: string, expected: string): ConfigFault => ({ file, fault: 'bad_value', key, expected });
  if (!isObject(raw)) return bad(file.endsWith('package.json') ? packageKey : '(the file)', 'an object');
  // own keys only: a "__proto__" key of JSON.parse is an own key, and unknown, so it is refused, never assigned
  for (const key of Object.keys(raw)) {
    if (!(keys as readonly string[]).includes(key)) return { file, fault: 'unknown_key', key };
  }
  const oneOf = (key: string, allowed: readonly string[]) => {
    const value = raw[key];
    return value === undefined || (typeof value === 'string' && allowed.includes(value))
      ? undefined
      : bad(key, allowed.map((a) => JSON.stringify(a)).join(', '));
  };
  const faults = [
    oneOf('type', choices.type),
    oneOf('lang', choices.lang),
    oneOf('failOn', choices.failOn),
    raw.exclude === undefined ||
    (Array.isArray(raw.exclude) &&
      raw.exclude.length <= 1000 &&
      raw.exclude.every((p) => typeof p === 'string' && p !== ''))
      ? undefined
      : bad('exclude', 'an array of at most 1000 glob patterns'),
    raw.baseDir === undefined || (typeof raw.baseDir === 'string' && raw.baseDir !== '')
      ? undefined
      : bad('baseDir', 'a folder'),
    raw.maxInvalid === undefined ||
    (typeof raw.maxInvalid === 'number' &&
      Number.isInteger(raw.maxInvalid) &&
      raw.maxInvalid >= 0 &&
      raw.maxInvalid <= 999_999_999)
      ? undefined
      : bad('maxInvalid', 'a whole number from 0 to 999999999'),
    raw.baseline === undefined || (typeof raw.baseline === 'string' && raw.baseline !== '')
      ? undefined
      : bad('baseline', 'a file'),
    raw.noHints === undefined || typeof raw.noHints === 'boolean' ? undefined : bad('noHints', 'true or false'),
    raw.strictBaseline === undefined || typeof raw.strictBaseline === 'boolean'
      ? undefined
      : bad('strictBaseline', 'true or false'),
    raw.maxViolations === undefined ||
    (typeof raw.maxViolations === 'number' &&
      Number.isInteger(raw.maxViolations) &&
      raw.maxViolations >= 1 &&
      raw.maxViolations <= 999_999_999)
      ? undefined
      : bad('maxViolations', 'a whole number from 1 to 999999999'),
  ];
  const fault = faults.find((f) => f !== undefined);
  if (fault) return fault;
  if (raw.outputs !== undefined) {
    const expected = `an array of { "format": ${choices.format.map((f) => JSON.stringify(f)).join(' | ')}, "output"?: "<file>" }`;
    if (!Array.isArray(raw.outputs) || raw.outputs.length === 0 || raw.outputs.length > 16)
      return bad('outputs', expected);
    for (const [i, output] of raw.outputs.entries()) {
      if (!isObject(output)) return bad(`outputs/${i}`, expected);
      for (const key of Object.keys(output)) {
        if (key !== 'format' && key !== 'output') return { file, fault: 'unknown_key', key: `outputs/${i}/${key}` };
      }
      if (typeof output.format !== 'string' || !choices.format.includes(output.format)) {
        return bad(`outputs/${i}/format`, choices.format.map((f) => JSON.stringify(f)).join(', '));
      }
      if (output.output !== undefined && (typeof output.output !== 'string' || output.output === '')) {
        return bad(`outputs/${i}/output`, 'a file name');
      }
    }
  }
  return raw as ConfigValues;
}

/** Reads and checks the config file `file` (`--config`), or the settings under the key of a package.json. */
export function readConfig(file: string, choices: ConfigChoices, inPackage = false): Config | ConfigFault | undefined {
  const text = readSmall(file);
  if (typeof text !== 'string') return text;
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch {
    return { file, fault: 'not_json' };
  }
  if (inPackage) {
    if (!isObject(raw) || !Object.hasOwn(raw, packageKey)) return undefined;
    raw = raw[packageKey];
  }
  const values = check(file, raw, choices);
  return 'fault' in values ? values : { file, folder: dirname(file), values };
}

/**
 * The config that applies in `cwd`: in each folder from `cwd` up to `baseDir` (only `cwd` when it
 * is not below it), a product-order-validate.config.json, else a package.json with the key; the
 * nearest wins. `undefined` when there is none.
 */
export function findConfig(cwd: string, baseDir: string, choices: ConfigChoices): Config | ConfigFault | undefined {
  for (const at of upwards(cwd)) {
    const file = join(at, configName);
    if (exists(file)) return readConfig(file, choices);
    const pkg = join(at, 'package.json');
    if (exists(pkg)) {
      const found = readConfig(pkg, choices, true);
      if (found !== undefined) return found;
    }
    if (at === baseDir || !isInside(cwd, baseDir)) return undefined;
  }
  return undefined;
}
