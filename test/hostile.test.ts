// Hostile inputs: any JavaScript value returns a result, never a throw or a stack overflow, and no
// global is polluted; the hostile shapes (shared references, cycles, fake lengths, holes, options
// that throw) within a bound on work, counted in Proxy traps, through every door.
import { assertNoPoisoning, restoreGlobals } from '@fast-check/poisoning';
import fc from 'fast-check';
import { afterEach, describe, expect, it } from 'vitest';
import {
  createProductOrderSchema,
  createRelatedPartySchema,
  createValidator,
  isInflightChangeProductOrderFVO,
  isProductOrderFVO,
  isProductOrderItem,
  productOrderSchema,
  type ValidationResult,
  validateInflightChangeProductOrder,
  validateProductOrder,
} from '../src/index.js';
import { isRecord, maxReads } from '../src/read.js';
import { phone, place, validOrder } from '../src/rules/test-kit.js';
import { order } from './arbitraries.js';
import { runs } from './runs.js';
import {
  counting,
  fakeLength,
  inflightLists,
  prototypeHoles,
  proxyHoles,
  sharedReferences,
  type Traps,
} from './traps.js';

const numRuns = runs(1000);

afterEach(() => {
  try {
    assertNoPoisoning({ ignoredRootRegex: /^(__vitest|__VITEST|__vite|AbortController|AbortSignal)/ });
  } catch (error) {
    restoreGlobals();
    throw error;
  }
});

/** A result of the documented shape. */
function expectResult(result: ValidationResult): void {
  expect(typeof result.valid).toBe('boolean');
  expect(Array.isArray(result.violations)).toBe(true);
  expect(result.valid).toBe(result.violations.length === 0);
  // one assertion for the whole list: four a violation cost more than the validation of 10,000 of them
  const fields = ['rule', 'code', 'path', 'message'] as const;
  expect(result.violations.filter((v) => fields.some((field) => typeof v[field] !== 'string'))).toEqual([]);
}

const keys = fc.oneof(
  fc.string(),
  fc.constantFrom(
    '__proto__',
    'constructor',
    'prototype',
    'toString',
    'valueOf',
    'hasOwnProperty',
    '@type',
    'category',
  ),
);
const anything = fc.anything({
  key: keys,
  maxDepth: 8,
  withBigInt: true,
  withBoxedValues: true,
  withDate: true,
  withMap: true,
  withSet: true,
  withNullPrototype: true,
  withObjectString: true,
  withTypedArray: true,
  withSparseArray: true,
  values: [
    fc.constantFrom(-0, Number.NaN, Number.POSITIVE_INFINITY, Number.MIN_VALUE, undefined, Symbol('s')),
    fc.string({ unit: 'binary', maxLength: 4000 }),
  ],
});

/** A valid order with one node, found by a random walk, replaced by `value`. */
const orderWithNode = fc
  .tuple(order, fc.array(fc.nat(), { minLength: 1, maxLength: 8 }), anything)
  .map(([o, walk, value]) => {
    let node: Record<string, unknown> = o;
    for (const step of walk) {
      const names = Object.keys(node);
      const name = names[step % names.length];
      const child = node[name];
      if (typeof child !== 'object' || child === null || step % 3 === 0) {
        node[name] = value;
        break;
      }
      node = child as Record<string, unknown>;
    }
    return o;
  });

describe('any JavaScript value', () => {
  it('gives a result, never a throw', () => {
    fc.assert(
      fc.property(fc.oneof(anything, orderWithNode), (input) => {
        expectResult(validateProductOrder(input));
        expect(typeof isProductOrderFVO(input)).toBe('boolean');
      }),
      { numRuns },
    );
  });

  it.each([
    ['undefined', undefined],
    ['a symbol', Symbol('order')],
    ['a BigInt', 10n],
    ['a function', () => validOrder()],
    ['a typed array', new Uint8Array(8)],
    ['a Map', new Map([['category', 'new']])],
    ['a Date', new Date()],
    ['a boxed string', Object('order')],
    ['an array of the order', [validOrder()]],
  ])('%s is invalid', (_, input) => {
    const result = validateProductOrder(input);
    expectResult(result);
    expect(result.valid).toBe(false);
    expect(result.violations[0].rule).toBe('R-field');
  });
});

