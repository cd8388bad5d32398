import { describe, expect, it } from 'vitest';
import { cliWords } from '../../generated/languages.js';
import { Tally } from '../report.js';
import { resultsPerRun, runsPerFile, sarif } from './sarif.js';

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

  it('leaves out, counts and says the results past 20 runs', () => {
    const over = resultsPerRun * runsPerFile + 1234;
    const { log, warnings } = written(over, 10_000);
    expect(log.runs).toHaveLength(runsPerFile);
    expect(log.runs.every((r: { results: unknown[] }) => r.results.length === resultsPerRun)).toBe(true);
    const [invocation] = log.runs[runsPerFile - 1].invocations;
    expect(invocation.toolExecutionNotifications).toEqual([
      expect.objectContaining({
        level: 'warning',
        message: { text: expect.stringContaining('1,234 results left out') },
      }),
    ]);
    expect(warnings).toContainEqual(expect.stringContaining('-f sarif: 1,234 results left out'));
  });
});
