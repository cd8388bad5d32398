// Standard Schema v1 adapters: the order and the parts a form edits, so form libraries take them as
// they take a zod or valibot schema; src/json-schema/standard.ts gives them their JSON Schema.
import type { StandardSchemaV1 } from '@standard-schema/spec';
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
import type { PartName } from './messages/wording.js';
import { pointerKeys } from './pointer.js';
import { maxNodes } from './read.js';
import { callerText, settings, validateProductOrder } from './validate.js';
import type { OrderViolation } from './violation.js';

/** A Standard Schema issue that also carries the violation's rule, code and params. */
export interface OrderIssue extends StandardSchemaV1.Issue {
  /** The violation's JSON Pointer as keys, array indices as numbers; a missing property's name ends it. */
  readonly path: readonly (string | number)[];
  /** Which rule of the specification is broken. */
  readonly rule: OrderViolation['rule'];
  /** What kind of fault it is. */
  readonly code: OrderViolation['code'];
  /** Machine-readable details, as in the violation. */
  readonly params: OrderViolation['params'];
}

/**
 * The `~standard` properties: Standard Schema v1 validation, of `Input` (`types.input`: what the
 * schema takes, a form's values with `emptyAsMissing`) into `T` (`types.output`).
 */
export interface OrderSchemaProps<T, Input = T> extends StandardSchemaV1.Props<Input, T> {
  /** Validates any value synchronously: `{ value }` (the value itself) or `{ issues }` ordered by path. */
  readonly validate: (
    value: unknown,
    options?: StandardSchemaV1.Options,
  ) =>
    | StandardSchemaV1.SuccessResult<T>
    | {
        /** The issues, ordered by path. */
        readonly issues: readonly OrderIssue[];
      };
}

/**
 * A validator of `T` that implements Standard Schema v1; {@link withJsonSchema} gives it Standard
 * JSON Schema v1 as well. `Input` is the type it declares it takes: `T`, or with `emptyAsMissing` the
 * form-values type, whose blanks count as missing. A success's `value` is typed `T`; it keeps the
 * input's extension fields at run time, which `Open<T>` reads.
 */
export interface OrderSchema<T, Input = T> {
  /** The Standard Schema properties. */
  readonly '~standard': OrderSchemaProps<T, Input>;
}

/** The options with `emptyAsMissing: true`: the schema then takes a form's values, `ProductOrderFormValues` for the order. */
export interface FormSchemaOptions extends OrderSchemaOptions {
  /** An empty or blank input counts as absent, so the schema's input type is the form-values type. */
  readonly emptyAsMissing: true;
}

/**
 * A schema factory: with `emptyAsMissing: true` the schema takes `Input`, a form's values, and gives
 * `T`; with other options it takes and gives `T`.
 */
export interface OrderSchemaFactory<T, Input> {
  (options: FormSchemaOptions): OrderSchema<T, Input>;
  (options?: OrderSchemaOptions): OrderSchema<T>;
}

