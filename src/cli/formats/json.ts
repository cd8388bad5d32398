// The machine-readable reports: `json`, one document `{ "results": [...], "summary": {...} }`, and
// `ndjson`, one result per line as the orders are checked, then `{"summary": {...}}`. A result is an
// order's verdict or an input error.

import { listFrame, type ReportFormat, type Style, type Tally, type Verdict, visible } from '../report.js';
import type { InputError } from '../sources.js';
import type { CliWording } from '../wording.js';

/** The JSON record of an order's verdict. */
function orderRecord({ place, violations, hints, truncated }: Verdict): string {
  const at =
    place.line !== undefined ? `,"line":${place.line}` : place.index !== undefined ? `,"index":${place.index}` : '';
  const head = `{"source":${JSON.stringify(place.source)}${at}`;
  const tail = `,"hints":${hints.length === 0 ? '[]' : JSON.stringify(hints)}${truncated ? `,"truncated":${JSON.stringify(truncated)}` : ''}}`;
  return visible(
    violations.length === 0
      ? `${head},"valid":true,"violations":[]${tail}`
      : `${head},"valid":false,"violations":${JSON.stringify(violations)}${tail}`,
    'json',
  );
}

/** The JSON record of an input error. */
function errorRecord(error: InputError, t: CliWording): string {
  const { name, ...details } = error;
  return visible(JSON.stringify({ source: name, ...details, message: t.error(error) }), 'json');
}

/** The summary of the `json` report: the counts, and the notes of inputs left out or read in part, if any. */
export function summaryRecord(tally: Tally, t: CliWording): string {
  if (tally.notes.length === 0) return visible(JSON.stringify(tally.summary()), 'json');
  const notes = tally.notes.map((n) => {
    const { name, ...details } = n;
    return { source: name, ...details, message: t.note(n) };
  });
  return visible(JSON.stringify({ ...tally.summary(), notes }), 'json');
}

/** Records as JSON, each after `before` and before `after`; valid orders left out when quiet. */
const records =
  (before: string, after: string) =>
  ({ t, quiet }: Style) => ({
    order: (verdict: Verdict) =>
      quiet && verdict.violations.length === 0 ? '' : before + orderRecord(verdict) + after,
    error: (error: InputError) => before + errorRecord(error, t) + after,
  });

export const json: ReportFormat = {
  renderer: records(',\n', ''),
  frame: ({ t }) =>
    listFrame('{"results":[\n', (empty, tally) => `${empty ? '' : '\n'}],"summary":${summaryRecord(tally, t)}}\n`),
};

/** `ndjson` closes with one line `{"summary":{…}}`, the summary of `json`: a reader tells it by its only member. */
export const ndjson: ReportFormat = {
  renderer: records('', '\n'),
  frame: ({ t }) => ({
    start: () => '',
    records: (s) => s,
    alone: (s) => s,
    end: () => '',
    finish: (tally) => `{"summary":${summaryRecord(tally, t)}}\n`,
  }),
};
