// The command's reports for CI systems, from the packed package run as a process: positions in JSON
// files, JSON arrays and NDJSON (CRLF, byte order mark, multi-byte text before the fault), each format
// read by a reader of that format, several reports from one run, and the options partners asked for.
import { spawn, spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { once } from 'node:events';
import {
  closeSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  openSync,
  readFileSync,
  rmSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Validator } from '@cfworker/json-schema';
import { parse as parseJunit } from 'junit2json';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bin, canMeasureRss, cleanEnv, runner } from './command.js';
import { importEsm } from './consumer.js';
import { orderStream } from './stream.js';

let work: string;
const cli = runner(() => work);
const put = (path: string, text: string | Buffer) => {
  mkdirSync(join(work, path, '..'), { recursive: true });
  writeFileSync(join(work, path), text);
};

const example = (kind: 'valid' | 'invalid', name: string) =>
  readFileSync(join('examples', 'orders', kind, `${name}.json`), 'utf8');
const validOrder = example('valid', 'new-hvt-local-loop');
const compact = (text: string) => JSON.stringify(JSON.parse(text));
/** The valid order with `priority` (a string of at most 10 characters) set to `value`. */
const withPriority = (value: string, text = validOrder) =>
  text.replace('"priority": "2"', `"priority": ${JSON.stringify(value)}`);

/** The 1-based line and column (UTF-16 units) where `needle` first stands in `text`, after `from`. */
function whereIs(text: string, needle: string, from = 0): { line: number; column: number } {
  const at = text.indexOf(needle, from);
  expect(at).toBeGreaterThanOrEqual(0);
  const before = text.slice(0, at).split('\n');
  return { line: before.length, column: before[before.length - 1].length + 1 };
}

interface Located {
  rule: string;
  code: string;
  path: string;
  message: string;
  line: number;
  column: number;
  endLine: number;
  endColumn: number;
}
const json = (args: readonly string[], input?: string | Buffer) => {
  const run = cli(['--format', 'json', ...args], { input });
  return {
    ...run,
    doc: JSON.parse(run.stdout) as {
      results: { violations?: Located[]; hints?: Located[]; [k: string]: unknown }[];
      summary: Record<string, unknown>;
    },
  };
};

const tooLong = 'dringend und sofort';

beforeAll(() => {
  work = mkdtempSync(join(tmpdir(), 'pov-reports-'));
  put('orders/valid.json', validOrder);
  put('orders/long-priority.json', withPriority(tooLong));
  put('orders/array.json', `[\n${validOrder},\n${withPriority(tooLong)}\n]\n`);
  put('orders/long-priority.expected.json', '[{"rule": "R-field"}]');
  // CRLF line ends, a byte order mark, and text of two and four UTF-8 bytes before the fault
  const line = (text: string) => compact(text).replace('"description":"', '"description":"Straße 😀 ');
  put(
    'orders/lines.ndjson',
    Buffer.concat([
      Buffer.from([0xef, 0xbb, 0xbf]),
      Buffer.from(`${line(validOrder)}\r\n${line(withPriority(tooLong))}\r\n`),
    ]),
  );
  put('broken/malformed.json', '{\n  "category": "new",\n  "priority": \n}\n');
});

afterAll(() => rmSync(work, { recursive: true, force: true }));

describe('positions', () => {
  it('places a violation in a JSON file at its line and column', () => {
    const [record] = json(['orders/long-priority.json']).doc.results;
    const text = readFileSync(join(work, 'orders/long-priority.json'), 'utf8');
    const { line, column } = whereIs(text, `"${tooLong}"`);
    expect(record.violations).toEqual([
      expect.objectContaining({
        path: '/priority',
        line,
        column,
        endLine: line,
        endColumn: column + tooLong.length + 2,
      }),
    ]);
  });

  it('places a violation in an element of a JSON array in the file, not in the element', () => {
    const { results } = json(['orders/array.json']).doc;
    const text = readFileSync(join(work, 'orders/array.json'), 'utf8');
    expect(results.map((r) => r.index)).toEqual([0, 1]);
    expect(results[1].violations?.[0]).toMatchObject({ path: '/priority', ...whereIs(text, `"${tooLong}"`) });
  });

  it('places a violation on an NDJSON line: the line of the file, the column in UTF-16 units after CRLF, a BOM and multi-byte text', () => {
    const { results } = json(['orders/lines.ndjson']).doc;
    const text = readFileSync(join(work, 'orders/lines.ndjson'), 'utf8').replace(/^\uFEFF/, '');
    const expected = whereIs(text, `"${tooLong}"`);
    expect(expected.line).toBe(2);
    expect(results[1]).toMatchObject({ line: 2, valid: false });
    expect(results[1].violations?.[0]).toMatchObject({ path: '/priority', ...expected });
  });

  it('agrees with validateProductOrderText on every file of the examples', async () => {
    const { validateProductOrderText } = await importEsm();
    const { results } = json(['examples/orders'.replace('examples', join(process.cwd(), 'examples'))]).doc;
    for (const record of results) {
      if (typeof record.source !== 'string' || record.source.endsWith('.expected.json')) continue;
      const text = readFileSync(record.source, 'utf8');
      if (record.index !== undefined) continue;
      expect(record.violations, record.source).toEqual(validateProductOrderText(text).violations);
    }
  });

  it('shows the position in the readable report', () => {
    const { stdout } = cli(['orders/long-priority.json']);
    const { line, column } = whereIs(readFileSync(join(work, 'orders/long-priority.json'), 'utf8'), `"${tooLong}"`);
    expect(stdout).toContain(`    ${`${line}:${column}`.padEnd(8)} R-field   /priority\n`);
  });
});

