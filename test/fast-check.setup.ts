// Every fast-check property of the suites, through one global configuration: `FC_SEED` and `FC_PATH`
// replay a failure, and a failure's report names the command that replays it (CONTRIBUTING.md,
// "Replaying a property failure").
import { relative } from 'node:path';
import fc from 'fast-check';
import { afterEach, beforeEach, type TestContext } from 'vitest';
import { numRuns } from './runs.js';

type Task = TestContext['task'];

/** `FC_SEED` and `FC_PATH`, checked: a mistyped one fails every property loudly rather than running another seed. */
function replayed(): { seed?: number; path?: string } {
  const { FC_SEED: seed, FC_PATH: path } = process.env;
  if (seed !== undefined && seed !== '' && !/^-?\d+$/.test(seed)) throw new Error(`FC_SEED=${seed}: not an integer`);
  if (path !== undefined && path !== '' && !/^\d+(:\d+)*$/.test(path)) throw new Error(`FC_PATH=${path}: not a path`);
  return { ...(seed ? { seed: Number(seed) } : {}), ...(path ? { path } : {}) };
}

/** The test running now: properties run one at a time in a file, no suite runs tests concurrently. */
let running: Task | undefined;
beforeEach(({ task }) => {
  running = task;
});
afterEach(() => {
  running = undefined;
});

/** The name vitest's `-t` matches a test by: its file's and suites' names and its own, joined by spaces. */
const fullName = (task: { name: string; suite?: { name: string; suite?: unknown } }): string =>
  task.suite ? `${fullName(task.suite as Parameters<typeof fullName>[0])} ${task.name}` : task.name;

const shellQuoted = (text: string): string => `'${text.replaceAll("'", `'\\''`)}'`;
const regexEscaped = (text: string): string => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The one command that replays a failure of the running test at its seed and path. */
export function replayCommand(run: { seed: number; counterexamplePath: string | null }, task = running): string {
  const env = [`FC_SEED=${run.seed}`];
  // with a path fast-check goes straight to the counterexample; without one (interrupted, too many
  // skips) the same runs must be drawn again
  env.push(run.counterexamplePath ? `FC_PATH=${run.counterexamplePath}` : `FC_RUNS=${numRuns}`);
  if (!task) return `${env.join(' ')} npx vitest run`;
  const file = relative(process.cwd(), task.file.filepath);
  return `${env.join(' ')} npx vitest run ${shellQuoted(file)} -t ${shellQuoted(`^${regexEscaped(fullName(task))}$`)}`;
}

fc.configureGlobal({
  ...replayed(),
  // fast-check's own report (seed, path, counterexample, shrinks, the error), with the command after
  // the seed's line; thrown as fast-check throws it, the property's error as its cause
  reporter(run) {
    if (!run.failed) return;
    const report = fc.defaultReportMessage(run) ?? 'Property failed';
    const lines = report.split('\n');
    const at = lines.findIndex((line) => line.startsWith('{ seed:'));
    lines.splice(at + 1, 0, `Replay: ${replayCommand(run)}`);
    const message = lines.join('\n');
    throw run.runConfiguration.includeErrorInReport
      ? new Error(message)
      : new Error(message, { cause: run.errorInstance });
  },
});
