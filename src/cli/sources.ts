// The command's arguments as the inputs to read: files, folders (every .json, .ndjson and .jsonl file
// below, in path order, leaving out names that start with a dot, following links to files and
// folders), glob patterns, and `-` for stdin. A file is read once, under the name met first, whatever
// names lead to it (links, `./`, a folder and a pattern); a link to nothing is an input error, a
// link loop a note (every folder it leads to is walked under its own path).
import type { BigIntStats, Dirent } from 'node:fs';
import { fstatSync, statSync } from 'node:fs';
import { readdir, readlink, realpath, stat } from 'node:fs/promises';
import { basename, dirname, join, resolve, sep } from 'node:path';
import { reportPath } from './config.js';
import { alternatives, excluder, isGlob, matchName, matchPath, maxAlternatives, parsePattern } from './glob.js';

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
  /** The file it is, whatever its name: device and inode, as {@link identity} gives them; `undefined` when unknown. */
  readonly identity?: string | undefined;
  /** The folder or pattern (an argument) that found it; `undefined` when an argument names it. */
  readonly from?: string | undefined;
}

/** Why an input could not be read, as reports name it. */
export const inputErrorCodes = [
  'malformed_json',
  'unreadable',
  'too_large',
  'no_orders',
  'not_found',
  'no_match',
  'bad_pattern',
  'check_failed',
] as const;

/** Why an input could not be read. */
export type InputErrorCode = (typeof inputErrorCodes)[number];

/** An input that could not be read, a part of it that is too large or not JSON, or NDJSON that holds no order. */
export interface InputError {
  readonly name: string;
  readonly error: InputErrorCode;
  /**
   * For `unreadable`: the system's error code (`EACCES`, `ENOENT`, ...), or for a file found in a
   * folder that is no regular file, `fifo`, `socket` or `device`, for a link to nothing (or to a
   * link that leads back to it) `dangling_link`; for `malformed_json`:
   * `unexpected_character`, `unexpected_end`, `invalid_utf8` or `utf16`; for `bad_pattern`:
   * `too_many_alternatives`; for `check_failed`, what failed (`RangeError: Invalid string length`).
   */
  readonly reason?: string;
  /**
   * For `malformed_json`: the character found, when there is one; for `invalid_utf8`, the first byte
   * that is not UTF-8 (`0xFF`); for `utf16`, `UTF-16LE` or `UTF-16BE`. For `dangling_link`: where the link leads.
   */
  readonly found?: string;
  /**
   * For `too_large`: the most bytes of a JSON document or NDJSON line; for `bad_pattern`: the most
   * `{a,b}` alternatives a pattern may stand for.
   */
  readonly limit?: number;
  readonly line?: number;
  readonly column?: number;
}

/**
 * An input left out of a run, or read only in part, as a note on stderr and in the summaries of the
 * `json` and `sarif` reports says: `not_followed`, a link found in a folder or by a pattern that
 * leads to a folder holding it (`reason` `link_loop`), whose files are checked under their own path;
 * `report`, a report this command wrote (at an `--output` of the
 * run, or by an earlier run) found in a folder or by a pattern, which git does not track; `output`,
 * an empty file at an `--output` of the run found so; `stopped`, an NDJSON input whose read stopped
 * at `line`, at a NUL byte (`reason` `nul`) or in a line longer than any JSON text may be
 * (`endless`); `baseline_unused`, the baseline file `name`, `count` of whose entries matched no
 * violation in the files checked, or name a file that is gone (the first of them in `entries`).
 */
export interface Note {
  readonly name: string;
  readonly note: 'report' | 'output' | 'stopped' | 'baseline_unused' | 'not_followed';
  readonly line?: number;
  readonly reason?: 'nul' | 'endless' | 'link_loop';
  /** For `endless`: the most bytes of a JSON text. */
  readonly limit?: number;
  /** For `baseline_unused`: how many known violations matched nothing. */
  readonly count?: number;
  /** For `baseline_unused`: the first of them, as `file rule code path`. */
  readonly entries?: readonly string[];
}

