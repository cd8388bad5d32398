// What one language file holds: every text the package prints, in three parts, one per layer, so
// that a form's bundle carries the violations' words but not the server's or the command's.
import type { ConfigFault } from '../cli/config.js';
import type { FailOn } from '../cli/exit.js';
import type { GitFault } from '../cli/git.js';
import type { InputError, InputErrorCode, Note } from '../cli/sources.js';
import type { ErrorStatus } from '../http/status.js';
import type {
  Finding,
  FindingCode,
  FindingOf,
  HintCode,
  HttpViolationCode,
  OrderRuleId,
  TextRuleId,
  TextViolationCode,
} from '../violation.js';

/** The codes only JSON text and the HTTP helpers report; an order's validation never does. */
export type LayerCode = HttpViolationCode | TextViolationCode;

/** One message template per code of `Codes`: renders a finding of that code, given the name of the node it concerns. */
export type MessageTable<Codes extends FindingCode = Exclude<FindingCode, LayerCode>> = {
  readonly [C in Codes]: (finding: FindingOf<C>, subject: string) => string;
};

/** The templates of the codes only JSON text and the HTTP helpers report, apart so that a form's bundle leaves them out. */
export type LayerMessageTable = MessageTable<LayerCode>;

/** What a validation may be of, besides a whole order: the parts a form validates alone, an in-flight change, a listener's event. */
export type PartName = 'relatedParty' | 'contactMedium' | 'productOrderItem' | 'change' | 'event';

/** The message of a thrown ProductOrderValidationError: the first violations, and how many more. */
export type AssertWording = (shown: readonly string[], more: number) => string;

/** How a language names a part validated alone, apart from {@link Wording} so that an order's bundle leaves them out. */
export type PartWording = Readonly<Record<PartName, string>>;

/** How a language names the whole order and an item of a list, and words a code it has no message for. */
export interface Wording {
  readonly whole: string;
  readonly item: (index: string, list: string) => string;
  readonly other: (finding: Finding, subject: string) => string;
}

/** The words of the violations: a message per code, and how nodes are named. */
export interface ViolationWording {
  readonly table: MessageTable;
  readonly wording: Wording;
}

/**
 * What a 400 answer is about, which its description names: the body's product order, change
 * request or event, its JSON, the query, the body as such, or the path.
 */
export type ErrorCause = 'order' | 'change' | 'event' | 'json' | 'query' | 'body' | 'path';

/** What the HTTP helpers say: the description of each error status, and the sentences beside the violations. */
export interface HttpWording {
  readonly statuses: Readonly<Record<ErrorStatus, string>>;
  readonly tooLarge: (limit: number) => string;
  readonly readAlready: string;
  /** A rule of the service's that failed, as a client is told of it: without what it threw. */
  readonly ruleFailed: (rule: string) => string;
  readonly aborted: string;
  /** The 400 of a header sent more than once that must be sent once, named as HTTP spells it. */
  readonly repeatedHeader: (header: string) => string;
  /** The 415 of a body sent in a content coding (`Content-Encoding` other than `identity`). */
  readonly contentCoding: string;
  /** The 400 of an `Idempotency-Key` that is no sf-string, an empty one, or one over the longest length (its argument). */
  readonly idempotencyKey: Readonly<Record<'syntax' | 'empty' | 'too_long', (max: number) => string>>;
  /** The 409 of a create whose `Idempotency-Key` is being served still. */
  readonly idempotencyRunning: string;
  /** The 422 of a create whose `Idempotency-Key` came with another body. */
  readonly idempotencyReused: string;
  /** The 503 of a create with an `Idempotency-Key` whose callback did not answer in time: it may have been taken, the same key gets its answer. */
  readonly createTimedOut: string;
  /**
   * The 503 of a create without an `Idempotency-Key` (or of routes that ignore it) whose callback did
   * not answer in time: it may have been taken, so check before sending it again; `keys` tells
   * whether the routes take the header, which the sentence then offers.
   */
  readonly createTimedOutUnkeyed: (keys: boolean) => string;
  /** What a 400 is about, named as its message begins: the body's order, change request or event, its JSON, the query, or the path. */
  readonly causes: Readonly<Record<ErrorCause, string>>;
  readonly notListed: (more: number, stopped: boolean) => string;
}

