// The command's reports within the platforms' limits, from the packed package run as a
// process: GitHub's annotations per level and job summary, SARIF runs of at most 25,000 results,
// --no-hints, a baseline of known violations, the whole order named "" and the SARIF invocation.
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { Validator } from '@cfworker/json-schema';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runner, validOrder } from './command.js';

let work: string;
const cli = runner(() => work);
const put = (path: string, text: string) => {
  mkdirSync(join(work, path, '..'), { recursive: true });
  writeFileSync(join(work, path), text);
};
const read = (path: string) => readFileSync(join(work, path), 'utf8');

/** An order with one violation of the whole order (the required `requestedCompletionDate` missing) and one hint (its misspelt name). */
const misspelt = validOrder.replace('"requestedCompletionDate"', '"requestedCompletionDat"');
/** The valid order with `priority` (a string of at most 10 characters) too long. */
const longPriority = validOrder.replace('"priority": "2"', '"priority": "dringend und sofort"');

const formats = ['text', 'json', 'ndjson', 'sarif', 'junit', 'github', 'gitlab'] as const;

const sarifSchema = new Validator(
  JSON.parse(readFileSync('node_modules/@microsoft/jest-sarif/lib/schemas/sarif-2.1.0-rtm.5.json', 'utf8')),
  '4',
  false,
);

beforeAll(() => {
  work = mkdtempSync(join(tmpdir(), 'pov-limits-'));
  for (let i = 0; i < 30; i++) put(`thirty/${String(i).padStart(2, '0')}.json`, misspelt);
  put('whole/misspelt.json', misspelt);
});

afterAll(() => rmSync(work, { recursive: true, force: true }));

const annotations = (stdout: string, level: string) => stdout.split('\n').filter((l) => l.startsWith(`::${level} `));

describe("GitHub's annotations per step", () => {
  it('writes 30 errors and 30 notices as 9 of each and one annotation per level that sums up the other 21, with a warning', () => {
    const run = cli(['-f', 'github', 'thirty']);
    expect(run.code).toBe(1);
    for (const level of ['error', 'notice']) {
      const lines = annotations(run.stdout, level);
      expect(lines).toHaveLength(10); // GitHub shows 10 of each level per step
      expect(lines.slice(0, 9).every((l) => l.startsWith(`::${level} file=thirty/`))).toBe(true);
      expect(lines[9]).toBe(`::${level} title=product-order-validate::and 21 more in 21 files: see the SARIF`);
      expect(run.stderr).toContain(`-f github: 21 of 30 ${level} annotations summed up in one`);
    }
    expect(run.stdout.trimEnd().split('\n').at(-1)).toBe('30 orders: 0 valid, 30 invalid (R-field: 30)');
  });

  it('writes all annotations, and no warning, when each level has at most 10', () => {
    const run = cli(['-f', 'github', 'thirty/00.json', 'thirty/01.json', 'thirty/02.json']);
    expect(annotations(run.stdout, 'error')).toHaveLength(3);
    expect(annotations(run.stdout, 'notice')).toHaveLength(3);
    expect(run.stdout).not.toContain('more in');
    expect(run.stderr).toBe('');
  });

  it('lists every finding in $GITHUB_STEP_SUMMARY, appended, as a Markdown table', () => {
    put('summary/step.md', '# an earlier part of the step\n');
    const run = cli(['-f', 'github', 'thirty'], { env: { GITHUB_STEP_SUMMARY: join(work, 'summary/step.md') } });
    expect(run.code).toBe(1);
    expect(annotations(run.stdout, 'error')[9]).toContain('and 21 more in 21 files: see the job summary or the SARIF');
    const summary = read('summary/step.md');
    expect(summary.startsWith('# an earlier part of the step\n### product-order-validate\n')).toBe(true);
    expect(summary).toContain('30 orders: 0 valid, 30 invalid &#40;R-field: 30&#41;');
    const rows = summary.split('\n').filter((l) => l.startsWith('| thirty/'));
    expect(rows).toHaveLength(60);
    expect(rows).toContain(
      `| thirty/29.json:1:1 | error | R-field "" &#40;the whole order&#41; | The order lacks the required property 'requestedCompletionDate'. |`,
    );
  });

  it("keeps $GITHUB_STEP_SUMMARY within GitHub's 1 MiB per step, counting what the step wrote before, and says what it left out", () => {
    const before = `${'x'.repeat(1024 * 1024 - 8 * 1024)}\n`; // the step's summary nearly full already
    put('summary/full.md', before);
    const run = cli(['-f', 'github', 'thirty'], { env: { GITHUB_STEP_SUMMARY: join(work, 'summary/full.md') } });
    const summary = readFileSync(join(work, 'summary/full.md'));
    expect(summary.length).toBeLessThanOrEqual(1024 * 1024);
    const rows = summary
      .toString('utf8')
      .split('\n')
      .filter((l) => l.startsWith('| thirty/'));
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.length).toBeLessThan(60);
    expect(summary.toString('utf8')).toContain(
      `… and ${60 - rows.length} more not listed: a job summary holds at most 1 MiB`,
    );
    expect(run.stderr).toContain(`… and ${60 - rows.length} more not listed`);
  });
});

