// How many cases each fast-check property tries: the one place that decides it for every suite.

/** Whether this is a CI run: `CI` set, as GitHub Actions, GitLab CI and `.ci/run` set it, and not "false" or "0". */
export const inCi = !['', 'false', '0'].includes(process.env.CI ?? '');

/**
 * The runs of a property at the base of 1,000: 1,000 in CI, 100 locally; `FC_RUNS=<n>` sets it for
 * a long local run or a quick one.
 */
export const numRuns = Number(process.env.FC_RUNS) > 0 ? Number(process.env.FC_RUNS) : inCi ? 1000 : 100;

/**
 * The runs of a property that makes `ci` runs in CI: scaled as {@link numRuns} is from 1,000 (a
 * tenth locally), never below 10 or `ci` if less.
 */
export const runs = (ci: number): number => Math.max(Math.min(ci, 10), Math.round((ci * numRuns) / 1000));
