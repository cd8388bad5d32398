// The Standard Schema types of the form layer: checked by the compiler only (vitest's typecheck).
import type { StandardSchemaV1 } from '@standard-schema/spec';
import { describe, expectTypeOf, it } from 'vitest';
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
import { withJsonSchema } from './json-schema/standard.js';
import {
  type contactMediumSchema,
  createContactMediumSchema,
  createProductOrderItemSchema,
  createProductOrderSchema,
  createRelatedPartySchema,
  type productOrderItemSchema,
  productOrderSchema,
  type relatedPartySchema,
} from './standard-schema.js';

describe('productOrderSchema', () => {
  it('has the types of the spec, with the validated type as input and output', () => {
    expectTypeOf(productOrderSchema).toExtend<StandardSchemaV1<ProductOrderFVO>>();
    expectTypeOf<StandardSchemaV1.InferOutput<typeof productOrderSchema>>().toEqualTypeOf<ProductOrderFVO>();
    expectTypeOf<StandardSchemaV1.InferOutput<typeof relatedPartySchema>>().toEqualTypeOf<RelatedParty>();
    expectTypeOf<StandardSchemaV1.InferOutput<typeof contactMediumSchema>>().toEqualTypeOf<ContactMedium>();
    expectTypeOf<StandardSchemaV1.InferOutput<typeof productOrderItemSchema>>().toEqualTypeOf<ProductOrderItem>();
  });
});

describe('the schemas made with emptyAsMissing', () => {
  it("take a form's values as input and give the validated type", () => {
    const order = createProductOrderSchema({ emptyAsMissing: true });
    expectTypeOf<StandardSchemaV1.InferInput<typeof order>>().toEqualTypeOf<ProductOrderFormValues>();
    expectTypeOf<StandardSchemaV1.InferOutput<typeof order>>().toEqualTypeOf<ProductOrderFVO>();
    const party = createRelatedPartySchema({ emptyAsMissing: true, lang: 'de' });
    expectTypeOf<StandardSchemaV1.InferInput<typeof party>>().toEqualTypeOf<RelatedPartyFormValues>();
    const medium = createContactMediumSchema({ emptyAsMissing: true });
    expectTypeOf<StandardSchemaV1.InferInput<typeof medium>>().toEqualTypeOf<ContactMediumFormValues>();
    const item = createProductOrderItemSchema({ emptyAsMissing: true });
    expectTypeOf<StandardSchemaV1.InferInput<typeof item>>().toEqualTypeOf<ProductOrderItemFormValues>();
    // withJsonSchema keeps both
    const json = withJsonSchema(order);
    expectTypeOf<StandardSchemaV1.InferInput<typeof json>>().toEqualTypeOf<ProductOrderFormValues>();
    expectTypeOf<StandardSchemaV1.InferOutput<typeof json>>().toEqualTypeOf<ProductOrderFVO>();
  });

  it('keep the validated type as input without emptyAsMissing, or when it is only a boolean', () => {
    const plain = createProductOrderSchema({ lang: 'de' });
    expectTypeOf<StandardSchemaV1.InferInput<typeof plain>>().toEqualTypeOf<ProductOrderFVO>();
    const maybe = createProductOrderSchema({ emptyAsMissing: Math.random() > 0.5 });
    expectTypeOf<StandardSchemaV1.InferInput<typeof maybe>>().toEqualTypeOf<ProductOrderFVO>();
  });
});