describe('SARIF', () => {
  const schema = JSON.parse(
    readFileSync('node_modules/@microsoft/jest-sarif/lib/schemas/sarif-2.1.0-rtm.5.json', 'utf8'),
  );
  const sarifValidator = new Validator(schema, '4', false);

  it('is valid SARIF 2.1.0: one run, the rules with titles and help, each result with rule, level, message, region and fingerprint', () => {
    const run = cli(['--format', 'sarif', 'orders', 'broken']);
    expect(run.code).toBe(3);
    const log = JSON.parse(run.stdout);
    const verdict = sarifValidator.validate(log);
    expect(verdict.errors).toEqual([]);
    expect(verdict.valid).toBe(true);
    expect(log.version).toBe('2.1.0');
    expect(log.runs).toHaveLength(1);
    const [{ tool, results, columnKind }] = log.runs;
    expect(columnKind).toBe('utf16CodeUnits');
    const ids = tool.driver.rules.map((r: { id: string }) => r.id);
    expect(ids).toEqual(expect.arrayContaining(['R-field', 'R1', 'R14', 'R-json', 'did_you_mean', 'malformed_json']));
    for (const rule of tool.driver.rules) {
      expect(rule.shortDescription.text).not.toBe('');
      expect(rule.help.text).not.toBe('');
    }
    const long = results.find(
      (r: { ruleId: string; locations: { physicalLocation: { artifactLocation: { uri: string } } }[] }) =>
        r.locations[0].physicalLocation.artifactLocation.uri === 'orders/long-priority.json',
    );
    const text = readFileSync(join(work, 'orders/long-priority.json'), 'utf8');
    const { line, column } = whereIs(text, `"${tooLong}"`);
    expect(long).toMatchObject({
      ruleId: 'R-field',
      level: 'error',
      message: { text: expect.stringContaining('priority') },
      locations: [
        {
          physicalLocation: {
            region: { startLine: line, startColumn: column, endLine: line, endColumn: column + tooLong.length + 2 },
          },
        },
      ],
      partialFingerprints: { 'productOrderFault/v1': expect.stringMatching(/^[0-9a-f]{64}$/) },
    });
    expect(ids[long.ruleIndex]).toBe('R-field');
    const malformed = results.find((r: { ruleId: string }) => r.ruleId === 'malformed_json');
    expect(malformed.locations[0].physicalLocation.region).toEqual({ startLine: 4, startColumn: 1 });
  });

  it('names inputs left out, or read in part, as notifications of its invocation', () => {
    put('noted/a.json', validOrder);
    expect(cli(['-f', 'json', '-o', 'noted/earlier.json', 'noted']).code).toBe(0);
    put('noted-nul.ndjson', Buffer.from(`${compact(validOrder)}\n{"a":\0}\n${compact(validOrder)}\n`));
    const run = cli(['--format', 'sarif', 'noted', 'noted-nul.ndjson']);
    expect(run.code).toBe(3);
    const log = JSON.parse(run.stdout);
    expect(sarifValidator.validate(log).errors).toEqual([]);
    expect(log.runs[0].invocations[0].toolExecutionNotifications).toEqual([
      {
        level: 'note',
        message: { text: 'left out "noted/earlier.json": it holds a report of product-order-validate, not orders' },
        locations: [{ physicalLocation: { artifactLocation: { uri: 'noted/earlier.json', uriBaseId: '%SRCROOT%' } } }],
        properties: { note: 'report' },
      },
      {
        level: 'note',
        message: { text: expect.stringMatching(/^stopped reading "noted-nul\.ndjson" at line 2: a NUL byte/) },
        locations: [
          {
            physicalLocation: {
              artifactLocation: { uri: 'noted-nul.ndjson', uriBaseId: '%SRCROOT%' },
              region: { startLine: 2 },
            },
          },
        ],
        properties: { note: 'stopped', line: 2, reason: 'nul' },
      },
    ]);
    // the order before the NUL is checked, the line with it is malformed, the read stops there
    expect(log.runs[0].results.map((r: { ruleId: string }) => r.ruleId)).toEqual(['malformed_json']);
  });

  it("keeps a fault's fingerprint when lines are added above it, and in German gives German titles", () => {
    const prints = (args: string[]) =>
      JSON.parse(cli(['--format', 'sarif', ...args]).stdout).runs[0].results.map(
        (r: { partialFingerprints: Record<string, string> }) => r.partialFingerprints['productOrderFault/v1'],
      );
    const before = prints(['orders/long-priority.json']);
    put('moved/long-priority.json', `\n\n${readFileSync(join(work, 'orders/long-priority.json'), 'utf8')}`);
    put('orders/copy.json', readFileSync(join(work, 'orders/long-priority.json'), 'utf8'));
    expect(prints(['orders/long-priority.json'])).toEqual(before);
    expect(prints(['orders/copy.json'])).not.toEqual(before); // another file, another fault
    const german = JSON.parse(cli(['--format', 'sarif', '--lang', 'de', 'orders/valid.json']).stdout);
    expect(german.runs[0].tool.driver.rules[0].shortDescription.text).toBe('Feldtabelle');
    rmSync(join(work, 'orders/copy.json'));
  });
});

describe('JUnit', () => {
  it('gives a testsuite per file and a testcase per order, each failure with rule, path, line and message, read by junit2json', async () => {
    const run = cli(['--format', 'junit', 'orders/valid.json', 'orders/array.json', 'orders/lines.ndjson', 'broken']);
    expect(run.code).toBe(3);
    const report = (await parseJunit(run.stdout)) as {
      testsuite: {
        name: string;
        tests: number;
        failures: number;
        errors: number;
        testcase: { name: string; failure?: { message: string; type: string; inner: string }[]; error?: unknown[] }[];
      }[];
    };
    expect(report.testsuite.map((s) => [s.name, s.tests, s.failures, s.errors])).toEqual([
      ['orders/valid.json', 1, 0, 0],
      ['orders/array.json', 2, 1, 0],
      ['orders/lines.ndjson', 2, 1, 0],
      ['broken/malformed.json', 1, 0, 1],
    ]);
    const failure = report.testsuite[1].testcase[1].failure?.[0];
    expect(failure?.type).toBe('R-field');
    expect(failure?.message).toContain("'priority'");
    const { line, column } = whereIs(readFileSync(join(work, 'orders/array.json'), 'utf8'), `"${tooLong}"`);
    expect(failure?.inner).toContain(`R-field /priority (line ${line}, column ${column}): `);
  });

  it('stays well-formed whatever an order holds: markup, control characters, lone surrogates in names that reach a message', async () => {
    const hostile = 'requestedCompletionDa<&\u0001]]>'.slice(0, 23);
    const order = compact(validOrder).replace(
      '"requestedCompletionDate"',
      JSON.stringify(`requestedCompletionD\u0001\ud800`),
    );
    put('hostile/order.json', order);
    put('hostile/we<i>rd&"name.json', withPriority(`<&\u0001${hostile}`));
    const run = cli(['--format', 'junit', 'hostile']);
    const report = (await parseJunit(run.stdout)) as { testsuite: { name: string }[] };
    expect(report.testsuite.map((s) => s.name)).toContain('hostile/we<i>rd&"name.json');
  });
});

