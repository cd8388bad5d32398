import { describe, it } from 'vitest';
import { address, categories, item, loopSite, PLACES, place, ruleKit, withItems } from '../test-kit.js';

const { expectNoViolation, expectViolation, expectViolations } = ruleKit('R7');

const roles = ['locationA', 'locationB', 'alternateAddress'];
const r7 = { rule: 'R7' } as const;
/** A new order with one item of a product no other rule constrains, with `places`. */
const withPlaces = (places: unknown, category = 'new') =>
  withItems(
    [
      {
        action: category.startsWith('termination') ? 'delete' : 'add',
        product: { '@type': 'SomeProduct', relatedPlace: places },
      },
    ],
    category,
  );

describe('R7: relatedPlace roles', () => {
  it.each(roles)('holds for role %s', (role) => expectNoViolation(withPlaces([place(role)])));
  it('holds for all roles together', () => expectNoViolation(withPlaces(roles.map((role) => place(role)))));
  it('holds for an empty relatedPlace', () => expectNoViolation(withPlaces([])));
  it('holds for a product without relatedPlace outside new orders', () =>
    expectNoViolation(withItems([item('SomeProduct', undefined, 'modify')], 'productChange')));
  it('holds for an item without product outside new orders', () =>
    expectNoViolation(withItems([{ action: 'modify' }], 'productChange')));
  it.each(categories)('applies to category %s', (category) =>
    expectViolation(withPlaces([place('locationC')], category), {
      ...r7,
      code: 'not_allowed',
      path: `${PLACES}/0/role`,
    }),
  );
  it.each(['locationC', 'LocationA', 'location_a', '', 1, null])('rejects the role %j', (role) =>
    expectViolation(withPlaces([place('locationA'), place(role)]), {
      ...r7,
      code: 'not_allowed',
      path: `${PLACES}/1/role`,
      params: { allowed: roles },
    }),
  );
  it('requires role', () =>
    expectViolation(withPlaces([{ place: address() }]), {
      ...r7,
      code: 'required',
      path: `${PLACES}/0`,
      params: { property: 'role' },
    }));
  it('counts an undefined role as absent', () =>
    expectViolation(withPlaces([place(undefined)]), {
      ...r7,
      code: 'required',
      path: `${PLACES}/0`,
      params: { property: 'role' },
    }));
  it('does not count an inherited role as present', () =>
    expectViolation(withPlaces([Object.assign(Object.create({ role: 'locationA' }), { place: address() })]), {
      ...r7,
      code: 'required',
      path: `${PLACES}/0`,
      params: { property: 'role' },
    }));
  it.each([{}, 'locationA', null])('rejects the relatedPlace %j', (places) =>
    expectViolation(withPlaces(places), { ...r7, code: 'wrong_type', path: PLACES, params: { expected: 'array' } }),
  );
  it.each(['locationA', 1, [place('locationA')]])('rejects the relatedPlace item %j', (value) =>
    expectViolation(withPlaces([value]), {
      ...r7,
      code: 'wrong_type',
      path: `${PLACES}/0`,
      params: { expected: 'object' },
    }),
  );
  it('reports each wrong role, by item and place', () =>
    expectViolations(
      withItems([
        item('SomeProduct', [place('locationA')]),
        item('SomeProduct', [place('locationA'), place('locationZ'), place('site')]),
      ]),
      [
        { ...r7, code: 'not_allowed', path: '/productOrderItem/1/product/relatedPlace/1/role' },
        { ...r7, code: 'not_allowed', path: '/productOrderItem/1/product/relatedPlace/2/role' },
      ],
    ));
  it('alone reports a wrong role in an HVt local loop', () =>
    expectViolation(withItems([item('HvtLocalLoopProduct', [place('locationC'), place('locationB', loopSite())])]), {
      ...r7,
      code: 'not_allowed',
      path: `${PLACES}/0/role`,
    }));
});
