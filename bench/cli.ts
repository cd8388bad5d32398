// npm run bench:cli: the built command on a seeded NDJSON file of 200,000 orders (test/stream.ts),
// with one job and with one per core: orders per second (median of interleaved runs), CPU time over
// wall time, and peak RSS, all measured from outside the command through /proc (test/measure.ts).
// Then each report format against the command as it was before positions and reports (built from
// CLI_BASELINE, a git ref), side by side on a valid stream and on one with 10 % invalid orders, and
// the figures of issue 27: a small input with the default --jobs against --jobs 1, positions of
// 16,000 violations against 2,000, and each format's 10 %-invalid stream against its valid one.
// CLI_ONLY=27 runs the figures of issue 27 alone; CLI_PARTS (small, positions, formats) picks among them.
// CLI_ONLY=slow runs the reports' peak memory alone: 200,000 invalid orders, the seven formats in one
// run, `ndjson` piped to a slow reader, against the command at CLI_SLOW_BEFORE (a git ref).
// CLI_ONLY=files runs the CPU time of 20,000 small order files (CLI_FILES) against a plain ajv script
// over the same files, and against the same orders in one NDJSON file, CLI_FILES_RUNS (3) rounds;
// with CLI_FILES_BEFORE (a git ref), the command at that ref over the files too.
// CLI_ONLY=sample runs `sample`'s samples per second against validating them, and the check's cold
// start against the command at CLI_SAMPLE_BEFORE.
import { execFileSync } from 'node:child_process';
import { createWriteStream, existsSync, readdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { mkdir, rm } from 'node:fs/promises';
import { cpus } from 'node:os';
import { resolve } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { validateProductOrderText } from 'product-order-validator';
import { canMeasure, type Measured, measure } from '../test/measure.js';
import { orderStream } from '../test/stream.js';

const count = Number(process.env.CLI_ORDERS) || 200_000;
const runs = Number(process.env.CLI_RUNS) || 3;
const reportRuns = Number(process.env.CLI_REPORT_RUNS) || 5;
const positionRuns = Number(process.env.CLI_POSITION_RUNS) || 7;
const cores = cpus().length;

/** Writes `orders` order lines, one in `faultEvery` invalid, to a file in bench/.out; returns its path and how many are invalid. */
async function file(orders: number, faultEvery = 100): Promise<{ path: string; invalid: number }> {
  await mkdir('bench/.out', { recursive: true });
  const path = `bench/.out/orders-${orders}-${faultEvery}.ndjson`;
  const { stream, invalid } = orderStream(orders, 7, faultEvery);
  await pipeline(stream, createWriteStream(path));
  return { path, invalid };
}

async function once(
  jobs: number,
  input: { path: string; invalid: number },
  format = 'ndjson',
  cli = 'dist/cli.js',
): Promise<Measured> {
  const args = [cli, '--format', format, '--jobs', String(jobs), input.path];
  const result = await measure(process.execPath, args, { discard: true });
  if (result.code !== (input.invalid > 0 ? 1 : 0)) throw new Error(`exit code ${result.code}: ${result.stderr}`);
  return result;
}

/** The command as it was at `ref`, built once into bench/.out/baseline-<ref> with this checkout's packages. */
async function baseline(ref: string): Promise<string> {
  const folder = `bench/.out/baseline-${ref}`;
  const cli = `${folder}/dist/cli.js`;
  if (existsSync(cli)) return cli;
  await rm(folder, { recursive: true, force: true });
  await mkdir(folder, { recursive: true });
  execFileSync('sh', ['-c', `git archive ${ref} | tar -x -C ${folder}`]);
  symlinkSync(resolve('node_modules'), `${folder}/node_modules`);
  execFileSync(process.execPath, [resolve('node_modules/.bin/tsup'), '--silent'], { cwd: folder, stdio: 'inherit' });
  return cli;
}

const formats = ['ndjson', 'text', 'json', 'sarif', 'junit', 'github', 'gitlab'] as const;

/**
 * Each format's throughput against the baseline's `ndjson` (and its own `text`, `json`) on a valid
 * stream and one with 10 % invalid orders, `--jobs` one per core; peak RSS of each on a tenth and on
 * the whole stream, to show that no report makes memory grow with the input.
 */
async function reports(orders: number): Promise<void> {
  const ref = process.env.CLI_BASELINE || '7b653b7';
  const before = await baseline(ref);
  const streams = { valid: await file(orders, 0), '10 % invalid': await file(orders, 10) };
  const small = await file(orders / 10, 10);
  const old: readonly string[] = ['ndjson', 'text', 'json'];
  const against = (format: string) => (old.includes(format) ? format : 'ndjson');
  // each run of a format right after a run of the command before it, so that a drift of the machine
  // touches both sides of a ratio alike; the ratio of a format is the median of its runs' ratios
  const ratios: Record<string, number[]> = {};
  const rates: Record<string, number[]> = {};
  const peaks: Record<string, number> = {};
  for (let run = 0; run < reportRuns; run++) {
    for (const [name, input] of Object.entries(streams)) {
      for (const format of formats) {
        const then = await once(cores, input, against(format), before);
        const now = await once(cores, input, format);
        const key = `${name} ${format}`;
        ratios[key] = [...(ratios[key] ?? []), then.seconds / now.seconds];
        rates[key] = [...(rates[key] ?? []), orders / now.seconds];
        if (name === '10 % invalid') peaks[format] = Math.max(peaks[format] ?? 0, now.peakRss);
      }
    }
  }
  console.log(
    `\nReports against the command at ${ref} (before positions and reports), --jobs ${cores}, ${fmt(orders)} orders, ${reportRuns} runs each, each right after one of the command before:\n`,
  );
  console.log(
    '| format | valid: orders/s | × before | 10 % invalid: orders/s | × before | peak RSS, a tenth → all (10 % invalid) |',
  );
  console.log('|---|---:|---:|---:|---:|---:|');
  for (const format of formats) {
    const cells = Object.keys(streams).map(
      (name) => `${fmt(median(rates[`${name} ${format}`]))} | ${fmt(median(ratios[`${name} ${format}`]), 2)}`,
    );
    const peak = (await once(cores, small, format)).peakRss;
    const vs = against(format) === format ? '' : ` (vs ${against(format)})`;
    console.log(`| ${format}${vs} | ${cells.join(' | ')} | ${mib(peak)} → ${mib(peaks[format])} |`);
  }
  // the targets: valid streams no slower beyond noise (runs of the same command spread ±10 % here),
  // streams with 10 % invalid orders at most 15 % slower
  const missed = formats.flatMap((format) => [
    ...(median(ratios[`valid ${format}`]) < 0.9 ? [`${format} on the valid stream`] : []),
    ...(median(ratios[`10 % invalid ${format}`]) < 0.85 ? [`${format} with 10 % invalid orders`] : []),
  ]);
  console.log(missed.length === 0 ? '\nEvery format meets its target.' : `\nTarget missed: ${missed.join(', ')}.`);
  if (missed.length > 0) process.exitCode = 1;
}

/**
 * Each format on a stream with 10 % invalid orders against the same format on the valid stream,
 * `--jobs` one per core, the two runs side by side in each round; the target: at least 0.85 of the
 * valid stream's speed. Adds the formats that miss it to `missed`.
 */
async function invalidAgainstValid(orders: number, missed: string[]): Promise<void> {
  const valid = await file(orders, 0);
  const invalid = await file(orders, 10);
  const speed: Record<string, number[]> = {};
  const rates: Record<string, number[]> = {};
  for (let run = 0; run < reportRuns; run++) {
    for (const format of formats) {
      const a = await once(cores, valid, format);
      const b = await once(cores, invalid, format);
      speed[format] = [...(speed[format] ?? []), a.seconds / b.seconds];
      rates[format] = [...(rates[format] ?? []), orders / a.seconds, orders / b.seconds];
    }
  }
  console.log(
    `\n10 % invalid against valid, each format, --jobs ${cores}, ${fmt(orders)} orders, ${reportRuns} runs each side by side:\n`,
  );
  console.log('| format | valid: orders/s | 10 % invalid: orders/s | speed of 10 % invalid / valid (spread) |');
  console.log('|---|---:|---:|---:|');
  for (const format of formats) {
    const r = rates[format];
    const validRates = r.filter((_, i) => i % 2 === 0);
    const invalidRates = r.filter((_, i) => i % 2 === 1);
    const ratios = [...speed[format]].sort((x, y) => x - y);
    console.log(
      `| ${format} | ${fmt(median(validRates))} | ${fmt(median(invalidRates))} | ${fmt(median(ratios), 2)} (${fmt(ratios[0], 2)} to ${fmt(ratios[ratios.length - 1], 2)}) |`,
    );
    if (median(ratios) < 0.85) missed.push(`${format} with 10 % invalid orders within 15 % of the valid stream`);
  }
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[values.length >> 1];
const fmt = (n: number, digits = 0) =>
  n.toLocaleString('en-US', { maximumFractionDigits: digits, minimumFractionDigits: digits });
const mib = (bytes: number) => `${fmt(bytes / 2 ** 20, 0)} MiB`;

/** Wall times of `variants` (argument lists of the built command), run in turn `rounds` times, and the exit codes seen. */
async function interleaved(variants: readonly (readonly string[])[], rounds: number): Promise<number[][]> {
  const times: number[][] = variants.map(() => []);
  for (let r = 0; r < rounds; r++) {
    for (const [k, args] of variants.entries()) {
      const result = await measure(process.execPath, ['dist/cli.js', ...args], { discard: true });
      if (result.code !== 0 && result.code !== 1) throw new Error(`exit code ${result.code}: ${result.stderr}`);
      times[k].push(result.seconds);
    }
  }
  return times;
}

/** The median of the ratios a[i] / b[i] of runs made side by side, with the smallest and largest. */
function ratioOf(a: readonly number[], b: readonly number[]): string {
  const ratios = a.map((x, i) => x / b[i]).sort((x, y) => x - y);
  return `${fmt(median(ratios), 2)} (${fmt(ratios[0], 2)} to ${fmt(ratios[ratios.length - 1], 2)})`;
}

/** 420 example orders in 16 folders, as a partner's tree of order files. */
function tree(): string {
  const folder = 'bench/.out/tree-420';
  if (existsSync(folder)) return folder;
  const examples = ['valid', 'invalid'].flatMap((kind) =>
    readdirSync(`examples/orders/${kind}`)
      .filter((name) => name.endsWith('.json') && !name.endsWith('.expected.json'))
      .map((name) => readFileSync(`examples/orders/${kind}/${name}`, 'utf8')),
  );
  for (let i = 0; i < 420; i++) {
    const sub = `${folder}/f${String(i % 16).padStart(2, '0')}`;
    execFileSync('mkdir', ['-p', sub]);
    writeFileSync(`${sub}/order-${String(i).padStart(3, '0')}.json`, examples[i % examples.length]);
  }
  return folder;
}

/** An order whose relatedParty lists `n` parties of an unknown role, pretty-printed: `n` violations or more. */
function manyFaults(n: number): string {
  const order = JSON.parse(readFileSync('examples/orders/valid/new-hvt-local-loop.json', 'utf8'));
  const party = order.relatedParty[0];
  order.relatedParty = Array.from({ length: n }, () => ({ ...party, role: 'nobody' }));
  return JSON.stringify(order, null, 2);
}

/** The figures of issue 27; returns the targets missed. */
async function issue27(): Promise<string[]> {
  const missed: string[] = [];
  if (part('small')) await smallInputs(missed);
  if (part('positions')) positionsOf(missed);
  return missed;
}

/** Whether CLI_PARTS asks for a part of the figures of issue 27 (all when it is not set). */
const part = (name: string) => (process.env.CLI_PARTS ?? name).split(',').includes(name);

/** A small input with the default --jobs against --jobs 1; adds the target missed to `missed`. */
async function smallInputs(missed: string[]): Promise<void> {
  const rounds = Number(process.env.CLI_SMALL_RUNS) || 15;
  const one = 'examples/orders/valid/new-hvt-local-loop.json';
  const folder = tree();
  const [small1, smallAll, tree1, treeAll] = await interleaved(
    [['--jobs', '1', one], [one], ['--jobs', '1', folder], [folder]],
    rounds,
  );
  console.log(`
A small input, the default --jobs (${cores}) against --jobs 1, ${rounds} runs each in turn:
`);
  console.log('| input | --jobs 1: wall time | default: wall time | default / --jobs 1 (spread) |');
  console.log('|---|---:|---:|---:|');
  const row = (name: string, a: number[], b: number[]) =>
    console.log(`| ${name} | ${fmt(median(a) * 1000)} ms | ${fmt(median(b) * 1000)} ms | ${ratioOf(b, a)} |`);
  row('one order file (4 KB)', small1, smallAll);
  row('420 order files in 16 folders', tree1, treeAll);
  const ratios = smallAll.map((x, i) => x / small1[i]);
  if (median(ratios) > 1.1) missed.push('one small file with the default --jobs within 10 % of --jobs 1');
}

/** Positions of 16,000 violations against 8 × 2,000, validateProductOrderText in this process; adds the target missed to `missed`. */
function positionsOf(missed: string[]): void {
  const texts = { 2000: manyFaults(2000), 16000: manyFaults(16000) };
  const timed = (n: 2000 | 16000) => {
    const started = performance.now();
    const result = validateProductOrderText(texts[n], { maxViolations: 1_000_000 });
    const ms = performance.now() - started;
    if (result.violations.length < n) throw new Error(`${result.violations.length} violations for ${n}`);
    return { ms, listed: result.violations.length };
  };
  const parse = (n: 2000 | 16000) => {
    const started = performance.now();
    JSON.parse(texts[n]);
    return performance.now() - started;
  };
  const positions: number[] = [];
  const small: number[] = [];
  const large: number[] = [];
  const parses: number[] = [];
  let listed = { small: 0, large: 0 };
  timed(2000); // warm up
  for (let r = 0; r < positionRuns; r++) {
    const a = timed(2000);
    const b = timed(16000);
    small.push(a.ms);
    large.push(b.ms);
    parses.push(parse(16000));
    positions.push(b.ms / (8 * a.ms));
    listed = { small: a.listed, large: b.listed };
  }
  positions.sort((x, y) => x - y);
  console.log(
    `
Positions, validateProductOrderText in one process, 7 runs: ${fmt(listed.small)} violations listed in ${fmt(median(small), 1)} ms, ${fmt(listed.large)} in ${fmt(median(large), 1)} ms (JSON.parse of that text: ${fmt(median(parses), 1)} ms); 16,000 over 8 × 2,000: ${fmt(median(positions), 2)} (${fmt(positions[0], 2)} to ${fmt(positions[positions.length - 1], 2)})`,
  );
  if (median(positions) > 3) missed.push('positions of 16,000 violations within 3 × 8 × 2,000');
}

/** A reader that takes its input slowly: 64 KiB at most, then a pause of SLOW_MS (5) ms. */
const slowReader = `let n = 0;
process.stdin.on('data', (d) => { n += d.length; process.stdin.pause(); setTimeout(() => process.stdin.resume(), Number(process.env.SLOW_MS) || 5); });
process.stdin.on('end', () => process.stderr.write(String(n)));`;

/**
 * Peak RSS (GNU time's maximum resident set size) of `cli` on `input`, with the seven formats in one
 * run: `ndjson` on stdout piped to {@link slowReader}, the six others to files; the exit code and the bytes the reader took.
 */
function slowRun(cli: string, input: string): { peak: number; code: number; read: number } {
  const out = 'bench/.out/slow';
  execFileSync('mkdir', ['-p', out]);
  const files = ['text', 'json', 'sarif', 'junit', 'github', 'gitlab'].flatMap((f) => ['-f', f, '-o', `${out}/r.${f}`]);
  const args = [cli, '--jobs', String(cores), '-f', 'ndjson', ...files, input].map((a) => `'${a}'`).join(' ');
  writeFileSync(`${out}/reader.mjs`, slowReader);
  const script = `/usr/bin/time -f %M -o ${out}/rss ${process.execPath} ${args} 2>/dev/null | ${process.execPath} ${out}/reader.mjs 2>${out}/read; echo \${PIPESTATUS[0]}`;
  const code = Number(execFileSync('bash', ['-c', script], { encoding: 'utf8' }).trim());
  const peak = Number(readFileSync(`${out}/rss`, 'utf8').trim().split('\n').at(-1)) * 1024;
  return { peak, code, read: Number(readFileSync(`${out}/read`, 'utf8')) };
}

/**
 * The reports' peak memory on 200,000 invalid orders (and on a tenth of them) piped to a slow
 * reader, before (the command at CLI_SLOW_BEFORE) and after; adds the target missed to `missed`:
 * at most 32 MiB more for ten times the orders.
 */
async function slowReports(missed: string[]): Promise<void> {
  const ref = process.env.CLI_SLOW_BEFORE || 'd6131f3';
  const before = await baseline(ref);
  const large = await file(count, 1);
  const small = await file(count / 10, 1);
  const rows: [string, string, Record<string, number>][] = [];
  for (const [name, cli] of [
    [`before (${ref})`, before],
    ['after', 'dist/cli.js'],
  ] as const) {
    const peaks: Record<string, number> = {};
    for (const [size, input] of [
      [count / 10, small],
      [count, large],
    ] as const) {
      const run = slowRun(cli, input.path);
      if (run.code !== 1) throw new Error(`${name}: exit code ${run.code}`);
      peaks[size] = run.peak;
    }
    rows.push([name, cli, peaks]);
  }
  console.log(
    `\nThe reports' peak RSS, ${fmt(count)} invalid orders (and a tenth of them), the seven formats in one run (--jobs ${cores}), ndjson on stdout piped to a reader that pauses 5 ms after each 64 KiB:\n`,
  );
  console.log(`| command | ${fmt(count / 10)} orders | ${fmt(count)} orders | growth |`);
  console.log('|---|---:|---:|---:|');
  for (const [name, , peaks] of rows) {
    const growth = peaks[count] - peaks[count / 10];
    console.log(`| ${name} | ${mib(peaks[count / 10])} | ${mib(peaks[count])} | ${mib(growth)} |`);
  }
  const after = rows[1][2];
  if (after[count] - after[count / 10] > 32 * 2 ** 20) missed.push('peak RSS within 32 MiB of a tenth of the orders');
}

/** A script that checks every order file below a folder with ajv (allErrors, compiled once), as a user would write it. */
const ajvScript = `import Ajv from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { readdirSync, readFileSync, writeSync } from 'node:fs';
import { join } from 'node:path';
const ajv = new Ajv.default({ allErrors: true, strict: false });
addFormats.default(ajv);
const validate = ajv.compile(JSON.parse(readFileSync(process.argv[2], 'utf8')));
const names = readdirSync(process.argv[3], { recursive: true }).filter((n) => n.endsWith('.json')).sort();
let out = '';
for (const name of names) {
  const path = join(process.argv[3], name);
  if (!validate(JSON.parse(readFileSync(path, 'utf8')))) {
    for (const e of validate.errors) out += \`\${path} \${e.instancePath} \${e.message}\\n\`;
  }
}
writeSync(1, out);
`;

/**
 * `files` order files in 20 folders, the valid examples and one in 50 an invalid one, as written by
 * hand (pretty-printed); the same orders as one NDJSON file beside them; and the ajv script.
 */
function filesCorpus(files: number): { folder: string; stream: string; script: string } {
  const folder = `bench/.out/files-${files}`;
  const stream = `${folder}.ndjson`;
  const script = 'bench/.out/ajv-files.mjs';
  writeFileSync(script, ajvScript);
  if (existsSync(stream)) return { folder, stream, script };
  const pick = (kind: string) =>
    readdirSync(`examples/orders/${kind}`)
      .filter((name) => name.endsWith('.json') && !name.endsWith('.expected.json'))
      .sort()
      .map((name) => readFileSync(`examples/orders/${kind}/${name}`, 'utf8'));
  const valid = pick('valid');
  const invalid = pick('invalid');
  const lines: string[] = [];
  for (let i = 0; i < files; i++) {
    const sub = `${folder}/d${String(i % 20).padStart(2, '0')}`;
    if (i < 20) execFileSync('mkdir', ['-p', sub]);
    const text = i % 50 === 7 ? invalid[Math.floor(i / 50) % invalid.length] : valid[i % valid.length];
    writeFileSync(`${sub}/order-${String(i).padStart(5, '0')}.json`, text);
    lines.push(JSON.stringify(JSON.parse(text)));
  }
  writeFileSync(stream, `${lines.join('\n')}\n`);
  return { folder, stream, script };
}

const gnuTime = '/usr/bin/time';
const canTime = (() => {
  try {
    execFileSync(gnuTime, ['-f', '%U', 'true'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
})();

/**
 * The CPU time (user + system, all threads) of `args` run by Node.js: from GNU time (the kernel's
 * count for the child), else as /proc last saw it.
 */
async function cpuOf(args: readonly string[]): Promise<number> {
  if (!canTime) {
    const result = await measure(process.execPath, args, { discard: true });
    if (result.code !== 0 && result.code !== 1) throw new Error(`exit code ${result.code}: ${result.stderr}`);
    return result.cpu;
  }
  const report = 'bench/.out/cpu-time';
  const result = await measure(gnuTime, ['-f', '%U %S', '-o', report, process.execPath, ...args], { discard: true });
  if (result.code !== 0 && result.code !== 1) throw new Error(`exit code ${result.code}: ${result.stderr}`);
  const [user, system] = readFileSync(report, 'utf8').trim().split('\n').at(-1)?.split(' ').map(Number) ?? [];
  return user + system;
}

/**
 * 20,000 small order files: the command's CPU time over the folder (text and json reports, default
 * --jobs) and over the same orders as one NDJSON file, against the ajv script over the folder, in
 * interleaved rounds; adds the targets missed to `missed`: the files at most 1.5 × the ajv script.
 */
async function manyFiles(missed: string[]): Promise<void> {
  const files = Number(process.env.CLI_FILES) || 20_000;
  const rounds = Number(process.env.CLI_FILES_RUNS) || 3;
  const { folder, stream, script } = filesCorpus(files);
  const ref = process.env.CLI_FILES_BEFORE;
  const before = ref ? { [`the command at ${ref} over the files (text)`]: [await baseline(ref), folder] } : {};
  const variants = {
    'the ajv script over the files': [script, 'schemas/product-order.schema.json', folder],
    ...before,
    'the command over the files (text)': ['dist/cli.js', folder],
    'the command over the files (-f json)': ['dist/cli.js', '-f', 'json', folder],
    'the command over one NDJSON file of the same orders (text)': ['dist/cli.js', stream],
  };
  const cpu: Record<string, number[]> = {};
  for (let r = 0; r < rounds; r++) {
    for (const [name, args] of Object.entries(variants)) cpu[name] = [...(cpu[name] ?? []), await cpuOf(args)];
  }
  const ajv = cpu['the ajv script over the files'];
  console.log(
    `\n${fmt(files)} small order files (and one NDJSON file of the same orders), CPU time (user + system, ${canTime ? 'GNU time' : '/proc'}), --jobs ${cores}, ${rounds} rounds in turn:\n`,
  );
  console.log('| run | CPU time | × the ajv script (spread) | × the NDJSON file (spread) |');
  console.log('|---|---:|---:|---:|');
  const ndjson = cpu['the command over one NDJSON file of the same orders (text)'];
  for (const [name, times] of Object.entries(cpu)) {
    const command = name.startsWith('the command');
    console.log(
      `| ${name} | ${fmt(median(times), 2)} s | ${times === ajv ? '1' : ratioOf(times, ajv)} | ${command ? ratioOf(times, ndjson) : ''} |`,
    );
  }
  for (const name of ['the command over the files (text)', 'the command over the files (-f json)']) {
    if (median(cpu[name].map((x, i) => x / ajv[i])) > 1.5) missed.push(`${name} within 1.5 × the ajv script`);
  }
}

/**
 * `sample`: samples per second against validating the same samples (`--jobs 1`, as `sample` draws on
 * one thread), in CPU time, CLI_SAMPLES (20,000) valid orders, CLI_SAMPLE_RUNS (3) rounds in turn; and
 * the cold start of a check of one order file against the command at CLI_SAMPLE_BEFORE (a git ref,
 * before `sample`), with `sample --count 1` beside it. Adds the target missed to `missed`: the
 * check's cold start within 1.10 × the command before (what a check loads did not grow).
 */
async function samples(missed: string[]): Promise<void> {
  const n = Number(process.env.CLI_SAMPLES) || 20_000;
  const rounds = Number(process.env.CLI_SAMPLE_RUNS) || 3;
  const out = `bench/.out/samples-${n}.ndjson`;
  const drawn: number[] = [];
  const checked: number[] = [];
  for (let r = 0; r < rounds; r++) {
    await rm(out, { force: true });
    drawn.push(await cpuOf(['dist/cli.js', 'sample', '--count', String(n), '--seed', String(r + 1), '-o', out]));
    checked.push(await cpuOf(['dist/cli.js', '--jobs', '1', '--quiet', out]));
  }
  console.log(
    `\nsample: ${fmt(n)} valid orders, CPU time (user + system, ${canTime ? 'GNU time' : '/proc'}), ${rounds} rounds in turn:\n`,
  );
  console.log('| run | CPU time | per second | CPU time × validating them (spread) |');
  console.log('|---|---:|---:|---:|');
  console.log(
    `| sample --count ${fmt(n)} -o file | ${fmt(median(drawn), 2)} s | ${fmt(n / median(drawn))} samples/s | ${ratioOf(drawn, checked)} |`,
  );
  console.log(
    `| the same file checked, --jobs 1 | ${fmt(median(checked), 2)} s | ${fmt(n / median(checked))} orders/s | 1 |`,
  );

  const ref = process.env.CLI_SAMPLE_BEFORE || 'ce236d1';
  const before = await baseline(ref);
  const one = 'examples/orders/valid/new-hvt-local-loop.json';
  const starts = Number(process.env.CLI_START_RUNS) || 10;
  const cold: Record<string, number[]> = { before: [], now: [], sample: [] };
  for (let r = 0; r < starts; r++) {
    cold.before.push(await cpuOf([before, '--jobs', '1', one]));
    cold.now.push(await cpuOf(['dist/cli.js', '--jobs', '1', one]));
    cold.sample.push(await cpuOf(['dist/cli.js', 'sample', '--count', '1', '--seed', '1']));
  }
  console.log(`\nCold start, CPU time, ${starts} runs each in turn:\n`);
  console.log(`| run | CPU time | × the check at ${ref} (spread) |`);
  console.log('|---|---:|---:|');
  console.log(`| a check of one order file at ${ref} | ${fmt(median(cold.before) * 1000)} ms | 1 |`);
  console.log(`| a check of one order file | ${fmt(median(cold.now) * 1000)} ms | ${ratioOf(cold.now, cold.before)} |`);
  console.log(`| sample --count 1 | ${fmt(median(cold.sample) * 1000)} ms | ${ratioOf(cold.sample, cold.before)} |`);
  if (median(cold.now.map((x, i) => x / cold.before[i])) > 1.1)
    missed.push(`a check's cold start within 1.10 × ${ref}`);
}

async function main() {
  if (!canMeasure) console.log('(no /proc here: CPU time and peak RSS are not measured)');
  if (process.env.CLI_ONLY === 'sample') {
    const missed: string[] = [];
    await samples(missed);
    console.log(missed.length === 0 ? '\nThe target is met.' : `\nTarget missed: ${missed.join(', ')}.`);
    if (missed.length > 0) process.exitCode = 1;
    return;
  }
  if (process.env.CLI_ONLY === 'files') {
    const missed: string[] = [];
    await manyFiles(missed);
    console.log(missed.length === 0 ? '\nThe target is met.' : `\nTarget missed: ${missed.join(', ')}.`);
    if (missed.length > 0) process.exitCode = 1;
    return;
  }
  if (process.env.CLI_ONLY === 'slow') {
    const missed: string[] = [];
    await slowReports(missed);
    console.log(missed.length === 0 ? '\nThe target is met.' : `\nTarget missed: ${missed.join(', ')}.`);
    if (missed.length > 0) process.exitCode = 1;
    return;
  }
  if (process.env.CLI_ONLY === '27') {
    const missed = await issue27();
    if (part('formats')) await invalidAgainstValid(Number(process.env.CLI_REPORT_ORDERS) || count / 2, missed);
    console.log(missed.length === 0 ? '\nEvery target of issue 27 is met.' : `\nTarget missed: ${missed.join(', ')}.`);
    if (missed.length > 0) process.exitCode = 1;
    return;
  }
  console.log(`node ${process.version}, ${cpus()[0].model}, ${cores} cores; ${fmt(count)} orders, ${runs} runs each\n`);
  const large = await file(count);
  const small = await file(count / 10);
  const settings = [1, cores];
  const results: Record<number, Measured[]> = {};
  for (let run = 0; run < runs; run++) {
    for (const jobs of settings) results[jobs] = [...(results[jobs] ?? []), await once(jobs, large)];
  }
  console.log('| --jobs | orders/s | wall time | CPU time / wall time | peak RSS | other load on the machine |');
  console.log('|---:|---:|---:|---:|---:|---:|');
  for (const jobs of settings) {
    const all = results[jobs];
    const wall = median(all.map((r) => r.seconds));
    const busy = median(all.map((r) => r.cpu / r.seconds));
    const others = median(all.map((r) => r.others));
    const peak = Math.max(...all.map((r) => r.peakRss));
    console.log(
      `| ${jobs} | ${fmt(count / wall)} | ${fmt(wall, 2)} s | ${fmt(busy, 2)} | ${mib(peak)} | ${fmt(others, 2)} cores |`,
    );
  }
  const peakSmall = (await once(cores, small)).peakRss;
  const peakLarge = Math.max(...results[cores].map((r) => r.peakRss));
  const growth = ((peakLarge - peakSmall) / peakSmall) * 100;
  console.log(
    `\npeak RSS with --jobs ${cores}: ${mib(peakSmall)} for ${fmt(count / 10)} orders, ${mib(peakLarge)} for ${fmt(count)} (${fmt(growth, 1)} % more)`,
  );
  await reports(Number(process.env.CLI_REPORT_ORDERS) || count / 2);
  const missed = await issue27();
  await invalidAgainstValid(Number(process.env.CLI_REPORT_ORDERS) || count / 2, missed);
  await manyFiles(missed);
  await samples(missed);
  console.log(missed.length === 0 ? '\nEvery target is met.' : `\nTarget missed: ${missed.join(', ')}.`);
  if (missed.length > 0) process.exitCode = 1;
}

await main();
