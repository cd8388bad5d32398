// The body path side by side in one process, on the 4 KB order of bench/services.ts: parseJsonBody
// against JSON.parse, and decode (the bytes to text, UTF-8 checked) against Buffer's toString.
// Interleaved finely: the six tasks take turns in batches of about half a millisecond, and a pair's
// ratio is taken within each turn, so that a change in the load of the shared machine falls on both
// sides of it alike; ratios only. Run by `npm run bench:services` before the load, and alone by
// `npm run bench:body` (bench/body-only.ts).
import { readFileSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import { decode, parseJsonBody } from '../src/http/body.js';

/** The ratio of each pair's time per call, slower over floor: per round, the median over its turns. */
export interface BodyRatios {
  readonly bytes: number;
  /** `parseJsonBody(text)` over `JSON.parse(text)`. */
  readonly parse: readonly number[];
  /** `decode([bytes])` over `Buffer#toString('utf8')`. */
  readonly decode: readonly number[];
  /** Both together (the body path) over `toString` + `JSON.parse`. */
  readonly path: readonly number[];
}

const median = (values: readonly number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;

/** Turns per round: each task runs once per turn, in an order that rotates from turn to turn. */
const turns = 200;
/** The time a batch of one task's calls takes, about. */
const batchMs = 0.5;

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
  const names = Object.keys(tasks);
  /** Time per call of `name` over `calls` calls, in ms. */
  const time = (name: string, calls: number) => {
    const task = tasks[name] as () => unknown;
    const start = performance.now();
    for (let i = 0; i < calls; i++) sink = task();
    return (performance.now() - start) / calls;
  };
  // warm-up, which also sizes each task's batch
  const calls = new Map(names.map((name) => [name, Math.max(1, Math.round(batchMs / time(name, 2000)))]));
  const pairs = [
    ['parseJsonBody', 'JSON.parse'],
    ['decode', 'toString'],
    ['decode + parseJsonBody', 'toString + JSON.parse'],
  ] as const;
  const perRound = pairs.map(() => [] as number[]);
  for (let round = 0; round < rounds; round++) {
    const ratios = pairs.map(() => [] as number[]);
    for (let turn = 0; turn < turns; turn++) {
      const took = new Map<string, number>();
      for (let i = 0; i < names.length; i++) {
        const name = names[(i + turn) % names.length] as string;
        took.set(name, time(name, calls.get(name) ?? 1));
      }
      for (const [i, [slow, floor]] of pairs.entries()) ratios[i]?.push((took.get(slow) ?? 0) / (took.get(floor) ?? 0));
    }
    for (const [i, ratio] of ratios.entries()) perRound[i]?.push(median(ratio));
    await new Promise((resolve) => setImmediate(resolve));
  }
  if (sink === undefined) throw new Error('nothing was computed');
  const [parse = [], decoded = [], path = []] = perRound;
  return { bytes: bytes.length, parse, decode: decoded, path };
}

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
