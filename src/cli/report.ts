// The reports a run writes, one per output. A Renderer turns an order's verdict or an input error into
// the text of one report and keeps no state, so worker threads can run it; a Frame, on the main
// thread, writes what goes around the records, in input order. Each format is one file in formats/.
import type { Lang } from '../messages/index.js';
import { rules } from '../registry/rules.js';
import type { Located } from '../text/located.js';
import type { Truncation } from '../validate.js';
import type { Hint, HttpRuleId, Violation } from '../violation.js';
import { ruleIds } from '../violation.js';
import { sha256 } from './baseline.js';
import { failing, type Thresholds } from './exit.js';
import { type InputError, inputErrorCodes, type Note, type Source } from './sources.js';
import type { CliWording, ReportId } from './wording.js';

/** The output formats. */
export const formats = ['text', 'json', 'ndjson', 'sarif', 'junit', 'github', 'gitlab'] as const;

/** An output format. */
export type Format = (typeof formats)[number];

/** UTF-8 bytes of a source to check: a whole JSON document (one order or an array of orders), or whole NDJSON lines. */
export interface Unit {
  /** The bytes, in parts that may split a character (each part's buffer is its own, so it can move to a worker). */
  readonly parts: readonly Uint8Array[];
  /** Whether the bytes are NDJSON lines, one order each. */
  readonly lines: boolean;
  /** The name of the source, for the output. */
  readonly name: string;
  /** The line of the source the bytes start on. */
  readonly line: number;
}

/** What a unit gave: its text in each report, and its counts. */
export interface Checked {
  readonly texts: readonly string[];
  readonly orders: number;
  readonly invalid: number;
  /** Valid orders with at least one hint (for `--fail-on hints`). */
  readonly hinted: number;
  /** Malformed JSON texts. */
  readonly errors: number;
  /** Violations per rule. */
  readonly rules: Readonly<Record<string, number>>;
  /** Whether the unit held several orders (lines or an array) rather than one. */
  readonly many: boolean;
  /** Violations a baseline knew, not reported. */
  readonly suppressed: number;
  /** The baseline keys of every violation, in input order, when a baseline is written. */
  readonly keys?: readonly string[] | undefined;
  /**
   * The orders with a violation a baseline knows, not yet counted or rendered: whether each
   * occurrence is known depends on how many the orders before it had, which the main thread
   * settles in input order ({@link settle}).
   */
  readonly deferred?: readonly Deferred[] | undefined;
}

/** An order whose violations a baseline may know: its verdict with every violation, their keys, and where its text goes. */
export interface Deferred {
  readonly verdict: Verdict;
  /** The baseline key of each of the verdict's violations. */
  readonly keys: readonly string[];
  /** Where in each report's text of the unit the order's text goes. */
  readonly at: readonly number[];
}

/** Where an order is: its source, and its line (NDJSON) or its index (a JSON array). */
export interface Place {
  readonly source: string;
  readonly line?: number | undefined;
  readonly index?: number | undefined;
}

/** What an order gave: its violations and hints, each at its line and column in the source. */
export interface Verdict {
  readonly place: Place;
  readonly violations: readonly Located<Violation>[];
  readonly hints: readonly Located<Hint>[];
  /** Present when `--max-violations` cut the list. */
  readonly truncated?: Truncation | undefined;
}

/** Renders an order's verdict or an input error as the text of one report. */
export interface Renderer {
  order(verdict: Verdict): string;
  error(error: InputError): string;
}

/** In a report's pieces: what follows goes to the file `nextFile`, a further file of a report split into files. */
export interface NextFile {
  readonly nextFile: string;
}

/** Text to write: a string, or pieces read back from where a report kept them, or that go to further files. */
export type Pieces = string | Iterable<string | Uint8Array | NextFile>;

/** What a source gave, for the line or element that closes it. */
export interface Counts {
  readonly orders: number;
  readonly invalid: number;
  /** Input errors met while reading it. */
  readonly errors: number;
  /** Whether it held several orders (lines or an array) rather than one. */
  readonly many: boolean;
  /** Its orders that fail the run: the invalid ones, and with `--fail-on hints` the ones with hints. */
  readonly failing: number;
}

/** What the main thread writes of one report around its rendered records. */
export interface Frame {
  start(): string;
  /** The rendered records of a unit, or an input error met while reading a source. */
  records(text: string): Pieces;
  /** A rendered input error that belongs to no source read (a name not found, a pattern that matched nothing). */
  alone(text: string, name: string): Pieces;
  /** What closes a source. */
  end(source: Source, counts: Counts): Pieces;
  finish(tally: Tally): string;
}

