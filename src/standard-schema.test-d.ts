// The Standard Schema types of the form layer: checked by the compiler only (vitest's typecheck).
import type { StandardSchemaV1 } from '@standard-schema/spec';
import { describe, expectTypeOf, it } from 'vitest';
import type { ContactMedium, ProductOrderFVO, ProductOrderItem, RelatedParty } from './generated/types.js';
import {
  type contactMediumSchema,
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
