import { describe, it } from 'vitest';
import {
  address,
  characteristic,
  orderWith,
  PLACES,
  place,
  placeRef,
  ruleKit,
  site,
  validOrder,
  withItems,
} from '../test-kit.js';

const { expectNoViolation, expectViolation, expectViolations } = ruleKit('R8');

const r8 = { rule: 'R8' } as const;
const at = `${PLACES}/0/place`;
/** A new order with one item of a product no other rule constrains, with one locationA place. */
const withPlace = (value: unknown) =>
  withItems([
    { action: 'add', product: { '@type': 'SomeProduct', relatedPlace: [{ role: 'locationA', place: value }] } },
  ]);
const without = (value: Record<string, unknown>, key: string) => {
  const { [key]: _, ...rest } = value;
  return rest;
};

describe('R8: the kind of each place', () => {
  it('holds for a GeographicAddress with nothing but @type', () =>
    expectNoViolation(withPlace({ '@type': 'GeographicAddress' })));
  it('holds for a GeographicAddress with any fields', () => expectNoViolation(withPlace(address({ x: [1] }))));
  it('holds for a GeographicSite', () =>
    expectNoViolation(withPlace(site([characteristic('floor', '2')], [placeRef()]))));
  it('holds for a GeographicSite with empty lists', () => expectNoViolation(withPlace(site([], []))));
  it.each(['221', 12, null, { nested: true }, [1, 2], false])('holds for a characteristic value %j', (value) =>
    expectNoViolation(withPlace(site([characteristic('any', value)]))),
  );
  it('holds for a PlaceRef', () => expectNoViolation(withPlace(placeRef())));
  it('does not check nested places beyond their count', () =>
    expectNoViolation(
      orderWith((o) => {
        o.productOrderItem[0].product.relatedPlace[1].place.place = [{ '@type': 'Unknown' }];
      }),
    ));
  it('applies to orders of any category', () =>
    expectViolation(
      withItems(
        [{ action: 'modify', product: { relatedPlace: [place('locationA', { '@type': 'X' })] } }],
        'portChange',
      ),
      { ...r8, code: 'unknown_type', path: `${at}/@type` },
    ));

  it('requires place', () =>
    expectViolation(
      withItems([{ action: 'add', product: { '@type': 'SomeProduct', relatedPlace: [{ role: 'locationA' }] } }]),
      {
        ...r8,
        code: 'required',
        path: `${PLACES}/0`,
        params: { property: 'place' },
      },
    ));
  it('counts an undefined place as absent', () =>
    expectViolation(withPlace(undefined), {
      ...r8,
      code: 'required',
      path: `${PLACES}/0`,
      params: { property: 'place' },
    }));
  it.each([null, 'GeographicAddress', [address()]])('rejects the place %j', (value) =>
    expectViolation(withPlace(value), { ...r8, code: 'wrong_type', path: at, params: { expected: 'object' } }),
  );
  it('requires @type', () =>
    expectViolation(withPlace(without(address(), '@type')), {
      ...r8,
      code: 'required',
      path: at,
      params: { property: '@type' },
    }));
  it('does not count an inherited @type as present', () =>
    expectViolation(withPlace(Object.create({ '@type': 'GeographicAddress' })), {
      ...r8,
      code: 'required',
      path: at,
      params: { property: '@type' },
    }));
  it.each(['GeographicLocation', 'geographicAddress', 'Place', 1])('rejects the @type %j', (type) =>
    expectViolation(withPlace(address({ '@type': type })), {
      ...r8,
      code: 'unknown_type',
      path: `${at}/@type`,
      params: { allowed: ['GeographicAddress', 'GeographicSite', 'PlaceRef'] },
    }),
  );
});

