import { describe, it } from 'vitest';
import {
  address,
  item,
  loopSite,
  notNew,
  PLACES,
  place,
  placeRef,
  ruleKit,
  terminations,
  withItems,
} from '../test-kit.js';

const { expectNoViolation, expectViolation } = ruleKit('R11');

const r11 = { rule: 'R11' } as const;
const bitstream = (places: unknown[], category = 'new', type = 'BitstreamAccessProduct') =>
  withItems([item(type, places, (terminations as readonly string[]).includes(category) ? 'delete' : 'add')], category);

describe('R11: places of a bitstream access in a new order', () => {
  it.each([
    ['a GeographicAddress', address()],
    ['a PlaceRef', placeRef()],
    ['a GeographicSite', loopSite()],
  ])('holds for one locationA place, %s', (_, value) => expectNoViolation(bitstream([place('locationA', value)])));
  it.each(notNew)('does not apply to category %s', (category) =>
    expectNoViolation(bitstream([place('locationB'), place('alternateAddress')], category)),
  );
  it.each(['BitstreamProduct', 'bitstreamAccessProduct'])('does not apply to product %s', (type) =>
    expectNoViolation(bitstream([], 'new', type)),
  );
  it('rejects an empty relatedPlace', () =>
    expectViolation(bitstream([]), { ...r11, code: 'too_few_items', path: PLACES, params: { limit: 1, actual: 0 } }));
  it('rejects 2 places', () =>
    expectViolation(bitstream([place('locationA'), place('locationB')]), {
      ...r11,
      code: 'too_many_items',
      path: PLACES,
      params: { limit: 1, actual: 2 },
    }));
  it.each(['locationB', 'alternateAddress'])('rejects one place with role %s', (role) =>
    expectViolation(bitstream([place(role)]), {
      ...r11,
      code: 'not_allowed',
      path: `${PLACES}/0/role`,
      params: { allowed: ['locationA'] },
    }),
  );
  it('leaves a role R7 rejects to R7', () =>
    expectViolation(bitstream([place('locationX')]), { rule: 'R7', code: 'not_allowed', path: `${PLACES}/0/role` }));
  it('leaves a place without role to R7', () =>
    expectViolation(bitstream([{ place: address() }]), {
      rule: 'R7',
      code: 'required',
      path: `${PLACES}/0`,
      params: { property: 'role' },
    }));
  it('reports the item by its index', () =>
    expectViolation(
      withItems([
        item('HvtLocalLoopProduct', [place('locationA'), place('locationB', loopSite())]),
        item('BitstreamAccessProduct', []),
      ]),
      {
        ...r11,
        code: 'too_few_items',
        path: '/productOrderItem/1/product/relatedPlace',
      },
    ));
});
