// The Standard Schema types of the form layer: checked by the compiler only (vitest's typecheck).
import type { StandardSchemaV1 } from '@standard-schema/spec';
import { describe, expectTypeOf, it } from 'vitest';
import { defineRule } from './custom-rules.js';
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
  type CarrierIssue,
  type contactMediumSchema,
  createContactMediumSchema,
  createProductOrderItemSchema,
  createProductOrderSchema,
  createRelatedPartySchema,
  type OrderHintNote,
  type OrderIssue,
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

const priority = defineRule({
  id: 'X-priority',
  title: 'A priority is 0 to 4.',
  check: () => [{ rule: 'X-priority', code: 'priority_out_of_range', path: '/priority', params: { lowest: 4 } }],
});

describe("the schemas with a carrier's rules", () => {
  it("type a carrier rule's issues by its code and params, beside the built-in ones", () => {
    const schema = createProductOrderSchema({
      rules: [priority],
      messages: { de: { priority_out_of_range: (f) => `0 bis ${f.params.lowest}` } },
    });
    const result = schema['~standard'].validate({});
    if ('issues' in result && result.issues) {
      const [issue] = result.issues;
      if (issue?.code === 'priority_out_of_range') {
        expectTypeOf(issue.params.lowest).toEqualTypeOf<4>();
        expectTypeOf(issue.rule).toEqualTypeOf<'X-priority'>();
      }
      expectTypeOf(result.issues).toEqualTypeOf<
        readonly (OrderIssue | CarrierIssue<ReturnType<typeof priority.check>[number]>)[]
      >();
    }
    // without rules, the issues are the built-in ones only
    const plain = createProductOrderSchema({ lang: 'de' })['~standard'].validate({});
    if ('issues' in plain) expectTypeOf(plain.issues).toEqualTypeOf<readonly OrderIssue[] | undefined>();
  });

  it('keep the form-values input with emptyAsMissing: true beside rules, and the order without it', () => {
    const form = createProductOrderSchema({ rules: [priority], emptyAsMissing: true, lang: 'de' });
    expectTypeOf<StandardSchemaV1.InferInput<typeof form>>().toEqualTypeOf<ProductOrderFormValues>();
    expectTypeOf<StandardSchemaV1.InferOutput<typeof form>>().toEqualTypeOf<ProductOrderFVO>();
    const medium = createContactMediumSchema({ rules: [priority], without: ['R-contact'] });
    expectTypeOf<StandardSchemaV1.InferInput<typeof medium>>().toEqualTypeOf<ContactMedium>();
    const json = withJsonSchema(form);
    expectTypeOf<StandardSchemaV1.InferInput<typeof json>>().toEqualTypeOf<ProductOrderFormValues>();
    expectTypeOf(json.hints).returns.toEqualTypeOf<readonly OrderHintNote[]>();
  });

  it('check the options as createValidator does: rule ids to leave out, message params, added languages', () => {
    // @ts-expect-error: no built-in rule R99
    createProductOrderSchema({ without: ['R99'] });
    createProductOrderSchema({
      rules: [priority],
      // @ts-expect-error: the finding of priority_out_of_range has no param highest
      messages: { en: { priority_out_of_range: (f) => `${f.params.highest}` } },
    });
    const french = createProductOrderSchema({
      rules: [priority],
      lang: 'fr',
      messages: { fr: { priority_out_of_range: () => 'La priorité va de 0 à 4.' } },
    });
    expectTypeOf(french.hints).toBeFunction();
  });

  it('give hints as form notes, and stay callable as a union of factories', () => {
    expectTypeOf(productOrderSchema.hints).returns.toEqualTypeOf<readonly OrderHintNote[]>();
    expectTypeOf<OrderHintNote['code']>().toEqualTypeOf<'did_you_mean'>();
    expectTypeOf<OrderHintNote['params']>().toEqualTypeOf<{ readonly found: string; readonly suggestion: string }>();
    const create = Math.random() > 0.5 ? createContactMediumSchema : createRelatedPartySchema;
    expectTypeOf(create({ lang: 'de' }).hints).toBeFunction();
  });

  it("narrow a built-in issue's params by its code (a trial's friction: too_long's limit needed a cast)", () => {
    const result = productOrderSchema['~standard'].validate({});
    if (result instanceof Promise || !result.issues) return;
    for (const issue of result.issues) {
      if (issue.code === 'too_long') expectTypeOf(issue.params.limit).toEqualTypeOf<number>();
      if (issue.code === 'required') expectTypeOf(issue.params.property).toEqualTypeOf<string>();
      // @ts-expect-error: a required issue has no limit
      if (issue.code === 'required') issue.params.limit;
    }
  });
});
