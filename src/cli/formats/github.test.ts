import { describe, expect, it } from 'vitest';
import { cliWords } from '../languages.js';
import { Tally } from '../report.js';
import { github } from './github.js';

const style = { t: cliWords.en, colour: false, quiet: false };
const annotation = (file: string) => `::error file=${file},line=1,col=1,title=R-field /priority::too long\n`;

/** The annotations the frame writes for one error in each of `files`, in order, with `changed` known. */
function written(files: readonly string[], changed: ReadonlySet<string> | undefined): string[] {
  const warnings: string[] = [];
  const frame = github.frame(style, {
    version: '0.0.0',
    cwd: '/',
    exitCode: () => 1,
    warn: (message) => warnings.push(message),
    changed,
  });
  let out = frame.start();
  for (const file of files) out += frame.records(annotation(file));
  out += frame.finish(new Tally());
  return out.split('\n').filter((line) => line.startsWith('::'));
}

const files = Array.from({ length: 15 }, (_, i) => `f${String(i).padStart(2, '0')}.json`);
const fileOf = (line: string) => /file=([^,]+)/.exec(line)?.[1];

describe('github annotations', () => {
  it('escapes % CR LF in the message, and : , in the properties, so no text of an order starts a command', () => {
    const renderer = github.renderer(style);
    const out = renderer.order({
      place: { source: 'sly/a,b:c.json' },
      violations: [
        {
          rule: 'R-field',
          code: 'too_long',
          path: '/priority',
          params: { limit: 10 },
          message: '50%\r::warning::x\r\n::notice::y\nz',
          line: 3,
          column: 5,
          endLine: 3,
          endColumn: 9,
        },
      ],
      hints: [],
    });
    expect(out).toBe(
      '::error file=sly/a%2Cb%3Ac.json,line=3,col=5,endLine=3,endColumn=9,title=R-field /priority::50%25%0D::warning::x%0D%0A::notice::y%0Az\n',
    );
    expect(out).not.toContain('\r');
  });
});

describe('github frame', () => {
  it('writes the annotations of changed files first, whatever their place in the run, and sums up the others', () => {
    const lines = written(files, new Set(['f13.json', 'f14.json']));
    expect(lines).toHaveLength(10);
    expect(lines.slice(0, 2).map(fileOf)).toEqual(['f13.json', 'f14.json']);
    expect(lines.slice(2, 9).map(fileOf)).toEqual(files.slice(0, 7));
    expect(lines[9]).toBe('::error title=product-order-validate::and 6 more in 6 files: see the SARIF');
  });

  it('keeps the places for changed files when they alone fill them', () => {
    const changed = new Set(files.slice(3, 14));
    const lines = written(files, changed);
    expect(lines.slice(0, 9).map(fileOf)).toEqual(files.slice(3, 12));
    expect(lines[9]).toContain('and 6 more in 6 files');
  });

  it('takes every file as changed when no base is known', () => {
    expect(written(files, undefined).slice(0, 9).map(fileOf)).toEqual(files.slice(0, 9));
  });

  it('writes all ten when there are ten, with no summing up', () => {
    const lines = written(files.slice(0, 10), new Set(['f09.json']));
    expect(lines.map(fileOf)).toEqual(['f09.json', ...files.slice(0, 9)]);
  });
});
