// A seeded, deterministic mutator of orders for test/differential.test.ts: from the valid example
// orders, inputs broken in the ways a sender breaks them (a property dropped, a wrong type, a near
// miss of a name or an enum value, a list emptied or an item doubled, an unknown key, a value that is
// no JSON), one to four faults an order. The same seed gives the same inputs on every machine.
import { encodeToken } from '../src/pointer.js';

/** A pseudo-random source: mulberry32, 32 bits of state. */
export class Random {
  private state: number;

  constructor(seed: number) {
    this.state = seed >>> 0;
  }

  /** A float in [0, 1). */
  next(): number {
    this.state = (this.state + 0x6d2b79f5) >>> 0;
    let t = this.state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }

  /** An integer in [0, n). */
  below(n: number): number {
    return Math.floor(this.next() * n);
  }

  pick<T>(list: readonly T[]): T {
    return list[this.below(list.length)];
  }
}

type Node = Record<string, unknown> | unknown[];

/** A node of an order: the object or array that holds it, its key there, and the order's root. */
interface Place {
  readonly holder: Node;
  readonly key: string | number;
  /** The place of `holder`, none for the root. */
  readonly up: Place | undefined;
}

/** The JSON Pointer of a place. */
const pointer = (place: Place | undefined): string =>
  place ? `${pointer(place.up)}/${encodeToken(String(place.key))}` : '';

const isNode = (value: unknown): value is Node => typeof value === 'object' && value !== null;

/** Every place of `root` below it, depth first, in key order; nodes already mutated into no JSON are not entered. */
function places(root: Node): Place[] {
  const found: Place[] = [];
  const seen = new Set<unknown>([root]);
  const walk = (node: Node, up: Place | undefined) => {
    const keys: (string | number)[] = Array.isArray(node) ? Array.from(node.keys()) : Object.keys(node);
    for (const key of keys) {
      const place = { holder: node, key, up };
      found.push(place);
      const child = (node as Record<string | number, unknown>)[key];
      if (isNode(child) && !seen.has(child) && plain(child)) {
        seen.add(child);
        walk(child, place);
      }
    }
  };
  walk(root, undefined);
  return found;
}

const plain = (value: object) => Array.isArray(value) || Object.getPrototypeOf(value) === Object.prototype;

/** A deep copy of `value`, or `value` itself when it holds what structuredClone cannot copy (a symbol, a function). */
function copy(value: unknown): unknown {
  try {
    return structuredClone(value);
  } catch {
    return value;
  }
}

/** Sets `key` of `holder`, a `__proto__` key as an own property. */
function put(holder: Node, key: string | number, value: unknown): void {
  Object.defineProperty(holder, key, { value, writable: true, enumerable: true, configurable: true });
}

/** `holder` with `key` renamed to `name`, in the place of `key` (`inPlace`) or moved last. */
function rename(holder: Record<string, unknown>, key: string, name: string, inPlace: boolean): void {
  if (key === name) return;
  if (!inPlace) {
    const value = holder[key];
    delete holder[key];
    put(holder, name, value);
    return;
  }
  const entries = Object.entries(holder);
  for (const k of Object.keys(holder)) delete holder[k];
  for (const [k, v] of entries) put(holder, k === key ? name : k, v);
}

/** A near miss of `word`: one letter dropped, doubled, swapped with the next or changed, or the case of the first changed. */
export function nearMiss(random: Random, word: string): string {
  if (word.length === 0) return 'x';
  const i = random.below(word.length);
  switch (random.below(6)) {
    case 0:
      return word.length > 1 ? word.slice(0, i) + word.slice(i + 1) : `${word}s`;
    case 1:
      return word.slice(0, i + 1) + word.slice(i);
    case 2:
      return i + 1 < word.length ? word.slice(0, i) + word[i + 1] + word[i] + word.slice(i + 2) : `${word}e`;
    case 3:
      return `${word.slice(0, i)}${word[i] === 'a' ? 'e' : 'a'}${word.slice(i + 1)}`;
    case 4: {
      const first = word[0] === word[0].toUpperCase() ? word[0].toLowerCase() : word[0].toUpperCase();
      return first + word.slice(1);
    }
    default:
      return `${word}s`;
  }
}

/** A class of a caller's: its instances are objects, but no JSON objects. */
class Carrier {
  id = '1';
}

/** Values that are no JSON, each made anew, and whether a hole is meant (an array's element deleted). */
const notJson: readonly ((root: Node, holder: Node) => unknown)[] = [
  () => new Date(0),
  () => Number.NaN,
  () => Number.POSITIVE_INFINITY,
  () => 10n,
  () => undefined,
  () => ({ id: '1', toJSON: () => ({ other: 'shape' }) }),
  () => Symbol('x'),
  () => () => 'x',
  () => new Map([['id', '1']]),
  () => new Carrier(),
  () => Object.create({ id: '1' }),
  (root) => root,
  (_, holder) => holder,
];

/** Values of every JSON type, for a value of the wrong type. */
const anyJson: readonly (() => unknown)[] = [
  () => 42,
  () => 1.5,
  () => 'text',
  () => '',
  () => true,
  () => null,
  () => ({}),
  () => [],
  () => ['text'],
  () => ({ '@type': 'Unknown' }),
  () => 'x'.repeat(300),
  () => -1,
];

const unknownNames = ['x-carrierRef', 'unknownField', 'zzz', '', '~/odd~1key', '@kind', 'constructor', '__proto__'];

