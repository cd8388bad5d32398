// Messages for the people who fill in a form: fields named by their labels, items counted from 1,
// and the rules on places and actions said as what they demand.
import { decodeToken, isIndexToken, valueAt } from '../pointer.js';
import { atParent } from '../read.js';
import type { Finding } from '../violation.js';

/** What a message of {@link Labels} is given besides the finding: the names of what it concerns. */
export interface LabelContext {
  /**
   * The field the finding concerns, by its label, with the list item it sits in: "Telefonnummer
   * (Kontakt 2)"; '' for `rule_failed`, which concerns the input as a whole.
   */
  readonly field: string;
  /** The label of a value: a role, a product type, a category; the value itself when it has none. */
  readonly value: (value: unknown) => string;
  /** The labels of a list of allowed values, joined for a sentence. */
  readonly list: (values: unknown) => string;
  /**
   * A row of the list the finding is about, by its noun ("Position", "Kontakt"), so that a message
   * can name what to add or remove; the field's own label where it has no noun of a row.
   */
  readonly row: string;
  /** The product of the order item the finding sits in, by its label; '' when there is none. */
  readonly product: string;
  /**
   * The innermost list item the finding sits in or is, by its role where it has one ("Standort B"),
   * else by its number ("Kontakt 2"); '' when there is none.
   */
  readonly item: string;
}

/** One message of a form: the finding and its context give the sentence. */
export type LabelMessage = (finding: Finding, context: LabelContext) => string;

/**
 * The words of a form in one language, as data: a label per field and per value, and the messages
 * that use them. {@link defineLabels} makes {@link Labels} of them.
 */
export interface LabelWords {
  /** The language of the labels and messages, a BCP 47 tag. */
  readonly lang: string;
  /**
   * Field labels by key: a property name (`phoneNumber`), or the names of a path's end joined by `/`,
   * `[]` marking an item of a list (`partyOrPartyRole/name`, `contactMedium[]`). The longest key
   * that ends the field's path wins.
   */
  readonly fields: Readonly<Record<string, string>>;
  /** Labels of values: roles, product types, place kinds, categories, actions, characteristic names. */
  readonly values: Readonly<Record<string, string>>;
  /** An item of a list by its noun and its number, counted from 1: "Kontakt 2". */
  readonly item: (noun: string, n: number) => string;
  /** A field with the item it sits in: "Telefonnummer (Kontakt 2)". */
  readonly within: (field: string, item: string) => string;
  /** Joins labels of allowed values: "Hinzufügen oder Kündigen". */
  readonly or: (labels: readonly string[]) => string;
  /** A message per code; a code without one gets the package's message in `lang`. */
  readonly messages: Readonly<Partial<Record<string, LabelMessage>>>;
  /**
   * Messages per rule, before those per code: what the rule demands. Undefined falls through. A
   * rule that failed (`rule_failed`) is worded per code only: it demanded nothing.
   */
  readonly rules: Readonly<Partial<Record<string, (finding: Finding, context: LabelContext) => string | undefined>>>;
}

/**
 * The words of a form with what renders them: give it to `validateProductOrder`,
 * `createValidator(…).validate` or a schema factory as `labels`. {@link labelsDe} and
 * {@link labelsEn} are the package's; {@link withLabels} puts a caller's own labels over them.
 */
export interface Labels extends LabelWords {
  /** The message of `finding` about `input` in these words, or undefined when they have none for it. */
  readonly message: (finding: Finding, input: unknown) => string | undefined;
  /**
   * The label of the field at the JSON Pointer `path`, with the list item it sits in, as the messages
   * name it: `field('/relatedParty/0/partyOrPartyRole/contactMedium/1/phoneNumber')` is
   * "Telefonnummer (Kontakt 2)"; a form can label its inputs and list rows with it. An issue's `path`
   * (its keys) does as well. `''` for the root. Given the order as `input`, a row of places or
   * parties is named by its role ("Art der Angabe (Standort B)"), as the messages name it.
   */
  readonly field: (path: string | readonly (string | number)[], input?: unknown) => string;
}

/** {@link Labels} of `words`; only a bundle that imports labels carries the code that renders them. */
export function defineLabels(words: LabelWords): Labels {
  const labels: Labels = Object.freeze({
    ...words,
    message: (finding: Finding, input: unknown) => labelled(finding, labels, input),
    field: (path: string | readonly (string | number)[], input?: unknown) => {
      try {
        const tokens = Array.isArray(path) ? path.map(String) : tokensOf(path as string);
        return tokens.length === 0 ? '' : fieldOf(tokens, keysOf(tokens), labels, undefined, input);
      } catch {
        return '';
      }
    },
  });
  return labels;
}

/** Joins labels for a sentence with `word`: "a, b or c". */
export const joinWith =
  (word: string) =>
  (labels: readonly string[]): string =>
    labels.length < 2 ? (labels[0] ?? '') : `${labels.slice(0, -1).join(', ')} ${word} ${labels.at(-1)}`;

