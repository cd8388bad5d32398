// The kit of the rules' arbitraries (fast-check): the generic builders of an order's parts, what a
// rule folder's part of a valid order is (the skeleton that composes them is src/arbitraries/compose.ts'),
// and the tools of the mutants that break exactly one rule. Each rule folder's arbitrary.ts uses it;
// src/registry/arbitraries.ts lists them. fast-check is a development dependency: nothing
// the package's entries bundle imports this (`npm run lint` holds that).
import fc from 'fast-check';
import type { ProductOrderFVO } from '../generated/types.js';
import type { RuleId, ViolationCode } from '../violation.js';

export type Json = Record<string, unknown>;

/** The ten categories of the field table. */
export const categories = [
  'new',
  'productChange',
  'technologyChange',
  'productModification',
  'terminationByBuyer',
  'terminationBySeller',
  'providerChange',
  'providerTechnologyChange',
  'terminationProviderChange',
  'portChange',
] as const satisfies readonly ProductOrderFVO['category'][];
// the compiler fails here when the field table gains a category that `categories` lacks
true satisfies [Exclude<ProductOrderFVO['category'], (typeof categories)[number]>] extends [never] ? true : never;

/** The categories of R14. */
export const terminations = ['terminationByBuyer', 'terminationBySeller', 'terminationProviderChange'] as const;

/** The role groups of R3, R4 and R5, as the spec lists them. */
export const contactRoles = [
  'installationContact',
  'technicalContact',
  'ownerAdministrationContact',
  'ownerInstallationContact',
  'orderManagementSellerContact',
  'orderManagementBuyerContact',
];
export const deliveryRoles = ['deliveryContact'];
export const freeRoles = ['locationAContact', 'handingOverProvider', 'receivingProvider', 'subcontractor'];

/** The product types whose places a new order constrains (R10 to R12). */
export const productTypes = [
  'HvtLocalLoopProduct',
  'KvzLocalLoopProduct',
  'BitstreamAccessProduct',
  'OpticalAccessLineProduct',
] as const;
export const otherProducts = ['FtthAccessProduct', 'VoiceProduct'];
/** Every action an item may have where no rule demands one. */
export const actions = ['add', 'modify', 'delete', 'nochange', 'noChange', 'transfer'];

// ---------------------------------------------------------------------------------------------
// Building blocks

/**
 * `build`, remembering what it made for each key: a `chain` that builds its arbitrary anew for every
 * value costs fast-check far more than generating from it (a new `fc.string` or `fc.stringMatching`
 * first tokenises its default slices, through a mapping that throws on each one it cannot read:
 * about 4 ms of CPU an order, against 0.1 ms to validate it). The values are the same.
 */
export function once<K, V>(build: (key: K) => V): (key: K) => V {
  const made = new Map<K, V>();
  return (key) => {
    if (!made.has(key)) made.set(key, build(key));
    return made.get(key) as V;
  };
}

/** A string of `min` to `max` code points, often exactly at a bound, sometimes outside ASCII. */
export function text(min: number, max: number): fc.Arbitrary<string> {
  const sized = (unit: 'grapheme-ascii' | 'binary') =>
    once((n: number) => fc.string({ unit, minLength: n, maxLength: n }));
  return fc.oneof(
    { weight: 4, arbitrary: fc.string({ unit: 'grapheme-ascii', minLength: min, maxLength: max }) },
    { weight: 1, arbitrary: fc.string({ unit: 'binary', minLength: min, maxLength: max }) },
    { weight: 1, arbitrary: fc.constantFrom(min, max).chain(sized('grapheme-ascii')) },
    { weight: 1, arbitrary: fc.constantFrom(min, max).chain(sized('binary')) },
  );
}

/** An RFC 3339 date-time with seconds and an offset, as FIT 2.0 writes them. */
export const dateTime: fc.Arbitrary<string> = fc
  .tuple(
    fc.date({ min: new Date('2000-01-01T00:00:00Z'), max: new Date('2099-12-31T23:59:59Z'), noInvalidDate: true }),
    fc.integer({ min: -48, max: 56 }).map((quarters) => quarters * 15),
    fc.boolean(),
    fc.boolean(),
  )
  .map(([date, offset, fraction, lower]) => {
    const local = new Date(date.getTime() + offset * 60_000).toISOString();
    const sign = offset < 0 ? '-' : '+';
    const zone = `${sign}${pad(Math.floor(Math.abs(offset) / 60))}:${pad(Math.abs(offset) % 60)}`;
    const stamp = `${local.slice(0, fraction ? 23 : 19)}${offset === 0 && !fraction ? 'Z' : zone}`;
    return lower ? stamp.toLowerCase() : stamp;
  });

