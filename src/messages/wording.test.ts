// What rendering a list of allowed values costs: a list the checks share is rendered once for all
// its findings, the lists kept are bounded, and a list is never worded from values it no longer holds.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { listOf, listsKept } from './wording.js';

/** Counts the values rendered as JSON: each number of a list rendered once more counts one. */
const renders = () => vi.spyOn(JSON, 'stringify');

afterEach(() => {
  vi.restoreAllMocks();
});

describe('listOf', () => {
  it('renders a list shared by a thousand findings once', () => {
    const allowed = [1, 2, 3];
    const spy = renders();
    const texts = new Set(Array.from({ length: 1000 }, () => listOf(allowed)));
    expect([...texts]).toEqual(['1, 2, 3']);
    expect(spy).toHaveBeenCalledTimes(3);
  });

  it(`keeps no more than ${listsKept} lists, the latest`, () => {
    const lists = Array.from({ length: 4 * listsKept }, (_, i) => [i, i + 1]);
    for (const list of lists) listOf(list);
    const spy = renders();
    for (const list of lists.slice(-listsKept).reverse()) listOf(list);
    expect(spy).not.toHaveBeenCalled();
    expect(listOf(lists[lists.length - listsKept - 1])).toBe(`${3 * listsKept - 1}, ${3 * listsKept}`);
    expect(spy).toHaveBeenCalledTimes(2);
  });

  it('renders a list again once its values changed', () => {
    const allowed = ['new', 'portChange'];
    expect(listOf(allowed)).toBe('new, portChange');
    allowed[1] = 'providerChange';
    expect(listOf(allowed)).toBe('new, providerChange');
    allowed.push('x');
    expect(listOf(allowed)).toBe('new, providerChange, x');
    allowed.length = 1;
    expect(listOf(allowed)).toBe('new');
  });

  it('renders a list of objects each time, as their JSON may change', () => {
    const value = { a: 1 };
    const allowed = Object.freeze([value, 'b']);
    expect(listOf(allowed)).toBe('{"a":1}, b');
    value.a = 2;
    expect(listOf(allowed)).toBe('{"a":2}, b');
  });

  it('renders a list of a proxy whose traps throw, or anything else, as before', () => {
    const hostile = new Proxy([1, 2], {
      get: (target, key) =>
        key === 'slice'
          ? () => {
              throw new Error('no');
            }
          : Reflect.get(target, key),
    });
    expect(listOf(hostile)).toBe('1, 2');
    expect(listOf('new')).toBe('new');
    expect(listOf(undefined)).toBe('undefined');
    const holed = [undefined, null, 'x'];
    holed.length = 5;
    expect(listOf(holed)).toBe(', null, x, , ');
    expect(listOf(holed)).toBe(', null, x, , ');
  });
});