/** A label, which starts a sentence, in the middle of one: its first letter in lower case. */
export const lower = (label: string): string => label.charAt(0).toLowerCase() + label.slice(1);

/**
 * The count of digits a pattern of the form `^[1-9][0-9]{m,n}$` (a number without a leading zero) or
 * `^[0-9]{n}$` (`zero`: any digits, a postcode's) demands, so that a message can say it in words;
 * undefined for any other pattern.
 */
export function digits(
  pattern: unknown,
): { readonly min: number; readonly max: number; readonly zero?: boolean } | undefined {
  const m = typeof pattern === 'string' ? /^\^(\[1-9\])?\[0-9\]\{(\d+)(?:,(\d+))?\}\$$/.exec(pattern) : null;
  const first = m?.[1] ? 1 : 0;
  // `^[0-9]{m,n}$` keeps the general message
  if (!m || (!first && m[3] !== undefined)) return undefined;
  return { min: Number(m[2]) + first, max: Number(m[3] ?? m[2]) + first, zero: !first };
}

/** What R9 asks of a new order's item that a finding reports missing: its product, its places, or its action. */
export function newItemLacks({ code, params }: Finding): 'product' | 'relatedPlace' | 'action' {
  const property = code === 'required' ? (params as { property?: unknown }).property : undefined;
  return property === 'product' || property === 'relatedPlace' ? property : 'action';
}

/**
 * Whether a finding of R10 to R12 is about what the rule demands of a product's places, their count,
 * a missing role or a role not allowed, so that its message can say the demand; the findings on a
 * place's own fields keep the field's message.
 */
export function aboutPlaces({ code, path }: Finding): boolean {
  if (code === 'too_few_items' || code === 'too_many_items') return path.endsWith('/relatedPlace');
  return code === 'missing_role' || (code === 'not_allowed' && /\/relatedPlace\/\d+\/role$/.test(path));
}

/** A caller's own labels and messages, put over those of a {@link Labels}. */
export interface OwnLabels {
  /** Field labels by key, as in {@link LabelWords.fields}: `{ phoneNumber: 'Rufnummer' }`. */
  readonly fields?: Readonly<Record<string, string>>;
  /** Labels of values: roles, product types, place kinds, categories, actions, characteristic names. */
  readonly values?: Readonly<Record<string, string>>;
  /** Messages per code. */
  readonly messages?: Readonly<Partial<Record<string, LabelMessage>>>;
  /** Messages per rule, before those per code; one that returns undefined falls through. */
  readonly rules?: LabelWords['rules'];
}

/**
 * `labels` with the caller's own labels and messages over its own: theirs win.
 * @example
 * ```ts
 * import { createProductOrderSchema, labelsDe, withLabels } from 'product-order-validator';
 *
 * const labels = withLabels(labelsDe, { fields: { phoneNumber: 'Rufnummer' } });
 * labels.field('/relatedParty/0/partyOrPartyRole/contactMedium/1/phoneNumber'); // 'Rufnummer (Kontakt 2)'
 * const schema = createProductOrderSchema({ labels, emptyAsMissing: true });
 * ```
 */
export function withLabels(labels: Labels, own: OwnLabels): Labels {
  return defineLabels({
    ...labels,
    fields: Object.freeze({ ...labels.fields, ...own.fields }),
    values: Object.freeze({ ...labels.values, ...own.values }),
    messages: Object.freeze({ ...labels.messages, ...own.messages }),
    rules: Object.freeze({ ...labels.rules, ...own.rules }),
  });
}

/** The message of `finding` in the words of `labels`, or undefined when they have none for it. */
function labelled(finding: Finding, labels: Labels, input: unknown): string | undefined {
  try {
    const params = finding.params as Record<string, unknown>;
    const tokens = tokensOf(finding.path);
    // a missing property is the field the person fills in, not its parent
    if (finding.code === 'required' && typeof params.property === 'string' && atParent(tokens, params.property, input))
      tokens.push(params.property);
    // the whole order is no field: the package's own message says what is wrong with it, but for a
    // rule that failed, which a form words as a sentence of its own
    const failed = finding.code === 'rule_failed';
    if (tokens.length === 0 && !failed) return undefined;
    const value = (v: unknown) => (typeof v === 'string' ? (own(labels.values, v) ?? v) : String(v));
    // a characteristic's value is named after the characteristic, from the finding or from the input
    const name =
      tokens.at(-1) === 'value' ? (params.name ?? valueAt(input, [...tokens.slice(0, -1), 'name'])) : undefined;
    const named = typeof name === 'string' && name !== '' ? value(name) : undefined;
    const keys = keysOf(tokens);
    const inner = listItem(keys, keys.length - 1);
    const context: LabelContext = {
      field: failed ? '' : fieldOf(tokens, keys, labels, named, input),
      value,
      list: (values) => (Array.isArray(values) ? labels.or(values.map(value)) : value(values)),
      row: failed
        ? ''
        : labelOf([...keys.slice(0, -1), { name: `${keys[keys.length - 1].name}[]` }], keys.length - 1, labels),
      product: productOf(tokens, input, value),
      item: inner < 0 ? '' : itemOf(tokens, keys, inner, labels, input),
    };
    // a rule's message says what it demands, which a rule that failed did not decide
    const byRule = failed ? undefined : (entry(labels.rules, finding.rule) as LabelWords['rules'][string]);
    const byCode = entry(labels.messages, finding.code) as LabelMessage | undefined;
    const message = byRule?.(finding, context) ?? byCode?.(finding, context);
    return typeof message === 'string' ? message : undefined;
  } catch {
    return undefined; // a caller's message that throws gives the package's own
  }
}