/** The name of stdin in reports. */
const stdinName = '<stdin>';

const orderFile = /\.(json|ndjson|jsonl)$/i;
const lineFile = /\.(ndjson|jsonl)$/i;

/** What the arguments name: the inputs to read, and every file they name or match, excluded or not. */
export interface Expanded {
  readonly inputs: (Source | InputError)[];
  /** Every file and stdin the arguments name or match, before `--exclude` (and `--changed`) leave any out: no output may be one of them. */
  readonly matched: readonly Source[];
  /** The link loops met in folders and patterns, not followed: nothing left unchecked, each a note. */
  readonly notes: readonly Note[];
}

/**
 * The inputs the arguments name, in argument order; each folder's and pattern's files in path order;
 * files that an `exclude` pattern matches (from the working folder or from `baseDir`) left out,
 * whether named, found in a folder or by a pattern. Reports name each file relative to `baseDir`.
 */
export async function expand(
  args: readonly string[],
  ndjson: boolean,
  exclude: readonly string[] = [],
  baseDir: string = process.cwd(),
): Promise<Expanded> {
  const out: (Source | InputError)[] = [];
  const matched: Source[] = [];
  const notes: Note[] = [];
  const fromCwd = excluder(exclude);
  const fromBase = resolve(baseDir) === process.cwd() ? () => false : excluder(exclude, baseDir);
  const excluded = (path: string) => fromCwd(path) || fromBase(resolve(path));
  /** The exclude pattern that left out the file at `path`, for the message of a folder or pattern whose files it all left out. */
  const excludedBy = (path: string) =>
    exclude.find((pattern) => excluder([pattern])(path) || excluder([pattern], baseDir)(resolve(path)));
  /** `no_match` for `name`, saying which exclude pattern left out its files when it found some. */
  const noMatch = (name: string, found: readonly (Source | InputError | Loop)[]): InputError => {
    const first = found.find((entry): entry is Source => !('error' in entry) && !('loop' in entry));
    const by = first && excludedBy(first.path ?? first.name);
    return by === undefined ? { name, error: 'no_match' } : { name, error: 'no_match', reason: 'excluded', found: by };
  };
  /** An input error named as reports name files (a pattern is named as given: it is no file). */
  const named = (error: InputError): InputError => ({ ...error, name: reportPath(error.name, baseDir) });
  // the files of a folder are named from the folder's name, worked out once
  const folders = new Map<string, string>();
  const nameOf = (path: string) => {
    const folder = dirname(path);
    let named = folders.get(folder);
    if (named === undefined) {
      named = reportPath(folder, baseDir);
      folders.set(folder, named);
    }
    const name = basename(path);
    return named === '.' ? name : named.endsWith('/') ? named + name : `${named}/${name}`;
  };
  const file = (path: string, info: BigIntStats | undefined, from?: string): Source => ({
    name: from === undefined ? reportPath(path, baseDir) : nameOf(path),
    path,
    lines: ndjson || lineFile.test(path),
    size: info === undefined ? undefined : Number(info.size),
    identity: info && identity(info),
    from,
  });
  // a file named twice, or found again through another name, is checked once, under the name met first
  const seen = new Set<string>();
  /** Adds what a name, folder or pattern found; false when every file of it was excluded. */
  const add = (found: readonly (Source | InputError | Loop)[]): boolean => {
    let kept = false;
    for (const entry of found) {
      if ('loop' in entry) {
        notes.push({ name: reportPath(entry.loop, baseDir), note: 'not_followed', reason: 'link_loop' });
        continue;
      }
      if ('error' in entry) {
        out.push(named(entry));
        continue;
      }
      matched.push(entry);
      if (excluded(entry.path ?? entry.name)) continue;
      kept = true;
      const key = entry.identity ?? resolve(entry.path ?? entry.name);
      if (!seen.has(key)) out.push(entry);
      seen.add(key);
    }
    return kept || found.some((entry) => 'error' in entry);
  };
  for (const arg of args) {
    if (arg === '-') {
      const stdin = { name: stdinName, path: undefined, lines: ndjson, size: undefined, identity: stdinIdentity() };
      out.push(stdin);
      matched.push(stdin);
      continue;
    }
    const info = await stat(arg, { bigint: true }).catch((error: NodeJS.ErrnoException) => error);
    if (info instanceof Error) {
      if (info.code !== 'ENOENT' && info.code !== 'ENOTDIR') out.push(named(unreadable(arg, info)));
      else if (!isGlob(arg)) out.push(named({ name: arg, error: 'not_found' }));
      else {
        const found = await glob(arg);
        if (!Array.isArray(found)) out.push(found);
        // a pattern that matches nothing but excluded files matches nothing: a CI job must not pass on it
        else {
          const files = found.map((entry) => ('path' in entry ? file(entry.path, entry.info, arg) : entry));
          if (!add(files)) out.push(noMatch(arg, files));
        }
      }
    } else if (info.isDirectory()) {
      const visible = (names: readonly string[]) => !names[names.length - 1].startsWith('.');
      const found = await walk(arg, (names) => visible(names) && orderFile.test(names[names.length - 1]), visible);
      const files = found.map((entry) => ('path' in entry ? file(entry.path, entry.info, arg) : entry));
      if (!add(files)) out.push(named(noMatch(arg, files)));
    } else add([file(arg, info)]); // a file named and excluded is passed over: pre-commit names files
  }
  return { inputs: out, matched, notes };
}