describe('GitHub annotations', () => {
  it('writes one ::error per violation at file, line, col, endLine and endColumn, and the summary', () => {
    const run = cli(['--format', 'github', 'orders/long-priority.json', 'broken']);
    const { line, column } = whereIs(readFileSync(join(work, 'orders/long-priority.json'), 'utf8'), `"${tooLong}"`);
    const lines = run.stdout.trimEnd().split('\n');
    expect(lines[0]).toBe(
      `::error file=orders/long-priority.json,line=${line},col=${column},endLine=${line},endColumn=${column + tooLong.length + 2},title=R-field /priority::'priority' must be at most 10 characters long.`,
    );
    expect(lines[1]).toMatch(/^::error file=broken\/malformed\.json,line=4,col=1,title=Malformed JSON::/);
    expect(lines.at(-1)).toBe('1 order: 0 valid, 1 invalid (R-field: 1); 1 input error');
  });

  it('escapes % CR LF in messages, and : , in properties, so no text of an order starts a command', () => {
    // a misspelt name two edits away gets a hint that quotes it: with a line break and ::
    const sly = 'requestedCompletionD\n::warning::x';
    const key = `requestedCompletionDa\r\n`;
    put(
      'sly/a,b:c.json',
      compact(validOrder)
        .replace('"requestedCompletionDate"', JSON.stringify(key))
        .replace('"priority":"2"', `"priority":${JSON.stringify(sly)}`)
        .replace('"description":"', `${JSON.stringify('requestedCompletionDat%')}:"x","description":"`),
    );
    const run = cli(['--format', 'github', 'sly']);
    const commands = run.stdout.trimEnd().split('\n');
    for (const command of commands.slice(0, -1))
      expect(command).toMatch(/^::(error|notice) file=sly\/a%2Cb%3Ac\.json,/);
    expect(run.stdout).toContain('requestedCompletionDa%0D%0A');
    expect(run.stdout).toContain('requestedCompletionDat%25');
    expect(run.stdout).not.toContain('\r');
    expect(run.stdout).not.toMatch(/^::warning/m);
  });
});

describe('GitLab Code Quality', () => {
  it('gives an issue per violation and input error, with description, check_name, unique fingerprint, severity, path and line', () => {
    const run = cli(['--format', 'gitlab', 'orders', 'broken']);
    const issues = JSON.parse(run.stdout) as {
      description: string;
      check_name: string;
      fingerprint: string;
      severity: string;
      location: { path: string; lines: { begin: number } };
    }[];
    expect(issues.length).toBeGreaterThanOrEqual(4);
    for (const issue of issues) {
      expect(Object.keys(issue).sort()).toEqual(['check_name', 'description', 'fingerprint', 'location', 'severity']);
      expect(['info', 'minor', 'major', 'critical', 'blocker']).toContain(issue.severity);
      expect(issue.location.lines.begin).toBeGreaterThanOrEqual(1);
    }
    expect(new Set(issues.map((i) => i.fingerprint)).size).toBe(issues.length);
    const { line } = whereIs(readFileSync(join(work, 'orders/long-priority.json'), 'utf8'), `"${tooLong}"`);
    expect(issues).toContainEqual(
      expect.objectContaining({
        check_name: 'R-field',
        severity: 'major',
        location: { path: 'orders/long-priority.json', lines: { begin: line, end: line } },
      }),
    );
    expect(issues).toContainEqual(expect.objectContaining({ check_name: 'malformed_json', severity: 'blocker' }));
  });
});

