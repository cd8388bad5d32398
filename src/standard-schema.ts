// Standard Schema v1 adapters: the order and the parts a form edits, so form libraries take them as
// they take a zod or valibot schema; src/json-schema/standard.ts gives them their JSON Schema.
import type { StandardSchemaV1 } from '@standard-schema/spec';
import { type Collected, collect, collectOrder } from './collect.js';
import {
  type Carrier,
  type CustomFinding,
  type CustomRule,
  callerText,
  carrierOf,
  type MessageTable,
} from './custom-rules.js';
import { tooCostly, withoutBlanks } from './form/blank.js';
import type { Labels } from './form/labels.js';
import type {
  ContactMedium,
  ContactMediumFormValues,
  ProductOrderFormValues,
  ProductOrderFVO,
  ProductOrderItem,
  ProductOrderItemFormValues,
  RelatedParty,
  RelatedPartyFormValues,
} from './generated/types.js';
import { formatOrder, formatPart, type Lang, spoken } from './messages/index.js';
import { defaultMaxViolations, settings } from './options.js';
import { pointerKeys } from './pointer.js';
import { atParent, maxNodes } from './read.js';
import { checks as orderChecks } from './registry/rules.js';
import type { Finding, HintCode, OrderViolation, ParamsByCode, RuleId } from './violation.js';
import type { PartName } from './wording.js';

/**
 * A Standard Schema issue that also carries the violation's rule, code and params, one type per
 * code, so that `issue.code === 'too_long'` types `issue.params.limit`.
 */
export type OrderIssue = {
  [C in OrderViolation['code']]: StandardSchemaV1.Issue & {
    /** The violation's JSON Pointer as keys, array indices as numbers; a missing property's name ends it. */
    readonly path: readonly (string | number)[];
    /** Which rule of the specification is broken. */
    readonly rule: OrderViolation['rule'];
    /** What kind of fault it is. */
    readonly code: C;
    /** Machine-readable details, as in the violation. */
    readonly params: ParamsByCode[C];
  };
}[OrderViolation['code']];

/**
 * The issue of a finding `F` of a carrier's rule, one per kind of finding: its rule, code and params
 * as the rule types them, so that `issue.code === 'priority_out_of_range'` types `issue.params`.
 */
export type CarrierIssue<F extends CustomFinding> = F extends CustomFinding
  ? {
      /** The finding in words. */
      readonly message: string;
      /** The finding's JSON Pointer as keys, array indices as numbers. */
      readonly path: readonly (string | number)[];
      /** The id of the carrier's rule. */
      readonly rule: F['rule'];
      /** What kind of fault it is. */
      readonly code: F['code'];
      /** Machine-readable details, as the rule gives them. */
      readonly params: F['params'];
    }
  : never;

/**
 * A near miss a form shows as a note beside its field, never blocking: `HvtLocalLoopProdukt`, did you
 * mean `HvtLocalLoopProduct`? Its path and message are those an issue at the same place would have.
 */
export interface OrderHintNote {
  /** "Did you mean …?" in the schema's words. */
  readonly message: string;
  /** The JSON Pointer of the name or value as keys, array indices as numbers, as an issue's path. */
  readonly path: readonly (string | number)[];
  /** The rule whose field the near miss is in. */
  readonly rule: RuleId;
  /** What kind of near miss it is. */
  readonly code: HintCode;
  /** The name or value found, and the known one it is a near miss of. */
  readonly params: ParamsByCode[HintCode];
}

/**
 * The `~standard` properties: Standard Schema v1 validation, of `Input` (`types.input`: what the
 * schema takes, a form's values with `emptyAsMissing`) into `T` (`types.output`); `F` are the findings
 * of the carrier's rules.
 */
export interface OrderSchemaProps<T, Input = T, F extends CustomFinding = never>
  extends StandardSchemaV1.Props<Input, T> {
  /** Validates any value synchronously: `{ value }` (the value itself) or `{ issues }` ordered by path. */
  readonly validate: (
    value: unknown,
    options?: StandardSchemaV1.Options,
  ) =>
    | StandardSchemaV1.SuccessResult<T>
    | {
        /** The issues, ordered by path. */
        readonly issues: readonly (OrderIssue | CarrierIssue<F>)[];
      };
}