describe('objects that fight back', () => {
  const unreadable = { rule: 'R-field', code: 'unreadable', path: '' };
  const trap = () => {
    throw new Error('trap');
  };

  it('a throwing getter gives one unreadable violation', () => {
    const input = Object.defineProperty(validOrder(), 'category', { get: trap, enumerable: true });
    expect(validateProductOrder(input).violations).toMatchObject([unreadable]);
    expect(isProductOrderFVO(input)).toBe(false);
  });

  it('a Proxy whose every trap throws gives one unreadable violation', () => {
    const handler = { get: trap, has: trap, ownKeys: trap, getOwnPropertyDescriptor: trap, getPrototypeOf: trap };
    const input = new Proxy(validOrder(), handler);
    expect(validateProductOrder(input).violations).toMatchObject([unreadable]);
    expect(isProductOrderFVO(input)).toBe(false);
  });

  it('a revoked Proxy gives one unreadable violation', () => {
    const { proxy, revoke } = Proxy.revocable(validOrder(), {});
    revoke();
    expect(validateProductOrder(proxy).violations).toMatchObject([unreadable]);
  });

  it('a transparent Proxy is judged like its target', () => {
    expect(validateProductOrder(new Proxy(validOrder(), {})).valid).toBe(true);
  });

  it('cyclic references are not followed: each reference back is no JSON value, wrong_type', () => {
    const input = validOrder();
    input.self = input;
    input.relatedParty[0].partyOrPartyRole.owner = input;
    input.note = [input];
    expect(validateProductOrder(input).violations.map((v) => [v.code, v.path, v.params])).toEqual([
      ['wrong_type', '/note/0', { expected: 'object', actual: 'object', found: 'cycle' }],
      ['wrong_type', '/relatedParty/0/partyOrPartyRole/owner', { expected: 'json', actual: 'object', found: 'cycle' }],
      ['wrong_type', '/self', { expected: 'json', actual: 'object', found: 'cycle' }],
    ]);
  });

  it('an object without prototype is an object', () => {
    const input = Object.assign(Object.create(null), validOrder());
    expect(validateProductOrder(input).valid).toBe(true);
  });

  it('an object of another prototype is no JSON object: its inherited fields are never read', () => {
    const { category, ...rest } = validOrder();
    const input = Object.setPrototypeOf(rest, { category });
    expect(validateProductOrder(input).violations).toMatchObject([
      { rule: 'R-field', code: 'wrong_type', path: '', params: { expected: 'object', found: 'prototype' } },
    ]);
    expect(isProductOrderFVO(input)).toBe(false);
  });

  it('a class instance with the right own fields is no JSON object: wrong_type, found its class', () => {
    class Order {
      constructor() {
        Object.assign(this, validOrder());
      }
    }
    expect(validateProductOrder(new Order()).violations).toMatchObject([
      { rule: 'R-field', code: 'wrong_type', path: '', params: { expected: 'object', found: 'Order' } },
    ]);
  });

  it('a BigInt or a Symbol in a string field is a wrong type', () => {
    for (const value of [10n, Symbol('x')])
      expect(validateProductOrder({ ...validOrder(), description: value }).violations).toMatchObject([
        { code: 'wrong_type', path: '/description', params: { expected: 'string' } },
      ]);
  });

  it('a __proto__ key in parsed JSON pollutes nothing', () => {
    const input = JSON.parse(`{"__proto__": {"polluted": true}, "category": {"__proto__": {"polluted": true}}}`);
    expectResult(validateProductOrder(input));
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });
});

