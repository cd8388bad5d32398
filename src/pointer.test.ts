import { describe, expect, it } from 'vitest';
import { pointerKeys } from './pointer.js';

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