/**
 * A validator of `T` that implements Standard Schema v1; {@link withJsonSchema} gives it Standard
 * JSON Schema v1 as well. `Input` is the type it declares it takes: `T`, or with `emptyAsMissing` the
 * form-values type, whose blanks count as missing; `F` are the findings of the carrier's rules it
 * runs. A success's `value` is typed `T`; it keeps the input's extension fields at run time, which
 * `Open<T>` reads.
 */
export interface OrderSchema<T, Input = T, F extends CustomFinding = never> {
  /** The Standard Schema properties. */
  readonly '~standard': OrderSchemaProps<T, Input, F>;
  /**
   * The near misses in `value` as notes for a form, never blocking: an unknown name or value close to
   * a known one (`HvtLocalLoopProdukt`: did you mean `HvtLocalLoopProduct`?), at most as many as
   * issues, with the issues' paths and words, after the schema's `emptyAsMissing`. Costs one
   * validation; never throws.
   * @example
   * ```ts
   * import { createProductOrderItemSchema, labelsDe } from 'product-order-validator';
   *
   * const schema = createProductOrderItemSchema({ labels: labelsDe, emptyAsMissing: true });
   * for (const note of schema.hints({ action: 'add', product: { '@type': 'HvtLocalLoopProdukt' } }))
   *   console.log(note.path.join('.'), note.message); // product.@type Produktart: meinten Sie HVt-Anschluss?
   * ```
   */
  hints(value: unknown): readonly OrderHintNote[];
}

/** The options with `emptyAsMissing: true`: the schema then takes a form's values, `ProductOrderFormValues` for the order. */
export interface FormSchemaOptions<
  F extends readonly CustomFinding[] = readonly CustomFinding[],
  L extends string = Lang,
> extends OrderSchemaOptions<F, L> {
  /** An empty or blank input counts as absent, so the schema's input type is the form-values type. */
  readonly emptyAsMissing: true;
}

/**
 * A schema factory: with `emptyAsMissing: true` the schema takes `Input`, a form's values, and gives
 * `T`; with other options it takes and gives `T`. Its issues are typed by the findings of `rules`.
 * One generic signature rather than overloads, so that a union of factories can still be called.
 */
export type OrderSchemaFactory<T, Input> = <
  const F extends readonly CustomFinding[] = [],
  L extends string = Lang,
  E extends boolean = false,
>(
  options?: OrderSchemaOptions<F, L> & { readonly emptyAsMissing?: E },
) => OrderSchema<T, [E] extends [true] ? Input : T, F[number]>;

/**
 * Options of the schema factories: the form's words and blanks, and a carrier's own rules, messages
 * and rules left out, exactly as {@link createValidator} takes them.
 */
export interface OrderSchemaOptions<
  F extends readonly CustomFinding[] = readonly CustomFinding[],
  L extends string = Lang,
