// One run of the command: expand the inputs, read them through the pipeline, report in input order.
import { once } from 'node:events';
import { mkdir, open, realpath, rm, stat } from 'node:fs/promises';
import { dirname, resolve } from 'node:path';
import { baselineText, countKeys, readBaseline, renameFiles, unusedEntries } from './baseline.js';
import { settle } from './check.js';
import { isInside, reportPath } from './config.js';
import { exit, exitCode } from './exit.js';
import { feed } from './feed.js';
import { annotating, frames, renderers } from './formats/index.js';
import { partPath, uploadGzipBytes } from './formats/sarif.js';
import { changedFiles, platformBase, renamedSince } from './git.js';
import { isGlob } from './glob.js';
import { cliWords } from './languages.js';
import type { Options } from './options.js';
import { guardOutputs, isLink, isReport, openReport, reportBytes, throughLink } from './own-reports.js';
import { type Entry, Pipeline } from './pipeline.js';
import { inline, mainThreadBytes, type Pool, threads } from './pool.js';
import { Progress } from './progress.js';
import type { Checked, Frame, Look, NextFile, Pieces, Renderer } from './report.js';
import { Tally, visible } from './report.js';
import { expand, type InputError, type Note, type Source } from './sources.js';
import { validators } from './validators.js';

/** Where the run writes and what it knows of its environment. */
export interface Streams {
  readonly stdout: NodeJS.WriteStream;
  readonly stderr: NodeJS.WriteStream;
  readonly env: NodeJS.ProcessEnv;
  /** The command's own script, which worker threads run. */
  readonly script: URL;
  /** The command's version, for the reports that name the tool. */
  readonly version: string;
}

/** Whether the readable report is coloured: on a terminal, unless NO_COLOR is set; FORCE_COLOR forces it. */
function colourful(stdout: { readonly isTTY?: boolean }, env: NodeJS.ProcessEnv): boolean {
  if (env.NO_COLOR) return false;
  if (env.FORCE_COLOR !== undefined) return env.FORCE_COLOR !== '0' && env.FORCE_COLOR !== 'false';
  return stdout.isTTY === true;
}

/** Where a report goes: stdout, or a file opened before the run. */
interface Sink {
  write(piece: string | Uint8Array | NextFile): Promise<void>;
  close(): Promise<void>;
}

/** The sinks of the outputs, in order; a message for a file that cannot be written. */
async function sinks(options: Options, io: Streams, progress: () => Progress): Promise<Sink[] | string> {
  const out: Sink[] = [];
  for (const output of options.outputs) {
    if (output.path === undefined) {
      out.push({
        async write(piece) {
          if (typeof piece !== 'string' && !(piece instanceof Uint8Array)) return; // stdout is one file
          if (io.stdout.isTTY) progress().clear();
          if (!io.stdout.write(piece)) await once(io.stdout, 'drain');
        },
        close: async () => {},
      });
      continue;
    }
    const path = output.path;
    const first = await makeFolder(dirname(path))
      .then(() => openReport(path))
      .catch((error: NodeJS.ErrnoException) => error);
    if (first instanceof Error) {
      await Promise.all(out.map((sink) => sink.close()));
      return cliWords[options.lang].usage.cannotWrite(output.path, first.code ?? first.message);
    }
    let file = first;
    let files = 1;
    out.push({
      async write(piece) {
        if (typeof piece === 'string') await file.write(piece);
        else if (piece instanceof Uint8Array) await file.write(piece);
        else {
          // a report split into files: the next one, never over a file that is no report of the command
          await file.close();
          const there = await reportOrNothing(piece.nextFile);
          if (there !== undefined && there !== true)
            throw new Error(cliWords[options.lang].usage.cannotWrite(piece.nextFile, there || 'EEXIST'));
          file = await openReport(piece.nextFile);
          files++;
        }
      },
      async close() {
        await file.close();
        if (output.format !== 'sarif') return;
        // the further files of an earlier run's report, which this run's report does not have
        for (let n = files + 1; (await reportOrNothing(partPath(path, n))) === true; n++) await rm(partPath(path, n));
      },
    });
  }
  return out;
}

/**
 * Whether the file at `path` holds a report of the command (or nothing); `undefined` when there is no
 * file; {@link throughLink} for a symbolic link, which is never a report to write over or remove.
 */