describe('duplicate keys', () => {
  // the first phoneNumber 41 characters long, the second fine: JSON.parse keeps the second
  const phone = '"phoneNumber": "+491701234567"';
  const twice = validOrder.replace(phone, `"phoneNumber": "+49${'1'.repeat(38)}",\n            ${phone}`);
  const path = '/relatedParty/0/partyOrPartyRole/contactMedium/0/phoneNumber';

  it('reports a name repeated in an object at its line and column, in a file, an array and NDJSON, in each format', async () => {
    const array = `[\n${compact(validOrder)},\n${compact(validOrder).replace('{', '{"category":"new",')}\n]\n`;
    const lines = `${compact(validOrder)}\n${compact(validOrder).replace('"@type":', '"@type":"x","@type":')}\n`;
    put('dup/order.json', twice);
    put('dup/array.json', array);
    put('dup/lines.ndjson', lines);
    /** Where `name` stands in `text` after `first`, its first occurrence, to the character after its closing quote. */
    const second = (source: string, text: string, p: string, name: string, first: string) => {
      const { line, column } = whereIs(text, `"${name}"`, text.indexOf(first) + first.length);
      return [source, p, line, column, column + name.length + 2] as const;
    };
    const where = [
      second('dup/order.json', twice, path, 'phoneNumber', '"phoneNumber"'),
      second('dup/array.json', array, '/category', 'category', '\n{"category"'),
      second('dup/lines.ndjson', lines, '/@type', '@type', '"@type":"x"'),
    ];
    expect(where[0].slice(2)).toEqual([36, 13, 26]);
    expect(where.map(([, , line]) => line)).toEqual([36, 3, 2]);
    const args = ['dup/order.json', 'dup/array.json', 'dup/lines.ndjson'];

    const found = json(args).doc.results.flatMap((r) =>
      (r.violations ?? []).map((v) => [r.source, v.rule, v.code, v.path, v.line, v.column, v.endColumn]),
    );
    expect(found).toEqual(
      where.map(([source, p, line, column, end]) => [source, 'R-json', 'duplicate_key', p, line, column, end]),
    );

    const records = cli(['-f', 'ndjson', ...args])
      .stdout.trimEnd()
      .split('\n')
      .map((l) => JSON.parse(l) as { violations?: Located[] })
      .flatMap((r) => r.violations ?? []);
    expect(records.map((v) => [v.code, v.path, v.line, v.column])).toEqual(
      where.map(([, p, l, c]) => ['duplicate_key', p, l, c]),
    );

    const text = cli(['-f', 'text', ...args]).stdout;
    for (const [, p, l, c] of where) expect(text).toContain(`    ${`${l}:${c}`.padEnd(8)} R-json    ${p}\n`);

    const log = JSON.parse(cli(['-f', 'sarif', ...args]).stdout);
    const regions = log.runs.flatMap(
      (run: {
        results: {
          ruleId: string;
          locations: { physicalLocation: { artifactLocation: { uri: string }; region: object } }[];
        }[];
      }) =>
        run.results.map((r) => [
          r.ruleId,
          r.locations[0].physicalLocation.artifactLocation.uri,
          r.locations[0].physicalLocation.region,
        ]),
    );
    expect(regions).toEqual(
      where.map(([source, , l, c, e]) => [
        'R-json',
        source,
        { startLine: l, startColumn: c, endLine: l, endColumn: e },
      ]),
    );

    const junit = (await parseJunit(cli(['-f', 'junit', ...args]).stdout)) as {
      testsuite: { testcase: { failure?: { inner: string }[] }[] }[];
    };
    const failures = junit.testsuite.flatMap((s) => s.testcase.flatMap((t) => t.failure ?? []).map((f) => f.inner));
    expect(failures).toHaveLength(3);
    for (const [k, [, p, l, c]] of where.entries())
      expect(failures[k]).toContain(`R-json ${p} (line ${l}, column ${c}): `);

    const github = cli(['-f', 'github', ...args]).stdout;
    for (const [source, , l, c, e] of where)
      expect(github).toContain(`::error file=${source},line=${l},col=${c},endLine=${l},endColumn=${e},title=R-json `);

    const issues = JSON.parse(cli(['-f', 'gitlab', ...args]).stdout) as {
      check_name: string;
      location: { path: string; lines: { begin: number } };
    }[];
    expect(issues.map((i) => [i.check_name, i.location.path, i.location.lines.begin])).toEqual(
      where.map(([source, , l]) => ['R-json', source, l]),
    );
  });
});

describe('several reports from one run', () => {
  it('writes each --format to the --output after it (making its folder) and the one without to stdout', () => {
    const run = cli([
      '--format',
      'sarif',
      '--output',
      'out/report.sarif',
      '--format',
      'text',
      '-f',
      'junit',
      '-o',
      'out/junit.xml',
      '-f',
      'gitlab',
      '-o',
      'out/quality.json',
      'orders/long-priority.json',
    ]);
    expect(run.code).toBe(1);
    expect(run.stdout).toMatch(/^✗ orders\/long-priority\.json$/m);
    expect(JSON.parse(readFileSync(join(work, 'out/report.sarif'), 'utf8')).runs[0].results).toHaveLength(1);
    expect(readFileSync(join(work, 'out/junit.xml'), 'utf8')).toContain('<failure ');
    expect(JSON.parse(readFileSync(join(work, 'out/quality.json'), 'utf8'))).toHaveLength(1);
  });

  it('refuses two reports to stdout, and a file it cannot write, before checking anything', () => {
    expect(cli(['-f', 'text', '-f', 'json', 'orders'])).toMatchObject({ code: 2, stdout: '' });
    const run = cli(['-f', 'sarif', '-o', 'orders/valid.json/r.sarif', 'orders']);
    expect(run).toMatchObject({ code: 2, stdout: '' });
    expect(run.stderr).toContain('orders/valid.json/r.sarif');
  });
});

describe('options', () => {
  it('--quiet leaves valid orders out: only invalid orders, input errors and the summary', () => {
    const run = cli(['--quiet', 'orders/valid.json', 'orders/array.json', 'broken']);
    expect(run.stdout).not.toMatch(/^✓/m);
    expect(run.stdout).toMatch(/^✗ orders\/array\.json, item 1$/m);
    expect(run.stdout).toMatch(/^! broken\/malformed\.json:4:1: /m);
    expect(run.stdout.trimEnd().split('\n').at(-1)).toBe('3 orders: 2 valid, 1 invalid (R-field: 1); 1 input error');
    const records = json(['--quiet', 'orders/valid.json', 'orders/array.json']).doc.results;
    expect(records.map((r) => [r.source, r.index])).toEqual([['orders/array.json', 1]]);
  });

  it('an ndjson report of valid orders with --quiet, its summary line alone, is known as a report in the folder it checks', () => {
    put('quiet-lines/valid.json', validOrder);
    const args = ['--quiet', '-f', 'ndjson', '-o', 'quiet-lines/report.ndjson', 'quiet-lines'];
    expect(cli(args).code).toBe(0);
    expect(readFileSync(join(work, 'quiet-lines/report.ndjson'), 'utf8')).toMatch(/^\{"summary":\{"orders":1,/);
    const again = cli(args);
    expect(again.code).toBe(0);
    expect(again.stderr).toContain('left out "quiet-lines/report.ndjson"');
    expect(readFileSync(join(work, 'quiet-lines/report.ndjson'), 'utf8')).toMatch(/^\{"summary":\{"orders":1,/);
  });

  it('--exclude leaves out the files a pattern matches, named, found in a folder or by a pattern', () => {
    const checked = (args: string[]) => json(args).doc.results.map((r) => r.source);
    expect(checked(['orders'])).toContain('orders/long-priority.expected.json');
    for (const pattern of ['**/*.expected.json', '*.expected.json', 'orders/*.expected.json']) {
      expect(checked(['--exclude', pattern, 'orders'])).not.toContain('orders/long-priority.expected.json');
      expect(checked(['--exclude', pattern, 'orders/*.json'])).not.toContain('orders/long-priority.expected.json');
      expect(checked(['--exclude', pattern, 'orders/long-priority.expected.json', 'orders/valid.json'])).toEqual([
        'orders/valid.json',
      ]);
    }
    expect(checked(['--exclude', '*.ndjson', '--exclude', '**/array.json', 'orders'])).not.toContain(
      'orders/array.json',
    );
  });

  it('--max-violations lists at most n violations per order and says how many more', () => {
    const many = compact(validOrder)
      .replace('"category":"new"', '"category":5')
      .replace('"priority":"2"', '"priority":7')
      .replace('"description":"', '"description":5,"x":"');
    put('many/order.json', many);
    const [record] = json(['--max-violations', '2', 'many/order.json']).doc.results;
    expect(record.violations).toHaveLength(2);
    expect(record.truncated).toEqual({ more: expect.any(Number), stopped: false });
    expect(cli(['--max-violations', '1', 'many/order.json']).stdout).toMatch(
      /… \d+ further violations not listed \(--max-violations\)/,
    );
  });

  it('recognises NDJSON piped to stdin without --ndjson, line by line', () => {
    const input = `${compact(validOrder)}\n${compact(withPriority(tooLong))}\n`;
    const { results } = json(['-'], input).doc;
    expect(results.map((r) => [r.line, r.valid])).toEqual([
      [1, true],
      [2, false],
    ]);
    expect(results[1].violations?.[0]).toMatchObject({ line: 2, path: '/priority' });
  });

  it('answers the first line of NDJSON on stdin before the stream ends: it does not buffer the stream', async () => {
    const child = spawn(bin(), ['--format', 'ndjson', '-'], { cwd: work, env: cleanEnv });
    child.stdin.write(`${compact(withPriority(tooLong))}\n${compact(validOrder)}\n`);
    const first = await new Promise<string>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error('no answer while stdin stays open')), 10_000);
      child.stdout.once('data', (data: Buffer) => {
        clearTimeout(timer);
        resolve(data.toString());
      });
    });
    expect(JSON.parse(first.split('\n')[0])).toMatchObject({ source: '<stdin>', line: 1, valid: false });
    child.stdin.end();
    const code = await new Promise((resolve) => child.on('close', resolve));
    expect(code).toBe(1);
  });
});

