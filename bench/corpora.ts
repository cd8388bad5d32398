// The orders the benchmark validates: drawn with fixed seeds from the property-test arbitraries, and
// built from the shipped example orders, so every run and every machine measures the same orders.
import { readdirSync, readFileSync } from 'node:fs';
import fc from 'fast-check';
import { mutants, order, orderItem } from '../test/arbitraries.js';

type Json = Record<string, unknown>;

/** What a corpus holds, which decides the target it is held to. */
export type Kind = 'valid' | 'one fault' | 'ten faults' | 'thousand faults';

export interface Corpus {
  readonly name: string;
  readonly kind: Kind;
  readonly orders: readonly unknown[];
  /** The same orders as JSON text, for JSON.parse. */
  readonly texts: readonly string[];
}

const size = (value: unknown) => JSON.stringify(value).length;

/** `count` values of `arbitrary` whose JSON is `min` to `max` characters, drawn from `seed`. */
function draw<T>(arbitrary: fc.Arbitrary<T>, count: number, seed: number, min = 0, max = Infinity): T[] {
  const found: T[] = [];
  for (let round = 0; found.length < count; round++) {
    const batch = fc.sample(arbitrary, { seed: seed + round, numRuns: 200 });
    for (const value of batch) if (found.length < count && size(value) >= min && size(value) <= max) found.push(value);
  }
  return found;
}

/** The orders as a service holds them: parsed from their JSON text, as every tool then gets them. */
function corpus(
  name: string,
  kind: Kind,
  drawn: readonly unknown[],
  texts = drawn.map((o) => JSON.stringify(o)),
): Corpus {
  return { name, kind, orders: texts.map((text) => JSON.parse(text)), texts };
}

/** Ten faults of six rules in `valid`: three in the order's fields, four in a related party, two in an agreement, one more field. */
function tenFaults(valid: Json): Json {
  const o = structuredClone(valid);
  o.description = 'x'.repeat(256);
  o.orderPostedDate = '2023-01-01T08:00+01:00';
  o.externalId = [];
  o.productOfferingQualification = 'none';
  o.relatedParty = [
    ...(o.relatedParty as Json[]),
    {
      role: 'technicalcontact',
      partyOrPartyRole: {
        '@type': 'Individual',
        familyName: 'x'.repeat(31),
        salutation: 'Herr',
        contactMedium: [{ '@type': 'PhoneContactMedium', contactType: 'email', phoneNumber: '' }],
      },
    },
  ];
  o.agreement = [...((o.agreement as Json[]) ?? []), { engagedParty: [{ '@type': 'Individual' }] }];
  return o;
}

/**
 * About ten faults in each item of `valid` (R7 and R8): five related places of no role and no place
 * object added to each item's product; a new order's product then also has too many places (R10).
 */
function faultsPerItem(valid: Json): Json {
  const o = structuredClone(valid);
  for (const item of o.productOrderItem as Json[]) {
    const product = (item.product ?? { '@type': 'HvtLocalLoopProduct' }) as Json;
    const places = Array.isArray(product.relatedPlace) ? product.relatedPlace : [];
    product.relatedPlace = [...places, ...Array.from({ length: 5 }, () => ({ role: 'nowhere', place: 3 }))];
    item.product = product;
  }
  return o;
}

/** `o` with its items repeated, each with an id of its own, until it has `count` items or its JSON is `bytes` long. */
function grown(o: Json, limit: { count?: number; bytes?: number }): Json {
  const items = o.productOrderItem as Json[];
  const all: Json[] = [];
  const wanted = () =>
    limit.count !== undefined ? all.length < limit.count : size({ ...o, productOrderItem: all }) < (limit.bytes ?? 0);
  for (let i = 0; wanted(); i++)
    all.push({ ...structuredClone(items[i % items.length]), id: String(i + 1).padStart(3, '0') });
  return { ...o, productOrderItem: all };
}

const examples = (folder: string): string[] => {
  const dir = `examples/orders/${folder}`;
  return readdirSync(dir)
    .filter((name) => name.endsWith('.json') && !name.endsWith('.expected.json'))
    .sort()
    .map((name) => readFileSync(`${dir}/${name}`, 'utf8'));
};

/**
 * The corpora of the benchmark: valid orders of about 1 KB, 10 KB and 100 items, orders with one,
 * ten and about a thousand faults; first drawn from the arbitraries, then built from the shipped
 * example orders (the invalid examples as their files are).
 */
export function corpora(): Corpus[] {
  made ??= make();
  return made;
}

let made: Corpus[] | undefined;

