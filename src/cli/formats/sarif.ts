// SARIF 2.1.0: one run of the command as the tool, the rules it checks (the specification's, the JSON
// text's, the hint, the input errors) with their titles and help, and each violation, hint and input
// error as a result at its file, line and column, with a fingerprint that stays as long as the fault.
import { createHash } from 'node:crypto';
import { isAbsolute, sep } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { ReportId } from '../../messages/wording.js';
import type { Located } from '../../text/located.js';
import type { Hint, Violation } from '../../violation.js';
import { type Place, type ReportFormat, reportIds } from '../report.js';
import type { InputError } from '../sources.js';
import { listFrame } from './json.js';

/** The name of stdin in reports. */
const stdin = '<stdin>';

/** Where a source is, as SARIF names artifacts: a relative URI from the folder the command ran in, or a file URI. */
export function artifact(name: string): object {
  if (name === stdin) return { description: { text: 'stdin' } };
  if (isAbsolute(name)) return { uri: pathToFileURL(name).href };
  const uri = name
    .split(sep === '/' ? '/' : /[\\/]/)
    .filter((part) => part !== '.')
    .map(encodeURIComponent)
    .join('/');
  return { uri, uriBaseId: '%SRCROOT%' };
}

/**
 * A fingerprint of a fault that does not move with the lines around it: its source, the order's
 * place in the source (index or NDJSON line), its rule, code, path and params.
 */
export function fingerprint(place: Place, id: string, code: string, path: string, params: unknown): string {
  const order = place.line !== undefined ? `:${place.line}` : place.index !== undefined ? `#${place.index}` : '';
  return createHash('sha256')
    .update(`${place.source}\0${order}\0${id}\0${code}\0${path}\0${JSON.stringify(params)}`)
    .digest('hex');
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
): string {
  const physical = {
    artifactLocation: artifact(source),
    ...(region && {
      region: {
        startLine: region.line,
        ...(region.column !== undefined && { startColumn: region.column }),
        ...(region.endLine !== undefined && { endLine: region.endLine, endColumn: region.endColumn }),
      },
    }),
  };
  const logical = path === undefined ? {} : { logicalLocations: [{ fullyQualifiedName: path || '/', kind: 'member' }] };
  return `,\n${JSON.stringify({
    ruleId: id,
    ruleIndex: index.get(id),
    level,
    message: { text: message },
    locations: [{ physicalLocation: physical, ...logical }],
    partialFingerprints: { 'productOrderFault/v1': print },
    properties,
  })}`;
}

const finding = (place: Place, f: Located<Violation> | Located<Hint>, id: ReportId, level: 'error' | 'note') =>
  result(id, level, f.message, place.source, f, f.path, fingerprint(place, id, f.code, f.path, f.params), {
    code: f.code,
    path: f.path,
    params: f.params,
    ...(place.line !== undefined && { orderLine: place.line }),
    ...(place.index !== undefined && { orderIndex: place.index }),
  });

export const sarif: ReportFormat = {
  renderer: ({ t }) => ({
    order(verdict) {
      let out = '';
      for (const v of verdict.violations) out += finding(verdict.place, v, v.rule as ReportId, 'error');
      for (const h of verdict.hints) out += finding(verdict.place, h, h.code, 'note');
      return out;
    },
    error(error: InputError) {
      const region = error.line === undefined ? undefined : { line: error.line, column: error.column };
      const { name, error: code, ...details } = error;
      const print = fingerprint({ source: name, line: error.line }, code, code, '', details);
      return result(code, 'error', t.error(error), name, region, undefined, print, { code, ...details });
    },
  }),
  frame({ t }, { version, cwd }) {
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
    const run = {
      tool: {
        driver: {
          name: 'product-order-validate',
          fullName: 'product-order-validator',
          version,
          semanticVersion: version,
          informationUri: 'https://www.npmjs.com/package/product-order-validator',
          rules,
        },
      },
      originalUriBaseIds: { '%SRCROOT%': { uri: `${pathToFileURL(cwd).href.replace(/\/?$/, '/')}` } },
      columnKind: 'utf16CodeUnits',
    };
    const head = JSON.stringify({
      $schema: 'https://json.schemastore.org/sarif-2.1.0.json',
      version: '2.1.0',
      runs: [run],
    });
    // the run's results go in after its other members, then its invocation closes it
    const start = `${head.slice(0, -3)},"results":[\n`;
    return listFrame(start, (empty, tally) => {
      const invocation = {
        executionSuccessful: true,
        exitCode: tally.inputErrors > 0 ? 2 : tally.invalid > 0 ? 1 : 0,
        // inputs left out, or read in part
        ...(tally.notes.length > 0 && {
          toolExecutionNotifications: tally.notes.map((n) => {
            const { name, ...details } = n;
            const region = n.line === undefined ? {} : { region: { startLine: n.line } };
            return {
              level: 'note',
              message: { text: t.note(n) },
              locations: [{ physicalLocation: { artifactLocation: artifact(name), ...region } }],
              properties: details,
            };
          }),
        }),
      };
      return `${empty ? '' : '\n'}],"invocations":[${JSON.stringify(invocation)}]}]}\n`;
    });
  },
};
