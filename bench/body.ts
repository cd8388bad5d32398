// The body path side by side in one process, on the 4 KB order of bench/services.ts: parseJsonBody
// against JSON.parse, and decode (the bytes to text, UTF-8 checked) against Buffer's toString.
// Interleaved rounds; ratios only. Run by `npm run bench:services` before the load, and alone by
// `npm run bench:body` (bench/body-only.ts).
import { readFileSync } from 'node:fs';
import { Bench } from 'tinybench';
import { decode, parseJsonBody } from '../src/http/body.js';

/** The ratio of each pair's time per call, slower over floor, one per round. */
export interface BodyRatios {
  readonly bytes: number;
  /** `parseJsonBody(text)` over `JSON.parse(text)`. */
  readonly parse: readonly number[];
  /** `decode([bytes])` over `Buffer#toString('utf8')`. */
  readonly decode: readonly number[];
  /** Both together (the body path) over `toString` + `JSON.parse`. */
  readonly path: readonly number[];
}

export async function bodyRatios(file: string, rounds: number): Promise<BodyRatios> {
  const text = readFileSync(file, 'utf8');
  const bytes = Buffer.from(text);
  let sink: unknown;
  const tasks: Record<string, () => unknown> = {
    'JSON.parse': () => JSON.parse(text),
    parseJsonBody: () => parseJsonBody(text),
    toString: () => bytes.toString('utf8'),
    decode: () => decode([bytes], bytes.length),
    'toString + JSON.parse': () => JSON.parse(bytes.toString('utf8')),
    'decode + parseJsonBody': () => {
      const read = decode([bytes], bytes.length);
      return read.ok ? parseJsonBody(read.text) : read;
    },
  };
  const mean = new Map<string, number[]>();
  for (let round = 0; round < rounds; round++) {
    const bench = new Bench({ time: 300, warmupTime: 100 });
    for (const [name, task] of Object.entries(tasks))
      bench.add(name, () => {
        sink = task();
      });
    await bench.run();
    for (const task of bench.tasks) {
      if (task.result.state !== 'completed') throw new Error(`${task.name}: ${task.result.state}`);
      mean.set(task.name, [...(mean.get(task.name) ?? []), task.result.latency.mean]);
    }
  }
  if (sink === undefined) throw new Error('nothing was computed');
  const ratio = (slow: string, floor: string) =>
    (mean.get(slow) ?? []).map((value, i) => value / (mean.get(floor)?.[i] ?? Number.NaN));
  return {
    bytes: bytes.length,
    parse: ratio('parseJsonBody', 'JSON.parse'),
    decode: ratio('decode', 'toString'),
    path: ratio('decode + parseJsonBody', 'toString + JSON.parse'),
  };
}

const median = (values: readonly number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;
const x = (value: number) => `${value.toFixed(2)}×`;
const spread = (values: readonly number[]) => `${x(Math.min(...values))} to ${x(Math.max(...values))}`;

/** Measures the body path on `file` in `rounds` interleaved rounds and prints its table. */
export async function printBodyRatios(file: string, rounds: number): Promise<void> {
  const body = await bodyRatios(file, rounds);
  console.log(`The body path on a ${body.bytes}-byte order, ${rounds} interleaved rounds (time per call, ratio)`);
  console.log('| pair | median | per-round range |');
  console.log('|---|---|---|');
  console.log(`| parseJsonBody / JSON.parse | ${x(median(body.parse))} | ${spread(body.parse)} |`);
  console.log(`| decode / Buffer toString | ${x(median(body.decode))} | ${spread(body.decode)} |`);
  console.log(`| decode + parseJsonBody / toString + JSON.parse | ${x(median(body.path))} | ${spread(body.path)} |`);
}
