import { describe, expect, it } from 'vitest';
import { validateProductOrder } from '../../validate.js';
import {
  categories,
  chars,
  expectValidatorViolations,
  ITEM,
  item,
  orderWith,
  ruleKit,
  validOrder,
  withCategory,
} from '../test-kit.js';

const { expectNoViolation, expectViolation, expectViolations } = ruleKit('R-field');

const field = { rule: 'R-field' } as const;
const set = (key: string, value: unknown) =>
  orderWith((o) => {
    o[key] = value;
  });
const without = (key: string) =>
  orderWith((o) => {
    delete o[key];
  });

describe('R-field: the order', () => {
  it('accepts the minimal valid order', () => expectNoViolation(validOrder()));
  it.each(categories)('accepts category %s', (category) => expectNoViolation(withCategory(category)));
  it('accepts unknown properties', () => expectNoViolation(set('x-extension', { any: [1, 'thing'] })));
  it('accepts an empty relatedParty', () => expectNoViolation(set('relatedParty', [])));
  it('accepts several order items', () =>
    expectNoViolation(orderWith((o) => o.productOrderItem.push(item('SomeProduct', []), item('OtherProduct', [])))));
  it.each(['@type', '@baseType', '@schemaLocation'])('accepts a string %s', (key) =>
    expectNoViolation(set(key, 'ProductOrder')),
  );
  it('accepts an order without @type', () => expect(validOrder()['@type']).toBeUndefined());
  it('accepts an order without prototype', () => expectNoViolation(Object.assign(Object.create(null), validOrder())));
  it('accepts an optional field whose value is undefined', () => expectNoViolation(set('description', undefined)));

  it.each([null, 42, 'order', true, undefined])('rejects %j as input at the root', (input) =>
    expectViolation(input, { ...field, code: 'wrong_type', path: '', params: { expected: 'object' } }),
  );
  it('rejects an array as input', () =>
    expectViolation([], { ...field, code: 'wrong_type', path: '', params: { expected: 'object', actual: 'array' } }));
  it('names the actual type of a non-object input', () =>
    expectViolation(null, { ...field, code: 'wrong_type', path: '', params: { actual: 'null' } }));

  it.each(['productOrderItem', 'category', 'orderPostedDate', 'requestedCompletionDate', 'relatedParty'])(
    'requires %s',
    (key) => expectViolation(without(key), { ...field, code: 'required', path: '', params: { property: key } }),
  );
  it('counts a required field whose value is undefined as absent', () =>
    expectViolation(set('orderPostedDate', undefined), {
      ...field,
      code: 'required',
      path: '',
      params: { property: 'orderPostedDate' },
    }));
  it('does not count an inherited category as present', () => {
    const { category, ...rest } = validOrder();
    const order = Object.assign(Object.create({ category }), rest);
    expectViolation(order, { ...field, code: 'required', path: '', params: { property: 'category' } });
  });
  it('reports each missing field, in the order of the path', () =>
    expectViolations(
      orderWith((o) => {
        delete o.category;
        o.description = '';
      }),
      [
        { ...field, code: 'required', path: '', params: { property: 'category' } },
        { ...field, code: 'too_short', path: '/description' },
      ],
    ));

  it.each(['@type', '@baseType', '@schemaLocation'])('rejects a non-string %s', (key) =>
    expectViolation(set(key, 1), { ...field, code: 'wrong_type', path: `/${key}`, params: { expected: 'string' } }),
  );
  it('never throws on an unreadable input', () => {
    const order = validOrder();
    Object.defineProperty(order, 'category', {
      enumerable: true,
      get() {
        throw new Error('boom');
      },
    });
    expectValidatorViolations(order, [{ ...field, code: 'unreadable', path: '' }]);
  });
  it('never throws on a Proxy whose trap throws', () => {
    const order = new Proxy(validOrder(), {
      get() {
        throw new Error('trap');
      },
    });
    expectValidatorViolations(order, [{ ...field, code: 'unreadable', path: '' }]);
  });
  it('never throws on a revoked Proxy', () => {
    const { proxy, revoke } = Proxy.revocable(validOrder(), {});
    revoke();
    expectValidatorViolations(proxy, [{ ...field, code: 'unreadable', path: '' }]);
  });
});

describe('R-field: category', () => {
  it.each(['New', 'termination', ''])('rejects category %j', (category) =>
    expectViolation(set('category', category), {
      ...field,
      code: 'not_allowed',
      path: '/category',
      params: { allowed: [...categories] },
    }),
  );
  it('rejects a non-string category', () =>
    expectViolation(set('category', 1), { ...field, code: 'not_allowed', path: '/category' }));
});

