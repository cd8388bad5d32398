// The Standard JSON Schema types of withJsonSchema: checked by the compiler only (vitest's typecheck).
import type { StandardJSONSchemaV1, StandardSchemaV1 } from '@standard-schema/spec';
import { describe, expectTypeOf, it } from 'vitest';
import type { ProductOrderFVO } from '../generated/types.js';
import { productOrderSchema } from '../standard-schema.js';
import { withJsonSchema } from './standard.js';

describe('withJsonSchema', () => {
  it('gives the Standard JSON Schema types of the order, and keeps the Standard Schema ones', () => {
    const schema = withJsonSchema(productOrderSchema);
    expectTypeOf(schema).toExtend<StandardJSONSchemaV1<ProductOrderFVO>>();
    expectTypeOf(schema).toExtend<StandardSchemaV1<ProductOrderFVO>>();
  });
});
