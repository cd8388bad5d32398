// The dress of a sample: the free-text strings of an order or an in-flight change (names, streets,
// towns, postcodes, phone numbers, emails, descriptions, notes, ids, dates and the values of the
// site characteristics) replaced with realistic ones, chosen by the node's @type (or the list that
// holds it) and the field. The dress only replaces a value that is there, never adds or removes one,
// and leaves the enumerated values (category, role, action, @type, contactType ...) as they are: the
// rule folders' arbitraries keep deciding what is valid, the dress only how it reads.
import type { Lang } from '../generated/langs.js';
import type { ViolationCode } from '../violation.js';
import {
  carriers,
  familyNames,
  givenNames,
  labels,
  legalForms,
  mobilePrefixes,
  ontVendors,
  streets,
  suffixes,
  type Town,
  towns,
  trades,
  type Words,
  words,
} from './values.js';

type Json = Record<string, unknown>;
const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * The codes of faults that lie in what a node lacks or in how many items a list holds: the dress,
 * which neither adds nor removes anything, cannot mend them, so it dresses the members of their
 * node. Any other fault's node is left as it is, with everything below it.
 */
const absences: ReadonlySet<ViolationCode> = new Set<ViolationCode>([
  'required',
  'too_few_items',
  'too_many_items',
  'missing_role',
  'missing_characteristic',
  'missing_phone_contact',
  'missing_postal_contact',
]);

/** The fault a dress must keep: its code and the JSON Pointer of its node. */
export interface Kept {
  readonly code: ViolationCode;
  readonly path: string;
}

/** A small generator of numbers (mulberry32) from a 32-bit seed: the same seed, the same dress, on every platform. */
function generator(seed: number) {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (min: number, max: number) => min + Math.floor(next() * (max - min + 1));
  const pick = <T>(list: readonly T[]): T => list[int(0, list.length - 1)] as T;
  const digits = (n: number) => Array.from({ length: n }, () => int(0, 9)).join('');
  return { int, pick, digits };
}
type Random = ReturnType<typeof generator>;

/** FNV-1a of `text`: the seed of a sample's dress, so that the dress is a function of the sample alone. */
function hash(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193);
  return h >>> 0;
}

const pad = (n: number) => String(n).padStart(2, '0');

/** The offset of German time on a day: +02:00 from the last Sunday of March to the last Sunday of October. */
function offset(day: Date): string {
  const lastSunday = (month: number) => {
    const end = new Date(Date.UTC(day.getUTCFullYear(), month + 1, 0));
    return end.getUTCDate() - end.getUTCDay();
  };
  const m = day.getUTCMonth();
  const d = day.getUTCDate();
  const summer = (m > 2 && m < 9) || (m === 2 && d >= lastSunday(2)) || (m === 9 && d < lastSunday(9));
  return summer ? '+02:00' : '+01:00';
}

/** A date-time of German local time, as FIT writes them: `2025-05-06T14:30:00+02:00`. */
function stamp(day: Date, hour: number, minute: number): string {
  return `${day.toISOString().slice(0, 10)}T${pad(hour)}:${pad(minute)}:00${offset(day)}`;
}

const dayMs = 86_400_000;
/** The first day a sample's order may be posted on; the dress picks within two years of it. */
const firstDay = Date.UTC(2025, 0, 1);

/** What the walk carries down: the generator, the words, the town of the current item or party. */
interface Walk {
  readonly r: Random;
  readonly words: Words;
  /** The labels of a form in the sample's language: the words of categories and product types. */
  readonly values: Readonly<Record<string, string>>;
  readonly keep: Kept | undefined;
  town: Town;
  category: string;
}

/** Whether the node at `path` must stay as it is: the kept fault's node, or below it. */
function kept(walk: Walk, path: string): boolean {
  const keep = walk.keep;
  if (!keep) return false;
  if (path === keep.path) return !absences.has(keep.code);
  return path.startsWith(`${keep.path}/`) && !absences.has(keep.code);
}

/** What the fields of a node of `kind` become: each a function of the walk and the node. */
type Dresser = Readonly<Record<string, (w: Walk, node: Json) => string>>;

const phoneNumber = (w: Walk, node: Json) =>
  node.contactType === 'mobile'
    ? `+49${w.r.pick(mobilePrefixes)}${w.r.digits(7)}`
    : `+49${w.town.onkz}${w.r.int(1, 9)}${w.r.digits(Math.max(3, 8 - w.town.onkz.length))}`;

const addressFields: Dresser = {
  streetName: (w) => w.r.pick(streets),
  streetNr: (w) => String(w.r.int(1, 180)),
  streetNrSuffix: (w) => w.r.pick(suffixes),
  postcode: (w) => w.town.postcode,
  city: (w) => w.town.city,
  locality: (w) => w.town.locality,
};