const pad = (n: number) => String(n).padStart(2, '0');

/** A small object of a type the spec names but does not show. */
export const entity = (type: string) =>
  fc.record({ '@type': fc.constant(type), id: text(1, 20), name: text(1, 30) }, { requiredKeys: [] });

/** Puts `item` into `list` at a random place. */
export function insert<T>(item: fc.Arbitrary<T>, list: fc.Arbitrary<T[]>): fc.Arbitrary<T[]> {
  return fc
    .tuple(item, list)
    .chain(([x, xs]) => fc.nat({ max: xs.length }).map((i) => [...xs.slice(0, i), x, ...xs.slice(i)]));
}

// ---------------------------------------------------------------------------------------------
// Contact media and parties

export const phone = fc.record(
  {
    '@type': fc.constant('PhoneContactMedium'),
    contactType: fc.constantFrom('fixed', 'mobile'),
    phoneNumber: text(1, 30),
    preferred: fc.boolean(),
  },
  { requiredKeys: ['@type', 'contactType', 'phoneNumber'] },
);

export const email = fc.record(
  { '@type': fc.constant('EmailContactMedium'), contactType: fc.constant('email'), emailAddress: text(1, 255) },
  { requiredKeys: ['@type', 'contactType', 'emailAddress'] },
);

export const postal = fc.record(
  {
    '@type': fc.constant('PostalAddressContactMedium'),
    contactType: fc.constant('postal'),
    city: text(1, 40),
    country: text(1, 2),
    locality: text(1, 40),
    postcode: text(1, 6),
    streetName: text(1, 40),
    streetNr: text(1, 4),
    streetNrSuffix: text(1, 6),
  },
  { requiredKeys: ['@type', 'contactType', 'city', 'postcode', 'streetName', 'streetNr'] },
);

export const medium = fc.oneof(phone, email, postal);
/** Up to three contact media of any kind. */
export const media = fc.array(medium, { maxLength: 3 });

const individual = (contactMedium: fc.Arbitrary<unknown[]>, required: boolean) =>
  fc.record(
    {
      '@type': fc.constant('Individual'),
      familyName: text(1, 30),
      givenName: text(1, 30),
      salutation: fc.oneof(fc.constantFrom('Herr', 'Frau', 'keine Anrede'), text(1, 30)),
      contactMedium,
    },
    { requiredKeys: ['@type', 'familyName', 'salutation', ...(required ? ['contactMedium' as const] : [])] },
  );

const organization = (contactMedium: fc.Arbitrary<unknown[]>, required: boolean) =>
  fc.record(
    { '@type': fc.constant('Organization'), name: text(1, 60), businessId: text(1, 40), contactMedium },
    { requiredKeys: ['@type', 'name', ...(required ? ['contactMedium' as const] : [])] },
  );

/** An Individual or an Organization with the contact media of `contactMedium`, required or not. */
export const party = (contactMedium: fc.Arbitrary<unknown[]>, required: boolean) =>
  fc.oneof(individual(contactMedium, required), organization(contactMedium, required));

/** A related party of a role from `role`. */
export const related = (role: fc.Arbitrary<string>, partyOrPartyRole: fc.Arbitrary<Json>) =>
  fc.record(
    { '@type': fc.constant('RelatedPartyOrPartyRole'), role, partyOrPartyRole },
    { requiredKeys: ['role', 'partyOrPartyRole'] },
  );

// ---------------------------------------------------------------------------------------------
// Places and order items

/**
 * Whether JSON text of `value` reads back as `value`: no integer beyond ±(2⁵³ − 1) that JSON.stringify
 * writes without an exponent, which the text validators report as `inexact_number`. A -0 stays (JSON.parse
 * gives it, JSON.stringify writes it as 0): a test that writes an order as text compares with what the
 * text reads back as, never with the order.
 */
const exactInText = (value: unknown): boolean =>
  typeof value === 'number'
    ? !Number.isInteger(value) || Number.isSafeInteger(value) || Math.abs(value) >= 1e21
    : typeof value !== 'object' || value === null || Object.values(value).every(exactInText);

