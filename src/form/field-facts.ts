// What a form is built from: the facts of each field of an order, generated from the schema with the
// words of one language (src/registry/field-facts-<lang>.ts), and the lookup of a concrete field's.
import { decodeToken, encodeToken, isIndexToken, valueAt } from '../pointer.js';

/** An allowed value of a field, with its label: an `<option>` of a select. */
export interface FieldOption {
  /** The value as the order holds it: `'new'`, `'PhoneContactMedium'`. */
  readonly value: string;
  /** The value's label in the facts' language: `'Neuauftrag'`, `'Telefon'`. */
  readonly label: string;
  /** For a `@type`: the fields the object has when it is of this type, `@type` included. */
  readonly fields?: readonly string[];
  /** For a product type: what the schema (R10 to R12) demands of the places of its product in a new order. */
  readonly places?: ProductPlaces;
}

/**
 * What a new order demands of a product's places (`relatedPlace`), by the product's type (R10 to
 * R12): how many, which roles among them, and the characteristics of the site in one role.
 */
export interface ProductPlaces {
  /** The fewest places. */
  readonly minItems?: number;
  /** The most places. */
  readonly maxItems?: number;
  /** The roles that must be among the places: `['locationA', 'locationB']`. */
  readonly roles: readonly string[];
  /** The place in `role` is a site with at least these characteristics. */
  readonly site?: {
    /** The role of the place that is the site: `'locationB'`. */
    readonly role: string;
    /** The `name`s of the characteristics the site must have. */
    readonly characteristics: readonly string[];
  };
}

/**
 * A demand of the order's rules on a field that holds for some values of other fields only (R9's
 * action in a new order, R10 to R12's places by the product's type); {@link describeField} applies
 * it to the form's values.
 */
export interface FieldCondition {
  /**
   * The fields the demand depends on, each with the values that make it hold: a JSON Pointer, each
   * `*` the row of the field's own (`{ '/category': ['new'], '/productOrderItem/*\/product/@type':
   * ['BitstreamAccessProduct'] }`).
   */
  readonly when: Readonly<Record<string, readonly string[]>>;
  /** The field must be given. */
  readonly required?: boolean;
  /** The only values the field may take: `['add']`. */
  readonly options?: readonly string[];
  /** The fewest items of a list. */
  readonly minItems?: number;
  /** The most items of a list. */
  readonly maxItems?: number;
  /**
   * Values that some row of the field's list must have (a product's places: `['locationA',
   * 'locationB']`): a row may take only those its sibling rows lack, where they lack any.
   */
  readonly among?: readonly string[];
}

/**
 * The facts of one field of an order, from the schema: what an input needs. Each limit is present
 * only where the schema states one.
 */
export interface FieldFact {
  /**
   * The field's JSON Pointer, `*` standing for any array index:
   * `'/relatedParty/*\/partyOrPartyRole/contactMedium/*\/phoneNumber'`.
   */
  readonly pointer: string;
  /** The field's label, without the list item it sits in: `'Telefonnummer'`. */
  readonly label: string;
  /**
   * Whether the object the field sits in must have it (in the fact's variant). An item of a list is
   * never required; conditions of the rules (R9's action in a new order) count where
   * {@link describeField} had the form's values.
   */
  readonly required: boolean;
  /**
   * True where the validator does not check the field and the facts say what a form asks of it (a
   * place's address, which the specification leaves open): the form enforces them itself.
   */
  readonly formOnly?: boolean;
  /**
   * Where the facts of one pointer differ by the object's kind: the `@type` of the object the field
   * sits in (a contact medium's `contactType`) or, for a site characteristic's `value`, the
   * characteristic's `name`. Absent where the facts hold for every kind.
   */
  readonly variant?: string;
  /** The JSON type of the value; absent where the schema does not say. */
  readonly type?: 'string' | 'array' | 'object';
  /** The fewest characters. */
  readonly minLength?: number;
  /** The most characters: an input's `maxLength`. */
  readonly maxLength?: number;
  /** The regular expression (`u` flag) the value must match, as the schema writes it. */
  readonly pattern?: string;
  /** What the pattern demands, in words: the message a value that misses it gets. */
  readonly patternText?: string;
  /** `'datetime-local'`: a date-time, entered with that input and sent through `toDateTime`. */
  readonly format?: 'datetime-local';
  /** The allowed values with their labels: the options of a select (one: a fixed value). */
  readonly options?: readonly FieldOption[];
  /**
   * True where `options` are the values the schema names in its rules or recommends but the field
   * takes any string (a product's `@type`, an item's `action`, a salutation): a combo box or
   * suggestions rather than a select.
   */
  readonly open?: boolean;
  /** The fewest items of a list. */
  readonly minItems?: number;
  /** The most items of a list. */
  readonly maxItems?: number;
  /** Of an object with known fields: their names; of one selected by `@type`, `['@type']` (see its options). */
  readonly fields?: readonly string[];
  /** What the rules demand of the field for some values of other fields only. */
  readonly conditions?: readonly FieldCondition[];
}