async function reportOrNothing(path: string): Promise<boolean | typeof throughLink | undefined> {
  if (await isLink(path)) return throughLink;
  const file = await open(path).catch(() => undefined);
  if (!file) return undefined;
  try {
    const { size } = await file.stat();
    return size === 0 || (await isReport(await reportBytes(file, size, 'head'), () => reportBytes(file, size, 'tail')));
  } finally {
    await file.close();
  }
}

/**
 * Makes a folder and the missing ones above it, one by one: `mkdir` with `recursive` loops for ever
 * under a folder that refuses new entries with EEXIST, as /proc does.
 */
async function makeFolder(folder: string): Promise<void> {
  const missing: string[] = [];
  for (let at = resolve(folder); ; at = dirname(at)) {
    const info = await stat(at).catch((error: NodeJS.ErrnoException) => error);
    if (!(info instanceof Error)) break;
    if (info.code !== 'ENOENT' || dirname(at) === at) throw info;
    missing.unshift(at);
  }
  for (const at of missing) await mkdir(at);
}

/** Says `message` on stderr, under the command's name, with what it quotes of names and orders visible. */
function say(io: Streams, message: string): void {
  io.stderr.write(`product-order-validate: ${visible(message)}\n`);
}

/** Runs the command; resolves to its exit code. */
export async function run(options: Options, io: Streams): Promise<number> {
  const validate = validators[options.type];
  if (!validate) throw new Error(`no validator for --type ${options.type}`);
  const words = cliWords[options.lang];
  // before any report is opened for writing: none may be an input, and reports found are left out
  const {
    inputs: found,
    matched,
    notes: loops,
  } = await expand(options.inputs, options.ndjson, options.exclude, options.baseDir);
  const kept = options.changed && (await onlyChanged(found, options.changed.base, io.env));
  if (kept && 'fault' in kept) {
    say(io, words.usage.changed(kept));
    return exit.usage;
  }
  const sources = kept ? kept.sources : found;
  const written = [
    ...options.outputs,
    ...(options.writeBaseline === undefined ? [] : [{ path: options.writeBaseline }]),
    ...(options.outputs.some((output) => output.format === 'github') && io.env.GITHUB_STEP_SUMMARY
      ? [{ path: io.env.GITHUB_STEP_SUMMARY }]
      : []),
  ];
  // every file the arguments name or match counts, before --exclude and --changed leave any out
  const guarded = await guardOutputs(written, matched, sources);
  if ('clash' in guarded) {
    say(io, words.usage.outputIsInput(guarded.clash.output, guarded.clash.input));
    return exit.usage;
  }
  if ('link' in guarded) {
    say(io, words.usage.cannotWrite(guarded.link, throughLink));
    return exit.usage;
  }
  if (kept) say(io, words.changed(kept.files, kept.total, kept.base, kept.commit));
  const known = options.baseline === undefined ? undefined : await readBaseline(options.baseline);
  if (known && 'fault' in known) {
    say(io, words.usage.badBaseline(options.baseline ?? '', known.fault));
    return exit.usage;
  }
  const knownKeys = known && (await followRenames(known.keys, options.baseline ?? '', options.baseDir));
  const tally = new Tally();
  tally.thresholds = options;
  tally.baseline = known !== undefined;
  const files = sources.filter((s): s is Source => !('error' in s) && !guarded.left.has(s));
  const total = files.every((s) => s.size !== undefined) ? files.reduce((sum, s) => sum + (s.size ?? 0), 0) : undefined;
  const progress = new Progress(io.stderr, tally, words, total);
  /** Says on stderr, and in the summaries, that an input was left out or read in part. */
  const note = (n: Note) => {
    tally.notes.push(n);
    progress.clear();
    say(io, words.note(n));
  };
  for (const n of [...loops, ...guarded.notes]) note(n);
  const outputs = await sinks(options, io, () => progress);
  if (typeof outputs === 'string') {
    progress.stop();
    say(io, outputs);
    return exit.usage;
  }
  const look: Look = {
    realNames: options.outputs.some((output) => annotating.has(output.format))
      ? await realNames(files, options.baseDir)
      : undefined,
    lang: options.lang,
    quiet: options.quiet,
    failOnHints: options.failOn === 'hints',
    reports: options.outputs.map((output) => ({
      format: output.format,
      colour: output.path === undefined && colourful(io.stdout, io.env),
      output: output.path,
    })),
  };
  /** Says on stderr that a report was split or cut to stay within a platform's limits. */
  const warn = (message: string) => {
    progress.clear();
    say(io, message);
  };
  const changedNames = kept ? namesOf(kept.sources) : await pullRequestFiles(options, io.env, found, warn);
  // the annotations name a file found through a link by its real path
  const changed =
    changedNames && new Set([...changedNames].map((name) => look.realNames?.[name] ?? name).concat(...changedNames));
  let stale = false; // a baseline entry matched nothing, with --strict-baseline
  /** The exit code of the counts; with --strict-baseline, a baseline that knows violations no longer there fails as an invalid order does. */
  const finalCode = (counts: Parameters<typeof exitCode>[0]) => {
    const code = exitCode(counts, options);
    return stale && code === exit.valid ? exit.invalid : code;
  };
  const around = frames(look, {
    version: io.version,
    cwd: options.baseDir,
    exitCode: finalCode,
    warn,
    stepSummary: io.env.GITHUB_STEP_SUMMARY || undefined,
    sarifGzipBytes: sarifGzipBytes(io.env),
    changed,
  });
  /** Writes each report's pieces to its sink, strings that follow each other in one write. */
  const write = async (texts: readonly (readonly Pieces[])[]) => {
    for (let r = 0; r < texts.length; r++) {
      let run = '';
      for (const text of texts[r]) {
        if (typeof text === 'string') run += text;
        else {
          if (run !== '') await outputs[r].write(run);
          run = '';
          for (const piece of text) await outputs[r].write(piece);
        }
      }
      if (run !== '') await outputs[r].write(run);
    }
  };
  const setup = {
    type: options.type,
    maxViolations: options.maxViolations,
    keepInexactNumbers: options.keepInexactNumbers,
    look,
    noHints: options.noHints,
    known: knownKeys && [...knownKeys.keys()],
    collect: options.writeBaseline !== undefined,
  };
  const pool: Pool =
    options.jobs === 1
      ? inline(setup)
      : threads(io.script, options.jobs, setup, options.jobsGiven ? 0 : mainThreadBytes);
  const keys = options.writeBaseline === undefined ? undefined : ([] as string[]);
  const remaining = knownKeys && new Map(knownKeys);
  const render = renderers(look);
  const emit = emitter(around, render, tally, keys, (unit) =>
    remaining ? settle(unit, remaining, render, look) : unit,
  );
  const pipeline = new Pipeline(pool, options.jobs === 1 ? 2 : options.jobs * 2, (entries, outcomes) =>
    write(emit(entries, outcomes)),
  );
  try {
    await write(around.map((frame) => [frame.start()]));
    const counted = unread(sources);
    const feeding = { read: (bytes: number) => progress.read(bytes), limit: options.maxInputBytes, note };
    for (const source of sources) {
      if ('error' in source) {
        pipeline.error(source);
        continue;
      }
      const read = !guarded.left.has(source) && (await feed(source, pipeline, feeding));
      // a folder or pattern whose files were all left out checked nothing, which must not pass
      if (source.from !== undefined && counted.done(source.from, read)) {
        const name = isGlob(source.from) ? source.from : reportPath(source.from, options.baseDir);
        pipeline.error({ name, error: 'no_match' });
      }
    }
    await pipeline.finish();
    if (remaining && options.baseline !== undefined) {
      const read = namesOf(sources.filter((source) => 'error' in source || !guarded.left.has(source)));
      const unused = await unusedBaseline(remaining, read, options.baseDir);
      if (unused.count > 0) {
        note({ name: reportPath(options.baseline, options.baseDir), note: 'baseline_unused', ...unused });
        stale = options.strictBaseline;
      }
    }
    progress.stop(); // before the summary, so that it stands alone
    await write(around.map((frame) => [frame.finish(tally)]));
    if (keys && options.writeBaseline !== undefined) {
      const path = options.writeBaseline;
      const failed = await makeFolder(dirname(path))
        .then(() => openReport(path))
        .then(async (file) => {
          try {
            await file.writeFile(baselineText(countKeys(keys)));
          } finally {
            await file.close();
          }
        })
        .catch((error: NodeJS.ErrnoException) => error);
      if (failed) {
        warn(words.usage.cannotWrite(path, failed.code ?? failed.message));
        return exit.usage;
      }
      // the baseline written is what was asked for: only an input not read makes it incomplete
      if (tally.inputErrors === 0) return exit.valid;
    }
  } finally {
    progress.stop();
    await pool.close();
    await Promise.all(outputs.map((sink) => sink.close()));
  }
  return finalCode(tally);
}