describe('hostile input in every report', () => {
  it('reports an order nested 200,000 deep, bytes that are not UTF-8 and 5,000 faults in one order, in each format', async () => {
    const deep = compact(validOrder).replace('"note":[', `"note":[${'['.repeat(200_000)}${']'.repeat(200_000)},`);
    put('hostile-all/deep.json', deep);
    put(
      'hostile-all/latin1.json',
      Buffer.concat([Buffer.from('{"description": "Stra'), Buffer.from([0xdf]), Buffer.from('e"}')]),
    );
    put('hostile-all/faults.ndjson', `${JSON.stringify({ note: Array.from({ length: 5000 }, () => 1) })}\n`);
    const run = cli([
      ...['-f', 'sarif', '-o', 'h/r.sarif', '-f', 'junit', '-o', 'h/r.xml', '-f', 'gitlab', '-o', 'h/q.json'],
      ...['-f', 'github', '--max-violations', '20', 'hostile-all'],
    ]);
    expect(run.code).toBe(3);
    const sarif = JSON.parse(readFileSync(join(work, 'h/r.sarif'), 'utf8'));
    const results = sarif.runs[0].results as { ruleId: string; properties: { reason?: string } }[];
    expect(results.some((r) => r.ruleId === 'malformed_json' && r.properties.reason === 'invalid_utf8')).toBe(true);
    expect(results.filter((r) => r.ruleId === 'R-field').length).toBeLessThanOrEqual(40); // 20 per order at most
    await parseJunit(readFileSync(join(work, 'h/r.xml'), 'utf8'));
    expect(JSON.parse(readFileSync(join(work, 'h/q.json'), 'utf8')).length).toBeGreaterThan(0);
    // each annotation at its file, or the one that sums up those past GitHub's 10 per level
    for (const line of run.stdout.trimEnd().split('\n').slice(0, -1))
      expect(line).toMatch(/^::(error|notice) (file=hostile-all\/|title=product-order-validate::and \d+ more in )/);
  });
});

