// Properties that fail on purpose, run by test/replay.test.ts in a child vitest
// (test/replay/vitest.config.ts) to check that a failure prints its replay and the replay fails alike.
import fc from 'fast-check';
import { describe, it } from 'vitest';
import { runs } from '../runs.js';

const sum = (values: number[]): number => values.reduce((a, b) => a + b, 0);

describe("a property's failure [replayed]", () => {
  it("sums (of naturals) can't reach 1,000", () => {
    fc.assert(
      fc.property(fc.array(fc.nat(1000)), (values) => sum(values) < 1000),
      { numRuns: runs(1000) },
    );
  });

  it("sums (of naturals) can't reach 1,000, async", async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(fc.nat(1000)), async (values) => {
        if (sum(values) >= 1000) throw new Error(`sum ${sum(values)}`);
      }),
      { numRuns: runs(1000) },
    );
  });
});