/**
 * The known violations of a baseline with their files followed through the renames git saw since
 * the baseline was committed (see `renamedSince`), as reports name files from `baseDir`.
 */
async function followRenames(
  keys: ReadonlyMap<string, number>,
  baseline: string,
  baseDir: string,
): Promise<ReadonlyMap<string, number>> {
  const moved = await renamedSince(baseline);
  if (moved.size === 0) return keys;
  // git names files by their real paths
  const base = await realpath(baseDir).catch(() => resolve(baseDir));
  return renameFiles(keys, (file) => {
    const to = moved.get(resolve(base, file));
    return to === undefined ? undefined : reportPath(to, base);
  });
}

/**
 * The entries of a baseline that matched nothing in a run: those of the files it read (`read`, as
 * reports name them), and those of files that are gone; a file not among the inputs that is still
 * there may hold them (a run of the changed files only, say).
 */
async function unusedBaseline(remaining: ReadonlyMap<string, number>, read: ReadonlySet<string>, baseDir: string) {
  const gone = new Set<string>();
  const files = new Set<string>();
  for (const [key, left] of remaining) {
    const file = (JSON.parse(key) as [string])[0];
    if (left > 0 && !read.has(file)) files.add(file);
  }
  for (const file of files) {
    if (!(await stat(resolve(baseDir, file)).catch(() => undefined))) gone.add(file);
  }
  return unusedEntries(remaining, (file) => read.has(file) || gone.has(file));
}