/**
 * The file a name leads to, as the system knows it: its device and inode, the same through a link,
 * another spelling of its path or a hard link.
 */
export function identity(info: BigIntStats): string {
  return `${info.dev}:${info.ino}`;
}

/** The file stdin reads, when it is one (`< x.json`): it too may not be written over. */
function stdinIdentity(): string | undefined {
  try {
    return identity(fstatSync(0, { bigint: true }));
  } catch {
    return undefined; // stdin is closed
  }
}

/** An input error for a failed system call. */
export function unreadable(name: string, error: NodeJS.ErrnoException): InputError {
  return { name, error: 'unreadable', reason: error.code ?? error.message };
}

/**
 * The files matching a pattern and the input errors met on the way (as for a folder), in path order,
 * without duplicates; an input error for a pattern of too many alternatives.
 */
async function glob(pattern: string): Promise<Found[] | InputError> {
  const patterns = alternatives(pattern);
  if (!patterns) {
    return { name: pattern, error: 'bad_pattern', reason: 'too_many_alternatives', limit: maxAlternatives };
  }
  const found = new Map<string, Found>();
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
      found.set(pathOf(entry), entry);
    }
  }
  return [...found.values()].sort((a, b) => byPath(pathOf(a), pathOf(b)));
}

/** A link to a folder that holds it (or a folder reached again inside itself), not followed. */
interface Loop {
  readonly loop: string;
}

/** A file found, with what stat said of it, an input error for a file or folder found, or a loop. */
type Found = { readonly path: string; readonly info: BigIntStats | undefined } | InputError | Loop;

const pathOf = (found: Found) => ('error' in found ? found.name : 'loop' in found ? found.loop : found.path);

/**
 * The files below `root` whose relative path `take` accepts, in path order, walking the folders
 * `descend` accepts. Links are followed, to files and to folders; a real folder is walked once, under
 * the path met first (folders that are no links before links, each in name order), so that links to
 * one folder cost one walk. A link to a folder that holds it (a loop: the folder it is in, or one
 * above) is not followed, and found as a {@link Loop}, never an endless walk; a link that leads
 * nowhere (or only to links that lead back) is an input error (`dangling_link`). A FIFO, socket
 * or device is an input error, not read: a FIFO without a writer would keep the command waiting.
 */