const characteristic = fc.record({
  name: fc.constantFrom('access_type', 'floor', 'rack', 'room'),
  value: fc.jsonValue({ maxDepth: 1 }).filter(exactInText),
});

export const address = fc.record(
  {
    '@type': fc.constant('GeographicAddress'),
    streetName: text(1, 40),
    streetNr: text(1, 4),
    postcode: fc.stringMatching(/^[0-9]{5}$/),
    city: text(1, 40),
    country: fc.constantFrom('DE', 'DEU'),
  },
  { requiredKeys: ['@type'] },
);

export const placeRef = fc.record(
  { '@type': fc.constant('PlaceRef'), id: text(1, 20), '@referredType': fc.constant('GeographicAddress') },
  { requiredKeys: ['@type', 'id', '@referredType'] },
);

/** A GeographicSite holding `required` among other characteristics, with `places` nested places. */
export const site = (required: fc.Arbitrary<Json[]>, places: { minLength: number; maxLength: number }) =>
  fc.record({
    '@type': fc.constant('GeographicSite'),
    geographicSiteCharacteristic: required.chain((needed) =>
      needed.reduce<fc.Arbitrary<Json[]>>(
        (list, item) => insert(fc.constant(item), list),
        fc.array(characteristic, { maxLength: 2 }),
      ),
    ),
    place: fc.array(fc.oneof(placeRef, address), places),
  });

export const anySite = site(fc.constant([]), { minLength: 0, maxLength: 2 });
export const anyPlace = fc.oneof(address, anySite, placeRef);

/** A site characteristic `name` with a value from `value`. */
export const named = (name: string, value: fc.Arbitrary<string>) => value.map((v) => ({ name, value: v }));

/** A related place of `role`. */
export const relatedPlace = (role: string, place: fc.Arbitrary<Json>) =>
  fc.record(
    { '@type': fc.constant('RelatedPlaceRefOrValue'), role: fc.constant(role), place },
    { requiredKeys: ['role', 'place'] },
  );
const anyRelatedPlace = fc
  .constantFrom('locationA', 'locationB', 'alternateAddress')
  .chain(once((role) => relatedPlace(role, anyPlace)));
/** A locationA place of any kind. */
export const locationA = relatedPlace('locationA', anyPlace);
/** A locationA place and a locationB site holding `required` and one nested place, in either order. */
export const withLocationBSite = (required: fc.Arbitrary<Json[]>) =>
  insert(relatedPlace('locationB', site(required, { minLength: 1, maxLength: 1 })), fc.tuple(locationA));

/** A product of `type` with the related places of `relatedPlaces`, which may be left out unless required. */
export const product = (type: string, relatedPlaces: fc.Arbitrary<Json[]>, requirePlaces: boolean) =>
  fc.record(
    { '@type': fc.constant(type), name: text(1, 40), relatedPlace: relatedPlaces },
    { requiredKeys: ['@type', ...(requirePlaces ? ['relatedPlace' as const] : [])] },
  );

/** An order item of an action from `action`, with a product from `products`. */
export const item = (action: fc.Arbitrary<string>, products: fc.Arbitrary<Json>, requireProduct: boolean) =>
  fc.record(
    { '@type': fc.constant('ProductOrderItem'), id: fc.stringMatching(/^[0-9]{2}$/), action, product: products },
    { requiredKeys: ['action', ...(requireProduct ? ['product' as const] : [])] },
  );

/** A product of any type, with any places or none. */
export const anyProduct = fc
  .constantFrom(...productTypes, ...otherProducts)
  .chain(once((type) => product(type, fc.array(anyRelatedPlace, { maxLength: 3 }), false)));

/** Any places of a product whose type no rule constrains. */
export const anyPlaces = fc.array(anyRelatedPlace, { maxLength: 3 });

// ---------------------------------------------------------------------------------------------
// A valid order, composed of the rules' parts (src/arbitraries/compose.ts)

