// The types of validation results and of a carrier's validator: checked by the compiler only
// (vitest's typecheck), never run.
import { describe, expectTypeOf, it } from 'vitest';
import { defineRule } from './custom-rules.js';
import { type ValidateOptions, validateProductOrder } from './validate.js';
import { createValidator } from './validator/index.js';
import type { HttpRuleId, OrderRuleId, OrderViolationCode } from './violation.js';

const days: number = 3;
const late = defineRule({
  id: 'X-late',
  title: 'Completion after posting.',
  check: () => [
    { rule: 'X-late', code: 'completion_before_posting', path: '/requestedCompletionDate', params: { days } },
  ],
});

describe('validateProductOrder', () => {
  it("types params by code: after a check of code, params has that code's fields", () => {
    const result = validateProductOrder({});
    for (const v of result.violations) {
      if (v.code === 'too_long') expectTypeOf(v.params.limit).toEqualTypeOf<number>();
      if (v.code === 'required') expectTypeOf(v.params.property).toEqualTypeOf<string>();
      if (v.code === 'invalid_date_time')
        expectTypeOf(v.params.reason).toEqualTypeOf<
          'missing_seconds' | 'missing_offset' | 'missing_time' | 'no_such_date' | 'invalid'
        >();
      if (v.code === 'not_allowed') expectTypeOf(v.params.allowed).toEqualTypeOf<readonly unknown[]>();
      expectTypeOf(v.code).toEqualTypeOf<OrderViolationCode>();
      expectTypeOf<HttpRuleId>().not.toExtend<typeof v.rule>();
      // @ts-expect-error: a too_long violation has no property
      if (v.code === 'too_long') expectTypeOf(v.params.property).toBeUndefined();
    }
  });

  it('takes only the languages the package speaks', () => {
    // @ts-expect-error: the package itself speaks English and German
    validateProductOrder({}, { lang: 'fr' });
    expectTypeOf(validateProductOrder).parameter(1).toEqualTypeOf<ValidateOptions | undefined>();
  });
});

describe('createValidator', () => {
  it('takes the languages a caller adds through messages', () => {
    const french = createValidator({
      rules: [late],
      messages: { fr: { completion_before_posting: (f) => `Trop tôt de ${f.params.days} jours.` } },
    });
    expectTypeOf(french.validate).parameter(1).toEqualTypeOf<ValidateOptions<'en' | 'de' | 'fr'> | undefined>();
  });

  it("types each rule's findings and the messages by code", () => {
    const second = defineRule({
      id: 'X-prio',
      title: 'Priority 0 to 4.',
      check: () => [{ rule: 'X-prio', code: 'priority_out_of_range', path: '/priority', params: { lowest: days + 1 } }],
    });
    const carrier = createValidator({
      rules: [late, second],
      messages: { en: { priority_out_of_range: (f) => `0 to ${f.params.lowest}` } },
    });
    const result = carrier.validate({});
    if (!result.valid) {
      const [v] = result.violations;
      if (v.code === 'completion_before_posting') expectTypeOf(v.params.days).toEqualTypeOf<number>();
      if (v.code === 'priority_out_of_range') expectTypeOf(v.params.lowest).toEqualTypeOf<number>();
      if (v.code === 'too_long') expectTypeOf(v.rule).toEqualTypeOf<OrderRuleId>();
    }
    createValidator({
      rules: [second],
      // @ts-expect-error: a message of a code no rule gives
      messages: { en: { priority_too_high: () => 'no such code' } },
    });
  });
});
