// SARIF 2.1.0: one run of the command as the tool, the rules it checks (the specification's, the JSON
// text's, the hint, the input errors) with their titles and help, and each violation, hint and input
// error as a result at its file, line and column, with a fingerprint that stays as long as the fault.
import { basename, isAbsolute, sep } from 'node:path';
import { pathToFileURL } from 'node:url';
import { deflateRawSync } from 'node:zlib';
import type { Located } from '../../text/located.js';
import type { Hint, Violation } from '../../violation.js';
import { baselineHash, baselineKey } from '../baseline.js';
import {
  fingerprint,
  type NextFile,
  type Pieces,
  type Place,
  pointerName,
  type ReportFormat,
  reportIds,
  visible,
} from '../report.js';
import type { InputError } from '../sources.js';
import type { CliWording, ReportId } from '../wording.js';

/** The name of stdin in reports. */
const stdin = '<stdin>';

/** The last source {@link artifact} was asked for, and its answer: the orders of a unit share their source. */
let lastName: string | undefined;
let lastArtifact: object = {};

/** Where a source is, as SARIF names artifacts: a relative URI from the folder the command ran in, or a file URI. */
export function artifact(name: string): object {
  if (name !== lastName) {
    lastArtifact = artifactOf(name);
    lastName = name;
  }
  return lastArtifact;
}

function artifactOf(name: string): object {
  if (name === stdin) return { description: { text: 'stdin' } };
  if (isAbsolute(name)) return { uri: pathToFileURL(name).href };
  const uri = name
    .split(sep === '/' ? '/' : /[\\/]/)
    .filter((part) => part !== '.')
    .map(encodeURIComponent)
    .join('/');
  return { uri, uriBaseId: '%SRCROOT%' };
}

const index: ReadonlyMap<string, number> = new Map(reportIds.map((id, i) => [id, i]));

interface Region {
  readonly line: number;
  readonly column?: number | undefined;
  readonly endLine?: number | undefined;
  readonly endColumn?: number | undefined;
}

/** One result: its rule, level, message, place, fingerprint and properties. */
function result(
  id: ReportId,
  level: 'error' | 'note',
  message: string,
  source: string,
  region: Region | undefined,
  path: string | undefined,
  print: string,
  properties: object,
  t: CliWording,
  known?: string,
): string {
  // members added in their order, not spread: a spread costs a microsecond or more, per result
  const physical: Record<string, unknown> = { artifactLocation: artifact(source) };
  if (region) {
    const at: Record<string, unknown> = { startLine: region.line };
    if (region.column !== undefined) at.startColumn = region.column;
    if (region.endLine !== undefined) {
      at.endLine = region.endLine;
      at.endColumn = region.endColumn;
    }
    physical.region = at;
  }
  const location: Record<string, unknown> = { physicalLocation: physical };
  if (path !== undefined) location.logicalLocations = [{ fullyQualifiedName: pointerName(t, path), kind: 'member' }];
  const prints: Record<string, string> = { 'productOrderFault/v1': print };
  if (known !== undefined) prints[baselineMark] = known;
  const text = JSON.stringify({
    ruleId: id,
    ruleIndex: index.get(id),
    level,
    message: { text: message },
    locations: [location],
    partialFingerprints: prints,
    properties,
  });
  return `,\n${visible(text, 'json')}`;
}

/** The properties of a finding's result: its code, path and params, and the order's line or index. */
function findingProperties(place: Place, f: Located<Violation> | Located<Hint>): object {
  const properties: Record<string, unknown> = { code: f.code, path: f.path, params: f.params };
  if (place.line !== undefined) properties.orderLine = place.line;
  if (place.index !== undefined) properties.orderIndex = place.index;
  return properties;
}

const finding = (
  t: CliWording,
  place: Place,
  f: Located<Violation> | Located<Hint>,
  id: ReportId,
  level: 'error' | 'note',
) =>
  result(
    id,
    level,
    f.message,
    place.source,
    f,
    f.path,
    fingerprint(place, id, f.code, f.path, f.params),
    findingProperties(place, f),
    t,
    baselineHash(baselineKey(place.source, id, f.code, f.path, f.params)),
  );