/** What the skeleton builds for the rules: the orders they break and the items their parts hold. */
export interface Orders {
  /** A valid ProductOrder_FVO of any category. */
  readonly order: fc.Arbitrary<Json>;
  /** A valid ProductOrder_FVO of `category`. */
  readonly orderOf: (category: string) => fc.Arbitrary<Json>;
  /** An order item valid in an order of `category`. */
  readonly orderItem: (category: string) => fc.Arbitrary<Json>;
  /** A related party of any role, with the contact media its rule demands. */
  readonly relatedParty: fc.Arbitrary<Json>;
  /** An item of a new order whose product has `type`, with `places` or those the rules demand of it. */
  readonly newItem: (type: string, places?: fc.Arbitrary<Json[]>) => fc.Arbitrary<Json>;
  /** A valid in-flight change: its own fields, and the shared parts of a valid order. */
  readonly inflightOrder: fc.Arbitrary<Json>;
}

/** A rule's part of a valid order: what it demands, where the skeleton alone would break it. */
export interface OrderPart {
  /** Related parties of the rule's roles, with the contact media it demands. */
  readonly parties?: fc.Arbitrary<Json>;
  /** The related parties an order of a category must carry, by category. */
  readonly partiesOf?: Readonly<Record<string, fc.Arbitrary<Json[]>>>;
  /** The relatedPlace list a new order needs, by product type. */
  readonly places?: Readonly<Record<string, fc.Arbitrary<Json[]>>>;
  /** The item of a new order, given its product type and places. */
  readonly newItem?: (type: string, places: fc.Arbitrary<Json[]>) => fc.Arbitrary<Json>;
  /** The items valid in an order of a category, by category; `orders` gives the new order's items. */
  readonly items?: Readonly<
    Record<string, (made: { newItemOf: (type: string) => fc.Arbitrary<Json> }) => fc.Arbitrary<Json>>
  >;
  /** An agreement of the order. */
  readonly agreement?: fc.Arbitrary<Json>;
  /** The most product offering qualifications an order of a category may carry, by category. */
  readonly qualifications?: Readonly<Record<string, number>>;
}

/** A rule folder's arbitrary.ts: its part of a valid order, its mutants and its in-flight mutants. */
export interface RuleArbitrary {
  readonly part?: OrderPart;
  /** Orders that break the rule alone, each with the one violation it gives. */
  readonly mutants?: (orders: Orders) => fc.Arbitrary<Mutant>;
  /** In-flight changes that break the rule alone; else an in-flight rule's order mutants, carried into a change. */
  readonly inflightMutants?: (orders: Orders) => fc.Arbitrary<Mutant>;
  /** The codes of the mutants' violations: each code some mutant gives, and none other. */
  readonly faults?: readonly ViolationCode[];
  /** The codes of the in-flight mutants' violations, where the rule has in-flight mutants of its own. */
  readonly inflightFaults?: readonly ViolationCode[];
}

// ---------------------------------------------------------------------------------------------
// Mutations: from a valid order, break exactly one rule in one way

/** An order that breaks one rule, with the one violation it must give. */
export interface Mutant {
  readonly order: unknown;
  readonly rule: RuleId;
  readonly code: ViolationCode;
  readonly path: string;
  /** What was broken, for a readable counterexample. */
  readonly what: string;
}

/** Holds the order, so that a break can replace the order itself. */
export type Box = { '': unknown };

/** A node of an order: its pointer, and the object or array that holds it under `key`. */
export interface Target {
  readonly path: string;
  readonly holder: Record<string | number, unknown>;
  readonly key: string | number;
}

/** One way to break a node: the code it gives and the pointer, below the node, of the violation. */
export interface Break {
  readonly what: string;
  readonly code: ViolationCode;
  /** Pointer suffix of the violation below the target; a function when it depends on the target. */
  readonly at: string | ((target: Target) => string);
  apply(target: Target): void;
}

export const nodeOf = (t: Target) => t.holder[t.key] as Json;
export const listOf = (t: Target) => t.holder[t.key] as Json[];
export const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);
export const typed = (type: string) => (v: unknown) => isObject(v) && v['@type'] === type;
const show = (value: unknown) => JSON.stringify(value)?.slice(0, 40);

/** Replaces the node itself. */
export const swap = (value: unknown): Break => ({
  what: `= ${show(value)}`,
  code: 'wrong_type',
  at: '',
  apply: (t) => {
    t.holder[t.key] = value;
  },
});

/** Removes a field: reported at the node that lacks it. */
export const drop = (field: string): Break => ({
  what: `without ${field}`,
  code: 'required',
  at: '',
  apply: (t) => {
    delete nodeOf(t)[field];
  },
});