async function walk(
  root: string,
  take: (names: readonly string[]) => boolean,
  descend: (names: readonly string[]) => boolean,
): Promise<Found[]> {
  const found: Found[] = [];
  const top = await stat(root, { bigint: true }).catch(() => undefined);
  /** The real folders walked, by identity. */
  const walked = new Set<string>(top ? [identity(top)] : []);
  /** The folders to walk: their names below root, the real folders above them (a link to one of them loops). */
  interface Folder {
    readonly names: readonly string[];
    readonly above: readonly string[];
  }
  const rootFolder: Folder = { names: [], above: top ? [identity(top)] : [] };
  const folders: Folder[] = [rootFolder];
  const linked: { folder: Folder; info: BigIntStats }[] = [];
  const next = (): Folder | undefined => {
    const plain = folders.pop();
    if (plain) return plain;
    // the linked folders, once every folder that is no link was walked: a real folder keeps its own name
    for (let link = linked.shift(); link; link = linked.shift()) {
      const key = identity(link.info);
      if (link.folder.above.includes(key)) {
        found.push({ loop: join(root, ...link.folder.names) });
      } else if (!walked.has(key)) {
        walked.add(key);
        return { names: link.folder.names, above: [...link.folder.above, key] };
      }
    }
    return undefined;
  };
  for (let folder = next(); folder; folder = next()) {
    const { names, above } = folder;
    const path = join(root, ...names);
    let entries: Dirent[];
    try {
      entries = await readdir(path, { withFileTypes: true });
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      // a pattern's folder that does not exist matches nothing; any other failure is reported
      if (names.length > 0 || (code !== 'ENOENT' && code !== 'ENOTDIR')) {
        found.push(unreadable(path, error as NodeJS.ErrnoException));
      }
      continue;
    }
    entries.sort((a, b) => byPath(b.name, a.name)); // popped from the end: walked in name order
    let here: string | undefined; // the folder's real path, once a link needs it
    for (const entry of entries) {
      const child = [...names, entry.name];
      if (entry.isDirectory()) {
        if (!descend(child)) continue;
        const info = statOrError(join(root, ...child));
        const key = info instanceof Error ? undefined : identity(info);
        // a folder reached again (a bind mount, say) loops when it holds the folder it is in
        if (key !== undefined && above.includes(key)) {
          found.push({ loop: join(root, ...child) });
        } else if (key === undefined || !walked.has(key)) {
          if (key !== undefined) walked.add(key);
          folders.push({ names: child, above: key === undefined ? above : [...above, key] });
        }
        continue;
      }
      const link = entry.isSymbolicLink();
      const wanted = take(child);
      if (!wanted && !(link && descend(child))) continue;
      const file = join(root, ...child);
      // stat opens nothing, so a FIFO is found out without waiting for a writer; a synchronous one
      // spares each file found a trip to the thread pool
      const info = statOrError(file);
      if (info instanceof Error) {
        // a link to links that lead back to it (ELOOP) leads nowhere either
        if (link && (info.code === 'ENOENT' || info.code === 'ENOTDIR' || info.code === 'ELOOP')) {
          const target = await readlink(file).catch(() => '');
          found.push({ name: file, error: 'unreadable', reason: 'dangling_link', found: target });
        } else if (wanted) found.push(unreadable(file, info));
      } else if (info.isDirectory()) {
        if (!link || !descend(child)) continue;
        // a link to the folder it is in, or to one above it, loops (even above the walk's root)
        here ??= await realpath(path).catch(() => path);
        const target = await realpath(file).catch(() => file);
        if (here === target || here.startsWith(target.endsWith(sep) ? target : target + sep)) {
          found.push({ loop: file });
        } else linked.push({ folder: { names: child, above }, info });
      } else if (!wanted) continue;
      else if (!info.isFile()) found.push({ name: file, error: 'unreadable', reason: special(info) });
      else found.push({ path: file, info });
    }
  }
  return found.sort((a, b) => byPath(pathOf(a), pathOf(b)));
}

/** What stat says of the file at `path`, or why it cannot. */
function statOrError(path: string): BigIntStats | NodeJS.ErrnoException {
  try {
    return statSync(path, { bigint: true });
  } catch (error) {
    return error as NodeJS.ErrnoException;
  }
}

/** The kind of a file that is neither a regular file nor a folder, as the reason it is not read. */
const special = (info: BigIntStats) => (info.isFIFO() ? 'fifo' : info.isSocket() ? 'socket' : 'device');

const byPath = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