/** The label of the path's key `k`: the longest key of `labels.fields` that ends the path there. */
function labelOf(keys: readonly Key[], k: number, labels: Labels): string {
  const name = keys[k].name;
  let found: string | undefined;
  let key = name;
  for (let start = k; start >= 0; start--) {
    if (start < k) key = `${keys[start].name}/${key}`;
    found = own(labels.fields, key) ?? found;
  }
  // an item without a noun of its own is named as its list
  const list = name.slice(0, -2);
  return found ?? (name.endsWith('[]') ? (own(labels.fields, list) ?? list) : name);
}

/** The lists whose rows a form names by their role: a place's role, a party's role. */
const roleNamed: ReadonlySet<string> = /* @__PURE__ */ new Set(['relatedPlace[]', 'relatedParty[]']);

/**
 * The list item at the path's key `k`: by its role's label where its list names rows by role and no
 * other row of the list, of at most 50 (read per message), has that role ("Standort B"), else by its
 * noun and number ("Standort 2").
 */
function itemOf(tokens: readonly string[], keys: readonly Key[], k: number, labels: Labels, input: unknown): string {
  const { name, at = 0 } = keys[k];
  const index = Number(tokens[at]);
  const rows = roleNamed.has(name) ? valueAt(input, tokens.slice(0, at)) : undefined;
  const role = (j: number) => valueAt(rows, [String(j), 'role']);
  let label = Array.isArray(rows) && rows.length <= 50 ? own(labels.values, String(role(index))) : undefined;
  // a role that another row has too names neither
  for (let j = 0; label && j < (rows as unknown[]).length; j++)
    if (j !== index && role(j) === role(index)) label = undefined;
  return label ?? labels.item(labelOf(keys, k, labels), index + 1);
}

interface Key {
  /** The property name, with `[]` when an item of it follows. */
  readonly name: string;
  /** Where the index of the item that follows is among the path's tokens, if one does. */
  readonly at?: number;
}

/** The path's property names, each marked with where the index of the item that follows it is. */
function keysOf(tokens: readonly string[]): Key[] {
  const keys: Key[] = [];
  tokens.forEach((token, at) => {
    const previous = keys[keys.length - 1];
    if (isIndexToken(token) && previous && previous.at === undefined)
      keys[keys.length - 1] = { name: `${previous.name}[]`, at };
    else keys.push({ name: token });
  });
  return keys;
}

/** The label of the field at `tokens`, with the innermost list item above it. */
function fieldOf(
  tokens: readonly string[],
  keys: readonly Key[],
  labels: Labels,
  named: string | undefined,
  input: unknown,
): string {
  const last = keys.length - 1;
  let field = named ?? labelOf(keys, last, labels);
  if (isIndexToken(tokens[tokens.length - 1] ?? '')) field = itemOf(tokens, keys, last, labels, input);
  // a characteristic's value is named by the characteristic, so the item to name is the one around it
  field = field.charAt(0).toUpperCase() + field.slice(1); // it starts the message's sentence
  const k = listItem(keys, named === undefined ? last - 1 : last - 2);
  return k < 0 ? field : labels.within(field, itemOf(tokens, keys, k, labels, input));
}

/** The entry `key` of `table`, if it is the table's own. */
const entry = (table: object, key: string): unknown =>
  Object.hasOwn(table, key) ? (table as Record<string, unknown>)[key] : undefined;

const own = (table: object, key: string): string | undefined => {
  const found = entry(table, key);
  return typeof found === 'string' ? found : undefined;
};

/** The reference tokens of a JSON Pointer, decoded. */
const tokensOf = (path: string): string[] =>
  typeof path === 'string' && path !== '' ? path.split('/').slice(1).map(decodeToken) : [];

/** The label of the product of the order item at the path's start, read from the input. */
function productOf(tokens: readonly string[], input: unknown, value: (v: unknown) => string): string {
  const type =
    tokens[0] === 'productOrderItem' &&
    isIndexToken(tokens[1] ?? '') &&
    valueAt(input, [tokens[0], tokens[1], 'product', '@type']);
  return typeof type === 'string' ? value(type) : '';
}

/** Where the innermost list item at or above the path's key `k` is among `keys`; negative when there is none. */
function listItem(keys: readonly Key[], k: number): number {
  while (k >= 0 && keys[k].at === undefined) k--;
  return k;
}