describe('inputs of hostile size', () => {
  it('100,000-deep nesting returns a result: past 1,000 levels, which JSON.stringify cannot write, a wrong_type', () => {
    const nested = () => {
      let deep: unknown = 'bottom';
      for (let i = 0; i < 100_000; i++) deep = { a: [deep] };
      return deep;
    };
    const deep = nested();
    const input = { ...validOrder(), note: [nested()], extension: nested(), additionalOrderInformation: nested() };
    expect(() => JSON.stringify(input)).toThrow(RangeError);
    const { violations } = validateProductOrder(input);
    expect(
      violations.map((v) => [
        v.path.split('/')[1],
        v.path.split('/').length - 1,
        v.code,
        (v.params as { found?: string }).found,
      ]),
    ).toEqual(['additionalOrderInformation', 'extension', 'note'].map((at) => [at, 1001, 'wrong_type', 'too deep']));
    expectResult(validateProductOrder(deep));
    expect(isProductOrderFVO(input)).toBe(true);
  });

  it('a 10 MB string field gives one too_long violation', () => {
    const huge = 'x'.repeat(10_000_000);
    const input = validOrder();
    input.description = huge;
    input.relatedParty[0].partyOrPartyRole.contactMedium[0].phoneNumber = huge;
    input.orderPostedDate = huge;
    expect(validateProductOrder(input).violations.map((v) => [v.code, v.path])).toEqual([
      ['too_long', '/description'],
      ['invalid_date_time', '/orderPostedDate'],
      ['too_long', '/relatedParty/0/partyOrPartyRole/contactMedium/0/phoneNumber'],
    ]);
  });

  it('an order with 100,000 faulty items lists the first 1,000, every one for Infinity, or the first maxViolations', () => {
    const input = validOrder();
    const [item] = input.productOrderItem;
    input.productOrderItem = Array.from({ length: 100_000 }, () => item);
    expect(validateProductOrder(input).valid).toBe(true);
    input.productOrderItem = Array.from({ length: 100_000 }, () => ({ ...item, action: 'modify' }));
    const first = validateProductOrder(input);
    expect(first.violations).toHaveLength(1000);
    expect(!first.valid && first.truncated).toEqual({ more: 9000, stopped: true });
    expect(validateProductOrder(input, { maxViolations: Number.POSITIVE_INFINITY }).violations).toHaveLength(100_000);
    expect(validateProductOrder(input, { maxViolations: 10 }).violations.map((v) => v.path)).toEqual(
      Array.from({ length: 10 }, (_, i) => `/productOrderItem/${i}/action`),
    );
  });
});

type Json = Record<string, unknown>;

/** Where a hostile value goes in an order: a list of the order, or the contact media or places of its first party or item (when it has one). */
const holders: Record<string, (o: Json) => Json> = {
  note: (o) => o,
  externalId: (o) => o,
  attachment: (o) => o,
  agreement: (o) => o,
  productOfferingQualification: (o) => o,
  productOrderRelationship: (o) => o,
  productOrderItem: (o) => o,
  relatedParty: (o) => o,
  contactMedium: (o) => (o.relatedParty as (Json | undefined)[])[0]?.partyOrPartyRole as Json,
  relatedPlace: (o) => (o.productOrderItem as (Json | undefined)[])[0]?.product as Json,
  extension: (o) => o,
};

/** A valid element of each list, so that only the list's shape can be at fault. */
const elementOf = (key: string): (() => unknown) =>
  key === 'contactMedium'
    ? () => phone()
    : key === 'relatedPlace'
      ? () => place('locationA')
      : key === 'productOrderItem' || key === 'relatedParty'
        ? () => validOrder()[key][0]
        : () => ({ id: 'x' });

/** More elements than a validation may read, and lengths a Proxy may claim that are no length at all. */
const huge = [2 ** 32 - 1, 2 ** 31, maxReads + 1, Number.POSITIVE_INFINITY];
const lengths = fc.oneof(fc.nat(64), fc.constantFrom(...huge, Number.NaN, -1, 0.5));

/**
 * Holes enough to pass the 10,000 findings at which the checks stop (five times over) and to tell a
 * linear read (4 traps a hole at most) from a quadratic one, far fewer than a validation may read
 * (maxNodes): 1e6 told the same at twenty times the cost.
 */
const readableHoles = 50_000;

