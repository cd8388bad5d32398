import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { cliWords } from '../languages.js';
import { type Pieces, Tally } from '../report.js';
import { partPath, resultsPerRun, runsPerFile, sarif } from './sarif.js';

const style = { t: cliWords.en, colour: false, quiet: false };

/** The SARIF log a frame writes for `results` results given in chunks of `chunk`, and its warnings. */
function written(results: number, chunk: number) {
  const warnings: string[] = [];
  const frame = sarif.frame(style, { version: '0.0.0', cwd: '/', exitCode: () => 1, warn: (m) => warnings.push(m) });
  let out = frame.start();
  for (let given = 0, n = 0; given < results; given += n) {
    n = Math.min(chunk, results - given);
    let text = '';
    for (let i = 0; i < n; i++) text += `,\n{"ruleId":"R1","message":{"text":"${given + i}"}}`;
    out += frame.records(text);
  }
  out += frame.finish(new Tally());
  return { log: JSON.parse(out), warnings };
}

const numbers = (run: { results: { message: { text: string } }[] }) => run.results.map((r) => Number(r.message.text));

describe('sarif results', () => {
  it('writes a hint at level note and a violation at level error, and the hint rule note by default', () => {
    const renderer = sarif.renderer(style);
    const at = { line: 2, column: 3, endLine: 2, endColumn: 9 };
    const text = renderer.order({
      place: { source: 'a.json' },
      violations: [
        { rule: 'R-field', code: 'too_long', path: '/priority', params: { limit: 10 }, message: 'x', ...at },
      ],
      hints: [
        {
          code: 'did_you_mean',
          path: '/descripton',
          params: { found: 'descripton', suggestion: 'description' },
          message: 'y',
          ...at,
        },
      ],
    });
    const results = JSON.parse(`[${text.slice(1)}]`) as { ruleId: string; level: string }[];
    expect(results.map((r) => [r.ruleId, r.level])).toEqual([
      ['R-field', 'error'],
      ['did_you_mean', 'note'],
    ]);
    const frame = sarif.frame(style, { version: '0.0.0', cwd: '/', exitCode: () => 0, warn: () => {} });
    const log = JSON.parse(frame.start() + frame.finish(new Tally())) as {
      runs: { tool: { driver: { rules: { id: string; defaultConfiguration: { level: string } }[] } } }[];
    };
    const levels = new Map(log.runs[0].tool.driver.rules.map((r) => [r.id, r.defaultConfiguration.level]));
    expect(levels.get('did_you_mean')).toBe('note');
    expect(levels.get('R-field')).toBe('error');
  });
});

describe('sarif frame', () => {
  it('splits results into runs of 25,000 wherever the batches end, keeping every result once and in order', () => {
    const { log, warnings } = written(60_001, 777);
    expect(log.runs.map((r: { results: unknown[] }) => r.results.length)).toEqual([25_000, 25_000, 10_001]);
    expect(log.runs.flatMap(numbers)).toEqual(Array.from({ length: 60_001 }, (_, i) => i));
    expect(log.runs.map((r: { automationDetails?: unknown }) => r.automationDetails)).toEqual([
      undefined,
      { id: 'product-order-validate/part-2/' },
      { id: 'product-order-validate/part-3/' },
    ]);
    expect(log.runs.map((r: { invocations?: unknown }) => r.invocations !== undefined)).toEqual([false, false, true]);
    expect(warnings).toEqual([
      '-f sarif: 60,001 results split into 3 runs of at most 25,000, as GitHub code scanning takes per run',
    ]);
  });

  it('writes one run, without a category of its own, for exactly 25,000 results', () => {
    const { log, warnings } = written(resultsPerRun, resultsPerRun);
    expect(log.runs).toHaveLength(1);
    expect(log.runs[0].automationDetails).toBeUndefined();
    expect(warnings).toEqual([]);
  });

  // regression: past 20 runs, the results were left out of the report on stdout, which cannot be split
  it('keeps every result on stdout past 20 runs, and says that GitHub takes 20 and that -o splits the report', () => {
    const over = resultsPerRun * runsPerFile + 1234;
    const { log, warnings } = written(over, 10_000);
    expect(log.runs).toHaveLength(runsPerFile + 1);
    expect(log.runs.flatMap(numbers)).toEqual(Array.from({ length: over }, (_, i) => i));
    const [invocation] = log.runs[runsPerFile].invocations;
    expect(invocation.toolExecutionNotifications).toEqual([
      expect.objectContaining({
        level: 'warning',
        message: { text: expect.stringContaining('21 runs, more than the 20') },
      }),
    ]);
    expect(warnings).toContainEqual(expect.stringContaining('with -o <file>.sarif the command splits it'));
  });
});