/** Options of the schema factories. */
export interface OrderSchemaOptions {
  /** Language of the issue messages: English (default) or German. */
  readonly lang?: Lang;
  /** Words for the people who fill in the form: {@link labelsDe}, {@link labelsEn}, or either {@link withLabels}. */
  readonly labels?: Labels;
  /**
   * Count an empty or blank input as absent, as a form's emptied field is: `required` where the
   * field is, no issue where it is optional; the `value` of a success is then without those properties.
   */
  readonly emptyAsMissing?: boolean;
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
  /* @__PURE__ */ factoryOf(order);

/** A Standard Schema of one related party: its field table, R-party, R-contact, R3, R4 and R6. */
export const createRelatedPartySchema: OrderSchemaFactory<RelatedParty, RelatedPartyFormValues> =
  /* @__PURE__ */ factoryOf(relatedParty);

/** A Standard Schema of one contact medium: R-contact. */
export const createContactMediumSchema: OrderSchemaFactory<ContactMedium, ContactMediumFormValues> =
  /* @__PURE__ */ factoryOf(contactMedium);

/** A Standard Schema of one order item: its field table, R7 and R8; the rules that need the category do not apply. */
export const createProductOrderItemSchema: OrderSchemaFactory<ProductOrderItem, ProductOrderItemFormValues> =
  /* @__PURE__ */ factoryOf(productOrderItem);

/** The Standard Schema of a ProductOrder_FVO create request, with English messages. */
export const productOrderSchema: OrderSchema<ProductOrderFVO> = /* @__PURE__ */ createProductOrderSchema();

/** The Standard Schema of one related party, with English messages. */
export const relatedPartySchema: OrderSchema<RelatedParty> = /* @__PURE__ */ createRelatedPartySchema();

/** The Standard Schema of one contact medium, with English messages. */
export const contactMediumSchema: OrderSchema<ContactMedium> = /* @__PURE__ */ createContactMediumSchema();

/** The Standard Schema of one order item, with English messages. */
export const productOrderItemSchema: OrderSchema<ProductOrderItem> = /* @__PURE__ */ createProductOrderItemSchema();

/** The factory of a part's schemas; the schema's input type follows `emptyAsMissing`, as the overloads say. */
function factoryOf<T, Input>(part: Part): OrderSchemaFactory<T, Input> {
  return ((options?: OrderSchemaOptions) => schemaOf<T, Input>(part, options)) as OrderSchemaFactory<T, Input>;
}

function schemaOf<T, Input>(part: Part, options: OrderSchemaOptions | undefined): OrderSchema<T, Input> {
  const { lang: asked, labels } = settings(options);
  const emptyAsMissing = asksEmptyAsMissing(options);
  const lang = spoken(asked);
  const schema: OrderSchema<T, Input> = Object.freeze({
    '~standard': Object.freeze({
      version: 1,
      vendor: 'product-order-validator',
      validate: (input: unknown) => {
        const value = emptyAsMissing ? withoutBlanks(input) : input;
        if (value === tooCostly) return { issues: costlyIssues(part, lang, labels, input) };
        // a part's messages are worded below, relative to the part: the order's would be thrown away
        const result = validateProductOrder(part.wrap(value), { lang, labels: part.name ? undefined : labels });
        const issues = result.valid ? [] : issuesOf(result.violations, part, lang, labels, value);
        return issues.length === 0 ? { value: value as T } : { issues };
      },
    }),
  });
  defs.set(schema, part.def);
  return schema;
}

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
  return issuesOf([{ ...finding, message: formatOrder(finding, lang) }], part, lang, labels, input);
}

/** The issues of the violations inside the part, their paths and messages relative to it. */
function issuesOf(
  violations: readonly OrderViolation[],
  part: Part,
  lang: Lang,
  labels: Labels | undefined,
  value: unknown,
): OrderIssue[] {
  const { at, name } = part;
  const issues: OrderIssue[] = [];
  for (const violation of violations) {
    const { rule, code, params } = violation;
    // an input that cannot be read, or costs too much to, is reported at the wrapper's root: it is the part's fault
    const path = code === 'unreadable' || code === 'too_costly' ? at : violation.path;
    if (path !== at && !path.startsWith(`${at}/`)) continue;
    const relative = { ...violation, path: path.slice(at.length) };
    const message = !name
      ? violation.message
      : ((labels && callerText(() => labels.message(relative, value))) ?? formatPart(relative, lang, name));
    issues.push({ message, path: issuePath(relative.path, params, at), rule, code, params });
  }
  return issues;
}

/**
 * The keys of an issue's path, relative to the part at `at`: a list rule's at the field it names to
 * focus, so that a form focuses it after submit; a missing property's at its own field, not its parent.
 */
function issuePath(path: string, params: OrderViolation['params'], at: string): (string | number)[] {
  const focus = 'focus' in params ? params.focus : undefined;
  if (typeof focus === 'string' && focus.startsWith(`${at}/`)) return pointerKeys(focus.slice(at.length));
  const keys = pointerKeys(path);
  if ('property' in params && typeof params.property === 'string') keys.push(params.property);
  return keys;
}
