// Arbitraries of product orders: valid by construction, and mutations that break exactly one rule.
import fc from 'fast-check';
import type { RuleId, ViolationCode } from '../src/index.js';
import { categories, contactRoles, deliveryRoles, freeRoles, terminations } from '../src/rules/test-kit.js';

type Json = Record<string, unknown>;

// ---------------------------------------------------------------------------------------------
// Building blocks

export const productTypes = [
  'HvtLocalLoopProduct',
  'KvzLocalLoopProduct',
  'BitstreamAccessProduct',
  'OpticalAccessLineProduct',
] as const;
const otherProducts = ['FtthAccessProduct', 'VoiceProduct'];
const actions = ['add', 'modify', 'delete', 'nochange', 'noChange', 'transfer'];

/**
 * `build`, remembering what it made for each key: a `chain` that builds its arbitrary anew for every
 * value costs fast-check far more than generating from it (a new `fc.string` or `fc.stringMatching`
 * first tokenises its default slices, through a mapping that throws on each one it cannot read:
 * about 4 ms of CPU an order, against 0.1 ms to validate it). The values are the same.
 */
function once<K, V>(build: (key: K) => V): (key: K) => V {
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
const entity = (type: string) =>
  fc.record({ '@type': fc.constant(type), id: text(1, 20), name: text(1, 30) }, { requiredKeys: [] });

/** Puts `item` into `list` at a random place. */
function insert<T>(item: fc.Arbitrary<T>, list: fc.Arbitrary<T[]>): fc.Arbitrary<T[]> {
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
const media = fc.array(medium, { maxLength: 3 });

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

const party = (contactMedium: fc.Arbitrary<unknown[]>, required: boolean) =>
  fc.oneof(individual(contactMedium, required), organization(contactMedium, required));

const related = (role: fc.Arbitrary<string>, partyOrPartyRole: fc.Arbitrary<Json>) =>
  fc.record(
    { '@type': fc.constant('RelatedPartyOrPartyRole'), role, partyOrPartyRole },
    { requiredKeys: ['role', 'partyOrPartyRole'] },
  );

/** A related party with a role of R3, R4 or R5 and the contact media its rule demands. */
export const relatedParty: fc.Arbitrary<Json> = fc.oneof(
  related(fc.constantFrom(...contactRoles), party(insert(phone, media), true)),
  related(fc.constant('deliveryContact'), party(insert(postal, media), true)),
  related(fc.constantFrom(...freeRoles), party(media, false)),
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
const site = (required: fc.Arbitrary<Json[]>, places: { minLength: number; maxLength: number }) =>
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

const named = (name: string, value: fc.Arbitrary<string>) => value.map((v) => ({ name, value: v }));
const localLoopSite = site(
  fc.tuple(
    named('national_destination_code', fc.stringMatching(/^[1-9][0-9]{1,4}$/)),
    named('local_exchange_area', fc.stringMatching(/^[1-9][0-9]{0,3}$/)),
  ),
  { minLength: 1, maxLength: 1 },
);
const collocationSite = site(fc.tuple(named('collocation_room_name', text(1, 50))), { minLength: 1, maxLength: 1 });

const relatedPlace = (role: string, place: fc.Arbitrary<Json>) =>
  fc.record(
    { '@type': fc.constant('RelatedPlaceRefOrValue'), role: fc.constant(role), place },
    { requiredKeys: ['role', 'place'] },
  );
const anyRelatedPlace = fc
  .constantFrom('locationA', 'locationB', 'alternateAddress')
  .chain(once((role) => relatedPlace(role, anyPlace)));
const locationA = relatedPlace('locationA', anyPlace);

/** The relatedPlace list a new order needs for each product type (R10 to R12). */
const placesOf: Record<string, fc.Arbitrary<Json[]>> = {
  HvtLocalLoopProduct: insert(
    relatedPlace('locationB', localLoopSite),
    locationA.map((a) => [a]),
  ),
  KvzLocalLoopProduct: insert(
    relatedPlace('locationB', localLoopSite),
    locationA.map((a) => [a]),
  ),
  BitstreamAccessProduct: locationA.map((a) => [a]),
  OpticalAccessLineProduct: fc.oneof(
    locationA.map((a) => [a]),
    insert(
      relatedPlace('locationB', collocationSite),
      locationA.map((a) => [a]),
    ),
    insert(
      relatedPlace('alternateAddress', anyPlace),
      locationA.map((a) => [a]),
    ),
    fc.tuple(locationA, locationA),
  ),
};

const product = (type: string, relatedPlaces: fc.Arbitrary<Json[]>, requirePlaces: boolean) =>
  fc.record(
    { '@type': fc.constant(type), name: text(1, 40), relatedPlace: relatedPlaces },
    { requiredKeys: ['@type', ...(requirePlaces ? ['relatedPlace' as const] : [])] },
  );

const item = (action: fc.Arbitrary<string>, products: fc.Arbitrary<Json>, requireProduct: boolean) =>
  fc.record(
    { '@type': fc.constant('ProductOrderItem'), id: fc.stringMatching(/^[0-9]{2}$/), action, product: products },
    { requiredKeys: ['action', ...(requireProduct ? ['product' as const] : [])] },
  );

const anyProduct = fc
  .constantFrom(...productTypes, ...otherProducts)
  .chain(once((type) => product(type, fc.array(anyRelatedPlace, { maxLength: 3 }), false)));

/** An item of a new order whose product has `type`, with the places R10 to R12 demand of it. */
export function newItem(type: string, places = placesOf[type]): fc.Arbitrary<Json> {
  return item(fc.constant('add'), product(type, places ?? fc.array(anyRelatedPlace, { maxLength: 3 }), true), true);
}

const newItemOf = once((type: string) => newItem(type));

/** An optical access line with a locationB collocation site. */
export const opticalWithSite = newItem(
  'OpticalAccessLineProduct',
  insert(
    relatedPlace('locationB', collocationSite),
    locationA.map((a) => [a]),
  ),
);

/** An order item valid for `category`: R9 to R12 for new, R14 for the terminations. */
export function orderItem(category: string): fc.Arbitrary<Json> {
  if (category === 'new') return fc.constantFrom(...productTypes, ...otherProducts).chain(newItemOf);
  if ((terminations as readonly string[]).includes(category)) return item(fc.constant('delete'), anyProduct, false);
  return item(fc.constantFrom(...actions), anyProduct, false);
}

const agreement = fc.record(
  {
    '@type': fc.constant('Agreement'),
    agreementType: fc.constantFrom('buyerServiceContract', 'preAgreement', 'singleContract'),
    name: text(1, 40),
    engagedParty: fc.array(
      fc.record(
        { '@type': fc.constant('Organization'), businessId: text(1, 40), name: text(1, 60) },
        { requiredKeys: ['@type', 'businessId'] },
      ),
      { maxLength: 1 },
    ),
  },
  { requiredKeys: ['@type', 'agreementType'] },
);

/** A valid ProductOrder_FVO of `category`. */
export const orderOf: (category: string) => fc.Arbitrary<Json> = once((category) =>
  fc.record(
    {
      '@type': fc.constant('ProductOrder'),
      category: fc.constant(category),
      description: text(1, 255),
      orderPostedDate: dateTime,
      priority: fc.oneof(fc.constantFrom('0', '1', '2', '3', '4'), text(1, 10)),
      requestedCompletionDate: dateTime,
      externalId: fc.tuple(entity('ExternalIdentifier')),
      billingAccount: entity('BillingAccountRef'),
      note: fc.array(fc.record({ '@type': fc.constant('InstallationInstruction'), text: text(1, 80) }), {
        maxLength: 2,
      }),
      productOfferingQualification: fc.array(entity('ProductOfferingQualificationRef'), {
        maxLength: category === 'new' ? 1 : 3,
      }),
      relatedParty: fc.array(relatedParty, { maxLength: 4 }),
      attachment: fc.array(entity('Attachment'), { maxLength: 1 }),
      productOrderRelationship: fc.array(entity('ProductOrderRelationship'), { maxLength: 1 }),
      additionalOrderInformation: fc.record(
        { hardwareIdType: fc.constant('OntSerialNumber'), hardwareIdValue: text(1, 20) },
        { requiredKeys: [] },
      ),
      productOrderItem: fc.array(orderItem(category), { minLength: 1, maxLength: 3 }),
      agreement: fc.array(agreement, { maxLength: 2 }),
    },
    { requiredKeys: ['category', 'orderPostedDate', 'requestedCompletionDate', 'relatedParty', 'productOrderItem'] },
  ),
);

/** A valid ProductOrder_FVO of any category. */
export const order: fc.Arbitrary<Json> = fc.constantFrom(...categories).chain(orderOf);

/** A class of the caller's, whose instances are objects but no JSON objects. */
class Carrier {
  id = '1';
}

/**
 * Values JSON.stringify would not send as they are, each made anew (a caller's own objects), with
 * whether it may stand as an object's property (`undefined` there is absent, as JSON leaves it out).
 */
export const notJson: fc.Arbitrary<{ value: unknown; found: string; inObject: boolean }> = fc
  .constantFrom<[string, () => unknown, boolean?]>(
    ['Date', () => new Date(0)],
    ['String', () => new String('new')],
    ['Number', () => new Number(1)],
    ['Boolean', () => new Boolean(true)],
    ['BigInt', () => 10n],
    ['function', () => () => 'x'],
    ['symbol', () => Symbol('x')],
    ['toJSON', () => ({ id: '1', toJSON: () => ({ other: 'shape' }) })],
    ['Map', () => new Map([['id', '1']])],
    ['Set', () => new Set(['1'])],
    ['Uint8Array', () => new Uint8Array(2)],
    ['Carrier', () => new Carrier()],
    ['prototype', () => Object.create({ id: '1' })],
    ['NaN', () => Number.NaN],
    ['Infinity', () => Number.POSITIVE_INFINITY],
    ['-Infinity', () => Number.NEGATIVE_INFINITY],
    ['undefined', () => undefined, false],
  )
  .map(([found, make, inObject = true]) => ({ value: make(), found, inObject }));

/**
 * A valid order with the node at a random place (found by a walk that takes a child `steps` times)
 * replaced by a value that is no JSON: the order and the pointer of that node.
 */
export const orderWithNotJson: fc.Arbitrary<{ order: Json; path: string; found: string }> = fc
  .tuple(order, fc.array(fc.nat(), { minLength: 1, maxLength: 8 }), notJson)
  .map(([o, steps, { value, found, inObject }]) => {
    let node: Record<string, unknown> | unknown[] = o;
    let path = '';
    for (const [i, step] of steps.entries()) {
      const keys = Object.keys(node);
      if (keys.length === 0) break;
      const key = keys[step % keys.length];
      const child = (node as Record<string, unknown>)[key];
      const last = i === steps.length - 1 || typeof child !== 'object' || child === null;
      if (last && (Array.isArray(node) || inObject)) {
        (node as Record<string, unknown>)[key] = value;
        return { order: o, path: `${path}/${key.replaceAll('~', '~0').replaceAll('/', '~1')}`, found };
      }
      if (last) break;
      path += `/${key.replaceAll('~', '~0').replaceAll('/', '~1')}`;
      node = child as Record<string, unknown>;
    }
    // no place taken: the value as a property of the order's own
    o['x-carrier'] = inObject ? value : [value];
    return { order: o, path: inObject ? '/x-carrier' : '/x-carrier/0', found };
  });

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
type Box = { '': unknown };

/** A node of an order: its pointer, and the object or array that holds it under `key`. */
interface Target {
  readonly path: string;
  readonly holder: Record<string | number, unknown>;
  readonly key: string | number;
}

/** One way to break a node: the code it gives and the pointer, below the node, of the violation. */
interface Break {
  readonly what: string;
  readonly code: ViolationCode;
  /** Pointer suffix of the violation below the target; a function when it depends on the target. */
  readonly at: string | ((target: Target) => string);
  apply(target: Target): void;
}

const nodeOf = (t: Target) => t.holder[t.key] as Json;
const listOf = (t: Target) => t.holder[t.key] as Json[];
const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);
const typed = (type: string) => (v: unknown) => isObject(v) && v['@type'] === type;
const show = (value: unknown) => JSON.stringify(value)?.slice(0, 40);

/** Replaces the node itself. */
const swap = (value: unknown): Break => ({
  what: `= ${show(value)}`,
  code: 'wrong_type',
  at: '',
  apply: (t) => {
    t.holder[t.key] = value;
  },
});

/** Removes a field: reported at the node that lacks it. */
const drop = (field: string): Break => ({
  what: `without ${field}`,
  code: 'required',
  at: '',
  apply: (t) => {
    delete nodeOf(t)[field];
  },
});

/** Sets a field to a wrong value: reported at the field. */
const put = (field: string, value: unknown, code: ViolationCode): Break => ({
  what: `${field} = ${show(value)}`,
  code,
  at: `/${field}`,
  apply: (t) => {
    nodeOf(t)[field] = value;
  },
});

/** A break of its own. */
const edit = (what: string, code: ViolationCode, at: Break['at'], apply: (t: Target) => void): Break => ({
  what,
  code,
  at,
  apply,
});

/** The ways to break a string field's bounds: empty, too long, not a string. */
function bounds(field: string, max: number): fc.Arbitrary<Break>[] {
  return [
    fc.constant(put(field, '', 'too_short')),
    text(max + 1, max + 8).map((long) => put(field, long, 'too_long')),
    fc.constantFrom(42, null, true, [], {}).map((value) => put(field, value, 'wrong_type')),
  ];
}

/** A string that is none of `known`, often one of them in the wrong case. */
const unknownString = (known: readonly string[]) =>
  fc
    .oneof(fc.constantFrom(...known.map((k) => k.toUpperCase())), fc.string({ maxLength: 12 }))
    .filter((v) => !known.includes(v));

/** The nodes at a path pattern where `*` stands for every index of an array. */
function find(box: Box, pattern: string, where: (node: unknown) => boolean = isObject): Target[] {
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

const root = (box: Box): Target[] => [{ path: '', holder: box, key: '' }];

/** Mutants of `rule`: an order from `orders`, one of the targets `locate` finds, one of `breaks`. */
function family(
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
const withExtra = (category: fc.Arbitrary<string>, key: string, extra: fc.Arbitrary<Json>) =>
  fc.tuple(category.chain(orderOf), extra).map(([o, x]) => ({ ...o, [key]: [...((o[key] as Json[]) ?? []), x] }));

const anyOrder = order;
const newOrder = orderOf('new');
const parties = '/relatedParty/*/partyOrPartyRole';
const places = '/productOrderItem/*/product/relatedPlace';

// R-field -------------------------------------------------------------------------------------

const dateFaults = [
  '2023-01-01T08:00+01:00',
  '2023-01-01T08:00:00',
  '2023-01-01',
  '2023-02-30T08:00:00Z',
  '2023-01-01 08:00:00Z',
  '2023-01-01T08:00:00+0100',
  '2023-13-01T08:00:00Z',
];

const fieldBreaks: fc.Arbitrary<Break>[] = [
  fc
    .constantFrom('productOrderItem', 'category', 'orderPostedDate', 'requestedCompletionDate', 'relatedParty')
    .map(drop),
  unknownString(categories).map((c) => put('category', c, 'not_allowed')),
  ...bounds('description', 255),
  ...bounds('priority', 10),
  fc
    .tuple(fc.constantFrom('orderPostedDate', 'requestedCompletionDate'), fc.constantFrom(...dateFaults))
    .map(([field, value]) => put(field, value, 'invalid_date_time')),
  fc.constantFrom('orderPostedDate', 'requestedCompletionDate').map((f) => put(f, 20230101, 'wrong_type')),
  fc.constant(put('externalId', [], 'too_few_items')),
  fc.constant(put('externalId', [{ id: 'A' }, { id: 'B' }], 'too_many_items')),
  fc.constant(put('productOrderItem', [], 'too_few_items')),
  fc
    .constantFrom('relatedParty', 'productOrderItem', 'note', 'agreement', 'attachment', 'productOfferingQualification')
    .map((f) => put(f, { 0: {} }, 'wrong_type')),
  fc.constantFrom('note', 'attachment', 'productOrderRelationship').map((f) =>
    edit(`${f} = ["text"]`, 'wrong_type', `/${f}/0`, (t) => {
      nodeOf(t)[f] = ['text'];
    }),
  ),
  fc.constantFrom('billingAccount', 'additionalOrderInformation').map((f) => put(f, [], 'wrong_type')),
  fc.constantFrom('@type', '@baseType', '@schemaLocation').map((f) => put(f, 622, 'wrong_type')),
  fc.constantFrom(null, 42, 'order', [], true).map(swap),
];

// R-contact -----------------------------------------------------------------------------------

const mediumBreaks: ReadonlyArray<readonly [fc.Arbitrary<Json>, fc.Arbitrary<Break>[]]> = [
  [
    phone,
    [
      ...bounds('phoneNumber', 30),
      fc.constantFrom('contactType', 'phoneNumber').map(drop),
      fc.constantFrom('email', 'postal', 'Fixed').map((v) => put('contactType', v, 'not_allowed')),
    ],
  ],
  [
    email,
    [
      ...bounds('emailAddress', 255),
      fc.constantFrom('contactType', 'emailAddress').map(drop),
      fc.constantFrom('fixed', 'postal').map((v) => put('contactType', v, 'not_allowed')),
    ],
  ],
  [
    postal,
    [
      ...(
        [
          ['city', 40],
          ['country', 2],
          ['locality', 40],
          ['postcode', 6],
          ['streetName', 40],
          ['streetNr', 4],
          ['streetNrSuffix', 6],
        ] as const
      ).flatMap(([field, max]) => bounds(field, max)),
      fc.constantFrom('contactType', 'city', 'postcode', 'streetName', 'streetNr').map(drop),
      fc.constantFrom('mobile', 'email').map((v) => put('contactType', v, 'not_allowed')),
    ],
  ],
];

const anyMediumBreaks = [
  unknownString(['PhoneContactMedium', 'EmailContactMedium', 'PostalAddressContactMedium']).map((t) =>
    put('@type', t, 'unknown_type'),
  ),
  fc.constant(drop('@type')),
  fc.constantFrom('phone', 7, null, []).map(swap),
];

/** An order with a last, free-role party whose last contact medium is of `kind`: breaking it touches no R3 or R4. */
const extraMedium = (kind: fc.Arbitrary<Json>) =>
  withExtra(
    fc.constantFrom(...categories),
    'relatedParty',
    related(fc.constantFrom(...freeRoles), party(media, false)).chain((r) =>
      kind.map((m) => {
        const p = r.partyOrPartyRole as Json;
        return { ...r, partyOrPartyRole: { ...p, contactMedium: [...((p.contactMedium as Json[]) ?? []), m] } };
      }),
    ),
  );

const lastMedium = (box: Box) => find(box, `${parties}/contactMedium/*`).slice(-1);

// R3 and R4 -----------------------------------------------------------------------------------

function contactFamily(rule: RuleId, roles: string[], kind: fc.Arbitrary<Json>, type: string, code: ViolationCode) {
  const orders = withExtra(
    fc.constantFrom(...categories),
    'relatedParty',
    related(fc.constantFrom(...roles), party(insert(kind, media), true)),
  );
  const locate = (box: Box) =>
    find(box, parties).filter((t) =>
      roles.includes(String((box[''] as Json[] & Json).relatedParty && rolesAt(box, t))),
    );
  return family(rule, orders, locate, [
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
const placesOfType = (type: string) => (box: Box) =>
  find(box, places, Array.isArray).filter((t) => {
    const item = ((box[''] as Json).productOrderItem as Json[])[Number(t.path.split('/')[2])];
    return (item.product as Json)['@type'] === type;
  });

/** Too few places (the `without` place removed, or all), or one to three too many. */
function countBreaks(max: number, without?: string): fc.Arbitrary<Break>[] {
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
const roleBreak = (from: string, to: string) =>
  edit(`${from} turned ${to}`, 'missing_role', '', (t) => {
    for (const place of listOf(t)) if (place.role === from) place.role = to;
  });

/** Breaks of the locationB site: its kind, one characteristic's value or presence, its nested place. */
function siteBreaks(name: string, values: fc.Arbitrary<readonly [unknown, ViolationCode]>): fc.Arbitrary<Break>[] {
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

const patternFaults = (bad: string[]) =>
  fc.oneof(
    fc.constantFrom(...bad).map((v) => [v, 'pattern_mismatch'] as const),
    fc.constantFrom(221, null, ['221']).map((v) => [v, 'wrong_type'] as const),
  );

const localLoopFamily = (type: string) =>
  family('R10', withExtra(fc.constant('new'), 'productOrderItem', newItem(type)), placesOfType(type), [
    ...countBreaks(2, 'locationB'),
    fc.constantFrom(roleBreak('locationB', 'alternateAddress'), roleBreak('locationA', 'alternateAddress')),
    ...siteBreaks('national_destination_code', patternFaults(['0221', '1', '123456', '22a', ' 221'])),
    ...siteBreaks('local_exchange_area', patternFaults(['0', '12345', 'x', '012'])),
  ]);

const roomNameFaults = fc.oneof(
  fc.constant(['', 'too_short'] as const),
  text(51, 60).map((v) => [v, 'too_long'] as const),
  fc.constantFrom(7, null).map((v) => [v, 'wrong_type'] as const),
);

// R13 -----------------------------------------------------------------------------------------

const withEngagedParty = withExtra(
  fc.constantFrom(...categories),
  'agreement',
  fc.record({
    agreementType: fc.constant('preAgreement'),
    engagedParty: fc.tuple(fc.record({ '@type': fc.constant('Organization'), businessId: text(1, 40) })),
  }),
);

// ---------------------------------------------------------------------------------------------

/** Every family of mutants: one per rule that can fail, each breaking it in every way the spec allows. */
export const mutants: Readonly<Partial<Record<RuleId, fc.Arbitrary<Mutant>>>> = {
  'R-field': family('R-field', anyOrder, root, fieldBreaks),
  'R-contact': fc.oneof(
    ...mediumBreaks.map(([kind, breaks]) =>
      family('R-contact', extraMedium(kind), lastMedium, [...breaks, ...anyMediumBreaks]),
    ),
    family('R-contact', anyOrder, (box) => find(box, `${parties}/contactMedium`, Array.isArray), [
      fc.constantFrom({}, 'phone', 5).map(swap),
    ]),
  ),
  'R-party': fc.oneof(
    family('R-party', anyOrder, (box) => find(box, parties, typed('Individual')), [
      ...bounds('familyName', 30),
      ...bounds('givenName', 30),
      ...bounds('salutation', 30),
      fc.constantFrom('familyName', 'salutation').map(drop),
    ]),
    family('R-party', anyOrder, (box) => find(box, parties, typed('Organization')), [
      ...bounds('name', 60),
      fc.constant(drop('name')),
    ]),
    family('R-party', anyOrder, (box) => find(box, parties), [
      unknownString(['Individual', 'Organization']).map((t) => put('@type', t, 'unknown_type')),
      fc.constant(drop('@type')),
      fc.constantFrom('Muster', 1, null, []).map(swap),
    ]),
    family('R-party', anyOrder, (box) => find(box, '/relatedParty/*'), [fc.constant(drop('partyOrPartyRole'))]),
  ),
  R1: family('R1', newOrder, root, [
    fc
      .array(entity('ProductOfferingQualificationRef'), { minLength: 2, maxLength: 4 })
      .map((list) => put('productOfferingQualification', list, 'too_many_items')),
  ]),
  R3: contactFamily('R3', contactRoles, phone, 'PhoneContactMedium', 'missing_phone_contact'),
  R4: contactFamily('R4', deliveryRoles, postal, 'PostalAddressContactMedium', 'missing_postal_contact'),
  R6: family('R6', anyOrder, (box) => find(box, '/relatedParty/*'), [
    unknownString([...contactRoles, ...deliveryRoles, ...freeRoles]).map((r) => put('role', r, 'unknown_role')),
    fc.constant(drop('role')),
  ]),
  R7: fc.oneof(
    family('R7', newOrder, (box) => find(box, `${places}/*`), [
      unknownString(['locationA', 'locationB', 'alternateAddress']).map((r) => put('role', r, 'not_allowed')),
      fc.constant(drop('role')),
      fc.constantFrom('place', 3, null, []).map(swap),
    ]),
    family('R7', anyOrder, (box) => find(box, places, Array.isArray), [fc.constantFrom({}, 'locationA').map(swap)]),
  ),
  R8: fc.oneof(
    family('R8', newOrder, (box) => find(box, `${places}/*`), [
      fc.constant(drop('place')),
      fc.constantFrom('address', 0, null, []).map((v) => put('place', v, 'wrong_type')),
    ]),
    family('R8', newOrder, (box) => find(box, `${places}/*/place`), [
      unknownString(['GeographicAddress', 'GeographicSite', 'PlaceRef']).map((t) => put('@type', t, 'unknown_type')),
      fc.constant(drop('@type')),
    ]),
    family('R8', newOrder, (box) => find(box, `${places}/*/place`, typed('GeographicSite')), [
      fc.constantFrom('geographicSiteCharacteristic', 'place').map(drop),
      fc
        .tuple(fc.constantFrom('geographicSiteCharacteristic', 'place'), fc.constantFrom({}, 'x'))
        .map(([f, v]) => put(f, v, 'wrong_type')),
    ]),
    family('R8', newOrder, (box) => find(box, `${places}/*/place/geographicSiteCharacteristic/*`), [
      fc.constantFrom('name', 'value').map(drop),
      fc.constantFrom(5, null, {}).map((v) => put('name', v, 'wrong_type')),
      fc.constantFrom('room', 4, null).map(swap),
    ]),
    family('R8', newOrder, (box) => find(box, `${places}/*/place`, typed('PlaceRef')), [
      fc.constantFrom('id', '@referredType').map(drop),
      fc.constantFrom(5, null).map((v) => put('id', v, 'wrong_type')),
      fc
        .constantFrom('GeographicSite', 'PlaceRef', 'geographicAddress')
        .map((v) => put('@referredType', v, 'not_allowed')),
    ]),
  ),
  R9: family('R9', newOrder, (box) => find(box, '/productOrderItem/*'), [
    fc.constantFrom('modify', 'delete', 'nochange', 'transfer', 'Add').map((a) => put('action', a, 'not_allowed')),
    fc.constantFrom('action', 'product').map(drop),
    fc.constant(
      edit('product without relatedPlace', 'required', '/product', (t) => {
        delete (nodeOf(t).product as Json).relatedPlace;
      }),
    ),
  ]),
  R10: fc.oneof(localLoopFamily('HvtLocalLoopProduct'), localLoopFamily('KvzLocalLoopProduct')),
  R11: family(
    'R11',
    withExtra(fc.constant('new'), 'productOrderItem', newItem('BitstreamAccessProduct')),
    placesOfType('BitstreamAccessProduct'),
    [
      ...countBreaks(1),
      fc.constantFrom('locationB', 'alternateAddress').map((role) =>
        edit(`the place has role ${role}`, 'not_allowed', '/0/role', (t) => {
          listOf(t)[0].role = role;
        }),
      ),
    ],
  ),
  R12: fc.oneof(
    family(
      'R12',
      withExtra(fc.constant('new'), 'productOrderItem', newItem('OpticalAccessLineProduct')),
      placesOfType('OpticalAccessLineProduct'),
      [...countBreaks(2), fc.constant(roleBreak('locationA', 'alternateAddress'))],
    ),
    family(
      'R12',
      withExtra(fc.constant('new'), 'productOrderItem', opticalWithSite),
      (box) =>
        placesOfType('OpticalAccessLineProduct')(box).filter((t) => listOf(t).some((p) => p.role === 'locationB')),
      siteBreaks('collocation_room_name', roomNameFaults),
    ),
  ),
  R13: fc.oneof(
    family('R13', withEngagedParty, (box) => find(box, '/agreement/*/engagedParty/*'), [
      ...bounds('businessId', 40),
      fc.constantFrom('businessId', '@type').map(drop),
      fc.constantFrom('Individual', 'organization').map((t) => put('@type', t, 'not_allowed')),
      fc.constantFrom('ACME', 1, null).map(swap),
    ]),
    family('R13', withEngagedParty, (box) => find(box, '/agreement/*/engagedParty', Array.isArray), [
      fc.constantFrom({ '@type': 'Organization', businessId: 'DEU.X' }, 'DEU.X').map(swap),
      fc.constant(
        edit('two engaged parties', 'too_many_items', '', (t) => {
          const list = listOf(t);
          while (list.length < 2) list.push({ '@type': 'Organization', businessId: 'DEU.Y' });
        }),
      ),
    ]),
  ),
  R14: family('R14', fc.constantFrom(...terminations).chain(orderOf), (box) => find(box, '/productOrderItem/*'), [
    fc.constantFrom('add', 'modify', 'nochange', 'transfer', 'Delete').map((a) => put('action', a, 'not_allowed')),
    fc.constant(drop('action')),
  ]),
};

// ---------------------------------------------------------------------------------------------
// In-flight changes: the parts they share with an order come from valid (or mutated) orders

/** The parts an InflightChangeProductOrder_FVO shares with a ProductOrder_FVO. */
const shared = ['relatedParty', 'productOrderItem', 'agreement', 'note', 'externalId', 'additionalOrderInformation'];

/** The fields of an in-flight change of its own. */
const changeFields = fc.record(
  {
    '@type': fc.constant('InflightChangeProductOrder'),
    id: text(1, 36),
    requestPostedDate: dateTime,
    entity: fc.record(
      {
        '@type': fc.constantFrom('ProductOrderRef', 'ProductOrder'),
        id: text(1, 40),
        href: text(1, 60),
        name: text(1, 30),
        '@referredType': fc.constant('ProductOrder'),
      },
      { requiredKeys: ['@type', 'id'] },
    ),
    category: fc.array(fc.oneof(fc.constantFrom('rescheduling', 'changeOfContact', 'providerChange'), text(0, 20)), {
      minLength: 1,
      maxLength: 3,
    }),
    requestedCompletionDate: dateTime,
    closeMessage: fc.record({ code: text(1, 8), text: text(1, 40) }, { requiredKeys: [] }),
    providerChangeInfo: fc.record(
      { '@type': fc.constant('ProviderChangeInfo'), approval: fc.boolean(), respondTime: dateTime },
      { requiredKeys: ['@type'] },
    ),
  },
  { requiredKeys: ['@type', 'requestPostedDate', 'entity', 'category'] },
);

/** An in-flight change made of `change`'s own fields and the shared parts of `order`. */
function transplant(order: unknown, change: Json): Json {
  const out: Json = { ...change };
  for (const key of shared) if (isObject(order) && key in order) out[key] = order[key];
  return out;
}

/** A valid InflightChangeProductOrder_FVO whose related parties, items and agreements come from any valid order. */
export const inflightOrder: fc.Arbitrary<Json> = fc
  .tuple(order, changeFields)
  .map(([valid, change]) => transplant(valid, change));

/** The order rules that apply to an in-flight change's shared parts. */
const sharedRules: RuleId[] = ['R-contact', 'R-party', 'R3', 'R4', 'R6', 'R7', 'R8', 'R13'];

const inflightFieldBreaks: fc.Arbitrary<Break>[] = [
  fc.constantFrom('@type', 'requestPostedDate', 'entity', 'category').map(drop),
  fc
    .tuple(fc.constantFrom('requestPostedDate', 'requestedCompletionDate'), fc.constantFrom(...dateFaults))
    .map(([field, value]) => put(field, value, 'invalid_date_time')),
  fc.constant(put('category', [], 'too_few_items')),
  fc.constantFrom('new', 7, {}, null).map((value) => put('category', value, 'wrong_type')),
  fc.constant(
    edit('category = [3]', 'wrong_type', '/category/0', (t) => {
      nodeOf(t).category = [3];
    }),
  ),
  fc.constantFrom('entity', 'closeMessage', 'providerChangeInfo').map((f) => put(f, [], 'wrong_type')),
  fc
    .constantFrom('relatedParty', 'productOrderItem', 'agreement', 'note', 'externalId')
    .map((f) => put(f, { 0: {} }, 'wrong_type')),
  fc.constantFrom('@type', '@baseType', '@schemaLocation', 'id').map((f) => put(f, 622, 'wrong_type')),
  fc.constantFrom(null, 42, 'change', [], true).map(swap),
];

/** Every family of in-flight mutants: its own field table, and the order rules its shared parts carry. */
export const inflightMutants: Readonly<Partial<Record<RuleId, fc.Arbitrary<Mutant>>>> = {
  'R-field': fc.oneof(
    family('R-field', inflightOrder, root, inflightFieldBreaks),
    family('R-field', inflightOrder, (box) => find(box, '/entity'), [
      fc.constantFrom('@type', 'id').map(drop),
      fc.constantFrom('@type', 'id', 'href', 'name', '@referredType').map((f) => put(f, 5, 'wrong_type')),
    ]),
  ),
  ...Object.fromEntries(
    sharedRules.map((rule) => [
      rule,
      fc
        .tuple(mutants[rule] as fc.Arbitrary<Mutant>, changeFields)
        .map(([m, change]) => ({ ...m, order: transplant(m.order, change) })),
    ]),
  ),
};