> {
  /** Language of the issue messages: English (default) or German, or one `messages` adds. */
  readonly lang?: Lang | L;
  /** Words for the people who fill in the form: {@link labelsDe}, {@link labelsEn}, or either {@link withLabels}. */
  readonly labels?: Labels;
  /**
   * Count an empty or blank input as absent, as a form's emptied field is: `required` where the
   * field is, no issue where it is optional; the `value` of a success is then without those
   * properties. The carrier's rules see the value so stripped.
   */
  readonly emptyAsMissing?: boolean;
  /**
   * A carrier's rules, run after the built-in ones on the value (a part's schema: on the part as it
   * sits in an order); one with a built-in rule's id takes that rule's place, one that throws or
   * returns no findings gives a `rule_failed` issue. A part's schema keeps the findings inside the part.
   * @example
   * ```ts
   * import { createContactMediumSchema, defineRule, labelsDe } from 'product-order-validator';
   *
   * const postcode = defineRule({
   *   id: 'X-postcode',
   *   title: 'A German postcode has five digits.',
   *   check: (order) => {
   *     const medium = Object(Object(Object(Object(order).relatedParty)[0]).partyOrPartyRole).contactMedium;
   *     const code: unknown = Object(Object(medium)[0]).postcode;
   *     if (typeof code !== 'string' || /^[0-9]{5}$/.test(code)) return [];
   *     const path = '/relatedParty/0/partyOrPartyRole/contactMedium/0/postcode';
   *     return [{ rule: 'X-postcode', code: 'postcode_not_german', path, params: { digits: 5 } }];
   *   },
   * });
   * const schema = createContactMediumSchema({
   *   rules: [postcode],
   *   messages: { de: { postcode_not_german: (f) => `Die Postleitzahl hat ${f.params.digits} Ziffern.` } },
   *   labels: labelsDe,
   *   emptyAsMissing: true,
   * });
   * ```
   */
  readonly rules?: { readonly [K in keyof F]: CustomRule<F[K]> };
  /** Built-in rules to leave out, by id, as {@link createValidator} takes them. */
  readonly without?: readonly RuleId[];
  /**
   * Messages per language, for the rules' own codes and to reword built-in ones. An issue is worded by
   * `labels` where they have a message for its code, else by this table of the language, else by the
   * package (a neutral message naming a carrier's code).
   */
  readonly messages?: { readonly [K in L]?: MessageTable<F[number]> };
}

/** Where a part sits in the order that carries it when it is validated alone, and its `$defs` entry. */
interface Part {
  /** How messages name the part's root; the order's own when absent. */
  readonly name?: PartName;
  /** Its `$defs` entry in the shipped schema. */
  readonly def: string;
  readonly at: string;
  readonly wrap: (value: unknown) => unknown;
}

const order: Part = { def: 'ProductOrder_FVO', at: '', wrap: (value) => value };
const relatedParty: Part = {
  name: 'relatedParty',
  def: 'RelatedParty',
  at: '/relatedParty/0',
  wrap: (value) => ({ relatedParty: [value] }),
};
const contactMedium: Part = {
  name: 'contactMedium',
  def: 'ContactMedium',
  at: '/relatedParty/0/partyOrPartyRole/contactMedium/0',
  wrap: (value) => ({ relatedParty: [{ partyOrPartyRole: { contactMedium: [value] } }] }),
};
const productOrderItem: Part = {
  name: 'productOrderItem',
  def: 'ProductOrderItem',
  at: '/productOrderItem/0',
  wrap: (value) => ({ productOrderItem: [value] }),
};

/** The `$defs` entry of the part each schema of the factories validates. */
const defs = /* @__PURE__ */ new WeakMap<object, string>();

/** The `$defs` entry of the part `schema` validates, when it is one of this package's. */
export const defOf = (schema: unknown): string | undefined =>
  typeof schema === 'object' && schema !== null ? defs.get(schema) : undefined;

/**
 * A Standard Schema of a whole ProductOrder_FVO create request: every rule of
 * {@link validateProductOrder}, messages in `options.lang`.
 * @example
 * ```ts
 * import { createProductOrderSchema, labelsDe } from 'product-order-validator';
 *
 * // for a form: German labels, an emptied input counted as missing
 * const schema = createProductOrderSchema({ labels: labelsDe, emptyAsMissing: true });
 * const result = schema['~standard'].validate({ category: 'new' });
 * for (const issue of result.issues ?? []) console.log(issue.path.join('.'), issue.message);
 * // productOrderItem Auftragspositionen ist eine Pflichtangabe. ...
 * ```
 */
export const createProductOrderSchema: OrderSchemaFactory<ProductOrderFVO, ProductOrderFormValues> =
  /* @__PURE__ */ factoryOf<ProductOrderFVO, ProductOrderFormValues>(order, 'createProductOrderSchema');

/** A Standard Schema of one related party: its field table, R-party, R-contact, R3, R4 and R6. */
export const createRelatedPartySchema: OrderSchemaFactory<RelatedParty, RelatedPartyFormValues> =
  /* @__PURE__ */ factoryOf(relatedParty, 'createRelatedPartySchema');

