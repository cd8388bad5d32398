// A property's failure prints its seed, its path and the one command that replays it
// (test/fast-check.setup.ts); run as CI runs it, in a child vitest, on the deliberately failing
// properties of test/replay/failing.property.ts.
import { spawn } from 'node:child_process';
import { beforeAll, describe, expect, it } from 'vitest';

const config = '--config test/replay/vitest.config.ts';

/** A shell command in the repository, its exit code and what it printed; no seed, path or colour of the caller's. */
function sh(command: string, env: Record<string, string> = {}): Promise<{ code: number | null; output: string }> {
  const { FC_SEED, FC_PATH, FC_RUNS, FORCE_COLOR, ...own } = process.env;
  return new Promise((resolve, reject) => {
    const child = spawn('sh', ['-c', command], { env: { ...own, NO_COLOR: '1', ...env } });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, output }));
  });
}

interface Failure {
  test: string;
  seed: string;
  path: string;
  replay: string;
  counterexample: string;
}

/** Each failure's report in vitest's output: the test, fast-check's seed and path, the replay, the counterexample. */
function failures(output: string): Failure[] {
  return [
    ...output.matchAll(
      /^ FAIL {2}test\/replay\/failing\.property\.ts > (.+)\nError: Property failed after \d+ tests\n\{ seed: (-?\d+), path: "([\d:]+)", endOnFailure: true \}\nReplay: (.+)\nCounterexample: (.+)$/gm,
    ),
  ].map(([, test, seed, path, replay, counterexample]) => ({ test, seed, path, replay, counterexample }));
}

describe("a property's failure", () => {
  let first: Failure[];
  beforeAll(async () => {
    const run = await sh(`npx vitest run ${config}`);
    expect(run.code, run.output).toBe(1);
    first = failures(run.output);
  });

  it('prints its seed and path, and the command that replays it with them', () => {
    expect(first.map((f) => f.test)).toEqual([
      "a property's failure [replayed] > sums (of naturals) can't reach 1,000",
      "a property's failure [replayed] > sums (of naturals) can't reach 1,000, async",
    ]);
    for (const { seed, path, replay } of first) {
      expect(replay).toMatch(
        new RegExp(
          `^FC_SEED=${seed} FC_PATH=${path} npx vitest run 'test/replay/failing\\.property\\.ts' -t '\\^.+\\$'$`,
        ),
      );
    }
  });

  it('replayed by that command, fails in that test alone at the same seed, path and counterexample', async () => {
    expect(first).toHaveLength(2);
    const replays = await Promise.all(first.map((f) => sh(`${f.replay} ${config}`)));
    for (const [i, { code, output }] of replays.entries()) {
      expect(code, output).toBe(1);
      // the other test, whose name the replayed one's begins with, is not run
      expect(output).toMatch(/Tests {2}1 failed \| 1 skipped \(2\)/);
      expect(failures(output)).toEqual([{ ...first[i] }]);
    }
  });

  it('with a mistyped FC_SEED or FC_PATH, fails rather than run another seed', async () => {
    const [seed, path] = await Promise.all([
      sh(`npx vitest run ${config}`, { FC_SEED: '12x' }),
      sh(`npx vitest run ${config}`, { FC_SEED: '12', FC_PATH: '0:1:a' }),
    ]);
    expect(seed.code).toBe(1);
    expect(seed.output).toContain('FC_SEED=12x: not an integer');
    expect(path.code).toBe(1);
    expect(path.output).toContain('FC_PATH=0:1:a: not a path');
  });
});
