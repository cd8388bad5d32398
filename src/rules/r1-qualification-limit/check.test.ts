import { describe, it } from 'vitest';
import { notNew, orderWith, ruleKit, validOrder, withCategory } from '../test-kit.js';

const { expectNoViolation, expectViolation } = ruleKit('R1');

const qualifications = (n: number) => Array.from({ length: n }, (_, i) => ({ id: `POQ-${i}` }));
const withQualifications = (n: number, base = validOrder()) =>
  orderWith((o) => {
    o.productOfferingQualification = qualifications(n);
  }, base);

describe('R1: at most 1 productOfferingQualification in a new order', () => {
  it('holds without productOfferingQualification', () => expectNoViolation(validOrder()));
  it.each([0, 1])('holds with %i items', (n) => expectNoViolation(withQualifications(n)));
  it.each(notNew)('does not apply to category %s', (category) =>
    expectNoViolation(withQualifications(3, withCategory(category))),
  );
  it.each([2, 3])('rejects %i items', (n) =>
    expectViolation(withQualifications(n), {
      rule: 'R1',
      code: 'too_many_items',
      path: '/productOfferingQualification',
      params: { limit: 1, actual: n },
    }),
  );
  it('leaves a productOfferingQualification that is not an array to R-field', () =>
    expectViolation(
      orderWith((o) => {
        o.productOfferingQualification = { '0': {}, '1': {} };
      }),
      { rule: 'R-field', code: 'wrong_type', path: '/productOfferingQualification' },
    ));
  it('does not apply when category new is only inherited', () => {
    const { category, ...rest } = withQualifications(2);
    expectViolation(Object.assign(Object.create({ category }), rest), {
      rule: 'R-field',
      code: 'required',
      path: '',
      params: { property: 'category' },
    });
  });
});