describe('SARIF within GitHub code scanning', () => {
  it('splits 30,000 results into runs of at most 25,000, each after the first with its own category, valid SARIF 2.1.0, with a warning', () => {
    // each line an empty object: 5 required properties missing, 5 results
    put('many/empty.ndjson', '{}\n'.repeat(6000));
    const run = cli(['-f', 'sarif', '-o', 'many/r.sarif', 'many/empty.ndjson']);
    expect(run.code).toBe(1);
    const log = JSON.parse(read('many/r.sarif'));
    expect(sarifSchema.validate(log).errors).toEqual([]);
    const sizes = log.runs.map((r: { results: unknown[] }) => r.results.length);
    expect(sizes).toEqual([25_000, 5_000]);
    expect(log.runs[0].automationDetails).toBeUndefined(); // the first keeps the category of the upload
    expect(log.runs[1].automationDetails).toEqual({ id: 'product-order-validate/part-2/' });
    expect(log.runs[1].invocations).toEqual([{ executionSuccessful: true, exitCode: 1 }]);
    expect(run.stderr).toContain('-f sarif: 30,000 results split into 2 runs of at most 25,000');
  });

  // regression: 550,000 results came out as one file of 20 runs, 26.9 MB gzip-compressed, which the upload refuses
  it('writes a report past the upload size into files each under it, every result once, and removes further files an earlier run left', () => {
    // each line an order of its own faults: names that compress little
    const lines = Array.from({ length: 3000 }, (_, i) => `{"x${(i * 7919).toString(36)}":1}`).join('\n');
    put('split/orders.ndjson', `${lines}\n`);
    put('split-out/r.99.sarif', 'not a report of the command');
    const limit = 64 * 1024;
    const env = { PRODUCT_ORDER_VALIDATE_SARIF_GZIP_BYTES: String(limit) };
    const run = cli(['-f', 'sarif', '-o', 'split-out/r.sarif', 'split/orders.ndjson'], { env });
    expect(run.code).toBe(1);
    const names = readdirSync(join(work, 'split-out')).filter((name) => name !== 'r.99.sarif');
    expect(names.length).toBeGreaterThan(2);
    const parts = ['r.sarif', ...Array.from({ length: names.length - 1 }, (_, i) => `r.${i + 2}.sarif`)];
    expect(names.sort()).toEqual([...parts].sort());
    let results = 0;
    for (const name of parts) {
      const text = read(`split-out/${name}`);
      expect(gzipSync(text).length).toBeLessThanOrEqual(limit);
      const log = JSON.parse(text);
      expect(sarifSchema.validate(log).errors).toEqual([]);
      for (const r of log.runs) results += r.results.length;
    }
    expect(results).toBe(5 * 3000); // each order: four required members missing, one name unknown
    expect(run.stderr).toContain(
      `results written into ${parts.length} files, up to "split-out/r.${parts.length}.sarif"`,
    );
    // a later run that fits in one file leaves no part of the earlier one to be uploaded with it
    const again = cli(['-f', 'sarif', '-o', 'split-out/r.sarif', 'whole/misspelt.json']);
    expect(again.code).toBe(1);
    expect(readdirSync(join(work, 'split-out')).sort()).toEqual(['r.99.sarif', 'r.sarif']);
    expect(read('split-out/r.99.sarif')).toBe('not a report of the command');
  });

  it('never writes a further file of a split report over a file that is no report of the command', () => {
    put(
      'split2/orders.ndjson',
      `${Array.from({ length: 3000 }, (_, i) => `{"y${(i * 7919).toString(36)}":1}`).join('\n')}\n`,
    );
    put('split2-out/r.2.sarif', 'an order, or anything else');
    const env = { PRODUCT_ORDER_VALIDATE_SARIF_GZIP_BYTES: String(64 * 1024) };
    const run = cli(['-f', 'sarif', '-o', 'split2-out/r.sarif', 'split2/orders.ndjson'], { env });
    expect(run.code).toBe(2);
    expect(run.stderr).toContain('split2-out/r.2.sarif');
    expect(read('split2-out/r.2.sarif')).toBe('an order, or anything else');
  });
});

