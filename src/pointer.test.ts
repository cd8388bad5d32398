import { describe, expect, it } from 'vitest';
import { pointerKeys, valueAt } from './pointer.js';

describe('pointerKeys', () => {
  it.each([
    ['', []],
    ['/category', ['category']],
    ['/relatedParty/0/partyOrPartyRole/@type', ['relatedParty', 0, 'partyOrPartyRole', '@type']],
    ['/productOrderItem/12/product', ['productOrderItem', 12, 'product']],
    ['/a~1b/c~0d/~01', ['a/b', 'c~d', '~1']],
    ['/007/-1/1e3/', ['007', '-1', '1e3', '']],
    ['/12345678901234567', ['12345678901234567']],
  ])('reads %j as %j', (pointer, keys) => {
    expect(pointerKeys(pointer)).toEqual(keys);
  });
});

describe('valueAt', () => {
  it('reads own properties and array rows, and nothing a value inherits', () => {
    const order = { productOrderItem: [{ product: { '@type': 'HvtLocalLoopProduct' } }] };
    expect(valueAt(order, ['productOrderItem', '0', 'product', '@type'])).toBe('HvtLocalLoopProduct');
    expect(valueAt(order, [])).toBe(order);
    expect(valueAt(order, ['productOrderItem', 'length'])).toBe(1);
    expect(valueAt(order, ['productOrderItem', '1', 'product'])).toBeUndefined();
    expect(valueAt(order, ['constructor'])).toBeUndefined();
    expect(valueAt(order, ['__proto__'])).toBeUndefined();
    expect(valueAt(Object.create({ category: 'new' }), ['category'])).toBeUndefined();
    expect(valueAt('text', ['length'])).toBeUndefined();
    expect(valueAt(null, ['a'])).toBeUndefined();
  });

  it('gives undefined for a value it cannot read, and never throws', () => {
    const trap = new Proxy(
      {},
      {
        getOwnPropertyDescriptor: () => {
          throw new Error('trap');
        },
      },
    );
    const getter = Object.defineProperty({}, 'role', {
      enumerable: true,
      get: () => {
        throw new Error('getter');
      },
    });
    expect(valueAt(trap, ['role'])).toBeUndefined();
    expect(valueAt({ rows: [getter] }, ['rows', '0', 'role'])).toBeUndefined();
  });
});
