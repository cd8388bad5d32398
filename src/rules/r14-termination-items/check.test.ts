import { describe, it } from 'vitest';
import { categories, ITEM, item, ruleKit, terminations, withItems } from '../test-kit.js';

const { expectNoViolation, expectViolation, expectViolations } = ruleKit('R14');

const r14 = { rule: 'R14' } as const;
const others = categories.filter((c) => c !== 'new' && !(terminations as readonly string[]).includes(c));

describe('R14: items of a termination', () => {
  it.each(terminations)('holds for %s with action delete', (category) =>
    expectNoViolation(withItems([item('HvtLocalLoopProduct', undefined, 'delete')], category)),
  );
  it.each(terminations)('holds for %s with several items, all delete', (category) =>
    expectNoViolation(withItems([{ action: 'delete' }, item('SomeProduct', [], 'delete')], category)),
  );
  it.each(others)('does not apply to category %s', (category) =>
    expectNoViolation(withItems([{ action: 'add' }, { action: 'modify' }, {}], category)),
  );
  it('does not apply to category new', () =>
    expectViolation(withItems([item('SomeProduct', [], 'delete')]), {
      rule: 'R9',
      code: 'not_allowed',
      path: `${ITEM}/action`,
    }));
  it.each(terminations)('rejects action add in %s', (category) =>
    expectViolation(withItems([{ action: 'add' }], category), {
      ...r14,
      code: 'not_allowed',
      path: `${ITEM}/action`,
      params: { allowed: ['delete'] },
    }),
  );
  it.each(['modify', 'noChange', 'Delete', 'delete ', ''])('rejects action %j', (action) =>
    expectViolation(withItems([{ action }], 'terminationBySeller'), {
      ...r14,
      code: 'not_allowed',
      path: `${ITEM}/action`,
      params: { allowed: ['delete'] },
    }),
  );
  it.each(terminations)('requires action in %s', (category) =>
    expectViolation(withItems([{ product: { '@type': 'SomeProduct' } }], category), {
      ...r14,
      code: 'required',
      path: ITEM,
      params: { property: 'action' },
    }),
  );
  it('counts an undefined action as absent', () =>
    expectViolation(withItems([{ action: undefined }], 'terminationByBuyer'), {
      ...r14,
      code: 'required',
      path: ITEM,
      params: { property: 'action' },
    }));
  it('does not count an inherited action as present', () =>
    expectViolation(withItems([Object.create({ action: 'delete' })], 'terminationByBuyer'), {
      ...r14,
      code: 'required',
      path: ITEM,
      params: { property: 'action' },
    }));
  it('leaves an action that is not a string to R-field', () =>
    expectViolation(withItems([{ action: 0 }], 'terminationProviderChange'), {
      rule: 'R-field',
      code: 'wrong_type',
      path: `${ITEM}/action`,
    }));
  it('reports each item by its index', () =>
    expectViolations(withItems([{ action: 'delete' }, { action: 'add' }, {}], 'terminationProviderChange'), [
      { ...r14, code: 'not_allowed', path: '/productOrderItem/1/action' },
      { ...r14, code: 'required', path: '/productOrderItem/2', params: { property: 'action' } },
    ]));
});