/** The files a frame writing to `output` writes for `results` results of random text (little to compress), in chunks of `chunk`. */
function files(results: number, chunk: number, gzipBytes?: number, random = true) {
  const warnings: string[] = [];
  const facts = { version: '0.0.0', cwd: '/', exitCode: () => 1, warn: (m: string) => warnings.push(m) };
  const frame = sarif.frame({ ...style, output: 'out/r.sarif' }, { ...facts, sarifGzipBytes: gzipBytes });
  const texts = new Map<string, string>([['out/r.sarif', frame.start()]]);
  let current = 'out/r.sarif';
  const take = (pieces: Pieces) => {
    for (const piece of typeof pieces === 'string' ? [pieces] : pieces) {
      if (typeof piece === 'object' && 'nextFile' in piece) {
        current = piece.nextFile;
        expect(texts.has(current)).toBe(false);
        texts.set(current, '');
      } else texts.set(current, `${texts.get(current)}${piece as string}`);
    }
  };
  let seed = 1;
  const noise = () => {
    seed = (seed * 48271) % 2147483647;
    return random ? seed.toString(36) : '';
  };
  for (let given = 0, n = 0; given < results; given += n) {
    n = Math.min(chunk, results - given);
    let text = '';
    for (let i = 0; i < n; i++)
      text += `,\n{"ruleId":"R1","message":{"text":"${given + i}"},"properties":{"x":"${noise()}${noise()}${noise()}"}}`;
    take(frame.records(text));
  }
  take(frame.finish(new Tally()));
  return { texts, warnings };
}

describe('sarif frame writing to a file', () => {
  it('splits the report into files of at most 20 runs of 25,000 results, each under the gzip limit, every result once and in order', () => {
    const limit = 200_000;
    const { texts, warnings } = files(60_000, 999, limit);
    expect([...texts.keys()]).toEqual([
      'out/r.sarif',
      ...Array.from({ length: texts.size - 1 }, (_, i) => `out/r.${i + 2}.sarif`),
    ]);
    expect(texts.size).toBeGreaterThan(2);
    const logs = [...texts.values()].map((text) => JSON.parse(text));
    const sizes = [...texts.values()].map((text) => gzipSync(text).length);
    for (const size of sizes) expect(size).toBeLessThanOrEqual(limit);
    expect(sizes[0]).toBeGreaterThan(limit / 2); // the estimate does not waste half a file
    const runs = logs.flatMap((log) => log.runs);
    for (const log of logs) expect(log.runs.length).toBeLessThanOrEqual(runsPerFile);
    for (const run of runs) expect(run.results.length).toBeLessThanOrEqual(resultsPerRun);
    expect(runs.flatMap(numbers)).toEqual(Array.from({ length: 60_000 }, (_, i) => i));
    // a category of its own for each run but the first, over all files; the invocation in the last
    expect(runs.map((r: { automationDetails?: { id: string } }) => r.automationDetails?.id)).toEqual(
      runs.map((_: unknown, i: number) => (i === 0 ? undefined : `product-order-validate/part-${i + 1}/`)),
    );
    expect(runs.map((r: { invocations?: unknown }) => r.invocations !== undefined)).toEqual(
      runs.map((_: unknown, i: number) => i === runs.length - 1),
    );
    const last = `out/r.${texts.size}.sarif`;
    expect(warnings).toContainEqual(
      expect.stringContaining(`60,000 results written into ${texts.size} files, up to "${last}"`),
    );
  });

  it('starts a new file after 20 runs of 25,000 results, under the limit of GitHub', () => {
    const { texts } = files(resultsPerRun * runsPerFile + 1, 25_000, 10_000_000, false);
    const logs = [...texts.values()].map((text) => JSON.parse(text));
    expect(logs.map((log) => log.runs.length)).toEqual([runsPerFile, 1]);
    expect(logs.flatMap((log) => log.runs).flatMap(numbers)).toHaveLength(resultsPerRun * runsPerFile + 1);
  });

  it('names the further files of a report before its extension', () => {
    expect(partPath('reports/orders.sarif', 1)).toBe('reports/orders.sarif');
    expect(partPath('reports/orders.sarif', 2)).toBe('reports/orders.2.sarif');
    expect(partPath('reports.d/orders', 3)).toBe('reports.d/orders.3');
    expect(partPath('.sarif', 2)).toBe('.sarif.2');
  });
});