function make(): Corpus[] {
  const valid = draw(order, 200, 1, 800, 1400);
  const tenKb = draw(order, 40, 6, 800, 1400).map((o) => {
    const items = fc.sample(orderItem(String((o as Json).category)), { seed: 7, numRuns: 60 });
    return grown({ ...(o as Json), productOrderItem: items }, { bytes: 9500 });
  });
  const large = draw(order, 20, 2, 800, 1400).map((o) => {
    const items = fc.sample(orderItem(String((o as Json).category)), { seed: 3, numRuns: 100 });
    return { ...(o as Json), productOrderItem: items };
  });
  const oneFault = draw(fc.oneof(...Object.values(mutants)), 200, 4, 800, 1400).map((m) => m.order);
  const shipped = examples('valid').map((text) => JSON.parse(text) as Json);
  return [
    corpus('valid, ~1 KB', 'valid', valid),
    corpus('valid, ~10 KB', 'valid', tenKb),
    corpus('valid, 100 items', 'valid', large),
    corpus('invalid, 1 fault', 'one fault', oneFault),
    corpus('invalid, 10 faults', 'ten faults', draw(order, 50, 5, 800, 1400).map(tenFaults)),
    corpus('invalid, ~1,000 faults', 'thousand faults', large.slice(0, 10).map(faultsPerItem)),
    corpus('examples: valid, 1 to 4 KB', 'valid', shipped),
    corpus(
      'examples: valid, ~10 KB',
      'valid',
      shipped.map((o) => grown(o, { bytes: 9500 })),
    ),
    corpus(
      'examples: valid, 100 items',
      'valid',
      shipped.map((o) => grown(o, { count: 100 })),
    ),
    corpus('examples: invalid, as shipped', 'one fault', [], examples('invalid')),
    corpus('examples: 10 faults', 'ten faults', shipped.map(tenFaults)),
    corpus(
      'examples: ~1,000 faults',
      'thousand faults',
      shipped.map((o) => faultsPerItem(grown(o, { count: 100 }))),
    ),
  ];
}

/** One body of the hostile set: its JSON text of about 1 MiB, and the order JSON.parse makes of it. */
export interface Body {
  readonly name: string;
  readonly text: string;
  readonly order: unknown;
}

const mib = 1024 * 1024;

/** `base` with parts added by `add(o, i)` for i = 0, 1, ... until its JSON is 1 MiB or a part more. */
function filled(base: Json, add: (o: Json, i: number) => void): Body['text'] {
  const o = structuredClone(base);
  let text = JSON.stringify(o);
  for (let i = 0, step = 16; text.length < mib; ) {
    const before = text.length;
    for (const end = i + step; i < end; i++) add(o, i);
    text = JSON.stringify(o);
    // half the parts still wanted, from the size of those just added, so as not to overshoot by much
    step = Math.max(1, Math.ceil(((mib - text.length) * step) / (text.length - before) / 2));
  }
  return text;
}

/** Names of `known` with two letters changed: near misses of each (an edit distance of 2), all different. */
function* nearMisses(known: readonly string[]): Generator<string> {
  const letters = 'abcdefghijklmnopqrstuvwxyz';
  for (let a = 1; a < letters.length; a++)
    for (let b = 1; b < letters.length; b++)
      for (const name of known)
        for (let p = 0; p + 1 < name.length; p++)
          for (let q = p + 1; q < name.length; q++) {
            const chars = [...name];
            chars[p] = letters[(letters.indexOf(chars[p].toLowerCase()) + a) % 26];
            chars[q] = letters[(letters.indexOf(chars[q].toLowerCase()) + b) % 26];
            yield chars.join('');
          }
}

/** `depth` objects nested in one another. */
const nested = (depth: number): Json => {
  let inner: Json = { end: true };
  for (let i = 1; i < depth; i++) inner = { a: inner };
  return inner;
};

/**
 * The bodies of about 1 MiB that the work of a validation must stay linear on, from the shipped KVZ
 * order: a valid one (its items repeated), and six hostile ones: many unknown keys, many near-miss
 * keys, ~350k empty items, 200-deep nesting, many `":` inside strings, many long unknown strings
 * in enum places.
 */
export function hostileBodies(): Body[] {
  const base = JSON.parse(readFileSync('examples/orders/valid/new-kvz-local-loop.json', 'utf8')) as Json;
  const longNames = Object.keys(base).filter((name) => name.length >= 8);
  const misses = nearMisses([...longNames, 'requestedCompletionDate', 'productOfferingQualification']);
  const deep = nested(200);
  const items = base.productOrderItem as Json[];
  const empty = `${'{},'.repeat(349_999)}{}`;
  const texts: [string, string][] = [
    [
      'valid',
      filled({ ...base, productOrderItem: [] }, (o, i) =>
        (o.productOrderItem as Json[]).push({ ...structuredClone(items[i % items.length]), id: String(i + 1) }),
      ),
    ],
    ['unknown keys', filled(base, (o, i) => (o[`zz${i}`] = 1))],
    ['near-miss keys', filled(base, (o) => (o[misses.next().value as string] = 1))],
    ['~350k empty items', JSON.stringify({ ...base, productOrderItem: ['items'] }).replace('"items"', empty)],
    ['200-deep nesting', filled({ ...base, note: [] }, (o) => (o.note as Json[]).push({ text: 'n', deep }))],
    [
      "'\":' inside strings",
      filled({ ...base, note: [] }, (o) => (o.note as Json[]).push({ text: 'x":'.repeat(300) })),
    ],
    [
      'long unknown strings in enum places',
      filled({ ...base, productOrderItem: [] }, (o, i) =>
        (o.productOrderItem as Json[]).push({ id: String(i), action: `${'Q'.repeat(200)}${i}` }),
      ),
    ],
  ];
  return texts.map(([name, text]) => ({ name, text, order: JSON.parse(text) }));
}
