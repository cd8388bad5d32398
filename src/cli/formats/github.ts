// GitHub Actions workflow commands: an `error` annotation per violation and input error, a `notice`
// per hint, at the file, line and column; the summary as a plain line of the log.
import type { Located } from '../../text/located.js';
import type { Hint, Violation } from '../../violation.js';
import { type ReportFormat, summaryLine } from '../report.js';

/** A command's message: `%`, CR and LF escaped, so that no text of an order can start a command of its own. */
const data = (s: string) => s.replaceAll('%', '%25').replaceAll('\r', '%0D').replaceAll('\n', '%0A');

/** A command's property value: as a message, and `:` and `,` escaped too. */
const property = (s: string) => data(s).replaceAll(':', '%3A').replaceAll(',', '%2C');

function command(kind: 'error' | 'notice', file: string, at: Partial<Located<object>>, title: string, message: string) {
  let props = `file=${property(file)}`;
  if (at.line !== undefined) props += `,line=${at.line}`;
  if (at.column !== undefined) props += `,col=${at.column}`;
  if (at.endLine !== undefined) props += `,endLine=${at.endLine}`;
  if (at.endColumn !== undefined) props += `,endColumn=${at.endColumn}`;
  return `::${kind} ${props},title=${property(title)}::${data(message)}\n`;
}

const finding = (kind: 'error' | 'notice', file: string, f: Located<Violation> | Located<Hint>, mark: string) =>
  command(kind, file, f, `${mark} ${f.path || '/'}`, f.message);

export const github: ReportFormat = {
  renderer: ({ t }) => ({
    order({ place, violations, hints }) {
      let out = '';
      for (const v of violations) out += finding('error', place.source, v, v.rule);
      for (const h of hints) out += finding('notice', place.source, h, t.hint);
      return out;
    },
    error: (error) => command('error', error.name, error, t.rules[error.error].title, t.error(error)),
  }),
  frame: ({ t }) => ({
    start: () => '',
    records: (s) => s,
    alone: (s) => s,
    end: () => '',
    finish: (tally) => `${summaryLine(t, tally)}\n`,
  }),
};