describe('R-field: description and priority', () => {
  it.each([
    ['description', 1],
    ['description', 255],
    ['priority', 1],
    ['priority', 10],
  ])('accepts %s of length %i', (key, n) => expectNoViolation(set(key, chars(n))));
  it('counts code points: 255 emoji are a valid description', () =>
    expectNoViolation(set('description', chars(255, '😀'))));
  it('accepts a priority outside the intended range 0 to 4', () => expectNoViolation(set('priority', '9')));
  it.each([
    ['description', 255],
    ['priority', 10],
  ])('rejects %s longer than %i', (key, limit) =>
    expectViolation(set(key as string, chars((limit as number) + 1)), {
      ...field,
      code: 'too_long',
      path: `/${key}`,
      params: { limit },
    }),
  );
  it('counts code points: 256 emoji are too long a description', () =>
    expectViolation(set('description', chars(256, '😀')), {
      ...field,
      code: 'too_long',
      path: '/description',
      params: { limit: 255 },
    }));
  it.each(['description', 'priority'])('rejects an empty %s', (key) =>
    expectViolation(set(key, ''), { ...field, code: 'too_short', path: `/${key}`, params: { limit: 1 } }),
  );
  it.each(['description', 'priority'])('rejects a non-string %s', (key) =>
    expectViolation(set(key, 2), {
      ...field,
      code: 'wrong_type',
      path: `/${key}`,
      params: { expected: 'string', actual: 'integer' },
    }),
  );
});

describe('R-field: orderPostedDate and requestedCompletionDate', () => {
  const dates = ['orderPostedDate', 'requestedCompletionDate'];
  it.each([
    '2025-03-10T09:15:00Z',
    '2025-03-10t09:15:00z',
    '2025-03-10T09:15:00.123456+01:00',
    '2025-03-10T23:59:59-11:30',
    '2024-02-29T00:00:00+00:00',
    '1998-12-31T23:59:60Z',
    '1998-12-31T15:59:60.123-08:00',
  ])('accepts %s', (value) =>
    expectNoViolation(
      orderWith((o) => {
        o.orderPostedDate = value;
        o.requestedCompletionDate = value;
      }),
    ),
  );
  // regression: a day the calendar does not have was `invalid`, which a form words as "no
  // complete date"; it is the day that is wrong, whatever else the value lacks
  const noSuchDays: [string, string][] = [
    ['2025-02-29T09:15:00', '2025-02-29'],
    ['2025-02-30', '2025-02-30'],
    ['2025-02-30T09:15+01:00', '2025-02-30'],
    ['2025-02-30T09:15:00+01:00', '2025-02-30'],
    ['2025-02-29T09:15:00+01:00', '2025-02-29'],
    ['2025-04-31T10:00:00+02:00', '2025-04-31'],
    ['2025-12-32T10:00:00+01:00', '2025-12-32'],
    ['2025-06-00T10:00:00+02:00', '2025-06-00'],
  ];
  const faults: [string, string][] = [
    ['2025-03-10T09:15+01:00', 'missing_seconds'],
    ['2025-03-10T09:15Z', 'missing_seconds'],
    ['2025-03-10T09:15', 'missing_seconds'],
    ['2025-03-10T09:15:00', 'missing_offset'],
    ['2025-03-10T09:15:00.5', 'missing_offset'],
    ['2025-03-10', 'missing_time'],
    // regression: a part was called missing though adding it left the value wrong
    ['2025-03-10T25:15', 'invalid'],
    ['2025-03-10T25:15:00', 'invalid'],
    ['2025-03-10 09:15:00', 'invalid'],
    ['2025-13-01T09:15:00+01:00', 'invalid'],
    ['2025-03-10T24:00:00+01:00', 'invalid'],
    ['2025-03-10T09:60:00+01:00', 'invalid'],
    ['2025-03-10 09:15:00+01:00', 'invalid'],
    ['2025-03-10T09:15:00+0100', 'invalid'],
    ['2025-03-10T09:15:00+01', 'invalid'],
    ['2025-03-10T09:15:00+24:00', 'invalid'],
    ['1998-12-31T23:58:60Z', 'invalid'],
    ['2025-03-10T09:15:00.+01:00', 'invalid'],
    ['10.03.2025 09:15', 'invalid'],
    ['', 'invalid'],
  ];
  for (const key of dates) {
    it.each(faults)(`rejects ${key} %j (%s)`, (value, reason) =>
      expectViolation(set(key, value), {
        ...field,
        code: 'invalid_date_time',
        path: `/${key}`,
        params: { reason },
      }),
    );
    it.each(noSuchDays)(`rejects ${key} %j, a day the calendar does not have (%s)`, (value, date) =>
      expectViolation(set(key, value), {
        ...field,
        code: 'invalid_date_time',
        path: `/${key}`,
        params: { format: 'date-time', reason: 'no_such_date', date },
      }),
    );
    it(`rejects a non-string ${key}`, () =>
      expectViolation(set(key, 1741594500000), {
        ...field,
        code: 'wrong_type',
        path: `/${key}`,
        params: { expected: 'string', actual: 'integer' },
      }));
  }
});