/** A Standard Schema of one contact medium: R-contact. */
export const createContactMediumSchema: OrderSchemaFactory<ContactMedium, ContactMediumFormValues> =
  /* @__PURE__ */ factoryOf(contactMedium, 'createContactMediumSchema');

/** A Standard Schema of one order item: its field table, R7 and R8; the rules that need the category do not apply. */
export const createProductOrderItemSchema: OrderSchemaFactory<ProductOrderItem, ProductOrderItemFormValues> =
  /* @__PURE__ */ factoryOf<ProductOrderItem, ProductOrderItemFormValues>(
    productOrderItem,
    'createProductOrderItemSchema',
  );

/** The Standard Schema of a ProductOrder_FVO create request, with English messages. */
export const productOrderSchema: OrderSchema<ProductOrderFVO> = /* @__PURE__ */ schemaOf(order, undefined);

/** The Standard Schema of one related party, with English messages. */
export const relatedPartySchema: OrderSchema<RelatedParty> = /* @__PURE__ */ schemaOf(relatedParty, undefined);

/** The Standard Schema of one contact medium, with English messages. */
export const contactMediumSchema: OrderSchema<ContactMedium> = /* @__PURE__ */ schemaOf(contactMedium, undefined);

/** The Standard Schema of one order item, with English messages. */
export const productOrderItemSchema: OrderSchema<ProductOrderItem> = /* @__PURE__ */ schemaOf(
  productOrderItem,
  undefined,
);

/**
 * The factory of a part's schemas; the schema's input type follows `emptyAsMissing`, as the overloads
 * say. Only the factories read a carrier's options, so that a bundle of the schemas without options
 * leaves that code out.
 */
function factoryOf<T, Input>(part: Part, who: string): OrderSchemaFactory<T, Input> {
  return ((options?: OrderSchemaOptions) => {
    const carrier = carrierOf(carrierOptions(options), who, orderChecks, isOrderCheck);
    return schemaOf<T, Input>(part, options, carrier, (input, max) => collect(carrier.checks, input, max));
  }) as OrderSchemaFactory<T, Input>;
}

/**
 * The carrier's options, `rules`, `messages` and `without`, as given: checked by `carrierOf` as
 * createValidator checks them. Options that cannot be read at all give none, as they give the
 * default language and words.
 */
function carrierOptions(options: OrderSchemaOptions | undefined): Parameters<typeof carrierOf>[0] {
  try {
    if (options === undefined || options === null) return undefined;
    const { rules, messages, without } = options;
    return { rules, messages, without };
  } catch {
    return undefined;
  }
}

/**
 * Whether a rule of the options is one of the order's checks, run unguarded. The titled copies of
 * `rules` count as a caller's here, guarded, so that a form's bundle holds no rule titles; they
 * behave the same on any input a rule can read.
 */
const isOrderCheck = (check: unknown): boolean => (orderChecks as readonly unknown[]).includes(check);

/** How the schema words a finding about `value`, its path relative to the part. */
type Word = (finding: Finding, value: unknown) => string;

function schemaOf<T, Input>(
  part: Part,
  options: OrderSchemaOptions | undefined,
  carrier?: Carrier,
  collected: (input: unknown, max: number) => Collected = collectOrder,
): OrderSchema<T, Input> {
  const { lang: asked, labels } = settings(options);
  const emptyAsMissing = asksEmptyAsMissing(options);
  const lang = spoken(asked);
  const words = carrier?.words;
  const { name } = part;
  const word: Word = (finding, value) =>
    (labels && callerText(() => labels.message(finding, value))) ??
    words?.(finding, asked) ??
    (name ? formatPart(finding, lang, name) : formatOrder(finding, lang));
  /** The findings of the schema's checks on `input`, `emptyAsMissing` applied, or `tooCostly`. */
  const found = (input: unknown) => {
    const value = emptyAsMissing ? withoutBlanks(input) : input;
    return value === tooCostly ? tooCostly : { value, collected: collected(part.wrap(value), defaultMaxViolations) };
  };
  const schema: OrderSchema<T, Input> = Object.freeze({
    '~standard': Object.freeze({
      version: 1,
      vendor: 'product-order-validator',
      validate: (input: unknown) => {
        const result = found(input);
        if (result === tooCostly) return { issues: costlyIssues(part, lang, labels, input) };
        const { value, collected } = result;
        const { listed } = collected;
        const issues = listed.length === 0 ? [] : issuesOf(listed, part, word, value);
        return issues.length === 0 ? { value: value as T } : { issues };
      },
    }),
    hints: (input: unknown): readonly OrderHintNote[] => {
      try {
        const result = found(input);
        if (result === tooCostly || result.collected.near.length === 0) return noNotes;
        const notes: OrderHintNote[] = [];
        for (const { finding, keys } of inside(result.collected.near, part))
          notes.push({
            message: word(finding, result.value),
            path: keys,
            rule: finding.rule as RuleId,
            code: 'did_you_mean',
            params: finding.params as ParamsByCode[HintCode],
          });
        return notes;
      } catch {
        // hints never block a form: what cannot be looked at gives none
        return noNotes;
      }
    },
  });
  defs.set(schema, part.def);
  return schema;
}

