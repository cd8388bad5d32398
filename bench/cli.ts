// npm run bench:cli: the built command on a seeded NDJSON file of 200,000 orders (test/stream.ts),
// with one job and with one per core: orders per second (median of interleaved runs), CPU time over
// wall time, and peak RSS, all measured from outside the command through /proc (test/measure.ts).
// Then each report format against the command as it was before positions and reports (built from
// CLI_BASELINE, a git ref), side by side on a valid stream and on one with 10 % invalid orders.
import { execFileSync } from 'node:child_process';
import { createWriteStream, existsSync, symlinkSync } from 'node:fs';
import { mkdir, rm } from 'node:fs/promises';
import { cpus } from 'node:os';
import { resolve } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { canMeasure, type Measured, measure } from '../test/measure.js';
import { orderStream } from '../test/stream.js';

const count = Number(process.env.CLI_ORDERS) || 200_000;
const runs = Number(process.env.CLI_RUNS) || 3;
const reportRuns = Number(process.env.CLI_REPORT_RUNS) || 5;
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

const median = (values: number[]) => [...values].sort((a, b) => a - b)[values.length >> 1];
const fmt = (n: number, digits = 0) =>
  n.toLocaleString('en-US', { maximumFractionDigits: digits, minimumFractionDigits: digits });
const mib = (bytes: number) => `${fmt(bytes / 2 ** 20, 0)} MiB`;

async function main() {
  if (!canMeasure) console.log('(no /proc here: CPU time and peak RSS are not measured)');
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
}

await main();