/** How a report looks. */
export interface Style {
  readonly t: CliWording;
  /** Whether the readable report is coloured. */
  readonly colour: boolean;
  /** Whether valid orders are left out. */
  readonly quiet: boolean;
  /** The file the report goes to (`--output`); `undefined` for stdout. */
  readonly output?: string | undefined;
}

/** A report format: its renderer (worker side) and its frame (main thread). */
export interface ReportFormat {
  renderer(style: Style): Renderer;
  frame(style: Style, run: RunFacts): Frame;
}

/** What a frame may tell of the run: the command's version, the folder relative paths start from. */
export interface RunFacts {
  readonly version: string;
  readonly cwd: string;
  /** The exit code a run's counts give: the one function of run.ts that decides it. */
  readonly exitCode: (tally: Tally) => number;
  /** Says something on stderr: a report split or cut to stay within a platform's limits. */
  readonly warn: (message: string) => void;
  /** The file of GitHub's job summary (`$GITHUB_STEP_SUMMARY`), when it is set. */
  readonly stepSummary?: string | undefined;
  /** The most bytes a SARIF file may have gzip-compressed: GitHub's upload limit, or less when `PRODUCT_ORDER_VALIDATE_SARIF_GZIP_BYTES` says so. */
  readonly sarifGzipBytes?: number | undefined;
  /** The files changed against a base, as reports name them: with `--changed`, the files the run checks; in a pull request's job (`GITHUB_BASE_REF`) with a `github` report, the inputs the pull request changes; else `undefined`. */
  readonly changed?: ReadonlySet<string> | undefined;
}

/** How the reports of a run look: the language, whether valid orders are left out, each report's format and colour. */
export interface Look {
  readonly lang: Lang;
  readonly quiet: boolean;
  /** Whether an order with hints fails the run (`--fail-on hints`): then quiet never leaves it out. */
  readonly failOnHints?: boolean | undefined;
  readonly reports: readonly {
    readonly format: Format;
    readonly colour: boolean;
    /** The file it goes to; `undefined` for stdout. */
    readonly output?: string | undefined;
  }[];
  /**
   * The files found through a symbolic link whose real path lies inside the working folder: the name
   * reports give each, with the name of its real path, which the annotations (`github`, `gitlab`,
   * `sarif`) give instead: that is the file of the commit, where the platform can place them.
   */
  readonly realNames?: Readonly<Record<string, string>> | undefined;
}

/** The counts of a run. */
export class Tally {
  orders = 0;
  invalid = 0;
  /** Valid orders with at least one hint. */
  hinted = 0;
  inputErrors = 0;
  /** Whether a baseline was given; then the summaries say how many violations it left out. */
  baseline = false;
  /** Violations the baseline knew, left out. */
  suppressed = 0;
  /** Violations per rule. */
  readonly rules = new Map<string, number>();
  /** Inputs left out, or read in part. */
  readonly notes: Note[] = [];
  /** What fails the run and how many failing orders it may have; the summaries say so when not the default. */
  thresholds: Thresholds = { failOn: 'violations', maxInvalid: 0 };

  add(checked: Checked): void {
    this.orders += checked.orders;
    this.invalid += checked.invalid;
    this.hinted += checked.hinted;
    this.inputErrors += checked.errors;
    this.suppressed += checked.suppressed;
    for (const rule in checked.rules) this.rules.set(rule, (this.rules.get(rule) ?? 0) + checked.rules[rule]);
  }

  /** The counts per rule, in the order of the specification's rules, then any other rule by name. */
  byRule(): [string, number][] {
    const rank = (id: string) => {
      const at = rules.findIndex((rule) => rule.id === id);
      return at < 0 ? rules.length : at;
    };
    return [...this.rules].sort(([a], [b]) => rank(a) - rank(b) || (a < b ? -1 : a > b ? 1 : 0));
  }

  /** The counts as the JSON reports give them. */
  summary(): object {
    return {
      orders: this.orders,
      valid: this.orders - this.invalid,
      invalid: this.invalid,
      inputErrors: this.inputErrors,
      violationsByRule: Object.fromEntries(this.byRule()),
      ...(isDefault(this.thresholds)
        ? {}
        : {
            failOn: this.thresholds.failOn,
            maxInvalid: this.thresholds.maxInvalid,
            failing: failing(this, this.thresholds),
          }),
      ...(this.baseline && { suppressed: this.suppressed }),
    };
  }
}

