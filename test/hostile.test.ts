// Hostile inputs: any JavaScript value returns a result, never a throw or a stack overflow, and no
// global is polluted.
import { assertNoPoisoning, restoreGlobals } from '@fast-check/poisoning';
import fc from 'fast-check';
import { afterEach, describe, expect, it } from 'vitest';
import { isProductOrderFVO, type ValidationResult, validateProductOrder } from '../src/index.js';
import { validOrder } from '../src/rules/test-kit.js';
import { order } from './arbitraries.js';

const numRuns = Math.max(1000, Number(process.env.FC_RUNS) || 0);

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
  for (const v of result.violations) {
    expect(typeof v.rule).toBe('string');
    expect(typeof v.code).toBe('string');
    expect(typeof v.path).toBe('string');
    expect(typeof v.message).toBe('string');
  }
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

  it('cyclic references are not followed', () => {
    const input = validOrder();
    input.self = input;
    input.relatedParty[0].partyOrPartyRole.owner = input;
    input.note = [input];
    expect(validateProductOrder(input).valid).toBe(true);
    input.relatedParty.push(input.relatedParty);
    expect(validateProductOrder(input).violations).toMatchObject([{ code: 'wrong_type', path: '/relatedParty/1' }]);
  });

  it('an object without prototype is an object', () => {
    const input = Object.assign(Object.create(null), validOrder());
    expect(validateProductOrder(input).valid).toBe(true);
  });

  it('a required field inherited from the prototype does not count', () => {
    const { category, ...rest } = validOrder();
    const input = Object.setPrototypeOf(rest, { category });
    expect(validateProductOrder(input).violations).toMatchObject([
      { rule: 'R-field', code: 'required', path: '', params: { property: 'category' } },
    ]);
    expect(isProductOrderFVO(input)).toBe(false);
  });

  it('a class instance with the right own fields is valid', () => {
    class Order {
      constructor() {
        Object.assign(this, validOrder());
      }
    }
    expect(validateProductOrder(new Order()).valid).toBe(true);
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
  it('100,000-deep nesting returns a result', () => {
    let deep: unknown = 'bottom';
    for (let i = 0; i < 100_000; i++) deep = { a: [deep] };
    const input = { ...validOrder(), note: [deep], extension: deep, additionalOrderInformation: deep };
    expect(validateProductOrder(input).valid).toBe(true);
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
