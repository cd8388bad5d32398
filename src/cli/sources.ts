// The command's arguments as the inputs to read: files, folders (every .json, .ndjson and .jsonl file
// below, in path order, leaving out names that start with a dot and not following linked folders),
// glob patterns, and `-` for stdin.
import type { Dirent, Stats } from 'node:fs';
import { readdir, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { alternatives, isGlob, matchName, matchPath, maxAlternatives, parsePattern } from './glob.js';

/** An input to read. */
export interface Source {
  /** How reports name it: the path, or `<stdin>`. */
  readonly name: string;
  /** The file to read; `undefined` for stdin. */
  readonly path: string | undefined;
  /** Whether it holds one order per line (NDJSON) rather than one JSON document. */
  readonly lines: boolean;
  /** Its size in bytes, when it is a file. */
  readonly size: number | undefined;
}

/** Why an input could not be read. */
export type InputErrorCode = 'not_found' | 'no_match' | 'bad_pattern' | 'unreadable' | 'malformed_json';

/** An input that could not be read, or a part of it that is not JSON. */
export interface InputError {
  readonly name: string;
  readonly error: InputErrorCode;
  /**
   * For `unreadable`: the system's error code (`EACCES`, `ENOENT`, ...); for `malformed_json`:
   * `unexpected_character` or `unexpected_end`; for `bad_pattern`: `too_many_alternatives`.
   */
  readonly reason?: string;
  /** For `malformed_json`: the character found, when there is one. */
  readonly found?: string;
  /** For `bad_pattern`: the most `{a,b}` alternatives a pattern may stand for. */
  readonly limit?: number;
  readonly line?: number;
  readonly column?: number;
}

/** The name of stdin in reports. */
const stdinName = '<stdin>';

const orderFile = /\.(json|ndjson|jsonl)$/i;
const lineFile = /\.(ndjson|jsonl)$/i;

/** The inputs the arguments name, in argument order; each folder's and pattern's files in path order. */
export async function expand(args: readonly string[], ndjson: boolean): Promise<(Source | InputError)[]> {
  const out: (Source | InputError)[] = [];
  const file = (path: string, info: Stats | undefined): Source => ({
    name: path,
    path,
    lines: ndjson || lineFile.test(path),
    size: info?.size,
  });
  for (const arg of args) {
    if (arg === '-') {
      out.push({ name: stdinName, path: undefined, lines: ndjson, size: undefined });
      continue;
    }
    const info = await stat(arg).catch((error: NodeJS.ErrnoException) => error);
    if (info instanceof Error) {
      if (info.code !== 'ENOENT' && info.code !== 'ENOTDIR') out.push(unreadable(arg, info));
      else if (!isGlob(arg)) out.push({ name: arg, error: 'not_found' });
      else {
        const found = await glob(arg);
        if (!Array.isArray(found)) out.push(found);
        else if (found.length === 0) out.push({ name: arg, error: 'no_match' });
        else for (const path of found) out.push(file(path, await stat(path).catch(() => undefined)));
      }
    } else if (info.isDirectory()) {
      const visible = (names: readonly string[]) => !names[names.length - 1].startsWith('.');
      const found = await walk(arg, (names) => visible(names) && orderFile.test(names[names.length - 1]), visible);
      if (found.length === 0) out.push({ name: arg, error: 'no_match' });
      for (const entry of found) out.push('error' in entry ? entry : file(entry.path, entry.info));
    } else out.push(file(arg, info));
  }
  return out;
}

/** An input error for a failed system call. */
export function unreadable(name: string, error: NodeJS.ErrnoException): InputError {
  return { name, error: 'unreadable', reason: error.code ?? error.message };
}

/** The files matching a pattern, in path order, without duplicates; an input error for a pattern of too many alternatives. */
async function glob(pattern: string): Promise<string[] | InputError> {
  const patterns = alternatives(pattern);
  if (!patterns)
    return { name: pattern, error: 'bad_pattern', reason: 'too_many_alternatives', limit: maxAlternatives };
  const paths = new Set<string>();
  for (const one of patterns) {
    const { base, segments } = parsePattern(one);
    const deep = segments.includes('globstar');
    // `**` passes no folder whose name starts with a dot, but a segment starting with a dot may name one
    const dotted = segments.some((s) => s !== 'globstar' && s[0]?.kind === 'char' && s[0].char === '.');
    const descend = (names: readonly string[]) => {
      const last = names[names.length - 1];
      if (deep) return dotted || !last.startsWith('.');
      const segment = segments[names.length - 1];
      return names.length < segments.length && segment !== 'globstar' && matchName(last, segment);
    };
    for (const entry of await walk(base, (names) => matchPath(names, segments), descend)) {
      if (!('error' in entry)) paths.add(entry.path);
    }
  }
  return [...paths].sort(byPath);
}

/**
 * The files below `root` whose relative path `take` accepts, in path order, walking the folders
 * `descend` accepts. Linked files count; linked folders are not followed (they may loop); a link
 * that leads nowhere is kept, so reading it reports the error.
 */
async function walk(
  root: string,
  take: (names: readonly string[]) => boolean,
  descend: (names: readonly string[]) => boolean,
): Promise<({ path: string; info: Stats | undefined } | InputError)[]> {
  const found: ({ path: string; info: Stats | undefined } | InputError)[] = [];
  const folders: string[][] = [[]];
  for (let names = folders.pop(); names; names = folders.pop()) {
    const folder = join(root, ...names);
    let entries: Dirent[];
    try {
      entries = await readdir(folder, { withFileTypes: true });
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      // a pattern's folder that does not exist matches nothing; any other failure is reported
      if (names.length > 0 || (code !== 'ENOENT' && code !== 'ENOTDIR')) {
        found.push(unreadable(folder, error as NodeJS.ErrnoException));
      }
      continue;
    }
    for (const entry of entries) {
      const path = [...names, entry.name];
      if (entry.isDirectory()) {
        if (descend(path)) folders.push(path);
        continue;
      }
      const info =
        entry.isFile() || entry.isSymbolicLink()
          ? await stat(join(folder, entry.name)).catch(() => undefined)
          : undefined;
      if (info?.isDirectory() || !(entry.isFile() || entry.isSymbolicLink())) continue;
      if (take(path)) found.push({ path: join(root, ...path), info });
    }
  }
  return found.sort((a, b) => byPath('path' in a ? a.path : a.name, 'path' in b ? b.path : b.name));
}

const byPath = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
