// Every fast-check property takes its run count from test/runs.ts: 1,000 in CI, 100 locally.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { numRuns, runs } from './runs.js';

describe('the runs of a property', () => {
  it('are 1,000 in CI and 100 locally, scaled alike for every property', () => {
    expect(numRuns).toBe(Number(process.env.FC_RUNS) || (process.env.CI && process.env.CI !== 'false' ? 1000 : 100));
    expect(runs(1000)).toBe(numRuns);
    expect(runs(20_000)).toBe(20 * numRuns);
  });

  // regression: properties set 1,000 runs each, or their own count, locally too; the two property files were 54 % of the suite's time
  it('are set nowhere but through runs(): no test gives fast-check a count of its own', () => {
    const own = ['src', 'test'].flatMap((folder) =>
      (readdirSync(folder, { recursive: true }) as string[])
        .filter((f) => f.endsWith('.test.ts'))
        .flatMap((f) =>
          readFileSync(join(folder, f), 'utf8')
            .split('\n')
            .flatMap((line, i) => (/numRuns:\s*[\d_]/.test(line) ? [`${folder}/${f}:${i + 1}: ${line.trim()}`] : [])),
        ),
    );
    expect(own).toEqual([]);
  });

  it("are given to every fc.assert: none runs on fast-check's default count in CI", () => {
    const bare = ['src', 'test'].flatMap((folder) =>
      (readdirSync(folder, { recursive: true }) as string[])
        .filter((f) => f.endsWith('.test.ts'))
        .flatMap((f) => {
          const text = readFileSync(join(folder, f), 'utf8');
          return [...text.matchAll(/fc\.assert\(/g)].flatMap((m) => {
            let depth = 1;
            let i = m.index + m[0].length;
            for (; depth > 0 && i < text.length; i++) depth += text[i] === '(' ? 1 : text[i] === ')' ? -1 : 0;
            const call = text.slice(m.index, i);
            const line = text.slice(0, m.index).split('\n').length;
            return /numRuns|settings/.test(call) ? [] : [`${folder}/${f}:${line}`];
          });
        }),
    );
    expect(bare).toEqual([]);
  });
});