/** A hostile shape, as data, built anew (with its own counter of traps) for each door. */
const shapes = fc.oneof(
  fc.record({ kind: fc.constant('fake length' as const), length: lengths, valid: fc.boolean() }),
  fc.record({ kind: fc.constant('Proxy holes' as const), length: lengths }),
  fc.record({ kind: fc.constant('prototype holes' as const), length: fc.nat(2000) }),
  fc.record({ kind: fc.constant('sparse' as const), length: fc.constantFrom(2 ** 32 - 1, readableHoles, 3) }),
  fc.record({ kind: fc.constant('shared references' as const), levels: fc.integer({ min: 1, max: 30 }) }),
  fc.record({ kind: fc.constant('cycle' as const) }),
  fc.record({ kind: fc.constant('growing' as const) }),
);
type Shape = typeof shapes extends fc.Arbitrary<infer T> ? T : never;

/** Options a caller may hand over that throw or are nonsense. */
const hostileOptions: Record<string, () => unknown> = {
  none: () => undefined,
  'a lang getter that throws': () =>
    Object.defineProperty({}, 'lang', {
      get() {
        throw new Error('lang');
      },
    }),
  'a maxViolations getter that throws': () =>
    Object.defineProperty({ lang: 'de' }, 'maxViolations', {
      get() {
        throw new Error('maxViolations');
      },
    }),
  'options that are a Proxy whose every trap throws': () =>
    new Proxy(
      {},
      {
        get() {
          throw new Error('options');
        },
        has() {
          throw new Error('options');
        },
      },
    ),
  'lang 42, maxViolations -1': () => ({ lang: 42, maxViolations: -1 }),
  'a labels.message that throws': () => ({
    labels: {
      lang: 'de',
      message() {
        throw new Error('labels');
      },
    },
  }),
  'a labels.message that returns 42': () => ({ labels: { lang: 'de', message: () => 42 } }),
};

/** The value of `shape`, its traps counted into `traps`. */
function build(shape: Shape, key: string, traps: Traps): unknown {
  switch (shape.kind) {
    case 'fake length':
      return fakeLength(traps, shape.valid ? elementOf(key) : () => 42, shape.length);
    case 'Proxy holes':
      return proxyHoles(traps, elementOf(key), shape.length);
    case 'prototype holes':
      return prototypeHoles(traps, elementOf(key), shape.length);
    case 'sparse':
      return counting(new Array(shape.length), traps);
    case 'shared references':
      return counting([sharedReferences(shape.levels, { description: '', ...(elementOf(key)() as object) })], traps);
    case 'cycle': {
      const cycle: Json = { text: ' ' };
      cycle.a = cycle;
      cycle.b = [cycle];
      return counting([cycle], traps);
    }
    case 'growing': {
      // a list whose every read of an element adds one: a loop that reads its length anew never ends
      const list: unknown[] = [elementOf(key)()];
      return counting(
        new Proxy(list, {
          get: (target, property, receiver) => {
            if (typeof property === 'string' && /^[0-9]+$/.test(property)) target.push(elementOf(key)());
            return Reflect.get(target, property, receiver);
          },
        }),
        traps,
      );
    }
  }
}

/** The most traps one door may spring on `shape`: linear in what a JSON text of its elements would hold. */
function bound(shape: Shape): number {
  switch (shape.kind) {
    case 'fake length':
    case 'Proxy holes':
      return 10_000 + 40 * (huge.includes(shape.length) || !(shape.length > 0) ? 0 : shape.length);
    case 'prototype holes':
      return 10_000 + 40 * shape.length;
    case 'sparse':
      // emptyAsMissing reads each index once; the checks stop at 10,000 findings
      return 10_000 + 4 * (shape.length <= readableHoles ? shape.length : 0);
    case 'shared references':
      return 10_000 + 40 * shape.levels;
    default:
      return 10_000;
  }
}

/** The order as an in-flight change: its envelope, and the lists the two share. */
function asChange(o: Json): Json {
  const { category, orderPostedDate, requestedCompletionDate, ...shared } = o;
  return {
    ...shared,
    '@type': 'InflightChangeProductOrder',
    requestPostedDate: orderPostedDate,
    entity: { '@type': 'ProductOrderRef', id: '7f1c2a90' },
    category: ['rescheduling'],
  };
}