const jsonType = (value: unknown) => (value === null ? 'null' : Array.isArray(value) ? 'array' : typeof value);

/** The keys whose values are one of a few names: the order's category, an item's action, every `@type` and role. */
const enumKeys = ['@type', '@referredType', 'category', 'action', 'role', 'contactType', 'name'];

/** The string values each key of {@link enumKeys} has in `orders`: the pool an enum value is swapped from. */
export function enumPools(orders: readonly unknown[]): Map<string, string[]> {
  const pools = new Map<string, Set<string>>(enumKeys.map((key) => [key, new Set()]));
  const walk = (node: unknown) => {
    if (!isNode(node)) return;
    for (const [key, value] of Object.entries(node)) {
      if (typeof value === 'string') pools.get(key)?.add(value);
      else walk(value);
    }
  };
  for (const order of orders) walk(order);
  return new Map([...pools].map(([key, pool]) => [key, [...pool].sort()]));
}

/** The ways to break a place, each named for a readable failure. */
const mutations: readonly [string, (random: Random, place: Place, root: Node, pools: Map<string, string[]>) => void][] =
  [
    [
      'delete',
      (_, { holder, key }) => {
        if (Array.isArray(holder)) holder.splice(key as number, 1);
        else delete holder[key as string];
      },
    ],
    [
      'wrong type',
      (random, { holder, key }) => {
        const was = jsonType((holder as Record<string, unknown>)[key]);
        let value = random.pick(anyJson)();
        if (jsonType(value) === was) value = was === 'number' ? '7' : 7;
        put(holder, key, value);
      },
    ],
    [
      'rename near miss',
      (random, { holder, key }) => {
        if (!Array.isArray(holder))
          rename(holder, key as string, nearMiss(random, key as string), random.below(2) === 0);
      },
    ],
    [
      'rename unknown',
      (random, { holder, key }) => {
        if (!Array.isArray(holder)) rename(holder, key as string, random.pick(unknownNames), random.below(2) === 0);
      },
    ],
    [
      'enum swap',
      (random, { holder, key }, _, pools) => {
        const value = (holder as Record<string, unknown>)[key];
        if (typeof value !== 'string') return;
        const pool = typeof key === 'string' ? pools.get(key) : undefined;
        put(holder, key, pool && random.below(3) > 0 ? random.pick(pool) : nearMiss(random, value));
      },
    ],
    [
      'empty array',
      (random, { holder, key }) => {
        const value = (holder as Record<string, unknown>)[key];
        put(holder, key, Array.isArray(value) || random.below(2) === 0 ? [] : {});
      },
    ],
    [
      'duplicate item',
      (random, { holder, key }) => {
        const value = (holder as Record<string, unknown>)[key];
        const list = Array.isArray(value) ? value : Array.isArray(holder) ? holder : undefined;
        if (!list || list.length === 0) return;
        const at = random.below(list.length);
        list.splice(at, 0, random.below(2) === 0 ? list[at] : copy(list[at]));
      },
    ],
    [
      'drop item',
      (random, { holder, key }) => {
        const value = (holder as Record<string, unknown>)[key];
        const list = Array.isArray(value) ? value : Array.isArray(holder) ? holder : undefined;
        if (list && list.length > 0) list.splice(random.below(list.length), 1);
      },
    ],
    [
      'unknown key',
      (random, { holder, key }) => {
        const value = (holder as Record<string | number, unknown>)[key];
        const target = isNode(value) && !Array.isArray(value) ? value : Array.isArray(holder) ? undefined : holder;
        if (!target) return;
        // a near miss of a name it has, beside it, or a name that is near none
        const names = Object.keys(target);
        const name =
          names.length > 0 && random.below(2) === 0 ? nearMiss(random, random.pick(names)) : random.pick(unknownNames);
        put(target, name, random.pick(anyJson)());
      },
    ],
    [
      'not JSON',
      (random, { holder, key }, root) => {
        if (Array.isArray(holder) && random.below(4) === 0) {
          delete holder[key as number];
          return;
        }
        put(holder, key, random.pick(notJson)(root, holder));
      },
    ],
  ];

/** One mutant: the input, the index of the valid order it was made from, and what was done to it. */
export interface Mutation {
  readonly input: unknown;
  readonly from: number;
  readonly what: string;
}

/**
 * `count` mutants of `valid` (JSON values), the same for the same `seed`: each a copy of one of them
 * with one fault (three in five) or two to four, at places picked anywhere in it.
 */
export function mutants(valid: readonly unknown[], count: number, seed: number): Mutation[] {
  const random = new Random(seed);
  const pools = enumPools(valid);
  const texts = valid.map((order) => JSON.stringify(order));
  const out: Mutation[] = [];
  for (let n = 0; n < count; n++) {
    const base = random.below(valid.length);
    const root = JSON.parse(texts[base]) as Node;
    const faults = random.below(5) < 3 ? 1 : 2 + random.below(3);
    const done: string[] = [];
    for (let f = 0; f < faults; f++) {
      const all = places(root);
      if (all.length === 0) break;
      const [name, mutate] = random.pick(mutations);
      // an enum value swapped where there is one
      const enums = name === 'enum swap' ? all.filter(({ key }) => pools.has(key as string)) : all;
      const place = random.pick(enums.length > 0 ? enums : all);
      done.push(`${name} at ${pointer(place)}`);
      mutate(random, place, root, pools);
    }
    out.push({ input: root, from: base, what: done.join(', ') });
  }
  return out;
}