/**
 * The most bytes a SARIF file may have gzip-compressed: `PRODUCT_ORDER_VALIDATE_SARIF_GZIP_BYTES`, for
 * a smaller limit than GitHub's, when it is a whole number from 1,024 up to GitHub's 10 MB; else GitHub's.
 */
function sarifGzipBytes(env: NodeJS.ProcessEnv): number {
  const value = Number(env.PRODUCT_ORDER_VALIDATE_SARIF_GZIP_BYTES);
  return Number.isInteger(value) && value >= 1024 && value <= uploadGzipBytes ? value : uploadGzipBytes;
}

/**
 * The files among `files` found through a symbolic link (a link to the file, or to a folder on the
 * way) whose real path lies inside `baseDir`: their names in reports, with the names of their real
 * paths. A real path outside is no file of the commit: the annotations keep the path walked.
 */
async function realNames(files: readonly Source[], baseDir: string): Promise<Record<string, string> | undefined> {
  const base = await realpath(baseDir).catch(() => resolve(baseDir));
  const names: Record<string, string> = {};
  let any = false;
  for (const file of files) {
    if (file.path === undefined) continue;
    const walked = resolve(file.path);
    const real = await realpath(walked).catch(() => walked);
    // the same path, or only the folders above the working folder differ (/tmp on macOS): no link on the way
    if (real === walked || reportPath(real, base) === file.name) continue;
    if (!isInside(real, base)) continue;
    names[file.name] = reportPath(real, base);
    any = true;
  }
  return any ? names : undefined;
}

/** The names reports give the files among `sources`. */
const namesOf = (sources: readonly (Source | InputError)[]): ReadonlySet<string> =>
  new Set(sources.flatMap((s) => ('error' in s || s.path === undefined ? [] : [s.name])));

/**
 * In a pull or merge request's job (the platform names its base, see `platformBase`), the files
 * among the inputs that the request changes, so that the `github` report can put their annotations
 * first; `undefined` when there is no such report or base, or git cannot say (the order of the
 * annotations is all that depends on it; a warning says why and how to fetch the base).
 */
async function pullRequestFiles(
  options: Options,
  env: NodeJS.ProcessEnv,
  found: readonly (Source | InputError)[],
  warn: (message: string) => void,
): Promise<ReadonlySet<string> | undefined> {
  if (options.changed || !platformBase(env) || !options.outputs.some((output) => output.format === 'github'))
    return undefined;
  const known = await onlyChanged(found, undefined, env);
  if (!('fault' in known)) return namesOf(known.sources);
  const words = cliWords[options.lang];
  warn(words.limits.unordered(words.usage.changed(known).replace(/^--changed: /, '')));
  return undefined;
}