const carrier = createValidator({ rules: [{ id: 'X-none', title: 'none', check: () => [] }] });
const forms = createProductOrderSchema({ emptyAsMissing: true })['~standard'];
const partForms = createRelatedPartySchema({ emptyAsMissing: true })['~standard'];

/** Whether a Standard Schema result is of the documented shape, and passed. */
function passedSchema(result: unknown): boolean {
  const { issues, value } = result as { issues?: unknown; value?: unknown };
  if (issues === undefined) return value !== undefined;
  expect(Array.isArray(issues) && issues.length > 0).toBe(true);
  const misshapen = (issues as { message: unknown; code: unknown }[]).filter(
    (issue) => typeof issue.message !== 'string' || typeof issue.code !== 'string',
  );
  expect(misshapen).toEqual([]);
  return false;
}

/** Every door an order goes through, each giving whether it let the order pass; `options` as the caller gave them. */
const doors: [string, (o: Json, options: unknown) => boolean][] = [
  ['validateProductOrder', (o, options) => checked(validateProductOrder(o, options as never))],
  ['createValidator().validate', (o, options) => checked(carrier.validate(o, options as never))],
  [
    'validateInflightChangeProductOrder',
    (o, options) => checked(validateInflightChangeProductOrder(asChange(o), options as never)),
  ],
  ['isProductOrderFVO', (o) => isProductOrderFVO(o)],
  ['isInflightChangeProductOrderFVO', (o) => isInflightChangeProductOrderFVO(asChange(o))],
  ['isProductOrderItem', (o) => isProductOrderItem((o.productOrderItem as unknown[])[0])],
  ['productOrderSchema', (o) => passedSchema(productOrderSchema['~standard'].validate(o))],
  ['createProductOrderSchema({ emptyAsMissing: true })', (o) => passedSchema(forms.validate(o))],
  [
    'createRelatedPartySchema({ emptyAsMissing: true })',
    (o) => passedSchema(partForms.validate((o.relatedParty as unknown[])[0])),
  ],
];

/** `result`, checked to be of the documented shape, and whether it is valid. */
function checked(result: ValidationResult<unknown, unknown>): boolean {
  expectResult(result as ValidationResult);
  if (result.violations.some((v) => (v as { code: string }).code === 'too_costly'))
    expect(!result.valid && result.truncated?.stopped).toBe(true);
  return result.valid;
}

/** Whether a shape is a list of more elements than a validation reads. */
const tooLong = (shape: Shape): shape is Extract<Shape, { kind: 'fake length' | 'Proxy holes' }> =>
  (shape.kind === 'fake length' || shape.kind === 'Proxy holes') && huge.includes(shape.length);

/** Whether a door reads the list at `key`, so that one too long to read never passes it. */
const reads = (door: string, key: string) =>
  key !== 'extension' &&
  !door.startsWith('isProductOrderItem') &&
  !door.includes('RelatedParty') &&
  (!door.includes('nflight') || inflightLists.includes(key));

describe('the hostile shapes, within a bound on work', () => {
  it('answer through every door, in work linear in what JSON could carry, and pass no door with more elements than it may read', () => {
    fc.assert(
      fc.property(
        order,
        fc.constantFrom(...Object.keys(holders)),
        shapes,
        fc.constantFrom(...Object.keys(hostileOptions)),
        (base, key, shape, optionsName) => {
          fc.pre(isRecord(holders[key](base)));
          for (const [door, pass] of doors) {
            const traps: Traps = { count: 0, limit: bound(shape) };
            const o = structuredClone(base) as Json;
            const holder = holders[key](o);
            holder[key] = build(shape, key, traps);
            let passed = false;
            expect(() => {
              passed = pass(o, hostileOptions[optionsName]());
            }, door).not.toThrow();
            expect(traps.count, `${door}: ${shape.kind}`).toBeLessThanOrEqual(bound(shape));
            if (reads(door, key) && tooLong(shape))
              expect(passed, `${door}: ${shape.kind} ${shape.length} at ${key}`).toBe(false);
          }
        },
      ),
      { numRuns },
    );
  }, 600_000);
});
