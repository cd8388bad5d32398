import { describe, expect, it } from 'vitest';
import { expectValidatorViolations, ITEM, item, ruleKit, withItems } from './test-kit.js';

describe("a rule's test kit", () => {
  // a new order whose item has action delete: R9 reports it, R14 has nothing to say
  const order = withItems([item('SomeProduct', [], 'delete')]);
  const kit = ruleKit('R14');

  it("is not broken by a neighbour's finding: it runs the rule's own check", () => {
    kit.expectNoViolation(order);
    expect(() => expectValidatorViolations(order, [])).toThrow();
  });

  it('runs a neighbour named in the expected findings, which must report them', () => {
    kit.expectViolation(order, { rule: 'R9', code: 'not_allowed', path: `${ITEM}/action` });
    expect(() => kit.expectViolation(order, { rule: 'R9', code: 'required', path: ITEM })).toThrow();
  });

  it("fails when the rule's own check finds what is not expected", () =>
    expect(() => kit.expectNoViolation(withItems([{ action: 'add' }], 'terminationByBuyer'))).toThrow());
});