/** Sets a field to a wrong value: reported at the field. */
export const put = (field: string, value: unknown, code: ViolationCode): Break => ({
  what: `${field} = ${show(value)}`,
  code,
  at: `/${field}`,
  apply: (t) => {
    nodeOf(t)[field] = value;
  },
});

/** A break of its own. */
export const edit = (what: string, code: ViolationCode, at: Break['at'], apply: (t: Target) => void): Break => ({
  what,
  code,
  at,
  apply,
});

/** The ways to break a string field's bounds: empty, too long, not a string. */
export function bounds(field: string, max: number): fc.Arbitrary<Break>[] {
  return [
    fc.constant(put(field, '', 'too_short')),
    text(max + 1, max + 8).map((long) => put(field, long, 'too_long')),
    fc.constantFrom(42, null, true, [], {}).map((value) => put(field, value, 'wrong_type')),
  ];
}

/** A string that is none of `known`, often one of them in the wrong case. */
export const unknownString = (known: readonly string[]) =>
  fc
    .oneof(fc.constantFrom(...known.map((k) => k.toUpperCase())), fc.string({ maxLength: 12 }))
    .filter((v) => !known.includes(v));

/** The nodes at a path pattern where `*` stands for every index of an array. */
export function find(box: Box, pattern: string, where: (node: unknown) => boolean = isObject): Target[] {
  let targets: Target[] = [{ path: '', holder: box, key: '' }];
  for (const token of pattern.split('/').slice(1)) {
    const next: Target[] = [];
    for (const t of targets) {
      const node = t.holder[t.key];
      if (token === '*' && Array.isArray(node))
        for (let i = 0; i < node.length; i++) next.push({ path: `${t.path}/${i}`, holder: node as never, key: i });
      else if (token !== '*' && isObject(node) && token in node)
        next.push({ path: `${t.path}/${token}`, holder: node, key: token });
    }
    targets = next;
  }
  return targets.filter((t) => where(t.holder[t.key]));
}

/** The order itself. */
export const root = (box: Box): Target[] => [{ path: '', holder: box, key: '' }];

/** Mutants of `rule`: an order from `orders`, one of the targets `locate` finds, one of `breaks`. */
export function family(
  rule: RuleId,
  orders: fc.Arbitrary<Json>,
  locate: (box: Box) => Target[],
  breaks: fc.Arbitrary<Break>[],
): fc.Arbitrary<Mutant> {
  return fc
    .tuple(orders, fc.nat(), fc.oneof(...breaks))
    .filter(([valid]) => locate({ '': valid }).length > 0)
    .map(([valid, pick, broken]) => {
      const box: Box = { '': structuredClone(valid) };
      const targets = locate(box);
      const target = targets[pick % targets.length];
      const at = typeof broken.at === 'string' ? broken.at : broken.at(target);
      broken.apply(target);
      const path = target.path + at;
      return { order: box[''], rule, code: broken.code, path, what: `${path}: ${broken.what}` };
    });
}

/** An order of a category from `category` with `extra` appended to its list `key`. */
export const withExtra = (
  orders: Orders,
  category: fc.Arbitrary<string>,
  key: string,
  extra: fc.Arbitrary<Json>,
): fc.Arbitrary<Json> =>
  fc
    .tuple(category.chain(orders.orderOf), extra)
    .map(([o, x]) => ({ ...o, [key]: [...((o[key] as Json[]) ?? []), x] }));

/** The parties of an order's related parties. */
export const parties = '/relatedParty/*/partyOrPartyRole';
/** The relatedPlace lists of an order's items. */
export const places = '/productOrderItem/*/product/relatedPlace';

// R3 and R4 -----------------------------------------------------------------------------------

/** Mutants of a rule that demands a contact medium of `type` of the parties of `roles`. */
export function contactFamily(
  orders: Orders,
  rule: RuleId,
  roles: readonly string[],
  kind: fc.Arbitrary<Json>,
  type: string,
  code: ViolationCode,
) {
  const withParty = withExtra(
    orders,
    fc.constantFrom(...categories),
    'relatedParty',
    related(fc.constantFrom(...roles), party(insert(kind, media), true)),
  );
  const locate = (box: Box) =>
    find(box, parties).filter((t) =>
      roles.includes(String((box[''] as Json[] & Json).relatedParty && rolesAt(box, t))),
    );
  return family(rule, withParty, locate, [
    fc.constant(
      edit('without contactMedium', code, '', (t) => {
        delete nodeOf(t).contactMedium;
      }),
    ),
    fc.constant(
      edit(`without any ${type}`, code, '/contactMedium', (t) => {
        const p = nodeOf(t);
        p.contactMedium = (p.contactMedium as Json[]).filter((m) => m['@type'] !== type);
      }),
    ),
  ]);
}