const noNotes: readonly OrderHintNote[] = /* @__PURE__ */ Object.freeze([]);

/** Whether the options count an emptied input as missing; options that cannot be read do not. */
function asksEmptyAsMissing(options: OrderSchemaOptions | undefined): boolean {
  try {
    return options?.emptyAsMissing === true;
  } catch {
    return false;
  }
}

/**
 * The issue of an input whose blanks the walk of emptyAsMissing gave up stripping: too costly, as a
 * validation says it, at the root, which labels do not word.
 */
function costlyIssues(part: Part, lang: Lang, labels: Labels | undefined, input: unknown): OrderIssue[] {
  const finding = { rule: 'R-field', code: 'too_costly', path: part.at, params: { limit: maxNodes } } as const;
  const { name } = part;
  const word: Word = (relative, value) =>
    name
      ? ((labels && callerText(() => labels.message(relative, value))) ?? formatPart(relative, lang, name))
      : formatOrder(relative, lang);
  return issuesOf([finding], part, word, input);
}

/**
 * The findings inside the part, each with its path relative to it and that path as keys. An input
 * that cannot be read, costs too much to, or that a carrier's rule failed on is the part's fault: at
 * its root.
 */
function* inside(found: readonly Finding[], part: Part): Generator<{ finding: Finding; keys: (string | number)[] }> {
  const { at } = part;
  for (const finding of found) {
    const { code } = finding;
    const path = code === 'unreadable' || code === 'too_costly' || code === 'rule_failed' ? at : finding.path;
    if (path !== at && !path.startsWith(`${at}/`)) continue;
    const relative =
      at === ''
        ? finding
        : ({ rule: finding.rule, code, path: path.slice(at.length), params: finding.params } as Finding);
    yield { finding: relative, keys: pointerKeys(relative.path) };
  }
}

/** The issues of the findings inside the part, their paths and messages relative to it. */
function issuesOf(found: readonly Finding[], part: Part, word: Word, value: unknown): OrderIssue[] {
  const issues: OrderIssue[] = [];
  for (const { finding } of inside(found, part)) {
    const { rule, code, params } = finding as OrderViolation;
    issues.push({
      message: word(finding, value),
      path: issuePath(finding.path, params, part.at, value),
      rule,
      code,
      params,
    } as OrderIssue);
  }
  return issues;
}

/**
 * The keys of an issue's path, relative to the part at `at`: a list rule's at the row's field it names
 * to focus, so that a form focuses it after submit, or at the list itself when the row is missing
 * (its focus the control that adds one, `…/-`); a missing property's at its own field, not its parent
 * (a carrier's rule may give either).
 */
function issuePath(path: string, params: OrderViolation['params'], at: string, input: unknown): (string | number)[] {
  const focus = 'focus' in params ? params.focus : undefined;
  if (typeof focus === 'string' && focus.startsWith(`${at}/`))
    return pointerKeys(focus.slice(at.length, focus.endsWith('/-') ? -2 : undefined));
  const keys = pointerKeys(path);
  if ('property' in params && typeof params.property === 'string' && atParent(keys, params.property, input))
    keys.push(params.property);
  return keys;
}