export const sarif: ReportFormat = {
  renderer: ({ t }) => ({
    order(verdict) {
      let out = '';
      for (const v of verdict.violations) out += finding(t, verdict.place, v, v.rule as ReportId, 'error');
      for (const h of verdict.hints) out += finding(t, verdict.place, h, h.code, 'note');
      return out;
    },
    error(error: InputError) {
      const region = error.line === undefined ? undefined : { line: error.line, column: error.column };
      const { name, error: code, ...details } = error;
      const print = fingerprint({ source: name, line: error.line }, code, code, '', details);
      return result(code, 'error', t.error(error), name, region, undefined, print, { code, ...details }, t);
    },
  }),
  frame(style, facts) {
    const { t } = style;
    const rules = reportIds.map((id) => {
      const { title, help } = t.rules[id];
      return {
        id,
        name: id,
        shortDescription: { text: title },
        fullDescription: { text: help },
        help: { text: help },
        defaultConfiguration: { level: id === 'did_you_mean' ? 'note' : 'error' },
      };
    });
    const tool = {
      driver: {
        name: 'product-order-validate',
        fullName: 'product-order-validator',
        version: facts.version,
        semanticVersion: facts.version,
        informationUri: 'https://www.npmjs.com/package/product-order-validator',
        rules,
      },
    };
    const base = { '%SRCROOT%': { uri: `${pathToFileURL(facts.cwd).href.replace(/\/?$/, '/')}` } };
    /** The members of run `n` (from 1) before its results: the first keeps the category the upload gives, each further one has its own. */
    const runHead = (n: number) =>
      JSON.stringify({
        tool,
        ...(n > 1 && { automationDetails: { id: `product-order-validate/part-${n}/` } }),
        originalUriBaseIds: base,
        columnKind: 'utf16CodeUnits',
      }).slice(0, -1);
    /** The start of a file whose first run is run `n`. */
    const fileHead = (n: number) =>
      `{"$schema":"https://json.schemastore.org/sarif-2.1.0.json","version":"2.1.0","runs":[${runHead(n)},"results":[\n`;
    const start = fileHead(1);
    /** Split into files: only a report written to a file, which the next files are named after. */
    const output = style.output;
    const limit = facts.sarifGzipBytes ?? uploadGzipBytes;
    // room for the end of the last file (its invocation and notifications) and the estimate's error
    const budget = limit - Math.min(64 * 1024, limit / 8);
    const headSize = output === undefined ? 0 : deflateRawSync(start).length;
    let runs = 1; // the run under way, counted over all files
    let inRun = 0; // results in it
    let runsInFile = 1;
    let files = 1;
    let total = 0;
    let bytes = start.length; // of the report on stdout
    let packed = headSize; // the file's size gzip-compressed, as estimated
    const seen = new Map<string, number>();
    /**
     * The results of `text` (each `,\n{…}`, one a line) as they go into the runs: a run takes at most
     * {@link resultsPerRun}, then the next starts; written to a file, a file takes at most
     * {@link runsPerFile} runs and {@link uploadGzipBytes} gzip-compressed, then the next file starts.
     */
    const records = (numbered: string): Pieces => {
      const text = numberPrints(numbered, seen);
      if (text === '') return '';
      // each result's share of the compressed size: compressed alone and at the fastest level, a
      // batch gives more bytes than within the whole file, so that the estimate stays above it
      const ratio = output === undefined ? 0 : deflateRawSync(text, { level: 1 }).length / text.length;
      const pieces: (string | NextFile)[] = [];
      let out = '';
      let from = 0; // the text not yet copied
      for (let at = 0; at < text.length; ) {
        const next = text.indexOf(',\n', at + 2);
        const end = next < 0 ? text.length : next;
        const size = (end - at) * ratio;
        const over = output !== undefined && packed + size > budget;
        if (inRun === resultsPerRun || (over && inRun > 0)) {
          out += text.slice(from, at);
          runs++;
          if (output !== undefined && (over || runsInFile === runsPerFile)) {
            pieces.push(`${out}\n]}]}\n`, { nextFile: partPath(output, ++files) });
            out = fileHead(runs);
            packed = headSize;
            runsInFile = 1;
          } else {
            out += `\n]},${runHead(runs)},"results":[\n`;
            runsInFile++;
          }
          inRun = 0;
          from = at;
        }
        if (inRun === 0) {
          out += text.slice(from, at);
          from = at + 2; // the first result of a run has no separator
        }
        inRun++;
        total++;
        packed += size;
        at = end;
      }
      out += text.slice(from);
      bytes += out.length;
      if (pieces.length === 0) return out;
      pieces.push(out);
      return pieces;
    };
    return {
      start: () => start,
      records,
      alone: records,
      end() {
        // a fingerprint names its source: the next source numbers its own
        seen.clear();
        return '';
      },
      finish(tally) {
        const exitCode = facts.exitCode(tally);
        const said: string[] = [];
        const say = (message: string) => {
          facts.warn(message);
          said.push(message);
        };
        if (runs > 1 && files === 1) facts.warn(t.limits.sarifSplit(total, runs, resultsPerRun));
        if (files > 1 && output !== undefined) say(t.limits.sarifFiles(total, files, partPath(output, files)));
        if (output === undefined && runs > runsPerFile) say(t.limits.sarifRuns(runs, runsPerFile));
        else if (output === undefined ? bytes > uploadBytes : packed > limit)
          say(t.limits.sarifLarge(Math.round((output === undefined ? bytes : packed) / 1e6)));
        const notifications = [
          // inputs left out, or read in part
          ...tally.notes.map((n) => {
            const { name, ...details } = n;
            const region = n.line === undefined ? {} : { region: { startLine: n.line } };
            return {
              level: 'note',
              message: { text: t.note(n) },
              locations: [{ physicalLocation: { artifactLocation: artifact(name), ...region } }],
              properties: details,
            };
          }),
          ...said.map((text) => ({ level: 'warning', message: { text } })),
        ];
        const invocation = {
          // exit code 2 or more: the check did not cover everything it was asked to
          executionSuccessful: exitCode < 2,
          exitCode,
          ...(notifications.length > 0 && { toolExecutionNotifications: notifications }),
        };
        return `${inRun === 0 ? '' : '\n'}],"invocations":[${visible(JSON.stringify(invocation), 'json')}]}]}\n`;
      },
    };
  },
};