/** The role of the related party a partyOrPartyRole target belongs to. */
const rolesAt = (box: Box, t: Target) => ((box[''] as Json).relatedParty as Json[])[Number(t.path.split('/')[2])].role;

// R10 to R12 ----------------------------------------------------------------------------------

/** The relatedPlace lists of the items whose product has `type`. */
export const placesOfType = (type: string) => (box: Box) =>
  find(box, places, Array.isArray).filter((t) => {
    const item = ((box[''] as Json).productOrderItem as Json[])[Number(t.path.split('/')[2])];
    return (item.product as Json)['@type'] === type;
  });

/** Too few places (the `without` place removed, or all), or one to three too many. */
export function countBreaks(max: number, without?: string): fc.Arbitrary<Break>[] {
  return [
    fc.constant(
      edit(without ? `without the ${without} place` : 'no places', 'too_few_items', '', (t) => {
        const list = listOf(t);
        const kept = without ? list.filter((p) => p.role !== without) : [];
        list.splice(0, list.length, ...kept);
      }),
    ),
    fc.tuple(fc.integer({ min: 1, max: 3 }), fc.constantFrom('locationA', 'alternateAddress')).map(([extra, role]) =>
      edit(`${extra} places too many`, 'too_many_items', '', (t) => {
        const list = listOf(t);
        while (list.length < max + extra) list.push({ role, place: { '@type': 'GeographicAddress' } });
      }),
    ),
  ];
}

/** Every place with role `from` gets role `to`, so none has role `from`. */
export const roleBreak = (from: string, to: string) =>
  edit(`${from} turned ${to}`, 'missing_role', '', (t) => {
    for (const place of listOf(t)) if (place.role === from) place.role = to;
  });

/** Breaks of the locationB site: its kind, one characteristic's value or presence, its nested place. */
export function siteBreaks(
  name: string,
  values: fc.Arbitrary<readonly [unknown, ViolationCode]>,
): fc.Arbitrary<Break>[] {
  const siteIndex = (t: Target) => listOf(t).findIndex((p) => p.role === 'locationB');
  const siteOf = (t: Target) => listOf(t)[siteIndex(t)].place as Json;
  const characteristics = (t: Target) => siteOf(t).geographicSiteCharacteristic as Json[];
  const named = (t: Target) => characteristics(t).findIndex((c) => c.name === name);
  const listAt = (t: Target) => `/${siteIndex(t)}/place/geographicSiteCharacteristic`;
  return [
    values.map(([value, code]) =>
      edit(
        `${name} = ${show(value)}`,
        code,
        (t) => `${listAt(t)}/${named(t)}/value`,
        (t) => {
          characteristics(t)[named(t)].value = value;
        },
      ),
    ),
    fc.constant(
      edit(`without ${name}`, 'missing_characteristic', listAt, (t) => {
        characteristics(t).splice(named(t), 1);
      }),
    ),
    fc.constantFrom(0, 2).map((n) =>
      edit(
        `${n} nested places`,
        n ? 'too_many_items' : 'too_few_items',
        (t) => `/${siteIndex(t)}/place/place`,
        (t) => {
          siteOf(t).place = Array.from({ length: n }, () => ({
            '@type': 'PlaceRef',
            id: 'P',
            '@referredType': 'GeographicAddress',
          }));
        },
      ),
    ),
    fc
      .constantFrom<Json>(
        { '@type': 'GeographicAddress' },
        { '@type': 'PlaceRef', id: 'A1', '@referredType': 'GeographicAddress' },
      )
      .map((place) =>
        edit(
          `locationB place is a ${place['@type']}`,
          'not_allowed',
          (t) => `/${siteIndex(t)}/place/@type`,
          (t) => {
            listOf(t)[siteIndex(t)].place = place;
          },
        ),
      ),
  ];
}
