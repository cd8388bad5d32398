// One run of the command: expand the inputs, read them through the pipeline, report in input order.
import { once } from 'node:events';
import { cliWords } from '../generated/languages.js';
import type { Checked } from './check.js';
import { feed } from './feed.js';
import type { Options } from './options.js';
import { type Entry, Pipeline } from './pipeline.js';
import { inline, type Pool, threads } from './pool.js';
import { Progress } from './progress.js';
import { type Frame, frame, type Look, type Renderer, renderer, Tally } from './report.js';
import { expand, type Source } from './sources.js';
import { validators } from './validators.js';

/** Exit codes: every order valid; some order invalid; a usage or input error (it wins over invalid orders). */
export const exit = { valid: 0, invalid: 1, error: 2 } as const;

/** Where the run writes and what it knows of its environment. */
export interface Streams {
  readonly stdout: NodeJS.WriteStream;
  readonly stderr: NodeJS.WriteStream;
  readonly env: NodeJS.ProcessEnv;
  /** The command's own script, which worker threads run. */
  readonly script: URL;
}

/** Whether the readable report is coloured: on a terminal, unless NO_COLOR is set; FORCE_COLOR forces it. */
function colourful(stdout: { readonly isTTY?: boolean }, env: NodeJS.ProcessEnv): boolean {
  if (env.NO_COLOR) return false;
  if (env.FORCE_COLOR !== undefined) return env.FORCE_COLOR !== '0' && env.FORCE_COLOR !== 'false';
  return stdout.isTTY === true;
}

/** Runs the command; resolves to its exit code. */
export async function run(options: Options, io: Streams): Promise<number> {
  const validate = validators[options.type];
  if (!validate) throw new Error(`no validator for --type ${options.type}`);
  const sources = await expand(options.inputs, options.ndjson);
  const tally = new Tally();
  const files = sources.filter((s): s is Source => !('error' in s));
  const total = files.every((s) => s.size !== undefined) ? files.reduce((sum, s) => sum + (s.size ?? 0), 0) : undefined;
  const progress = new Progress(io.stderr, tally, cliWords[options.lang], total);
  const look: Look = { format: options.format, lang: options.lang, colour: colourful(io.stdout, io.env) };
  const around = frame(look);
  const write = async (text: string) => {
    if (text === '') return;
    if (io.stdout.isTTY) progress.clear();
    if (!io.stdout.write(text)) await once(io.stdout, 'drain');
  };
  const pool: Pool =
    options.jobs === 1 ? inline(validate, look) : threads(io.script, options.jobs, { type: options.type, look });
  const emit = emitter(around, renderer(look), tally);
  const pipeline = new Pipeline(pool, options.jobs === 1 ? 2 : options.jobs * 2, (entries, outcomes) =>
    write(emit(entries, outcomes)),
  );
  try {
    await write(around.start());
    for (const source of sources) {
      if ('error' in source) {
        pipeline.error(source);
        continue;
      }
      await feed(source, pipeline, (bytes) => progress.read(bytes), options.maxInputBytes);
    }
    await pipeline.finish();
    progress.stop(); // before the summary, so that it stands alone
    await write(around.finish(tally));
  } finally {
    progress.stop();
    await pool.close();
  }
  if (tally.inputErrors > 0) return exit.error;
  return tally.invalid > 0 ? exit.invalid : exit.valid;
}

/**
 * Turns checked batches into output text, in input order, and counts them. An input that gave
 * neither an order nor an input error (empty NDJSON, blank lines only, an empty JSON array) is an
 * input error: a check that checked nothing must not pass (an empty JSON document is malformed JSON).
 * One that gave input errors and no order gets no closing line: it is not "0 orders, all valid".
 */
function emitter(frame: Frame, render: Renderer, tally: Tally) {
  let orders = 0; // of the current source
  let invalid = 0;
  let faults = 0; // input errors
  let many = false;
  return (entries: readonly Entry[], checked: readonly Checked[]): string => {
    let out = '';
    let k = 0;
    for (const entry of entries) {
      if (entry.kind === 'unit') {
        const unit = checked[k++];
        tally.add(unit);
        orders += unit.orders;
        invalid += unit.invalid;
        faults += unit.errors;
        many ||= unit.many;
        out += frame.records(unit.text);
      } else if (entry.kind === 'error') {
        tally.inputErrors++;
        if (entry.source) faults++;
        out += frame.records(render.error(entry.error));
      } else {
        if (orders === 0 && faults === 0) {
          tally.inputErrors++;
          out += frame.records(render.error({ name: entry.source.name, error: 'no_orders' }));
        } else if (orders > 0) out += frame.end(entry.source, orders, invalid, many);
        orders = 0;
        invalid = 0;
        faults = 0;
        many = false;
      }
    }
    return out;
  };
}
