// What the command says, in each language (cli/words-<lang>.ts): report lines, input errors, usage
// errors and help.
import type { HintCode, OrderRuleId, TextRuleId } from '../violation.js';
import type { ConfigFault } from './config.js';
import type { FailOn } from './exit.js';
import type { GitFault } from './git.js';
import type { InputError, InputErrorCode, Note } from './sources.js';

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
  /** The words of `product-order-validate sample`. */
  readonly sample: SampleWording;
}

/** The words of `product-order-validate sample`: its usage errors, its line on stderr and its help. */
export interface SampleWording {
  /** On stderr when no `--seed` was given: the seed drawn, and how to draw the same samples again. */
  readonly seed: (seed: number) => string;
  readonly count: (value: string, max: number) => string;
  readonly seedValue: (value: string, max: number) => string;
  /** A `--break` of a rule that no single fault breaks, in the kind of sample asked for. */
  readonly breakRule: (value: string, rules: readonly string[]) => string;
  /** A `--break <rule>:<code>` whose rule never gives that code alone. */
  readonly breakCode: (rule: string, code: string, codes: readonly string[]) => string;
  /** `--category` or `--product` with a kind of sample or a `--break` they do not apply to. */
  readonly notWith: (option: string, other: string) => string;
  readonly prettyWithoutDir: string;
  readonly outputAndDir: string;
  /** An `--out-dir` that is a file, or cannot be looked at; `reason` the system's error code. */
  readonly outDir: (path: string, reason: string) => string;
  /** An `--out-dir` that already holds sample files, `file` the first. */
  readonly outDirHolds: (path: string, file: string) => string;
  /** An `-o` file that exists. */
  readonly outputExists: (path: string) => string;
  readonly help: (version: string) => string;
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