/** The facts of every field of an order in one language: {@link fieldFactsDe} or {@link fieldFactsEn}. */
export interface FieldFacts {
  /** The language of the labels, a BCP 47 tag. */
  readonly lang: string;
  /** The facts, in the order of the schema's fields; one pointer has several where {@link FieldFact.variant} tells them apart. */
  readonly fields: readonly FieldFact[];
}

/**
 * The longest pointer looked up, in characters, the most keys, facts, conditions of a fact and rows
 * of a list read: the order has far fewer.
 */
const maxPointer = 1024;
const maxKeys = 32;
const maxFacts = 10_000;
const maxConditions = 64;
const maxRows = 10_000;

/** The keys of `pointer` (a JSON Pointer, a form library's field name or a path of keys); undefined when it is none or too long. */
function keysOf(pointer: unknown): string[] | undefined {
  if (typeof pointer === 'string') {
    if (pointer.length > maxPointer || pointer === '') return undefined;
    if (pointer.startsWith('/'))
      return pointer
        .slice(1)
        .split('/', maxKeys + 1)
        .map(decodeToken);
    // a form library's field name: react-hook-form's `relatedParty.0.role`, TanStack's `relatedParty[0].role`
    return pointer.replace(/\[([0-9]+)\]/g, '.$1').split('.', maxKeys + 1);
  }
  const n = Array.isArray(pointer) ? pointer.length : maxKeys + 1;
  if (n > maxKeys) return undefined;
  const keys: string[] = [];
  for (let i = 0; i < n; i++) {
    // a Standard Schema path segment is `{ key }`
    let key: unknown = (pointer as unknown[])[i];
    if (typeof key === 'object' && key !== null) key = (key as { key?: unknown }).key;
    if (typeof key === 'number' && Number.isSafeInteger(key) && key >= 0) keys.push(String(key));
    else if (typeof key === 'string' && key.length <= maxPointer) keys.push(key);
    else return undefined;
  }
  return keys;
}

/** The own string property `name` of the object at `keys` in `order`, or undefined, also where it cannot be read. */
function read(order: unknown, keys: readonly string[], name: string): string | undefined {
  const value = valueAt(order, [...keys, name]);
  return typeof value === 'string' ? value : undefined;
}

/** Whether each pointer of `when`, its `*`s the rows of the field at `keys`, holds one of its values in `order`. */
function holds(when: FieldCondition['when'], keys: readonly string[], order: unknown): boolean {
  for (const [pointer, values] of Object.entries(when)) {
    const at = pointer
      .slice(1)
      .split('/', maxKeys + 1)
      .map((token, t) => (token === '*' ? keys[t] : decodeToken(token)));
    const name = at.pop();
    if (name === undefined || at.some((key) => key === undefined)) return false;
    const value = read(order, at as string[], name);
    if (value === undefined || !values.includes(value)) return false;
  }
  return true;
}

/** Of `among`, the values no other row of the list the field at `keys` sits in has in that field. */
function lacked(among: readonly string[], keys: readonly string[], order: unknown): string[] {
  const name = keys[keys.length - 1];
  const row = keys[keys.length - 2];
  const rows = valueAt(order, keys.slice(0, -2));
  const held = new Set<string>();
  if (Array.isArray(rows))
    for (let j = 0, n = Math.min(rows.length, maxRows); j < n; j++) {
      const value = String(j) === row ? undefined : read(rows, [String(j)], name);
      if (value !== undefined) held.add(value);
    }
  return [...new Set(among)].filter((value) => !held.has(value));
}

/**
 * `fact` for the field at `keys` with the values at hand `order`: each of its conditions that holds
 * applied (required, the options narrowed, the counts bounded, a row offered the values its list lacks).
 */