// regressions found by a partner engineer trying the packed package in a pipeline
describe('what a trial in a pipeline found', () => {
  it("puts each file's testcases in its own JUnit testsuite when one batch holds many files, with other reports beside it", async () => {
    for (let i = 0; i < 30; i++)
      put(`many-files/${String(i).padStart(2, '0')}.json`, i % 3 ? validOrder : withPriority(tooLong));
    for (const args of [
      ['-f', 'junit'],
      ['-f', 'sarif', '-o', 'many-files.sarif', '-f', 'junit', '-f', 'text', '-o', 'many.txt'],
    ]) {
      for (const jobs of ['1', '2']) {
        const report = (await parseJunit(cli([...args, '-j', jobs, 'many-files']).stdout)) as {
          testsuite: { name: string; tests: number; testcase: { name: string }[] }[];
        };
        expect(report.testsuite).toHaveLength(30);
        for (const suite of report.testsuite) expect(suite.testcase.map((c) => c.name)).toEqual([suite.name]);
      }
    }
  });

  it('says so and exits 2 when stdout cannot be written, instead of a stack trace and exit 1', () => {
    if (!existsSync('/dev/full')) return;
    const full = openSync('/dev/full', 'w');
    const run = spawnSync(bin(), ['-f', 'json', 'orders/valid.json'], {
      cwd: work,
      env: cleanEnv,
      stdio: ['ignore', full, 'pipe'],
      encoding: 'utf8',
      timeout: 30_000,
    });
    closeSync(full);
    expect(run.status).toBe(2);
    expect(run.stderr.trim()).toBe('product-order-validate: cannot write "stdout" (no space left on the device)');
  });

  it('refuses a report folder that cannot be made, instead of hanging', () => {
    const run = cli(['-f', 'sarif', '-o', '/proc/no-such-folder/r.sarif', '-f', 'text', 'orders/valid.json']);
    expect(run.code).toBe(2);
    expect(run.stderr).toContain('/proc/no-such-folder/r.sarif');
  });

  it('writes line breaks and terminal escapes in file and property names visibly, so no name starts a line of the log', () => {
    put(
      'sly-names/nl\n::stop-commands::tok\n.json',
      compact(validOrder).replace('"priority":"2"', '"priori\\r\\n":"2","priority":"2"'),
    );
    put('sly-names/esc\u001b[31m.json', withPriority(tooLong));
    const run = cli(['sly-names']);
    for (const line of run.stdout.split('\n')) expect(line).toMatch(/^(|[✓✗!] .*| {4}\S.*| {23}\S.*|\d.*)$/);
    expect(run.stdout).toContain('nl\\n::stop-commands::tok\\n.json');
    expect(run.stdout).toContain('esc\\u001b[31m.json');
    expect(run.stdout).not.toContain('\u001b');
  });

  it('checks a file named twice, or named and found in a folder, once', () => {
    const { summary } = json([
      'orders/valid.json',
      'orders',
      './orders/valid.json',
      '--exclude',
      '*.expected.json',
    ]).doc;
    expect(summary.orders).toBe(json(['orders', '--exclude', '*.expected.json']).doc.summary.orders);
  });

  it('reads pretty-printed documents one after another on stdin as one text, not as lines', () => {
    const run = json(['-'], `${validOrder}\n${validOrder}\n`);
    expect(run.doc.results).toHaveLength(1);
    expect(run.doc.results[0]).toMatchObject({ error: 'malformed_json', reason: 'unexpected_character', found: '{' });
  });

  it('--exclude takes a folder as .gitignore does, and a folder or pattern whose files are all excluded matches nothing', () => {
    const checked = (args: string[]) => json(args).doc.results.map((r) => r.source);
    put('nest/a/x.json', validOrder);
    put('nest/b/y.json', validOrder);
    expect(checked(['--exclude', 'nest/a', 'nest'])).toEqual(['nest/b/y.json']);
    expect(checked(['--exclude', `${work}/nest/a/`, 'nest'])).toEqual(['nest/b/y.json']);
    expect(checked(['--exclude', 'a', `${work}/nest`])).toEqual(['nest/b/y.json']);
    const all = json(['--exclude', '*.json', 'nest']);
    expect(all.code).toBe(3);
    expect(all.doc.results).toEqual([expect.objectContaining({ source: 'nest', error: 'no_match' })]);
    // a file named and excluded is passed over, as pre-commit names the files it checks
    expect(cli(['--exclude', '*.json', 'orders/valid.json']).code).toBe(0);
  });
});

/** Every report format, as src/cli/formats/ has them. */
const formats = ['text', 'json', 'ndjson', 'sarif', 'junit', 'github', 'gitlab'] as const;

/** The SHA-256 of a file's bytes. */
const hash = (path: string) =>
  createHash('sha256')
    .update(readFileSync(join(work, path)))
    .digest('hex');