/** The words of the command: report lines, input errors, usage errors and help. */
export interface CliWording {
  readonly number: (n: number) => string;
  readonly orders: (n: number) => string;
  readonly line: (n: number) => string;
  readonly item: (n: number) => string;
  readonly whole: string;
  /** The mark of a hint in the report, in place of a rule id (at most 9 characters). */
  readonly hint: string;
  readonly allValid: string;
  readonly invalid: (n: string) => string;
  readonly summary: (orders: string, valid: string, invalid: string) => string;
  readonly inputErrors: (n: number) => string;
  readonly perSecond: string;
  /** Where a finding is in its file. */
  readonly position: (line: number, column: number) => string;
  /** "n violations", for the message of a JUnit failure. */
  readonly violations: (n: number) => string;
  /** The line under an order whose list of violations `--max-violations` cut: how many more there are. */
  readonly more: (n: number, stopped: boolean) => string;
  readonly error: (e: InputError) => string;
  /** An input left out, or read only in part: a line on stderr and in the summaries. */
  readonly note: (n: Note) => string;
  /** What each report id stands for, for the rules of a SARIF report: a rule, the hint, an input error. */
  readonly rules: Readonly<Record<ReportId, RuleWording>>;
  /**
   * What the summary line adds when a run may have failing orders and pass (`--max-invalid`), or
   * when hints fail it (`--fail-on hints`): the failing orders counted against the allowance.
   */
  readonly thresholds: (t: {
    readonly failOn: FailOn;
    readonly maxInvalid: number;
    readonly failing: number;
    /** Whether an input could not be checked: the run fails (exit code 3) whatever the allowance. */
    readonly unread: boolean;
  }) => string;
  /** The line on stderr that says how many of the files found `--changed` kept, against which base and commit. */
  readonly changed: (kept: number, total: number, base: string, commit: string) => string;
  /** The reports within the platforms' limits, and the baseline. */
  readonly limits: LimitWording;
  readonly usage: UsageWording;
  readonly help: (version: string, cores: number) => string;
}

/** The ids a report gives its findings: the rules of an order and of JSON text, the hint's code, the input errors' codes. */
export type ReportId = OrderRuleId | TextRuleId | HintCode | InputErrorCode;

/** A rule as a report describes it: a short title, and what it demands and how to fix a fault. */
export interface RuleWording {
  readonly title: string;
  readonly help: string;
}

/** The words of the reports kept within GitHub's limits, and of the baseline. */
export interface LimitWording {
  /** The summary's words for violations a baseline knew, left out. */
  readonly suppressed: (n: number) => string;
  /** The annotation that sums up those GitHub would not show; `summary`: whether the job summary lists them. */
  readonly moreAnnotations: (n: number, files: number, summary: boolean) => string;
  /** On stderr: the base of a pull or merge request is known but cannot be used, so annotations come in input order; `reason` says why and how to fetch it. */
  readonly unordered: (reason: string) => string;
  /** On stderr: annotations of a level left out, of how many. */
  readonly annotationsCut: (level: string, left: number, total: number, cap: number) => string;
  /** The job summary's heading of its table, and of its columns. */
  readonly table: {
    readonly where: string;
    readonly level: string;
    readonly finding: string;
    readonly message: string;
  };
  /** The job summary's line (and stderr's) for the findings it had no room for. */
  readonly summaryFull: (n: number) => string;
  /** On stderr: a SARIF report split into runs. */
  readonly sarifSplit: (results: number, runs: number, cap: number) => string;
  /** On stderr: a SARIF report written into several files, the last of which is `last`. */
  readonly sarifFiles: (results: number, files: number, last: string) => string;
  /** On stderr: a SARIF report on stdout with more runs than a file may have. */
  readonly sarifRuns: (runs: number, cap: number) => string;
  /** On stderr: a SARIF report that may exceed the upload's size limit. */
  readonly sarifLarge: (megabytes: number) => string;
}