describe('--no-hints', () => {
  const hinted: Readonly<Record<(typeof formats)[number], (out: string) => boolean>> = {
    text: (out) => out.includes("'requestedCompletionDat': did you mean"),
    json: (out) => out.includes('"code":"did_you_mean"'),
    ndjson: (out) => out.includes('"code":"did_you_mean"'),
    sarif: (out) => out.includes('"ruleId":"did_you_mean"'),
    // JUnit lists failures only, never hints
    junit: (out) => out.includes('did you mean'),
    github: (out) => out.includes('::notice '),
    gitlab: (out) => out.includes('"check_name":"did_you_mean"'),
  };
  it.each(formats)('leaves hints out of -f %s, and nothing else', (format) => {
    const withHints = cli(['-f', format, 'whole/misspelt.json']);
    const without = cli(['-f', format, '--no-hints', 'whole/misspelt.json']);
    expect(hinted[format](withHints.stdout)).toBe(format !== 'junit');
    expect(hinted[format](without.stdout)).toBe(false);
    expect(without.code).toBe(1);
    expect(without.stdout).toContain('requestedCompletionDate');
  });
});

describe('a baseline of known violations', () => {
  it('hides the known violations, also when their lines moved, and reports the new ones; an order with only known ones is valid', () => {
    put('legacy/a.json', longPriority);
    put('legacy/b.json', misspelt);
    put('legacy/c.json', validOrder);
    const written = cli(['--write-baseline', 'known/baseline.json', 'legacy']);
    expect(written.code).toBe(0);
    const baseline = read('known/baseline.json');
    expect(baseline).toBe(
      [
        '{"product-order-validate":"baseline","version":2,"violations":[',
        '{"file":"legacy/a.json","rule":"R-field","code":"too_long","path":"/priority","count":1},',
        '{"file":"legacy/b.json","rule":"R-field","code":"required","path":"","params":{"property":"requestedCompletionDate"},"count":1}',
        ']}',
        '',
      ].join('\n'),
    );
    // the same violations, lines further down; a new one in c.json
    put('legacy/a.json', `\n\n\n${longPriority.replace('{', '{\n\n    ')}`);
    put('legacy/c.json', longPriority);
    const run = cli(['-f', 'json', '--baseline', 'known/baseline.json', 'legacy']);
    expect(run.code).toBe(1);
    const doc = JSON.parse(run.stdout);
    expect(doc.results.map((r: { source: string; valid: boolean }) => [r.source, r.valid])).toEqual([
      ['legacy/a.json', true],
      ['legacy/b.json', true],
      ['legacy/c.json', false],
    ]);
    expect(doc.summary).toMatchObject({ orders: 3, valid: 2, invalid: 1, suppressed: 2 });
    const text = cli(['--baseline', 'known/baseline.json', 'legacy']);
    expect(text.stdout.trimEnd().split('\n').at(-1)).toBe(
      '3 orders: 2 valid, 1 invalid (R-field: 1); 2 known violations left out by the baseline',
    );
    // with only known violations left, the run passes
    put('legacy/c.json', validOrder);
    expect(cli(['--baseline', 'known/baseline.json', 'legacy']).code).toBe(0);
    // written again, the baseline is the same bytes
    expect(cli(['--write-baseline', 'known/again.json', 'legacy']).code).toBe(0);
    expect(read('known/again.json')).toBe(baseline);
  });

  it('a new missing property on an object that already missed another is not hidden by the baseline', () => {
    put('missing/a.json', misspelt); // requestedCompletionDate missing at ""
    expect(cli(['--write-baseline', 'missing/baseline.json', 'missing/a.json']).code).toBe(0);
    // the same object now misses `category` too: a second `required` at the same path ""
    const worse = JSON.parse(misspelt);
    delete worse.category;
    put('missing/a.json', JSON.stringify(worse, null, 2));
    const run = cli(['-f', 'json', '--baseline', 'missing/baseline.json', 'missing/a.json']);
    expect(run.code).toBe(1);
    const [result] = JSON.parse(run.stdout).results;
    expect(result.violations.map((v: { code: string; params: object }) => [v.code, v.params])).toEqual([
      ['required', { property: 'category' }],
    ]);
  });

  it('a new order with a known fault at the same path in an NDJSON file is not hidden by the baseline; reordered lines stay known', () => {
    const long = JSON.stringify(JSON.parse(longPriority));
    const valid = JSON.stringify(JSON.parse(validOrder));
    put('lines/export.ndjson', `${long}\n${valid}\n`);
    expect(cli(['--write-baseline', 'lines/baseline.json', 'lines/export.ndjson']).code).toBe(0);
    expect(read('lines/baseline.json')).toContain('"path":"/priority","count":1}');
    // the lines in another order: the same faults
    put('lines/export.ndjson', `${valid}\n${long}\n`);
    expect(cli(['--baseline', 'lines/baseline.json', 'lines/export.ndjson']).code).toBe(0);
    // a new order with the same fault: the later one in input order is new
    put('lines/export.ndjson', `${valid}\n${long}\n${long}\n`);
    const run = cli(['-f', 'json', '--baseline', 'lines/baseline.json', 'lines/export.ndjson']);
    expect(run.code).toBe(1);
    const doc = JSON.parse(run.stdout);
    expect(doc.results.map((r: { line: number; valid: boolean }) => [r.line, r.valid])).toEqual([
      [1, true],
      [2, true],
      [3, false],
    ]);
    expect(doc.summary).toMatchObject({ invalid: 1, suppressed: 1 });
  });

  it('gives each occurrence of one fault in a file its own SARIF baseline fingerprint, stable when lines are added above', () => {
    const long = JSON.stringify(JSON.parse(longPriority));
    put('prints/export.ndjson', `${long}\n${long}\n`);
    const prints = () =>
      JSON.parse(cli(['-f', 'sarif', 'prints/export.ndjson']).stdout).runs[0].results.map(
        (r: { partialFingerprints: Record<string, string> }) => r.partialFingerprints['productOrderBaseline/v2'],
      );
    const before = prints();
    expect(before).toHaveLength(2);
    expect(new Set(before).size).toBe(2);
    put('prints/export.ndjson', `${JSON.stringify(JSON.parse(validOrder))}\n${long}\n${long}\n`);
    expect(prints()).toEqual(before);
  });

  it('refuses a baseline it cannot use, before it checks anything', () => {
    put('known/not-a-baseline.json', '{"violations":[]}');
    const run = cli(['--baseline', 'known/not-a-baseline.json', 'whole/misspelt.json']);
    expect(run.code).toBe(2);
    expect(run.stderr).toContain('cannot use the baseline "known/not-a-baseline.json"');
    expect(run.stdout).toBe('');
  });

  it('leaves a baseline found in a folder it checks out of the orders, with a note', () => {
    put('with-baseline/a.json', longPriority);
    expect(cli(['--write-baseline', 'with-baseline/baseline.json', 'with-baseline']).code).toBe(0);
    const run = cli(['--baseline', 'with-baseline/baseline.json', 'with-baseline']);
    expect(run.code).toBe(0);
    expect(run.stderr).toContain('left out "with-baseline/baseline.json"');
  });
});