// regressions found by an outside attacker with the packed package
describe('what an attacker found: reports written over their inputs', () => {
  it.each(formats)('-o naming its own input is refused before the input is touched (%s)', (format) => {
    const dir = `own-${format}`;
    put(`${dir}/x.json`, validOrder);
    put(`${dir}/in/a.json`, withPriority(tooLong));
    symlinkSync('x.json', join(work, dir, 'link.json'));
    const files = [`${dir}/x.json`, `${dir}/in/a.json`];
    const before = files.map(hash);
    const cases: [inputs: string[], output: string][] = [
      [[`${dir}/x.json`], `${dir}/x.json`], // the same name
      [[`${dir}/x.json`], `./${dir}/x.json`], // another spelling of it
      [[`${dir}/link.json`], `${dir}/x.json`], // the input through a link
      [[`${dir}/x.json`], `${dir}/link.json`], // the report through a link
      [[`${dir}/x.json`], join(work, dir, 'x.json')], // an absolute path
      [[`${dir}/in`], `${dir}/in/a.json`], // an order the folder holds
      [[`${dir}/in/*.json`], `${dir}/in/a.json`], // an order a pattern finds
      [['orders/valid.json', `${dir}/x.json`], `${dir}/x.json`], // among other inputs
    ];
    for (const [inputs, output] of cases) {
      const run = cli(['-f', format, ...inputs, '-o', output]);
      expect(run, `${inputs} -o ${output}`).toMatchObject({ code: 2, stdout: '' });
      expect(run.stderr).toContain(JSON.stringify(output));
      expect(files.map(hash)).toEqual(before);
    }
    // nothing is opened for writing, not even a report before the one refused
    const first = cli([
      '-f',
      'sarif',
      '-o',
      `${dir}/first.sarif`,
      '-f',
      format,
      '-o',
      `${dir}/x.json`,
      `${dir}/x.json`,
    ]);
    expect(first.code).toBe(2);
    expect(existsSync(join(work, dir, 'first.sarif'))).toBe(false);
    // stdin read from the file the report would go to
    const fd = openSync(join(work, dir, 'x.json'), 'r');
    const piped = spawnSync(bin(), ['-f', format, '-', '-o', `${dir}/x.json`], {
      cwd: work,
      env: cleanEnv,
      stdio: [fd, 'pipe', 'pipe'],
      encoding: 'utf8',
      timeout: 30_000,
    });
    closeSync(fd);
    expect(piped.status).toBe(2);
    expect(piped.stderr).toContain(`"${dir}/x.json"`);
    expect(files.map(hash)).toEqual(before);
    expect(cli(['--lang', 'de', '-f', format, `${dir}/x.json`, '-o', `${dir}/x.json`]).stderr).toContain('Eingabe');
  });

  it.each(formats)(
    'a report written into the folder it checks is left out of the next run, with a note (%s)',
    (format) => {
      const dir = `fold-${format}`;
      put(`${dir}/a.json`, validOrder);
      put(`${dir}/b.json`, withPriority(tooLong));
      const report = `${dir}/report.${format === 'ndjson' ? 'ndjson' : 'json'}`;
      const args = ['-f', format, '-o', report, dir];
      expect(cli(args)).toMatchObject({ code: 1, stderr: '' });
      // the same command again: before, the report was read as a malformed or invalid order
      const again = cli(args);
      expect(again.code).toBe(1);
      expect(again.stderr).toContain(JSON.stringify(report));
      const sources = (text: string) =>
        format === 'json' ? JSON.parse(text).results.map((r: { source: string }) => r.source) : [];
      if (format === 'json')
        expect(sources(readFileSync(join(work, report), 'utf8'))).toEqual([`${dir}/a.json`, `${dir}/b.json`]);
      // a run that writes elsewhere knows the report from before as one of its own
      const other = json([dir]);
      expect(other.code).toBe(1);
      expect(other.doc.results.map((r) => r.source)).toEqual([`${dir}/a.json`, `${dir}/b.json`]);
      expect(other.stderr).toContain(JSON.stringify(report));
      expect(other.doc.summary.notes).toEqual([expect.objectContaining({ source: report })]);
    },
  );

  it('an empty report at the -o target of a run checking its folder is written again, not refused', () => {
    for (const [format, name] of [
      ['gitlab', 'quality.json'],
      ['ndjson', 'results.ndjson'],
    ]) {
      put(`empty-${format}/a.json`, validOrder);
      const args = ['-q', '-f', format, '-o', `empty-${format}/${name}`, `empty-${format}`];
      expect(cli(args).code).toBe(0);
      expect(cli(args)).toMatchObject({ code: 0, stderr: expect.stringContaining(`empty-${format}/${name}`) });
    }
    // an order, or anything else that is no report of the command, is never written over
    put('empty-gitlab/other.json', '[]');
    expect(cli(['-f', 'gitlab', '-o', 'empty-gitlab/other.json', 'empty-gitlab']).code).toBe(2);
    expect(readFileSync(join(work, 'empty-gitlab/other.json'), 'utf8')).toBe('[]');
  });

  it('a folder that holds nothing but reports of the command checked nothing, which does not pass', () => {
    put('only-reports/a.json', validOrder);
    expect(cli(['-f', 'sarif', '-o', 'only-reports/r.sarif.json', 'only-reports']).code).toBe(0);
    rmSync(join(work, 'only-reports/a.json'));
    for (const args of [['only-reports'], ['-f', 'sarif', '-o', 'only-reports/r.sarif.json', 'only-reports']]) {
      const run = cli(args);
      expect(run.code).toBe(3);
      expect(run.stderr).toContain('"only-reports/r.sarif.json"');
    }
    expect(json(['only-reports']).doc.results).toEqual([
      expect.objectContaining({ source: 'only-reports', error: 'no_match' }),
    ]);
  });

  it('a symlinked file inside a folder is checked once, under the name met first', () => {
    put('dups/b.json', validOrder);
    symlinkSync('b.json', join(work, 'dups', 'a-link.json')); // met first: its name is the one reported
    symlinkSync(join(work, 'dups', 'b.json'), join(work, 'dups', 'c-link.json'));
    put('outside/o.json', withPriority(tooLong));
    symlinkSync(join(work, 'outside', 'o.json'), join(work, 'dups', 'd.json'));
    symlinkSync('../outside/o.json', join(work, 'dups', 'e.json'));
    const run = json(['dups', './dups/b.json', 'outside/o.json', `${work}/dups/c-link.json`]);
    expect(run.code).toBe(1);
    expect(run.doc.results.map((r) => r.source)).toEqual(['dups/a-link.json', 'dups/d.json']);
    expect(run.doc.summary).toMatchObject({ orders: 2, invalid: 1 });
  });
});