/** The command's usage errors. */
export interface UsageWording {
  readonly unknownOption: (name: string) => string;
  readonly missingValue: (name: string) => string;
  readonly unexpectedValue: (name: string) => string;
  readonly choice: (name: string, value: string, allowed: readonly string[]) => string;
  readonly jobs: (value: string) => string;
  readonly maxInputBytes: (name: string, value: string, max: number) => string;
  readonly maxViolations: (value: string) => string;
  readonly stdoutTwice: (formats: readonly string[]) => string;
  readonly outputTwice: (path: string) => string;
  /** An `--output` that is one of the run's inputs (`input` as the inputs name it). */
  readonly outputIsInput: (output: string, input: string) => string;
  readonly outputWithoutFormat: string;
  readonly badExclude: (pattern: string, limit: number) => string;
  readonly cannotWrite: (path: string, reason: string) => string;
  readonly noInput: string;
  readonly stdinTwice: string;
  readonly unavailable: (type: string) => string;
  readonly seeHelp: string;
  /** A `--base-dir` that is no folder; `reason` the system's error code. */
  readonly baseDir: (path: string, reason: string) => string;
  readonly maxInvalid: (value: string) => string;
  /** `--fail-on hints` with `--no-hints`: the orders failing on their hints would be reported without them. */
  readonly failOnHidden: string;
  /** A config file that cannot be read, is not JSON, or holds an unknown key or a bad value. */
  readonly config: (fault: ConfigFault) => string;
  /** `--changed` without git, outside a repository, or with a base that is no commit. */
  readonly changed: (fault: GitFault) => string;
  /** A `--baseline` file that cannot be used. */
  readonly badBaseline: (path: string, reason: string) => string;
}

/** Formats numbers in `locale`, making the formatter on first use (toLocaleString makes one per call). */
export function numbers(locale: string): (n: number) => string {
  let format: Intl.NumberFormat | undefined;
  return (n) => {
    format ??= new Intl.NumberFormat(locale);
    return format.format(n);
  };
}

/**
 * A day `YYYY-MM-DD` the calendar does not have, of a month 01 to 12, for a message: its day, its
 * month by name in `locale` (from Intl, so that no language carries the names) and its year.
 */
export function dayOf(locale: string, date: unknown): [day: number, month: string, year: number] {
  const [year, month, day] = String(date).split('-').map(Number);
  return [day, new Intl.DateTimeFormat(locale, { month: 'long' }).format(new Date(2000, month - 1)), year];
}

/** A string quoted as JSON writes it. */
export const quote = (text: string): string => JSON.stringify(text);

/** How many lists {@link listOf} keeps rendered: more than the lists of allowed values the checks share. */
export const listsKept = 64;

/**
 * The lists of strings already rendered, by the list: the wording, then the values it was rendered
 * from. The checks pass the same arrays (the allowed values of a field, the place roles) with every
 * finding of them. A list is rendered again when its values changed; all are let go when
 * {@link listsKept} are kept.
 */
const rendered = new Map<readonly unknown[], readonly unknown[]>();

/** Renders a list of allowed values; a list of strings once while it is kept and unchanged. */
export function listOf(values: unknown): string {
  if (!Array.isArray(values)) return String(values);
  const known = rendered.get(values);
  if (known && holds(values, known)) return known[0] as string;
  const text = values.map((v) => (typeof v === 'string' ? v : JSON.stringify(v))).join(', ');
  // a value of another kind may be an object, whose JSON may change while the list does not
  if (values.every((v) => typeof v === 'string')) {
    if (rendered.size >= listsKept) rendered.clear();
    rendered.set(values, [text, ...values]);
  }
  return text;
}

/** Whether `values` are those a list was rendered from, `known` after its wording. */
function holds(values: readonly unknown[], known: readonly unknown[]): boolean {
  if (known.length !== values.length + 1) return false;
  for (let i = 0; i < values.length; i++) if (values[i] !== known[i + 1]) return false;
  return true;
}
