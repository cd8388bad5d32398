// The command's own reports among its inputs. A report this run writes must not be one of its inputs:
// `x.json -o x.json` emptied the order before reading it. And a report a run wrote into a folder it
// checks is no order: the next run leaves it out, with a note, instead of reporting it as malformed.
// A report is recognised by what the formats write first (and, for the readable formats, by the
// summary line they end with); anything else at an --output among the inputs refuses the run.
import { constants, openSync, readSync } from 'node:fs';
import { type FileHandle, lstat, open, stat } from 'node:fs/promises';
import { langs } from '../messages/index.js';
import { tracked } from './git.js';
import { cliWords } from './languages.js';
import { summaryLine, Tally } from './report.js';
import { type InputError, identity, type Note, type Source } from './sources.js';

/** The bytes of a file's start, or of its end, that tell whether it is a report. */
const enough = 4096;

/**
 * How each machine-readable report starts, whatever the version or language that wrote it: `ndjson`
 * and `json` by their first result (or `ndjson` by its summary line alone) (an order's verdict or an input error, formats/json.ts), `sarif`
 * by its schema and the tool's name (formats/sarif.ts), `junit` by its testsuites' name, `gitlab` by
 * the members of its first issue.
 */
const starts: readonly RegExp[] = [
  /^\{"source":"(?:[^"\\]|\\.)*",(?:"(?:line|index)":\d+,)?(?:"valid":(?:true|false),"violations":\[|"error":")/,
  /^\{"summary":\{"orders":\d+,"valid":\d+,/, // an `ndjson` report whose results were all left out (quiet)
  /^\{"results":\[\n(?:\]|\{"source":"(?:[^"\\]|\\.)*",(?:"(?:line|index)":\d+,)?(?:"valid":(?:true|false),"violations":\[|"error":"))/,
  /^\{"\$schema":"https:\/\/json\.schemastore\.org\/sarif-2\.1\.0\.json","version":"2\.1\.0","runs":\[\{"tool":\{"driver":\{"name":"product-order-validate",/,
  /^<\?xml version="1\.0" encoding="UTF-8"\?>\n<testsuites name="product-order-validate">\n/,
  /^\{"product-order-validate":"baseline","version":\d+,"violations":\[/,
  /^\[\n\{"description":"(?:[^"\\]|\\.)*","check_name":"(?:[^"\\]|\\.)*","fingerprint":"[0-9a-f]{64}","severity":"(?:info|major|blocker)","location":\{"path":/,
];

/** How the readable reports (`text`, `github`) start: a record's mark, or their summary line alone. */
const readable = /^(?:[✓✗!] |::(?:error|warning|notice) (?:file|title)=|\n?\d)/;

/** A number as the summaries write it, in any language (1,000 or 1.000). */
const numeral = /\d+(?:[.,\u00a0\u202f]\d{3})*/g;

/** A summary line without its counts and its violations per rule, so that any run's summary has one of a few shapes. */
const shape = (line: string) => line.replace(/ \([^()]*\)(?=;|$)/, '').replace(numeral, '#');

let shapes: ReadonlySet<string> | undefined;

/** The shapes of every summary line the readable reports end with, in every language. */
function summaries(): ReadonlySet<string> {
  shapes ??= new Set(
    langs.flatMap((lang) =>
      [1, 2].flatMap((orders) =>
        [0, 1, 2].flatMap((inputErrors) =>
          [-1, 1, 2].map((suppressed) => {
            const tally = new Tally();
            tally.orders = orders;
            tally.inputErrors = inputErrors;
            tally.baseline = suppressed >= 0;
            tally.suppressed = Math.max(suppressed, 0);
            return shape(summaryLine(cliWords[lang], tally));
          }),
        ),
      ),
    ),
  );
  return shapes;
}

/**
 * Whether `head` starts as one of {@link starts} or {@link readable} may: `{"`, `<?`, `[` and a line
 * break, `✓`, `✗` (both 0xE2 in UTF-8), `!`, `:`, a line break, or a digit. An order file starts
 * otherwise (`{` and white space, as written by hand), and is not decoded to be told.
 */
export function mayStartReport(head: Uint8Array): boolean {
  const at = head[0] === 0xef && head[1] === 0xbb && head[2] === 0xbf ? 3 : 0; // a byte order mark, which decoding drops
  const first = head[at];
  const second = head[at + 1];
  if (first === 0x7b) return second === 0x22; // {"
  if (first === 0x3c) return second === 0x3f; // <?
  if (first === 0x5b) return second === 0x0a; // [ and a line break
  return first === 0xe2 || first === 0x21 || first === 0x3a || first === 0x0a || (first >= 0x30 && first <= 0x39);
}

const decode = (bytes: Uint8Array) => new TextDecoder().decode(bytes.subarray(0, enough));

/**
 * Whether a file whose first bytes are `head` is a report of this command; `tail` gives its last
 * bytes, read only when its start is that of a readable report.
 */
export async function isReport(head: Uint8Array, tail: () => Promise<Uint8Array>): Promise<boolean> {
  if (!mayStartReport(head)) return false;
  const text = decode(head);
  if (starts.some((start) => start.test(text))) return true;
  if (!readable.test(text)) return false;
  const end = new TextDecoder().decode(await tail());
  const lines = end.split('\n');
  if (lines[lines.length - 1] === '') lines.pop();
  const last = lines[lines.length - 1];
  return last !== undefined && summaries().has(shape(last));
}

/**
 * Whether the file at `path`, found in a folder or by a pattern, whose first bytes are `head`, is a
 * report of this command that the run leaves out: one git tracks is data of the repository, and is
 * checked as what it is; so is a symbolic link, which the command never writes a report through.
 */
export async function isFoundReport(path: string, head: Uint8Array, tail: () => Promise<Uint8Array>): Promise<boolean> {
  return (await isReport(head, tail)) && !(await isLink(path)) && !(await tracked(path));
}

/** The first or the last bytes of an open file of `size` bytes, enough to tell a report. */
export async function reportBytes(file: FileHandle, size: number, which: 'head' | 'tail'): Promise<Uint8Array> {
  const bytes = new Uint8Array(Math.min(enough, size));
  const { bytesRead } = await file.read(bytes, 0, bytes.length, which === 'head' ? 0 : size - bytes.length);
  return bytes.subarray(0, bytesRead);
}

/** {@link reportBytes} of a file open at `fd`, synchronous. */
export function reportBytesSync(fd: number, size: number, which: 'head' | 'tail'): Uint8Array {
  const bytes = new Uint8Array(Math.min(enough, size));
  const got = readSync(fd, bytes, 0, bytes.length, which === 'head' ? 0 : size - bytes.length);
  return bytes.subarray(0, got);
}

/** The last bytes of the file at `path`, enough to tell a report; none when it cannot be read. */
export async function tailOf(path: string): Promise<Uint8Array> {
  const file = await open(path).catch(() => undefined);
  if (!file) return new Uint8Array();
  try {
    return await reportBytes(file, (await file.stat()).size, 'tail');
  } catch {
    return new Uint8Array();
  } finally {
    await file.close();
  }
}

/** Why a report is not written at a path: `symlink`, for a symbolic link there, which the command never writes through. */
export const throughLink = 'symlink';

/**
 * The flags a report file is opened with: for writing, made when missing, never through a symbolic
 * link at its last name (`O_NOFOLLOW`, where the system has it), so that a link put there after the
 * check is refused by the system (ELOOP) instead of followed.
 */
const writeFlags = (append: boolean) =>
  constants.O_WRONLY |
  constants.O_CREAT |
  (append ? constants.O_APPEND : constants.O_TRUNC) |
  (constants.O_NOFOLLOW ?? 0);

/** The error of an open that met a link: its code {@link throughLink}. */
function linkError(error: NodeJS.ErrnoException): NodeJS.ErrnoException {
  if (error.code === 'ELOOP') error.code = throughLink;
  return error;
}

/** Whether a symbolic link is at `path` (leading anywhere, or nowhere). */
export async function isLink(path: string): Promise<boolean> {
  return (await lstat(path).catch(() => undefined))?.isSymbolicLink() === true;
}

/**
 * Opens a report file for writing, emptied (or for appending), never through a symbolic link: a
 * link there fails with the code {@link throughLink}.
 */
export async function openReport(path: string, append = false): Promise<FileHandle> {
  if (await isLink(path)) throw Object.assign(new Error(`${path} is a symbolic link`), { code: throughLink });
  return open(path, writeFlags(append), 0o666).catch((error: NodeJS.ErrnoException) => {
    throw linkError(error);
  });
}

/** {@link openReport}, synchronous: the descriptor. */
export function openReportSync(path: string, append = false): number {
  try {
    return openSync(path, writeFlags(append), 0o666);
  } catch (error) {
    throw linkError(error as NodeJS.ErrnoException);
  }
}

/** What a file found at an --output holds that the run may write over: a report of the command, or nothing. */
async function replaceable(path: string): Promise<Note['note'] | undefined> {
  const file = await open(path).catch(() => undefined);
  if (!file) return undefined;
  try {
    const { size } = await file.stat();
    const head = await reportBytes(file, size, 'head');
    // nothing yet (a run stopped before its first record), or an empty gitlab report
    if (size === 0 || (size === 4 && decode(head) === '[\n]\n')) return 'output';
    return (await isReport(head, () => reportBytes(file, size, 'tail'))) ? 'report' : undefined;
  } finally {
    await file.close();
  }
}

/** An --output that would write over an input: the names of both. */
export interface Clash {
  readonly output: string;
  readonly input: string;
}

/**
 * Holds the outputs of a run against its inputs, before anything is opened for writing. An output
 * that is a file the arguments name or match (`matched`: the same file through any name, a link,
 * `./`, another case on a file system that ignores it, stdin read from it; whether or not
 * `--exclude` or `--changed` leave it out) is a clash, unless folders or patterns alone found it, it
 * holds a report of the command or nothing, and git does not track it: then it is left out of the
 * inputs (`left`), with a note. An output that is a symbolic link (leading anywhere or nowhere) is
 * refused (`link`) before any other.
 */
export async function guardOutputs(
  outputs: readonly { readonly path: string | undefined }[],
  matched: readonly Source[],
  sources: readonly (Source | InputError)[],
): Promise<
  | { readonly clash: Clash }
  | { readonly link: string }
  | { readonly left: ReadonlySet<Source>; readonly notes: readonly Note[] }
> {
  const left = new Set<Source>();
  const notes: Note[] = [];
  for (const { path } of outputs) {
    if (path === undefined) continue;
    // a report is never written through a link: it could lead anywhere, out of the tree (.git/hooks)
    if (await isLink(path)) return { link: path };
    const info = await stat(path, { bigint: true }).catch(() => undefined);
    // a file that is not there yet is no input; writing to a device or a pipe (/dev/stdout) destroys nothing
    if (!info?.isFile()) continue;
    const target = identity(info);
    const hits = matched.filter((source) => source.identity === target);
    if (hits.length === 0) continue;
    const found = hits.every((source) => source.from !== undefined && source.path !== undefined);
    const kind = found ? await replaceable(path) : undefined;
    if (!kind || (await tracked(path))) return { clash: { output: path, input: hits[0].name } };
    for (const source of sources) {
      if ('error' in source || source.identity !== target || left.has(source)) continue;
      left.add(source);
      notes.push({ name: source.name, note: kind });
    }
  }
  return { left, notes };
}
