// GitLab Code Quality: a JSON array of issues, each with a description, the check's name, a
// fingerprint, a severity and the file and line it is on.

import type { Located } from '../../text/located.js';
import type { Hint, Violation } from '../../violation.js';
import { fingerprint, listFrame, type Place, pointerName, type ReportFormat, visible } from '../report.js';
import type { CliWording } from '../wording.js';

type Severity = 'info' | 'major' | 'blocker';

function issue(
  description: string,
  check: string,
  print: string,
  severity: Severity,
  path: string,
  line: number,
  end: number,
) {
  const text = JSON.stringify({
    description,
    check_name: check,
    fingerprint: print,
    severity,
    location: { path, lines: { begin: line, end } },
  });
  return `,\n${visible(text, 'json')}`;
}

const finding = (
  t: CliWording,
  place: Place,
  f: Located<Violation> | Located<Hint>,
  check: string,
  severity: Severity,
) =>
  issue(
    `${pointerName(t, f.path)}: ${f.message}`,
    check,
    fingerprint(place, check, f.code, f.path, f.params),
    severity,
    place.source,
    f.line,
    f.endLine,
  );

export const gitlab: ReportFormat = {
  renderer: ({ t }) => ({
    order({ place, violations, hints }) {
      let out = '';
      for (const v of violations) out += finding(t, place, v, v.rule, 'major');
      for (const h of hints) out += finding(t, place, h, h.code, 'info');
      return out;
    },
    error(error) {
      const { name, error: code, ...details } = error;
      const print = fingerprint({ source: name, line: error.line }, code, code, '', details);
      return issue(t.error(error), code, print, 'blocker', name, error.line ?? 1, error.line ?? 1);
    },
  }),
  frame: () => listFrame('[\n', (empty) => `${empty ? '' : '\n'}]\n`),
};
