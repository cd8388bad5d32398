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
