// The orders the benchmark validates, drawn with fixed seeds from the property-test arbitraries, so
// every run and every machine measures the same orders.
import fc from 'fast-check';
import { mutants, order, orderItem } from '../test/arbitraries.js';

type Json = Record<string, unknown>;

export interface Corpus {
  readonly name: string;
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
function corpus(name: string, drawn: unknown[]): Corpus {
  const texts = drawn.map((o) => JSON.stringify(o));
  return { name, orders: texts.map((text) => JSON.parse(text)), texts };
}

/** Ten faults of six rules in each order: three in the order's fields, four in a related party, two in an agreement, one more field. */
function tenFaults(seed: number): unknown[] {
  return draw(order, 50, seed, 800, 1400).map((valid) => {
    const o = structuredClone(valid) as Json;
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
  });
}

/** The corpora of the benchmark: realistic valid orders of about 1 KB, large orders, invalid orders. */
export function corpora(): Corpus[] {
  const valid = draw(order, 200, 1, 800, 1400);
  const large = draw(order, 20, 2, 800, 1400).map((o) => {
    const items = fc.sample(orderItem(String((o as Json).category)), { seed: 3, numRuns: 100 });
    return { ...(o as Json), productOrderItem: items };
  });
  const oneFault = draw(fc.oneof(...Object.values(mutants)), 200, 4, 800, 1400).map((m) => m.order);
  return [
    corpus('valid, ~1 KB', valid),
    corpus('valid, 100 items', large),
    corpus('invalid, 1 fault', oneFault),
    corpus('invalid, 10 faults', tenFaults(5)),
  ];
}