describe('R-field: externalId', () => {
  it('accepts exactly 1 item', () => expectNoViolation(set('externalId', [{ id: '10002231000222' }])));
  it('rejects 0 items', () =>
    expectViolation(set('externalId', []), {
      ...field,
      code: 'too_few_items',
      path: '/externalId',
      params: { limit: 1 },
    }));
  it('rejects 2 items', () =>
    expectViolation(set('externalId', [{}, {}]), {
      ...field,
      code: 'too_many_items',
      path: '/externalId',
      params: { limit: 1 },
    }));
  it('rejects a non-array', () =>
    expectViolation(set('externalId', {}), { ...field, code: 'wrong_type', path: '/externalId' }));
  it('rejects a non-object item', () =>
    expectViolation(set('externalId', ['10002231000222']), {
      ...field,
      code: 'wrong_type',
      path: '/externalId/0',
      params: { expected: 'object', actual: 'string' },
    }));
});

describe('R-field: fields of types not shown', () => {
  const objects = ['billingAccount', 'additionalOrderInformation'];
  const lists = ['note', 'productOfferingQualification', 'attachment', 'productOrderRelationship', 'agreement'];
  it.each(objects)('accepts any object as %s', (key) => expectNoViolation(set(key, { id: '1', anything: true })));
  it.each(lists)('accepts a list of objects as %s', (key) => expectNoViolation(set(key, [{ id: '1' }])));
  it.each(lists)('accepts an empty %s', (key) => expectNoViolation(set(key, [])));
  it.each(objects)('rejects an array as %s', (key) =>
    expectViolation(set(key, []), {
      ...field,
      code: 'wrong_type',
      path: `/${key}`,
      params: { expected: 'object', actual: 'array' },
    }),
  );
  it.each(objects)('rejects a string as %s', (key) =>
    expectViolation(set(key, 'x'), { ...field, code: 'wrong_type', path: `/${key}`, params: { expected: 'object' } }),
  );
  it.each(lists)('rejects an object as %s', (key) =>
    expectViolation(set(key, {}), {
      ...field,
      code: 'wrong_type',
      path: `/${key}`,
      params: { expected: 'array', actual: 'object' },
    }),
  );
  it.each(lists)('rejects a non-object item of %s', (key) =>
    expectViolation(set(key, [null]), {
      ...field,
      code: 'wrong_type',
      path: `/${key}/0`,
      params: { expected: 'object', actual: 'null' },
    }),
  );
});

describe('R-field: relatedParty and productOrderItem', () => {
  it('rejects a non-array relatedParty', () =>
    expectViolation(set('relatedParty', {}), {
      ...field,
      code: 'wrong_type',
      path: '/relatedParty',
      params: { expected: 'array' },
    }));
  it('rejects a non-object related party', () =>
    expectViolation(set('relatedParty', ['technicalContact']), {
      ...field,
      code: 'wrong_type',
      path: '/relatedParty/0',
      params: { expected: 'object' },
    }));
  it('rejects an empty productOrderItem', () =>
    expectViolation(set('productOrderItem', []), {
      ...field,
      code: 'too_few_items',
      path: '/productOrderItem',
      params: { limit: 1 },
    }));
  it('rejects a non-array productOrderItem', () =>
    expectViolation(set('productOrderItem', {}), {
      ...field,
      code: 'wrong_type',
      path: '/productOrderItem',
      params: { expected: 'array' },
    }));
  it('rejects a non-object order item', () =>
    expectViolation(set('productOrderItem', [1]), {
      ...field,
      code: 'wrong_type',
      path: `${ITEM}`,
      params: { expected: 'object', actual: 'integer' },
    }));
  it('rejects a non-string action', () =>
    expectViolation(
      orderWith((o) => {
        o.productOrderItem[0].action = 1;
      }),
      { ...field, code: 'wrong_type', path: `${ITEM}/action`, params: { expected: 'string' } },
    ));
  it('rejects a non-object product', () =>
    expectViolation(
      orderWith((o) => {
        o.productOrderItem[0].product = 'HvtLocalLoopProduct';
      }),
      { ...field, code: 'wrong_type', path: `${ITEM}/product`, params: { expected: 'object', actual: 'string' } },
    ));
  it('rejects a non-string product @type', () =>
    expectViolation(
      orderWith((o) => {
        o.productOrderItem[0].product['@type'] = 1;
      }),
      { ...field, code: 'wrong_type', path: `${ITEM}/product/@type`, params: { expected: 'string' } },
    ));
});

describe('R-field: the result', () => {
  it('returns the input itself when valid', () => {
    const order = validOrder();
    const result = validateProductOrder(order);
    expect(result.valid && result.value).toBe(order);
  });
});
