import { describe, it } from 'vitest';
import {
  address,
  characteristic,
  chars,
  item,
  notNew,
  PLACES,
  place,
  placeRef,
  roomSite,
  ruleKit,
  site,
  terminations,
  withItems,
} from '../test-kit.js';

const { expectNoViolation, expectViolation, expectViolations } = ruleKit('R12');

const r12 = { rule: 'R12' } as const;
const A = () => place('locationA');
const B = (placeValue: unknown = roomSite()) => place('locationB', placeValue);
const optical = (places: unknown[], category = 'new', type = 'OpticalAccessLineProduct') =>
  withItems([item(type, places, (terminations as readonly string[]).includes(category) ? 'delete' : 'add')], category);
const siteAt = `${PLACES}/1/place`;
const room = `${siteAt}/geographicSiteCharacteristic/0/value`;

describe('R12: places of an optical access line in a new order', () => {
  it('holds for one locationA place', () => expectNoViolation(optical([A()])));
  it('holds for locationA and locationB', () => expectNoViolation(optical([A(), B()])));
  it('holds with locationB first', () => expectNoViolation(optical([B(), A()])));
  it('holds for locationA and alternateAddress', () => expectNoViolation(optical([A(), place('alternateAddress')])));
  it('holds for two locationA places', () => expectNoViolation(optical([A(), A()])));
  it.each([
    ['1 character', 'R'],
    ['50 characters', chars(50)],
    ['50 emoji', chars(50, '😀')],
  ])('holds for collocation_room_name of %s', (_, name) => expectNoViolation(optical([A(), B(roomSite(name))])));
  it('holds with collocation_room_name among other characteristics', () =>
    expectNoViolation(
      optical([A(), B(site([characteristic('floor', '1'), characteristic('collocation_room_name', 'R1')]))]),
    ));
  it.each(notNew)('does not apply to category %s', (category) =>
    expectNoViolation(optical([B(address()), place('alternateAddress'), B(site())], category)),
  );
  it.each(['OpticalAccessProduct', 'opticalAccessLineProduct'])('does not apply to product %s', (type) =>
    expectNoViolation(optical([], 'new', type)),
  );

  it('rejects an empty relatedPlace', () =>
    expectViolation(optical([]), { ...r12, code: 'too_few_items', path: PLACES, params: { limit: 1, actual: 0 } }));
  it('rejects 3 places', () =>
    expectViolation(optical([A(), B(), place('alternateAddress')]), {
      ...r12,
      code: 'too_many_items',
      path: PLACES,
      params: { limit: 2, actual: 3 },
    }));
  it.each([
    ['locationB', [B()]],
    ['alternateAddress', [place('alternateAddress')]],
    ['locationB and alternateAddress', [B(), place('alternateAddress')]],
  ])('rejects %s without locationA', (_, places) =>
    expectViolation(optical(places), {
      ...r12,
      code: 'missing_role',
      path: PLACES,
      params: { role: 'locationA' },
    }),
  );
  it('leaves a role R7 rejects to R7', () =>
    expectViolation(optical([A(), place('locationC')]), { rule: 'R7', code: 'not_allowed', path: `${PLACES}/1/role` }));
  it.each([
    ['GeographicAddress', address()],
    ['PlaceRef', placeRef()],
  ])('rejects a locationB %s', (_, value) =>
    expectViolation(optical([A(), B(value)]), {
      ...r12,
      code: 'not_allowed',
      path: `${siteAt}/@type`,
      params: { allowed: ['GeographicSite'] },
    }),
  );
  // regression: an incomplete characteristic of another name hid the missing one, two rounds of fixes
  it('reports a missing collocation_room_name beside an incomplete characteristic of another name', () =>
    expectViolations(optical([A(), B(site([{ name: 'floor' }]))]), [
      {
        ...r12,
        code: 'missing_characteristic',
        path: `${siteAt}/geographicSiteCharacteristic`,
        params: { name: 'collocation_room_name' },
      },
      { rule: 'R8', code: 'required', path: `${siteAt}/geographicSiteCharacteristic/0`, params: { property: 'value' } },
    ]));
  it('still leaves a missing collocation_room_name to R8 when an item without a string name may be it', () =>
    expectViolation(optical([A(), B(site([{ value: 'Raum 1' }]))]), {
      rule: 'R8',
      code: 'required',
      path: `${siteAt}/geographicSiteCharacteristic/0`,
      params: { property: 'name' },
    }));
  it('leaves a locationB of unknown kind to R8', () =>
    expectViolation(optical([A(), B({ '@type': 'Room' })]), {
      rule: 'R8',
      code: 'unknown_type',
      path: `${siteAt}/@type`,
    }));
  it('requires collocation_room_name', () =>
    expectViolation(optical([A(), B(site([characteristic('floor', '1')]))]), {
      ...r12,
      code: 'missing_characteristic',
      path: `${siteAt}/geographicSiteCharacteristic`,
      params: { name: 'collocation_room_name' },
    }));
  it('rejects an empty collocation_room_name', () =>
    expectViolation(optical([A(), B(roomSite(''))]), {
      ...r12,
      code: 'too_short',
      path: room,
      params: { limit: 1, name: 'collocation_room_name' },
    }));
  it.each([
    ['51 characters', chars(51)],
    ['51 emoji', chars(51, '😀')],
  ])('rejects collocation_room_name of %s', (_, name) =>
    expectViolation(optical([A(), B(roomSite(name))]), {
      ...r12,
      code: 'too_long',
      path: room,
      params: { limit: 50, name: 'collocation_room_name' },
    }),
  );
  // a fault that survived the suite: the last faulty characteristic of a name reported instead of the first
  it('reports the first of two faulty collocation_room_name characteristics, not the last', () =>
    expectViolation(
      optical([
        A(),
        B(site([characteristic('collocation_room_name', ''), characteristic('collocation_room_name', chars(51))])),
      ]),
      { ...r12, code: 'too_short', path: room, params: { limit: 1, name: 'collocation_room_name' } },
    ));
  it('rejects a collocation_room_name that is not a string', () =>
    expectViolation(optical([A(), B(roomSite(104))]), {
      ...r12,
      code: 'wrong_type',
      path: room,
      params: { expected: 'string', actual: 'integer' },
    }));
  it('rejects an empty nested place', () =>
    expectViolation(optical([A(), B({ ...roomSite(), place: [] })]), {
      ...r12,
      code: 'too_few_items',
      path: `${siteAt}/place`,
      params: { limit: 1 },
    }));
  it('rejects 2 nested places', () =>
    expectViolation(optical([A(), B({ ...roomSite(), place: [placeRef(), placeRef()] })]), {
      ...r12,
      code: 'too_many_items',
      path: `${siteAt}/place`,
      params: { limit: 1 },
    }));
  it('reports a missing locationA and the faults of the locationB site', () =>
    expectViolations(optical([B(roomSite('')), place('alternateAddress')]), [
      { ...r12, code: 'missing_role', path: PLACES, params: { role: 'locationA' } },
      { ...r12, code: 'too_short', path: `${PLACES}/0/place/geographicSiteCharacteristic/0/value` },
    ]));
});
