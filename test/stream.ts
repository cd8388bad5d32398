// A large NDJSON input for the command: a seeded sample of valid orders of about 1 KB, with one
// one-fault mutant in every hundred lines (or as many as asked), repeated to any length and produced
// as it is read.
import { Readable } from 'node:stream';
import fc from 'fast-check';
import { mutants, order } from './arbitraries.js';

/** The stream of `count` order lines, and how many of them are invalid. */
export interface OrderStream {
  readonly stream: Readable;
  readonly invalid: number;
}

const drawn = new Map<number, { valid: string[]; faulty: string[] }>();

/** Order lines of 0.5 to 1.5 KB drawn from `seed`: valid ones, and one-fault mutants; drawn once per seed. */
function samples(seed: number): { valid: string[]; faulty: string[] } {
  const known = drawn.get(seed);
  if (known) return known;
  const small = (text: string) => text.length >= 500 && text.length <= 1500;
  const valid = fc
    .sample(order, { seed, numRuns: 1000 })
    .map((o) => JSON.stringify(o))
    .filter(small);
  const faulty = fc
    .sample(fc.oneof(...Object.values(mutants)), { seed, numRuns: 200 })
    .map((m) => JSON.stringify(m.order))
    .filter(small);
  drawn.set(seed, { valid, faulty });
  return { valid, faulty };
}

/** `count` orders, one per line; one in every `faultEvery` (a hundredth by default, none for 0) is invalid. */
export function orderStream(count: number, seed = 7, faultEvery = 100): OrderStream {
  const { valid, faulty } = samples(seed);
  function* lines() {
    let chunk: string[] = [];
    for (let i = 0; i < count; i++) {
      const fault = faultEvery > 0 && i % faultEvery === faultEvery - 1;
      chunk.push(fault ? faulty[i % faulty.length] : valid[i % valid.length]);
      if (chunk.length === 256 || i === count - 1) {
        yield `${chunk.join('\n')}\n`;
        chunk = [];
      }
    }
  }
  const invalid = faultEvery > 0 ? Math.floor(count / faultEvery) : 0;
  return { stream: Readable.from(lines(), { objectMode: false }), invalid };
}
