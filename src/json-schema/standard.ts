// Standard JSON Schema v1 for the schemas of the factories, given when asked for: a form's bundle
// carries the JSON Schema text only when it imports withJsonSchema.
import type { StandardJSONSchemaV1 } from '@standard-schema/spec';
import type { CustomFinding } from '../custom-rules.js';
import {
  contactMediumSchemaText,
  orderSchemaText,
  productOrderItemSchemaText,
  relatedPartySchemaText,
} from '../generated/schema-text.js';
import { defOf, type OrderHintNote, type OrderSchema, type OrderSchemaProps } from '../standard-schema.js';
import { type JsonSchema, toTarget } from './targets.js';

/** A schema of this package that also implements Standard JSON Schema v1. */
export interface OrderSchemaWithJson<T, Input = T, F extends CustomFinding = never> {
  /** The Standard Schema properties, with `jsonSchema`. */
  readonly '~standard': OrderSchemaProps<T, Input, F> & StandardJSONSchemaV1.Props<Input, T>;
  /** The schema's near misses as notes for a form: {@link OrderSchema.hints}. */
  hints(value: unknown): readonly OrderHintNote[];
}

/**
 * `schema`, one of this package's, that also gives its JSON Schema: `~standard.jsonSchema.input`
 * and `.output` (the same schema) for the targets `draft-2020-12`, `draft-07` and `openapi-3.0`,
 * a fresh object each call, without the descriptions of the shipped file; a part's schema holds just
 * the `$defs` it reaches. An unsupported target throws a TypeError, as Standard JSON Schema asks.
 * @throws TypeError when `schema` is not one of this package's schemas
 * @example
 * ```ts
 * import { productOrderSchema, withJsonSchema } from 'product-order-validator';
 *
 * const openApi = withJsonSchema(productOrderSchema)['~standard'].jsonSchema.input({ target: 'openapi-3.0' });
 * ```
 */
export function withJsonSchema<T, Input = T, F extends CustomFinding = never>(
  schema: OrderSchema<T, Input, F>,
): OrderSchemaWithJson<T, Input, F> {
  const texts: Readonly<Record<string, string>> = {
    ProductOrder_FVO: orderSchemaText,
    RelatedParty: relatedPartySchemaText,
    ContactMedium: contactMediumSchemaText,
    ProductOrderItem: productOrderItemSchemaText,
  };
  const def = defOf(schema);
  if (def === undefined || !Object.hasOwn(texts, def))
    throw new TypeError('product-order-validator: withJsonSchema takes a schema made by this package');
  let parsed: JsonSchema | undefined;
  const convert = (options: StandardJSONSchemaV1.Options) => {
    parsed ??= JSON.parse(texts[def]) as JsonSchema;
    return toTarget(parsed, options?.target);
  };
  return Object.freeze({
    '~standard': Object.freeze({
      ...schema['~standard'],
      jsonSchema: Object.freeze({ input: convert, output: convert }),
    }),
    hints: schema.hints,
  });
}