/**
 * The inputs `--changed` keeps: the files that differ from the base (compared by their real path,
 * so a link or `./` leads to the same file), stdin, and every input error; a fault of git instead.
 */
async function onlyChanged(found: readonly (Source | InputError)[], base: string | undefined, env: NodeJS.ProcessEnv) {
  const changed = await changedFiles(process.cwd(), base, env);
  if ('fault' in changed) return changed;
  const sources: (Source | InputError)[] = [];
  let total = 0;
  let files = 0;
  for (const source of found) {
    if ('error' in source || source.path === undefined) {
      sources.push(source);
      continue;
    }
    total++;
    const real = await realpath(source.path).catch(() => resolve(source.path as string));
    if (changed.files.has(real)) {
      files++;
      sources.push(source);
    }
  }
  return { sources, files, total, base: changed.base, commit: changed.commit };
}

/**
 * Counts the files each folder or pattern found as they are read: `done` says, at its last file,
 * whether none of them was read (all were reports of this command, left out).
 */
function unread(sources: readonly (Source | InputError)[]): { done(from: string, read: boolean): boolean } {
  const left = new Map<string, number>();
  const anyRead = new Set<string>();
  for (const source of sources) {
    if (!('error' in source) && source.from !== undefined) left.set(source.from, (left.get(source.from) ?? 0) + 1);
  }
  return {
    done(from, read) {
      if (read) anyRead.add(from);
      const rest = (left.get(from) ?? 1) - 1;
      left.set(from, rest);
      return rest === 0 && !anyRead.has(from);
    },
  };
}

/**
 * Turns checked batches into the text of each report, in input order, and counts them. An input that
 * gave neither an order nor an input error (empty NDJSON, blank lines only, an empty JSON array) is an
 * input error: a check that checked nothing must not pass. An empty JSON file (or white space only)
 * is that too, not malformed JSON: it holds no order, as `[]` and an empty NDJSON file hold none.
 */
function emitter(
  frames: readonly Frame[],
  render: readonly Renderer[],
  tally: Tally,
  keys: string[] | undefined,
  settled: (unit: Checked) => Checked,
) {
  const failOnHints = tally.thresholds.failOn === 'hints';
  let counts = { orders: 0, invalid: 0, failing: 0, errors: 0, many: false }; // of the current source
  return (entries: readonly Entry[], checked: readonly Checked[]): Pieces[][] => {
    const out: Pieces[][] = frames.map(() => []);
    const add = (r: number, text: Pieces) => {
      if (text !== '') out[r].push(text);
    };
    let k = 0;
    for (const entry of entries) {
      if (entry.kind === 'unit') {
        const unit = settled(checked[k++]);
        tally.add(unit);
        if (keys && unit.keys) for (const key of unit.keys) keys.push(key);
        counts = {
          orders: counts.orders + unit.orders,
          invalid: counts.invalid + unit.invalid,
          failing: counts.failing + unit.invalid + (failOnHints ? unit.hinted : 0),
          errors: counts.errors + unit.errors,
          many: counts.many || unit.many,
        };
        for (let r = 0; r < frames.length; r++) add(r, frames[r].records(unit.texts[r]));
      } else if (entry.kind === 'error') {
        tally.inputErrors++;
        if (entry.source) counts = { ...counts, errors: counts.errors + 1 };
        for (let r = 0; r < frames.length; r++) {
          const text = render[r].error(entry.error);
          add(r, entry.source ? frames[r].records(text) : frames[r].alone(text, entry.error.name));
        }
      } else {
        if (counts.orders === 0 && counts.errors === 0) {
          tally.inputErrors++;
          counts = { ...counts, errors: 1 };
          const error = { name: entry.source.name, error: 'no_orders' } as const;
          for (let r = 0; r < frames.length; r++) add(r, frames[r].records(render[r].error(error)));
        }
        for (let r = 0; r < frames.length; r++) add(r, frames[r].end(entry.source, counts));
        counts = { orders: 0, invalid: 0, failing: 0, errors: 0, many: false };
      }
    }
    return out;
  };
}