function atHand(fact: FieldFact, keys: readonly string[], order: unknown): FieldFact {
  const { conditions } = fact;
  if (order === undefined || !Array.isArray(conditions)) return fact;
  let { required, minItems, maxItems } = fact;
  let allowed: Set<string> | undefined;
  let among: string[] | undefined;
  let applies = false;
  const narrow = (values: readonly string[]) =>
    new Set(allowed ? values.filter((value) => allowed?.has(value)) : values);
  for (const condition of conditions.slice(0, maxConditions)) {
    if (!holds(condition.when, keys, order)) continue;
    applies = true;
    if (condition.required) required = true;
    if (condition.options) allowed = narrow(condition.options);
    if (condition.minItems !== undefined) minItems = Math.max(minItems ?? 0, condition.minItems);
    if (condition.maxItems !== undefined) maxItems = Math.min(maxItems ?? condition.maxItems, condition.maxItems);
    if (condition.among) among = [...(among ?? []), ...condition.among];
  }
  if (!applies) return fact;
  if (among) {
    const lacking = lacked(among, keys, order);
    if (lacking.length > 0) allowed = narrow(lacking).size > 0 ? narrow(lacking) : new Set(lacking);
  }
  const out: { -readonly [K in keyof FieldFact]: FieldFact[K] } = { ...fact, required };
  if (minItems !== undefined) out.minItems = minItems;
  if (maxItems !== undefined) out.maxItems = maxItems;
  if (allowed) {
    const known = (fact.options ?? []).filter(({ value }) => allowed?.has(value));
    const rest = [...allowed].filter((value) => !known.some((option) => option.value === value));
    out.options = [...known, ...rest.map((value) => ({ value, label: value }))];
    delete out.open;
  }
  return out;
}

/**
 * The facts of the field at `pointer`, a JSON Pointer with array indices (or a form library's field
 * name, `relatedParty.0.role` or `relatedParty[0].role`, or an issue's path of keys or `{ key }`
 * segments), or undefined when the order has no such field. Where the facts differ by the kind of
 * object the field sits in ({@link FieldFact.variant}), `order` (the form's values) picks them by
 * that object's `@type`, or a characteristic's `name`; without it, or when it has none of them, the
 * facts that hold for any kind come first, then the first kind's. With `order`, the facts are
 * also those of the values at hand: each {@link FieldFact.conditions | condition} that holds is
 * applied (in a new order an item's `action` is required with the one option `'add'`; a product's
 * place takes the role its sibling places lack). Never throws.
 * @example
 * ```ts
 * import { describeField, fieldFactsDe } from 'product-order-validator';
 *
 * const category = describeField(fieldFactsDe, '/category');
 * const options = category?.options?.map(({ value, label }) => `<option value="${value}">${label}</option>`);
 * describeField(fieldFactsDe, '/relatedParty/0/partyOrPartyRole/contactMedium/1/phoneNumber')?.maxLength; // 30
 * const order = { relatedParty: [{ partyOrPartyRole: { contactMedium: [{ '@type': 'EmailContactMedium' }] } }] };
 * describeField(fieldFactsDe, '/relatedParty/0/partyOrPartyRole/contactMedium/0/contactType', order)?.options; // [{ value: 'email', label: 'E-Mail' }]
 * describeField(fieldFactsDe, 'productOrderItem.0.action', { category: 'new' })?.options; // [{ value: 'add', label: 'Hinzufügen' }]
 * ```
 */
export function describeField(
  facts: FieldFacts,
  pointer: string | readonly (string | number | { readonly key: string | number })[],
  order?: unknown,
): FieldFact | undefined {
  try {
    const keys = keysOf(pointer);
    // only an index stands for a pattern's `*`, never a `*` of the caller's
    if (!keys || keys.length === 0 || keys.length > maxKeys || keys.includes('*')) return undefined;
    const pattern = keys.map((key) => `/${isIndexToken(key) ? '*' : encodeToken(key)}`).join('');
    const fields = facts.fields;
    const found: FieldFact[] = [];
    for (let i = 0, n = Math.min(fields.length, maxFacts); i < n; i++)
      if (fields[i]?.pointer === pattern) found.push(fields[i]);
    if (found.length < 2) return found[0] && atHand(found[0], keys, order);
    const parent = keys.slice(0, -1);
    const kinds = [read(order, parent, '@type'), read(order, parent, 'name')];
    const fact =
      found.find((fact) => fact.variant !== undefined && kinds.includes(fact.variant)) ??
      found.find((fact) => fact.variant === undefined) ??
      found[0];
    return atHand(fact, keys, order);
  } catch {
    return undefined;
  }
}