describe('the whole order', () => {
  const expected: Readonly<Record<(typeof formats)[number], (out: string) => void>> = {
    text: (out) => expect(out).toContain('R-field   "" (the whole order)\n'),
    json: (out) => expect(out).toContain('"code":"required","path":"",'),
    ndjson: (out) => expect(out).toContain('"code":"required","path":"",'),
    sarif: (out) =>
      expect(JSON.parse(out).runs[0].results[0].locations[0].logicalLocations).toEqual([
        { fullyQualifiedName: '"" (the whole order)', kind: 'member' },
      ]),
    junit: (out) =>
      expect(out).toContain('>R-field &quot;&quot; (the whole order) (line 1, column 1): The order lacks'),
    github: (out) => expect(out).toContain(',title=R-field "" (the whole order)::The order lacks'),
    gitlab: (out) =>
      expect(JSON.parse(out)[0].description).toBe(
        `"" (the whole order): The order lacks the required property 'requestedCompletionDate'.`,
      ),
  };
  it.each(formats)('is named "" (the whole order) in -f %s', (format) => {
    expected[format](cli(['-f', format, 'whole/misspelt.json']).stdout);
  });
});

describe('the SARIF invocation', () => {
  it('says the run did not succeed, with its exit code, when an input could not be read', () => {
    const run = cli(['-f', 'sarif', 'whole/misspelt.json', 'no-such-file.json']);
    expect(run.code).toBeGreaterThanOrEqual(2);
    const [invocation] = JSON.parse(run.stdout).runs[0].invocations;
    expect(invocation).toMatchObject({ executionSuccessful: false, exitCode: run.code });
  });

  it('says the run succeeded, with exit code 1, when it found invalid orders', () => {
    const run = cli(['-f', 'sarif', 'whole/misspelt.json']);
    expect(run.code).toBe(1);
    expect(JSON.parse(run.stdout).runs[0].invocations).toEqual([{ executionSuccessful: true, exitCode: 1 }]);
  });
});