/** The person or firm a party is: chosen once per party, so that its name and email agree. */
interface Who {
  readonly given: string;
  readonly salutation: string;
  readonly family: string;
  readonly firm: string;
}

const ascii = (s: string) =>
  s
    .toLowerCase()
    .replace(/ä/g, 'ae')
    .replace(/ö/g, 'oe')
    .replace(/ü/g, 'ue')
    .replace(/ß/g, 'ss')
    .replace(/ı/g, 'i')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');

function who(r: Random): Who {
  const [given, salutation] = r.pick(givenNames);
  const family = r.pick(familyNames);
  const firm = `${r.pick(familyNames)} ${r.pick(trades)} ${r.pick(legalForms)}`;
  return { given, salutation: r.int(0, 9) === 0 ? 'keine Anrede' : salutation, family, firm };
}

/** The dressers of the nodes the walk meets, by @type, or by the list or field that holds them. */
const dressers = (whom: () => Who): Readonly<Record<string, Dresser>> => ({
  Individual: {
    givenName: () => whom().given,
    familyName: () => whom().family,
    salutation: () => whom().salutation,
  },
  Organization: {
    name: () => whom().firm,
    businessId: (w) => `HRB ${w.r.int(1000, 99999)}`,
  },
  PhoneContactMedium: { phoneNumber },
  EmailContactMedium: {
    emailAddress: () => {
      const p = whom();
      // a reserved top-level domain (RFC 2606): a fixture that reaches a mail server reaches no one
      return `${ascii(p.given)}.${ascii(p.family)}@${ascii(p.firm.split(' ').slice(0, 2).join(' '))}.example`;
    },
  },
  PostalAddressContactMedium: { ...addressFields, country: () => 'DE' },
  GeographicAddress: addressFields,
  PlaceRef: { id: (w) => `ADR-${w.r.digits(9)}` },
  engagedParty: { name: (w) => w.r.pick(carriers), businessId: (w) => `5000${w.r.digits(12)}` },
  externalId: { id: (w) => `1000${w.r.digits(10)}`, name: (w) => w.words.externalId, owner: () => 'DEU.VFD' },
  billingAccount: {
    id: (w) => `BA-${w.r.digits(4)}-${w.r.digits(6)}`,
    name: (w) => w.words.billingAccount,
  },
  productOfferingQualification: {
    id: (w) => `POQ-${w.r.digits(8)}`,
    name: (w) => `${w.words.qualification} ${w.town.city}`,
  },
  attachment: { id: (w) => `ATT-${w.r.digits(6)}`, name: (w) => w.r.pick(w.words.attachments) },
  productOrderRelationship: { id: (w) => w.r.digits(14), name: (w) => w.words.relationship },
  agreement: { name: (w) => w.r.pick(w.words.agreements) },
  note: { text: (w) => w.r.pick(w.words.notes) },
  additionalOrderInformation: {
    hardwareIdValue: (w) =>
      `${w.r.pick(ontVendors)}${w.r.int(0, 0xffffffff).toString(16).toUpperCase().padStart(8, '0')}`,
  },
  closeMessage: { code: (w) => String(w.r.int(100, 999)), text: (w) => w.r.pick(w.words.closeMessages) },
});

/** The values of the site characteristics, by their name. */
const characteristics: Readonly<Record<string, (w: Walk) => string>> = {
  national_destination_code: (w) => w.town.onkz,
  local_exchange_area: (w) => String(w.r.int(...w.town.asb)),
  collocation_room_name: (w) => `KOLLO-${w.town.code}-${w.r.digits(3)}-${pad(w.r.int(1, 12))}`,
  floor: (w) => w.r.pick(w.words.floors),
  room: (w) => w.r.pick(w.words.rooms),
  rack: (w) => `R${pad(w.r.int(1, 40))}`,
  access_type: (w) => w.r.pick(w.words.accessTypes),
};

