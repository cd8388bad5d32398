import { describe, it } from 'vitest';
import { ITEM, item, notNew, place, ruleKit, terminations, withItems } from '../test-kit.js';

const { expectNoViolation, expectViolation, expectViolations } = ruleKit('R9');

const r9 = { rule: 'R9' } as const;
const product = () => ({ '@type': 'SomeProduct', relatedPlace: [] });
/** An item of a product no other rule constrains. */
const other = (action: unknown = 'add') => ({ action, product: product() });

describe('R9: items of a new order', () => {
  it('holds for action add and a product with relatedPlace', () => expectNoViolation(withItems([other()])));
  it('holds for several items', () =>
    expectNoViolation(withItems([other(), item('OtherProduct', [place('alternateAddress')]), other()])));
  it.each(notNew)('does not apply to category %s', (category) => {
    const action = (terminations as readonly string[]).includes(category) ? 'delete' : 'modify';
    expectNoViolation(withItems([{ action }, item('HvtLocalLoopProduct', undefined, action)], category));
  });
  it.each(['delete', 'modify', 'noChange', 'Add', 'add ', ''])('rejects action %j', (action) =>
    expectViolation(withItems([other(action)]), {
      ...r9,
      code: 'not_allowed',
      path: `${ITEM}/action`,
      params: { allowed: ['add'] },
    }),
  );
  it('requires action', () =>
    expectViolation(withItems([{ product: product() }]), {
      ...r9,
      code: 'required',
      path: ITEM,
      params: { property: 'action' },
    }));
  it('counts an undefined action as absent', () =>
    expectViolation(withItems([{ action: undefined, product: { relatedPlace: [] } }]), {
      ...r9,
      code: 'required',
      path: ITEM,
      params: { property: 'action' },
    }));
  it('does not count an inherited action as present', () =>
    expectViolation(withItems([Object.assign(Object.create({ action: 'add' }), { product: { relatedPlace: [] } })]), {
      ...r9,
      code: 'required',
      path: ITEM,
      params: { property: 'action' },
    }));
  it('leaves an action that is not a string to R-field', () =>
    expectViolation(withItems([other(['add'])]), { rule: 'R-field', code: 'wrong_type', path: `${ITEM}/action` }));
  it('requires product', () =>
    expectViolation(withItems([{ action: 'add' }]), {
      ...r9,
      code: 'required',
      path: ITEM,
      params: { property: 'product' },
    }));
  it('requires relatedPlace', () =>
    expectViolation(withItems([item('SomeProduct')]), {
      ...r9,
      code: 'required',
      path: `${ITEM}/product`,
      params: { property: 'relatedPlace' },
    }));
  it('counts an undefined relatedPlace as absent', () =>
    expectViolation(withItems([{ action: 'add', product: { relatedPlace: undefined } }]), {
      ...r9,
      code: 'required',
      path: `${ITEM}/product`,
      params: { property: 'relatedPlace' },
    }));
  // a fault that survived the suite: a relatedPlace on the product's prototype counted as present
  it('does not count an inherited relatedPlace as present', () =>
    expectViolation(
      withItems([
        { action: 'add', product: Object.assign(Object.create({ relatedPlace: [] }), { '@type': 'SomeProduct' }) },
      ]),
      { ...r9, code: 'required', path: `${ITEM}/product`, params: { property: 'relatedPlace' } },
    ));
  it('requires relatedPlace of a local loop too, without R10 findings', () =>
    expectViolation(withItems([item('HvtLocalLoopProduct')]), {
      ...r9,
      code: 'required',
      path: `${ITEM}/product`,
      params: { property: 'relatedPlace' },
    }));
  it('leaves a product that is not an object to R-field', () =>
    expectViolation(withItems([{ action: 'add', product: 'SomeProduct' }]), {
      rule: 'R-field',
      code: 'wrong_type',
      path: `${ITEM}/product`,
    }));
  it('reports both missing action and product', () =>
    expectViolations(withItems([{}]), [
      { ...r9, code: 'required', path: ITEM, params: { property: 'action' } },
      { ...r9, code: 'required', path: ITEM, params: { property: 'product' } },
    ]));
  it('reports each item by its index', () =>
    expectViolations(withItems([other(), other('delete'), item('SomeProduct')]), [
      { ...r9, code: 'not_allowed', path: '/productOrderItem/1/action' },
      { ...r9, code: 'required', path: '/productOrderItem/2/product', params: { property: 'relatedPlace' } },
    ]));
});
