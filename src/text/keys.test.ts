import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { runs } from '../../test/runs.js';
import { encodeToken } from '../pointer.js';
import { duplicateKeys } from './keys.js';

/** A name written as JSON, its first character as a `\u` escape when `escaped`. */
function nameText(name: string, escaped: boolean): string {
  if (!escaped || name === '') return JSON.stringify(name);
  const first = `\\u${name.charCodeAt(0).toString(16).padStart(4, '0')}`;
  return `"${first}${JSON.stringify(name.slice(1)).slice(1)}`;
}

/** A JSON value whose objects have unique names; arrays and objects nest a few levels. */
const value = fc.letrec((tie) => ({
  node: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    fc.oneof(fc.string(), fc.integer(), fc.boolean(), fc.constant(null)),
    fc.array(tie('node'), { maxLength: 4 }),
    fc.dictionary(fc.string({ maxLength: 6 }), tie('node'), { maxKeys: 5 }),
  ),
})).node;

/**
 * Writes `node` as JSON text with `gap` between tokens, and, in the object reached by `target`
 * (a path of the items and names taken), the member `name` a second time after the first: returns
 * the text, the pointer of the repeated member and the offset of its repeated name.
 */
function write(
  node: unknown,
  target: readonly (string | number)[],
  name: string,
  escaped: boolean,
  gap: string,
): { text: string; pointer: string; at: number } {
  let text = '';
  let pointer = '';
  let at = -1;
  const put = (n: unknown, path: readonly (string | number)[], here: string) => {
    if (Array.isArray(n)) {
      text += `[${gap}`;
      n.forEach((item, i) => {
        if (i > 0) text += `,${gap}`;
        put(item, path[0] === i ? path.slice(1) : [-1], `${here}/${i}`);
      });
      text += `${gap}]`;
    } else if (n !== null && typeof n === 'object') {
      const members = Object.entries(n);
      const mine = path.length === 0;
      if (mine && !members.some(([k]) => k === name)) members.unshift([name, 1]);
      text += `{${gap}`;
      members.forEach(([k, v], i) => {
        if (i > 0) text += `,${gap}`;
        text += `${JSON.stringify(k)}${gap}:${gap}`;
        put(v, path[0] === k ? path.slice(1) : [-1], `${here}/${encodeToken(k)}`);
        if (mine && k === name) {
          text += `,${gap}`;
          at = text.length;
          pointer = `${here}/${encodeToken(k)}`;
          text += `${nameText(k, escaped)}${gap}:${gap}"again"`;
        }
      });
      text += `${gap}}`;
    } else text += JSON.stringify(n);
  };
  put(node, target, '');
  return { text, pointer, at };
}

/** The paths to the objects of `node` (the items and names taken), the outermost first. */
function objectsOf(node: unknown, path: (string | number)[] = []): (string | number)[][] {
  if (Array.isArray(node)) return node.flatMap((item, i) => objectsOf(item, [...path, i]));
  if (node === null || typeof node !== 'object') return [];
  return [path, ...Object.entries(node).flatMap(([k, v]) => objectsOf(v, [...path, k]))];
}

describe('duplicateKeys', () => {
  it('finds exactly one repeated name in any object at any depth, at its second occurrence, whatever the layout or escapes', () => {
    fc.assert(
      fc.property(
        value.map((v) => ({ wrapped: v })),
        fc.nat(),
        fc.string({ maxLength: 6 }),
        fc.boolean(),
        fc.constantFrom('', ' ', '\n  ', '\r\n\t'),
        (node, pick, name, escaped, gap) => {
          const objects = objectsOf(node);
          const target = objects[pick % objects.length];
          const { text, pointer, at } = write(node, target, name, escaped, gap);
          const found = duplicateKeys(text);
          expect(found.map(({ path, params, at }) => ({ path, params, start: at[0] }))).toEqual([
            { path: pointer, params: { key: name }, start: at },
          ]);
          const [start, end] = found[0].at;
          expect(JSON.parse(text.slice(start, end))).toBe(name);
        },
      ),
      { numRuns: runs(500) },
    );
  });

  it('finds nothing in any text JSON.stringify writes, where sibling and nested objects share names', () => {
    const shared = fc.dictionary(fc.constantFrom('a', 'b', 'id', 'é', '\u{1F600}'), value, { maxKeys: 5 });
    fc.assert(
      fc.property(fc.array(fc.record({ a: shared, b: fc.array(shared) })), fc.constantFrom(0, 2), (node, indent) => {
        expect(duplicateKeys(JSON.stringify(node, null, indent))).toEqual([]);
      }),
      { numRuns: runs(300) },
    );
  });

  it.each([
    ['{"a":1,"a":2}', ['/a'], [7]],
    ['{"a":1,"\\u0061":2}', ['/a'], [7]],
    ['{"a/b~":{"x":1},"a/b~":2}', ['/a~1b~0'], [16]],
    ['{"a":1,"a":2,"a":3}', ['/a', '/a'], [7, 13]],
    ['[{"a":{"b":[{"c":1,"c":2}]}}]', ['/0/a/b/0/c'], [19]],
    ['{"a":{"x":1},"b":{"x":1},"x":{"x":{"x":1}}}', [], []],
    ['[{}, "a", "a"]', [], []],
    ['{"\\\\":1,"\\\\":2,"\\"":3}', ['/\\'], [8]],
  ])('in %s finds %j', (text, paths, starts) => {
    const found = duplicateKeys(text);
    expect(found.map((f) => f.path)).toEqual(paths);
    expect(found.map((f) => f.at[0])).toEqual(starts);
  });

  it('compares an object of many names through a Set, escapes decoded, and stops at the most asked for', () => {
    const names = Array.from({ length: 100 }, (_, i) => `"n${i}":${i}`);
    expect(duplicateKeys(`{${names.join(',')},"\\u006e7":0}`).map((f) => f.path)).toEqual(['/n7']);
    expect(duplicateKeys(`{${names.join(',')}}`)).toEqual([]);
    expect(duplicateKeys(`{${Array(50).fill('"a":1').join(',')}}`, 3)).toHaveLength(3);
  });

  it('walks a value nested 100,000 deep without recursion', () => {
    const deep = `${'{"a":'.repeat(100_000)}{"b":1,"b":2}${'}'.repeat(100_000)}`;
    const [found] = duplicateKeys(deep);
    expect(found.path).toBe(`${'/a'.repeat(100_000)}/b`);
  });
  it('stays linear once optimised: a 1 MB text of 12,000 objects, scanned eight times with a finite most', () => {
    // an indexOf for the next backslash made TurboFan's code scan the whole text at each name from
    // the fourth call on (11 s a call); eight calls here took 10 ms each once fixed
    const party = '{"id":"P-1","role":"nobody","name":"Gleis 9 GmbH","@referredType":"Organization"}';
    const text = `{"category":"x","relatedParty":[${Array(12_000).fill(party).join(',')}]}`;
    for (let call = 0; call < 8; call++) expect(duplicateKeys(text, 1_000_001)).toEqual([]);
  }, 20_000);
});