/** The name of the `n`th file of a report split into files: `report.sarif`, `report.2.sarif`, … */
export function partPath(path: string, n: number): string {
  if (n === 1) return path;
  const name = basename(path);
  const dot = name.lastIndexOf('.');
  const at = dot <= 0 ? path.length : path.length - name.length + dot;
  return `${path.slice(0, at)}.${n}${path.slice(at)}`;
}

/** The baseline fingerprint's member in `partialFingerprints`: the hash of the baseline key, then `:` and the occurrence's number. */
const baselineMark = 'productOrderBaseline/v2';
const baselineAt = `"${baselineMark}":"`;

/**
 * The results of `text` with each baseline fingerprint numbered: `:n` after the hash for the `n`th
 * result of that key in the report, in input order (`seen` counts them), so that the occurrences of
 * one fault in a file of many orders each have their own, and an order added elsewhere moves none.
 */
function numberPrints(text: string, seen: Map<string, number>): string {
  let at = text.indexOf(baselineAt);
  if (at < 0) return text;
  let out = '';
  let from = 0;
  while (at >= 0) {
    const end = at + baselineAt.length + 64;
    // a string of its own, not a slice that would keep the whole text of the batch alive
    const hash = Buffer.from(text.slice(end - 64, end), 'hex').toString('base64');
    const n = (seen.get(hash) ?? 0) + 1;
    seen.set(hash, n);
    out += `${text.slice(from, end)}:${n}`;
    from = end;
    at = text.indexOf(baselineAt, end);
  }
  return out + text.slice(from);
}

/** The results GitHub code scanning takes in one run, and the runs in one file. */
export const resultsPerRun = 25_000;
export const runsPerFile = 20;

/** The most bytes GitHub code scanning takes of a SARIF file, gzip-compressed: 10 MB. */
export const uploadGzipBytes = 10_000_000;

/**
 * The size past which a SARIF report on stdout may exceed GitHub's upload limit (a report written to
 * a file is split by its compressed size instead): the raw size a report of this command reaches at
 * 10 MB compressed (its results compress about tenfold).
 */
const uploadBytes = 100 * 1024 * 1024;