/** The summary line of the readable reports: orders, valid, invalid, violations per rule, input errors. */
export function summaryLine(t: CliWording, tally: Tally): string {
  const perRule = tally.byRule().map(([rule, n]) => `${rule}: ${t.number(n)}`);
  const counts = t.summary(t.orders(tally.orders), t.number(tally.orders - tally.invalid), t.number(tally.invalid));
  const errors = tally.inputErrors > 0 ? `; ${t.inputErrors(tally.inputErrors)}` : '';
  const { failOn, maxInvalid } = tally.thresholds;
  const allowance = isDefault(tally.thresholds)
    ? ''
    : `; ${t.thresholds({ failOn, maxInvalid, failing: failing(tally, tally.thresholds), unread: tally.inputErrors > 0 })}`;
  const known = tally.baseline ? `; ${t.limits.suppressed(tally.suppressed)}` : '';
  return `${counts}${perRule.length ? ` (${perRule.join(', ')})` : ''}${errors}${known}${allowance}`;
}

/** A JSON Pointer as the reports name it: the whole order, `""`, with words that say so. */
export function pointerName(t: CliWording, path: string): string {
  return path === '' ? `"" ${t.whole}` : path;
}

/** Whether a run fails on its first invalid order, and only on violations: then the summaries say nothing of it. */
const isDefault = (thresholds: Thresholds) => thresholds.failOn === 'violations' && thresholds.maxInvalid === 0;

const httpRules: Readonly<Record<HttpRuleId, true>> = { 'R-query': true, 'R-body': true, 'R-event': true };

/** Every id a report may give a finding, in the order the machine-readable reports list them. */
export const reportIds: readonly ReportId[] = [
  ...ruleIds.filter((id): id is Exclude<typeof id, HttpRuleId> => !Object.hasOwn(httpRules, id)),
  'did_you_mean',
  ...inputErrorCodes,
];

/** Where an order stands, as the readable reports name it: the source, and its line or item. */
export function placeName(t: CliWording, place: Place): string {
  if (place.line !== undefined) return `${place.source}, ${t.line(place.line)}`;
  if (place.index !== undefined) return `${place.source}, ${t.item(place.index)}`;
  return place.source;
}

/**
 * How {@link visible} writes the characters no report lets through raw: `text` for a terminal or a
 * CI log (line breaks as `\n`, `\r`, `\t`, the rest as `\uXXXX`); `breaks`, the same but line breaks
 * kept, for a format that escapes them its own way (GitHub's `%0A`, XML's `&#10;`); `json`, for JSON
 * text that `JSON.stringify` wrote: its C0 controls are escaped already and those left are its own
 * line breaks, the others become `\uXXXX` escapes, which a JSON reader reads back as they were.
 */
export type Visibility = 'text' | 'breaks' | 'json';

/**
 * Text safe to print on a terminal, in a CI log or by a program that prints what a report holds:
 * control characters (C0, DEL, C1: the escapes that start terminal sequences, NUL), the Unicode line
 * separators and the bidirectional controls (U+061C, U+200E, U+200F, U+202A to U+202E, U+2066 to
 * U+2069, with which a name can read otherwise than it is) written as escapes, visibly. Every report
 * format, the job summary and the messages on stderr write what an order or a name holds through it.
 */
export function visible(text: string, how: Visibility = 'text'): string {
  const unsafe = how === 'json' ? unsafeInJson : control;
  unsafe.lastIndex = 0;
  if (!unsafe.test(text)) return text;
  return text.replace(unsafe, how === 'text' ? escaped : how === 'breaks' ? escapedButBreaks : unicodeEscape);
}

// biome-ignore lint/suspicious/noControlCharactersInRegex: the control characters are what is looked for
const control = /[\0-\x1f\x7f-\x9f\u061c\u200e\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069]/g;
const unsafeInJson = /[\x7f-\x9f\u061c\u200e\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069]/g;
const short: Readonly<Record<string, string>> = { '\n': '\\n', '\r': '\\r', '\t': '\\t' };
const unicodeEscape = (c: string) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`;
const escaped = (c: string) => short[c] ?? unicodeEscape(c);
const escapedButBreaks = (c: string) => (c === '\n' || c === '\r' ? c : escaped(c));

/**
 * A frame for records that each start with a separator (`,\n`) inside `start` and `finish`: the first
 * record's separator is dropped.
 */
export function listFrame(start: string, finish: (empty: boolean, tally: Tally) => string): Frame {
  let first = true;
  const records = (s: string) => {
    if (s === '' || !first) return s;
    first = false;
    return s.slice(2);
  };
  return { start: () => start, records, alone: records, end: () => '', finish: (tally) => finish(first, tally) };
}

/**
 * A fingerprint of a fault that does not move with the lines around it: its source, the order's
 * place in the source (index or NDJSON line), its rule, code, path and params.
 */
export function fingerprint(place: Place, id: string, code: string, path: string, params: unknown): string {
  const order = place.line !== undefined ? `:${place.line}` : place.index !== undefined ? `#${place.index}` : '';
  return sha256(`${place.source}\0${order}\0${id}\0${code}\0${path}\0${JSON.stringify(params)}`);
}
