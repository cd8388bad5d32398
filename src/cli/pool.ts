// Runs batches of units: on the main thread (--jobs 1) or on up to `jobs` worker threads, started as
// batches arrive once the input is large enough to pay for them. Each worker answers its batches in
// the order it got them.
import { availableParallelism, cpus } from 'node:os';
import { parentPort, Worker, workerData } from 'node:worker_threads';
import { type Checking, checkUnit } from './check.js';
import { renderers } from './formats/index.js';
import type { Checked, Look, Unit } from './report.js';
import { type OrderType, validators } from './validators.js';

/** Checks batches of units, answering each with what its units gave, in the same order. */
export interface Pool {
  run(units: readonly Unit[]): Promise<Checked[]>;
  close(): Promise<void>;
}

/** What a worker is told when it starts: what to check, with how many violations at most, and how to report. */
export interface Setup {
  readonly type: OrderType;
  readonly maxViolations: number | undefined;
  readonly keepInexactNumbers: boolean;
  readonly look: Look;
  /** Whether hints are left out of every report. */
  readonly noHints?: boolean | undefined;
  /** The baseline keys of known violations. */
  readonly known?: readonly string[] | undefined;
  /** Whether each unit gives back the baseline keys of its violations. */
  readonly collect?: boolean | undefined;
}

/** How the units of a setup are checked. */
function checking({ type, maxViolations, keepInexactNumbers, look, noHints, known, collect }: Setup): Checking {
  const validate = validators[type];
  if (!validate) throw new Error(`no validator for --type ${type}`);
  return {
    validate,
    options: { lang: look.lang, maxViolations, keepInexactNumbers },
    renderers: renderers(look),
    quiet: look.quiet,
    failOnHints: look.failOnHints,
    noHints,
    known: known && new Set(known),
    collect,
  };
}

/** The number of cores this process may use. */
export function cores(): number {
  return typeof availableParallelism === 'function' ? availableParallelism() : Math.max(1, cpus().length);
}

/** A pool that checks on the main thread. */
export function inline(setup: Setup): Pool {
  const how = checking(setup);
  return {
    run: async (units) => units.map((unit) => checkUnit(unit, how)),
    close: async () => {},
  };
}

/** A worker's answer to a batch: what each unit gave, or why it could not check them. */
type Answer = Checked[] | { readonly failed: string };

/**
 * The young generation of a worker's heap, in MB. An order's objects die young, so a small one costs
 * no time; left to V8's default, it grew to 16 MB per worker over the first 100,000 orders or so,
 * and peak memory rose with the input instead of staying flat.
 */
const youngMb = 8;

interface Pending {
  resolve(checked: Checked[]): void;
  reject(error: Error): void;
}

/**
 * The input bytes checked on the main thread before the first worker starts. A worker costs tens of
 * milliseconds to start and megabytes of memory, and the main thread checks about a megabyte in 20
 * ms: a pre-commit run of a few files, or of hundreds of small ones, is done before a worker would be
 * ready (`npm run bench:cli`, its small-input table: BENCHMARKS.md, "Command line").
 */
export const mainThreadBytes = 8 * 2 ** 20;

/**
 * A pool of at most `jobs` worker threads running `script` (the command's own file); the first
 * `inlineBytes` of the input are checked on the main thread, and no worker starts for an input smaller.
 */
export function threads(script: URL, jobs: number, setup: Setup, inlineBytes = mainThreadBytes): Pool {
  const workers: { worker: Worker; pending: Pending[] }[] = [];
  let failure: Error | undefined;
  let here: Pool | undefined; // the main thread, until the input passes `inlineBytes`
  let hereBytes = 0;

  const fail = (error: Error) => {
    failure ??= error;
    for (const w of workers) for (const p of w.pending.splice(0)) p.reject(error);
  };

  const spawn = () => {
    const worker = new Worker(script, { workerData: setup, resourceLimits: { maxYoungGenerationSizeMb: youngMb } });
    const entry = { worker, pending: [] as Pending[] };
    entry.worker.on('message', (answer: Answer) => {
      if ('failed' in answer) fail(new Error(answer.failed));
      else entry.pending.shift()?.resolve(answer);
    });
    entry.worker.on('error', fail);
    entry.worker.on('exit', (code) => {
      if (entry.pending.length > 0) fail(new Error(`a worker thread stopped with exit code ${code}`));
    });
    workers.push(entry);
    return entry;
  };

  return {
    run(units) {
      if (failure) return Promise.reject(failure);
      if (workers.length === 0) {
        for (const unit of units) for (const part of unit.parts) hereBytes += part.length;
        if (hereBytes <= inlineBytes) {
          here ??= inline(setup);
          return here.run(units);
        }
      }
      let target = workers[0];
      for (const w of workers) if (w.pending.length < target.pending.length) target = w;
      if (!target || (target.pending.length > 0 && workers.length < jobs)) target = spawn();
      return new Promise((resolve, reject) => {
        // the units' buffers move to the worker: the main thread is done with them
        const buffers = new Set(units.flatMap((unit) => unit.parts.map((part) => part.buffer as ArrayBuffer)));
        target.worker.postMessage(units, [...buffers]);
        target.pending.push({ resolve, reject });
      });
    },
    async close() {
      await Promise.all(workers.map((w) => w.worker.terminate()));
    },
  };
}

/** The worker thread's side: checks each batch it is sent and posts what it gave back. */
export function serve(): void {
  const how = checking(workerData as Setup);
  if (!parentPort) throw new Error('no parent port');
  const port = parentPort;
  const answer = (message: Answer) => port.postMessage(message);
  port.on('message', (units: (Unit | undefined)[]) => {
    try {
      const checked: Checked[] = [];
      for (let i = 0; i < units.length; i++) {
        checked.push(checkUnit(units[i] as Unit, how));
        units[i] = undefined; // its bytes can go at the next collection
      }
      answer(checked);
    } catch (error) {
      answer({ failed: String(error) });
    }
  });
  port.on('messageerror', (error) => answer({ failed: String(error) }));
}