/** A UUID from the generator: the ids of in-flight changes and the orders they change. */
const uuid = (r: Random) => {
  const hex = Array.from({ length: 32 }, () => r.int(0, 15).toString(16)).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-a${hex.slice(17, 20)}-${hex.slice(20)}`;
};

const token = (key: string) => key.replaceAll('~', '~0').replaceAll('/', '~1');

/**
 * `sample` dressed in realistic values (with the words of `lang`), leaving the node of `keep`, the one
 * fault of a faulty sample, as it is. The same sample gives the same dress.
 */
export function dress(sample: unknown, lang: Lang, keep?: Kept): unknown {
  if (!isObject(sample)) return structuredClone(sample);
  const r = generator(hash(JSON.stringify(sample)));
  const walk: Walk = {
    r,
    words: words[lang],
    values: labels[lang].values,
    keep,
    town: r.pick(towns),
    category: String(sample.category),
  };
  let current: Who | undefined;
  const table = dressers(() => {
    current ??= who(r);
    return current;
  });
  const order = node(sample, '', undefined) as Json;
  dates(order, walk);
  return order;

  /** A copy of `value` at `path`, held under the list or field `holder`, dressed where it may be. */
  function node(value: unknown, path: string, holder: string | undefined): unknown {
    if (kept(walk, path)) return structuredClone(value);
    if (Array.isArray(value)) return value.map((v, i) => node(v, `${path}/${i}`, holder));
    if (!isObject(value)) return value;
    // a new town for each item and each party, and a new person or firm for each party
    if (holder === 'productOrderItem' || holder === 'relatedParty') walk.town = r.pick(towns);
    if (holder === 'relatedParty' || holder === 'engagedParty') current = undefined;
    const type = typeof value['@type'] === 'string' ? value['@type'] : undefined;
    const fields =
      (holder === 'engagedParty' ? table.engagedParty : undefined) ??
      (type === undefined ? undefined : entry(table, type)) ??
      (holder === undefined ? undefined : entry(table, holder)) ??
      {};
    const out: Json = {};
    for (const [key, v] of Object.entries(value)) {
      const at = `${path}/${token(key)}`;
      const dresser = entry(fields, key);
      if (typeof v === 'string' && dresser && !kept(walk, at)) set(out, key, dresser(walk, value));
      else set(out, key, node(v, at, Array.isArray(v) || isObject(v) ? key : holder));
    }
    whole(out, value, path);
    return out;
  }

  /** The fields that depend on more than the node: a product's name, a characteristic's value, an order's texts. */
  function whole(out: Json, value: Json, path: string) {
    const free = (key: string) => typeof value[key] === 'string' && !kept(walk, `${path}/${token(key)}`);
    const words = walk.words;
    if (path === '') {
      if (free('description'))
        out.description = `${entry(walk.values, walk.category) ?? words.order}, ${r.pick(streets)} ${r.int(1, 180)}, ${walk.town.city}`;
      if (free('priority')) out.priority = String(r.int(1, 3));
      if (free('id')) out.id = uuid(r);
      if (Array.isArray(out.category) && !kept(walk, '/category'))
        out.category = out.category.map((c, i) =>
          typeof c === 'string' && !kept(walk, `/category/${i}`) && !changeCategories.includes(c)
            ? r.pick(changeCategories)
            : c,
        );
    }
    if (path === '/entity' && isObject(out)) {
      const id = uuid(r);
      if (free('id')) out.id = id;
      if (free('href')) out.href = `/productOrder/${typeof out.id === 'string' ? out.id : id}`;
      if (free('name')) out.name = `${words.order} ${r.digits(8)}`;
    }
    if (typeof value['@type'] === 'string' && /\/product$/.test(path) && free('name'))
      out.name = entry(walk.values, value['@type']) ?? entry(words.product, value['@type']) ?? words.order;
    const name = value.name;
    const value_ = typeof name === 'string' ? entry(characteristics, name) : undefined;
    if (value_ && /\/geographicSiteCharacteristic\/\d+$/.test(path) && 'value' in value && !kept(walk, `${path}/value`))
      out.value = value_(walk);
  }
}

/** The categories of an in-flight change. */
const changeCategories = ['rescheduling', 'changeOfContact', 'providerChange'];

/** The dates of an order or a change in the order they happen: posted first, completion weeks later. */
function dates(order: Json, walk: Walk) {
  const { r } = walk;
  const free = (key: string) => typeof order[key] === 'string' && !kept(walk, `/${key}`);
  const posted = new Date(firstDay + r.int(0, 730) * dayMs);
  const done = new Date(posted.getTime() + r.int(14, 90) * dayMs);
  for (const key of ['orderPostedDate', 'requestPostedDate'])
    if (free(key)) order[key] = stamp(posted, r.int(7, 18), r.pick([0, 15, 30, 45]));
  if (free('requestedCompletionDate')) order.requestedCompletionDate = stamp(done, r.pick([8, 12]), 0);
  const info = order.providerChangeInfo;
  if (isObject(info) && typeof info.respondTime === 'string' && !kept(walk, '/providerChangeInfo/respondTime'))
    info.respondTime = stamp(new Date(posted.getTime() + r.int(1, 10) * dayMs), r.int(8, 17), 0);
}

/** The entry `key` of `table`, an own one only: an order's strings are never a way into the prototype. */
function entry<T>(table: Readonly<Record<string, T>>, key: string): T | undefined {
  return Object.hasOwn(table, key) ? table[key] : undefined;
}

/** Sets `key` of `target` as an own property, `__proto__` included. */
function set(target: Json, key: string, value: unknown) {
  Object.defineProperty(target, key, { value, enumerable: true, writable: true, configurable: true });
}