describe('R8: GeographicSite', () => {
  it('requires geographicSiteCharacteristic', () =>
    expectViolation(withPlace(without(site(), 'geographicSiteCharacteristic')), {
      ...r8,
      code: 'required',
      path: at,
      params: { property: 'geographicSiteCharacteristic' },
    }));
  it('requires place', () =>
    expectViolation(withPlace(without(site(), 'place')), {
      ...r8,
      code: 'required',
      path: at,
      params: { property: 'place' },
    }));
  it('reports both missing lists', () =>
    expectViolations(withPlace({ '@type': 'GeographicSite' }), [
      { ...r8, code: 'required', path: at, params: { property: 'geographicSiteCharacteristic' } },
      { ...r8, code: 'required', path: at, params: { property: 'place' } },
    ]));
  it('rejects a geographicSiteCharacteristic that is not an array', () =>
    expectViolation(withPlace(site({ name: 'n', value: 'v' } as never)), {
      ...r8,
      code: 'wrong_type',
      path: `${at}/geographicSiteCharacteristic`,
      params: { expected: 'array', actual: 'object' },
    }));
  it('rejects a nested place that is not an array', () =>
    expectViolation(withPlace({ ...site(), place: placeRef() }), {
      ...r8,
      code: 'wrong_type',
      path: `${at}/place`,
      params: { expected: 'array', actual: 'object' },
    }));
  it('rejects a characteristic that is not an object', () =>
    expectViolation(withPlace(site(['floor'])), {
      ...r8,
      code: 'wrong_type',
      path: `${at}/geographicSiteCharacteristic/0`,
      params: { expected: 'object', actual: 'string' },
    }));
  it('requires the name of a characteristic', () =>
    expectViolation(withPlace(site([{ value: '2' }])), {
      ...r8,
      code: 'required',
      path: `${at}/geographicSiteCharacteristic/0`,
      params: { property: 'name' },
    }));
  it('requires the value of a characteristic', () =>
    expectViolation(withPlace(site([characteristic('floor', '2'), { name: 'room' }])), {
      ...r8,
      code: 'required',
      path: `${at}/geographicSiteCharacteristic/1`,
      params: { property: 'value' },
    }));
  it('counts an undefined value as absent', () =>
    expectViolation(withPlace(site([characteristic('floor', undefined)])), {
      ...r8,
      code: 'required',
      path: `${at}/geographicSiteCharacteristic/0`,
      params: { property: 'value' },
    }));
  it('rejects a name that is not a string', () =>
    expectViolation(withPlace(site([{ name: 7, value: '2' }])), {
      ...r8,
      code: 'wrong_type',
      path: `${at}/geographicSiteCharacteristic/0/name`,
      params: { expected: 'string', actual: 'integer' },
    }));
});

describe('R8: PlaceRef', () => {
  it('requires id', () =>
    expectViolation(withPlace(without(placeRef(), 'id')), {
      ...r8,
      code: 'required',
      path: at,
      params: { property: 'id' },
    }));
  it('requires @referredType', () =>
    expectViolation(withPlace(without(placeRef(), '@referredType')), {
      ...r8,
      code: 'required',
      path: at,
      params: { property: '@referredType' },
    }));
  it('rejects an id that is not a string', () =>
    expectViolation(withPlace(placeRef({ id: 42 })), {
      ...r8,
      code: 'wrong_type',
      path: `${at}/id`,
      params: { expected: 'string', actual: 'integer' },
    }));
  it.each(['GeographicSite', 'geographicAddress', 'PlaceRef', 1])('rejects the @referredType %j', (referredType) =>
    expectViolation(withPlace(placeRef({ '@referredType': referredType })), {
      ...r8,
      code: 'not_allowed',
      path: `${at}/@referredType`,
      params: { allowed: ['GeographicAddress'] },
    }),
  );
  it('reports each fault of a place by its index', () =>
    expectViolations(
      orderWith((o) => {
        o.productOrderItem[0].product.relatedPlace[0].place = { '@type': 'PlaceRef' };
      }, validOrder()),
      [
        { ...r8, code: 'required', path: at, params: { property: 'id' } },
        { ...r8, code: 'required', path: at, params: { property: '@referredType' } },
      ],
    ));
});
