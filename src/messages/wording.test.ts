// What rendering a list of allowed values costs: a list the checks share is rendered once for all
// its findings, the lists kept are bounded, and a list is never worded from values it no longer holds.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { listOf, listsKept } from '../wording.js';

/** Counts the renderings of `lists`: each is one call of their `map`. */
function renders(lists: readonly unknown[][]): () => number {
  const spy = vi.spyOn(Array.prototype, 'map');
  return () => spy.mock.contexts.filter((list) => lists.includes(list as unknown[])).length;
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe('listOf', () => {
  it('renders a list shared by a thousand findings once', () => {
    const allowed = ['locationA', 'locationB', 'alternateAddress'];
    const count = renders([allowed]);
    const texts = new Set(Array.from({ length: 1000 }, () => listOf(allowed)));
    expect([...texts]).toEqual(['locationA, locationB, alternateAddress']);
    expect(count()).toBe(1);
  });

  it(`keeps no more than ${listsKept} lists`, () => {
    const lists = Array.from({ length: 4 * listsKept }, (_, i) => [`a${i}`, `b${i}`]);
    for (const list of lists) listOf(list);
    const count = renders(lists);
    expect(listOf(lists[lists.length - 1])).toBe(`a${4 * listsKept - 1}, b${4 * listsKept - 1}`);
    expect(count()).toBe(0);
    for (const list of lists) listOf(list);
    expect(count()).toBeGreaterThanOrEqual(3 * listsKept);
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
    (allowed as unknown[])[0] = null;
    expect(listOf(allowed)).toBe('null');
  });

  it('renders a list of other values than strings each time, as their JSON may change', () => {
    const value = { a: 1 };
    const allowed = Object.freeze([value, 'b']);
    expect(listOf(allowed)).toBe('{"a":1}, b');
    value.a = 2;
    expect(listOf(allowed)).toBe('{"a":2}, b');
  });

  it('renders holes, undefined, null and a value that is no list as before', () => {
    expect(listOf('new')).toBe('new');
    expect(listOf(undefined)).toBe('undefined');
    const holed = [undefined, null, 'x'];
    holed.length = 5;
    expect(listOf(holed)).toBe(', null, x, , ');
    const strings = ['a', 'b'];
    strings.length = 3;
    expect(listOf(strings)).toBe('a, b, ');
    strings[2] = 'c';
    expect(listOf(strings)).toBe('a, b, c');
  });
});