describe('what an attacker wrote into names and keys (terminal sequences, NUL, bidirectional overrides)', () => {
  // sets the terminal's title, clears the screen, blinks, a C1 CSI, DEL, NUL, and the bidirectional
  // controls of Trojan Source: right-to-left override, isolates, marks, the Arabic letter mark
  const evil =
    '\u001b]0;owned\u0007\u001b[2J\u001b[5m\u009b5m\u007f\u0000\u202e\u2066\u2067\u2068\u2069\u202a\u202b\u202c\u202d\u200e\u200f\u061c\u2028\u2029';
  const fileName = `o\u001b]0;owned\u0007\u001b[2J\u001b[5m\u009b\u007f\u202egnp\u2066\u200f\u061c.json`;
  /** Raw in an output: any control character but the line feed, and the bidirectional controls. */
  // biome-ignore lint/suspicious/noControlCharactersInRegex: the control characters are what is looked for
  const raw = /[\0-\x09\x0b-\x1f\x7f-\x9f\u061c\u200e\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069]/;
  /** The sequences the command writes itself on a terminal: its colours, and its progress line cleared; and the terminal's CR LF. */
  // biome-ignore lint/suspicious/noControlCharactersInRegex: the command's own escapes are what is looked for
  const own = /\x1b\[(?:0|1|2|31|32|33|36)m|\r\x1b\[K|\r(?=\n)/g;
  const formats = ['text', 'json', 'ndjson', 'sarif', 'junit', 'github', 'gitlab'] as const;

  beforeAll(() => {
    const order = JSON.parse(validOrder);
    order.priority = `1${evil}`; // too long: a violation of a value that holds it all
    order.relatedParty[0]['rol\u202e'] = order.relatedParty[0].role; // a near miss of a key, quoted in a hint
    delete order.relatedParty[0].role;
    // a name repeated: its path and params hold it, its message quotes it
    const repeated = `${JSON.stringify(evil)}:1,${JSON.stringify(evil)}:2,`;
    put(`hostile/${fileName}`, JSON.stringify(order, null, 2).replace('{', `{${repeated}`));
    put('hostile/rlo.json', '{"a":\u202e}'); // malformed: the message quotes the character found
    put('hostile/esc.json', '{"a":\u001b[2J}');
    put('hostile/lines.ndjson', `${JSON.stringify({ ...order, [`x${evil}`]: 1 })}\n`);
  });

  it('writes every one of them visibly escaped in all seven formats, on a pipe and on a terminal, and the JSON formats keep the data exact', () => {
    for (const format of formats) {
      const summary = join(work, `summary-${format}.md`);
      const piped = cli(['-f', format, 'hostile'], { env: { GITHUB_STEP_SUMMARY: summary } });
      expect(piped.code, `${format}: ${piped.stderr}`).toBe(3); // invalid orders and input errors
      expect(piped.stdout, format).toContain('\\u202e');
      expect(piped.stdout, format).not.toMatch(raw);
      expect(piped.stderr, format).not.toMatch(raw);
      if (format === 'github') {
        const table = readFileSync(summary, 'utf8');
        expect(table).toContain('u202e');
        expect(table).not.toMatch(raw);
      }
      if (format === 'json') {
        const doc = JSON.parse(piped.stdout) as {
          results: { source: string; violations: { path: string }[]; hints: { params: unknown }[] }[];
        };
        const result = doc.results.find((r) => r.source === `hostile/${fileName}`);
        expect(result?.violations.map((v) => v.path)).toContain(`/${evil}`);
        expect(result?.hints[0].params).toEqual({ found: 'rol\u202e', suggestion: 'role' });
      }
      if (format === 'ndjson' || format === 'sarif' || format === 'gitlab')
        for (const line of format === 'ndjson' ? piped.stdout.trimEnd().split('\n') : [piped.stdout])
          expect(() => JSON.parse(line)).not.toThrow();
      // a pseudo-terminal (util-linux `script`): colours and the progress line are on, stdout and stderr share it
      const command = `'${bin()}' -f ${format} hostile`;
      const tty = spawnSync('script', ['-q', '-e', '-c', command, '/dev/null'], {
        cwd: work,
        input: '',
        env: { ...cleanEnv, FORCE_COLOR: '1' },
        encoding: 'utf8',
        timeout: 30_000,
      });
      expect(tty.status, `${format} on a terminal: ${tty.stdout}`).toBe(3);
      expect(tty.stdout, format).toContain('\\u202e');
      expect(tty.stdout.replace(own, ''), `${format} on a terminal`).not.toMatch(raw);
    }
  });

  it('writes them visibly in the messages on stderr', () => {
    const run = cli(['--baseline', `missing-${fileName}`, 'hostile']);
    expect(run.code).toBe(2);
    expect(run.stderr).toContain('\\u001b]0;owned\\u0007');
    expect(run.stderr).not.toMatch(raw);
    const usage = cli([`--format=x${evil.replace('\0', '')}`, 'hostile']);
    expect(usage.code).toBe(2);
    expect(usage.stderr).toContain('\\u202e');
    expect(usage.stderr).not.toMatch(raw);
  });
});

describe('reports to a slow reader', () => {
  /** The seven formats in one run: `ndjson` on stdout, the others to files in `out`. */
  const seven = (out: string) => [
    '--jobs',
    '2',
    '-f',
    'ndjson',
    ...['text', 'json', 'sarif', 'junit', 'github', 'gitlab'].flatMap((f) => ['-f', f, '-o', `${out}/r.${f}`]),
  ];

  /**
   * Runs the command on `input` with the seven reports, under GNU time when it is there. With
   * `stall`, its stdout is not read until the SARIF file stopped growing for a second (the command
   * waits for its reader) or was written whole (it did not); then it is read in 64 KiB steps with a
   * pause of 2 ms. Resolves to its exit code, its peak RSS (0 without GNU time), the bytes read, and
   * whether the SARIF file was whole while nothing was read.
   */
  async function slow(input: string, out: string, stall: boolean) {
    const rss = join(work, `${out}.rss`);
    const args = [...seven(out), input];
    const child = canMeasureRss
      ? spawn('/usr/bin/time', ['-f', '%M', '-o', rss, bin(), ...args], { cwd: work, env: cleanEnv })
      : spawn(bin(), args, { cwd: work, env: cleanEnv });
    const killer = setTimeout(() => child.kill('SIGKILL'), 90_000);
    const sarif = join(work, out, 'r.sarif');
    const size = () => (existsSync(sarif) ? statSync(sarif).size : -1);
    const whole = () => existsSync(sarif) && readFileSync(sarif, 'utf8').endsWith(']}]}\n');
    let wholeAtStall = false;
    for (let last = -1, still = 0, waited = 0; stall && waited < 60_000; waited += 200) {
      await new Promise((resolve) => setTimeout(resolve, 200));
      if (whole()) {
        wholeAtStall = true;
        break;
      }
      const now = size();
      still = now === last && now > 0 ? still + 200 : 0;
      last = now;
      if (still >= 1000) break;
    }
    let read = 0;
    child.stdout.on('data', (data: Buffer) => {
      read += data.length;
      child.stdout.pause();
      setTimeout(() => child.stdout.resume(), 2);
    });
    const [code] = (await once(child, 'close')) as [number];
    clearTimeout(killer);
    const peak = canMeasureRss ? Number(readFileSync(rss, 'utf8').trim().split('\n').at(-1)) * 1024 : 0;
    return { code, peak, read, wholeAtStall };
  }

  beforeAll(async () => {
    for (const count of [2000, 20_000]) {
      let text = '';
      for await (const chunk of orderStream(count, 7, 1).stream) text += chunk; // every order invalid
      put(`slow/orders-${count}.ndjson`, text);
    }
  });

  // the reports are written as the reader takes them: a reader that stops holds the run, whose
  // memory stays flat rather than growing with the reports it would hold
  it('waits for a reader that stops, and keeps peak memory flat from 2,000 to 20,000 invalid orders in seven reports', async () => {
    const small = await slow('slow/orders-2000.ndjson', 'slow-2k', false);
    const large = await slow('slow/orders-20000.ndjson', 'slow-20k', true);
    expect(small.code).toBe(1);
    expect(large.code).toBe(1);
    // stdout held the run: while nothing was read, the other reports stopped before they were whole
    expect(large.wholeAtStall).toBe(false);
    expect(large.read).toBeGreaterThan(5_000_000);
    expect(JSON.parse(readFileSync(join(work, 'slow-20k', 'r.sarif'), 'utf8')).runs[0].results).toHaveLength(20_000);
    if (canMeasureRss) expect(large.peak - small.peak, `${small.peak} → ${large.peak}`).toBeLessThan(96 * 2 ** 20);
  }, 120_000);
});
