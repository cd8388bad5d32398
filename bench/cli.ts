// npm run bench:cli: the built command on a seeded NDJSON file of 200,000 orders (test/stream.ts),
// with one job and with one per core: orders per second (median of interleaved runs), CPU time over
// wall time, and peak RSS, all measured from outside the command through /proc (test/measure.ts).
import { createWriteStream } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import { cpus } from 'node:os';
import { pipeline } from 'node:stream/promises';
import { canMeasure, type Measured, measure } from '../test/measure.js';
import { orderStream } from '../test/stream.js';

const count = Number(process.env.CLI_ORDERS) || 200_000;
const runs = Number(process.env.CLI_RUNS) || 3;
const cores = cpus().length;

/** Writes `orders` order lines to a file in bench/.out; returns its path and how many are invalid. */
async function file(orders: number): Promise<{ path: string; invalid: number }> {
  await mkdir('bench/.out', { recursive: true });
  const path = `bench/.out/orders-${orders}.ndjson`;
  const { stream, invalid } = orderStream(orders);
  await pipeline(stream, createWriteStream(path));
  return { path, invalid };
}

async function once(jobs: number, input: { path: string; invalid: number }): Promise<Measured> {
  const args = ['dist/cli.js', '--format', 'ndjson', '--jobs', String(jobs), input.path];
  const result = await measure(process.execPath, args, { discard: true });
  if (result.code !== (input.invalid > 0 ? 1 : 0)) throw new Error(`exit code ${result.code}: ${result.stderr}`);
  return result;
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
}

await main();
