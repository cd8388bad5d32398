import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { runs } from '../../test/runs.js';
import { duplicateKeys, namesProvenUnique } from './keys.js';
import { textFindings } from './located.js';
import { hostileString, objectsOf, write } from './test-kit.js';

/** A JSON value whose objects have unique names; arrays and objects nest a few levels. */
const value = fc.letrec((tie) => ({
  node: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    fc.oneof(fc.string(), fc.integer(), fc.boolean(), fc.constant(null)),
    fc.array(tie('node'), { maxLength: 4 }),
    fc.dictionary(fc.string({ maxLength: 6 }), tie('node'), { maxKeys: 5 }),
  ),
})).node;

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

/** A JSON value as {@link value}, its names and strings hostile. */
const hostileValue = fc.letrec((tie) => ({
  node: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    fc.oneof(hostileString, fc.integer(), fc.constant(null)),
    fc.array(tie('node'), { maxLength: 4 }),
    fc.dictionary(hostileString, tie('node'), { maxKeys: 5 }),
  ),
})).node;

/**
 * Whether a string of `node`, name or value, starts with `:` after spaces, and what may start a
 * value (or its closing quote) after more spaces: its opening quote then stands before a colon as a name's closing quote does.
 */
function opensBeforeColon(node: unknown): boolean {
  if (typeof node === 'string') return /^ *: *([{[\-0-9tfn]|$)/.test(node);
  if (Array.isArray(node)) return node.some(opensBeforeColon);
  if (node === null || typeof node !== 'object') return false;
  return Object.entries(node).some(([k, v]) => opensBeforeColon(k) || opensBeforeColon(v));
}

/** How many names of `node` end as a string may start: the test counts them as doubtful. */
function doubtfulNames(node: unknown): number {
  if (Array.isArray(node)) return node.reduce((sum: number, item) => sum + doubtfulNames(item), 0);
  if (node === null || typeof node !== 'object') return 0;
  return Object.entries(node).reduce((sum, [k, v]) => sum + (/[:,[{] *$/.test(k) ? 1 : 0) + doubtfulNames(v), 0);
}

describe('namesProvenUnique', () => {
  it('never proves unique the names of a text that repeats one, and the findings are the same with it as with the scan alone', () => {
    fc.assert(
      fc.property(
        hostileValue.map((v) => ({ wrapped: v })),
        fc.option(fc.nat()),
        hostileString,
        fc.boolean(),
        fc.constantFrom('', ' ', '\n  ', '\r\n\t'),
        fc.nat({ max: 3 }),
        (node, pick, name, escaped, gap, max) => {
          const objects = objectsOf(node);
          const target = pick === null ? undefined : objects[pick % objects.length];
          const { text } = write(node, target, name, escaped, gap);
          const parsed = JSON.parse(text);
          if (target !== undefined) expect(namesProvenUnique(text, parsed)).toBe(false);
          if (namesProvenUnique(text, parsed)) expect(duplicateKeys(text)).toEqual([]);
          expect(textFindings(text, false, max, parsed)).toEqual(textFindings(text, false, max));
        },
      ),
      { numRuns: runs(1000) },
    );
  });

  it('proves unique the names of any text JSON.stringify writes, unless a string starts with a colon and what starts a value (regression: [":",0], proven, was held to be doubtful)', () => {
    fc.assert(
      fc.property(hostileValue, fc.constantFrom(0, 2, '\t'), (node, indent) => {
        const text = JSON.stringify(node, null, indent);
        // a text the model finds doubtful may still be proven (`[":",0]`: the colon's quote opens a
        // string no value follows); that a proof is never wrong is the property above's
        if (!opensBeforeColon(node) && doubtfulNames(node) <= 16)
          expect(namesProvenUnique(text, JSON.parse(text))).toBe(true);
      }),
      { numRuns: runs(500) },
    );
  });

  it.each([
    ['a repeated name', '{"a":1,"a":2}', false],
    ['a name apart from its colon, which hides a repeat from a count of `":`', '{"a" :1,"a":2,"b":3}', false],
    ['names apart from their colons by any JSON white space', '{"a"\t:1,\r\n"b"\n:{"c" \r\n :2}}', true],
    ['a repeated name holding escaped quotes and colons', '{"a\\":\\"":1,"a\\":\\"":2}', false],
    ['names holding escaped quotes and colons', '{"a\\":":1,"\\":b":{"\\"":2}}', true],
    ['`":` in strings', '{"a":"x\\":y","b":["\\":","\\\\"]}', true],
    ['`":` in strings and a repeated name', '{"a":"x\\":y","a":"\\":"}', false],
    ['a name ending in a backslash, and repeated', '{"\\\\":1,"\\\\":2}', false],
    ['names ending in a backslash', '{"\\\\":1,"x":{"\\\\":2}}', true],
    ['a string that starts with a colon and what starts a value', '{"a":":1"}', false],
    ['a string that starts with spaces, a colon and what starts a value', '{"a":"  : {"}', false],
    ['a string that starts with a colon and what starts no value', '{"a":":b","c":[":}"]}', true],
    ['a name ending as a string starts, beside a repeated name', '{"a,":1,"b":1,"b":2}', false],
    ['names ending as a string starts', '{"a,":1,"b{":2,"c[":[{"d:":3}]}', true],
    ['a repeated __proto__', '{"__proto__":1,"__proto__":2}', false],
    ['__proto__ once', '{"__proto__":{"a":1},"b":{"__proto__":null}}', true],
    ['a repeat whose first value is dropped with its own names', '{"a":{"x":1,"y":2},"a":{"x":1,"y":2,"z":3}}', false],
  ])('%s: %s is proven unique: %s, as the scan finds', (_, text, unique) => {
    expect(namesProvenUnique(text, JSON.parse(text))).toBe(unique);
    if (unique) expect(duplicateKeys(text)).toEqual([]);
    expect(textFindings(text, false, 10, JSON.parse(text))).toEqual(textFindings(text, false, 10));
  });

  it('cannot be misled by a name added to Object.prototype, which for…in lists in every object', () => {
    const text = '{"a":1,"a":2}';
    Object.defineProperty(Object.prototype, 'added', {
      value: 1,
      enumerable: true,
      configurable: true,
      writable: true,
    });
    try {
      expect(namesProvenUnique(text, JSON.parse(text))).toBe(false);
    } finally {
      delete (Object.prototype as { added?: number }).added;
    }
  });

  it('walks a value nested 100,000 deep without recursion', () => {
    const deep = (inner: string) => `${'{"a":['.repeat(100_000)}${inner}${']}'.repeat(100_000)}`;
    expect(namesProvenUnique(deep('{"b":1,"c":2}'), JSON.parse(deep('{"b":1,"c":2}')))).toBe(true);
    expect(namesProvenUnique(deep('{"b":1,"b":2}'), JSON.parse(deep('{"b":1,"b":2}')))).toBe(false);
  });

  it('counts an object of 100,000 names, and finds the one repeated last', () => {
    const names = Array.from({ length: 100_000 }, (_, i) => `"n${i}":${i}`).join(',');
    expect(namesProvenUnique(`{${names}}`, JSON.parse(`{${names}}`))).toBe(true);
    expect(namesProvenUnique(`{${names},"n0":0}`, JSON.parse(`{${names},"n0":0}`))).toBe(false);
  });

  it('stays linear once optimised: 1 MB texts of many names, of colons in strings, of runs of backslashes and spaces, eight calls each', () => {
    const party = '{"id":"P-1","role":"nobody","name":"Gleis 9 GmbH","@referredType":"Organization"}';
    const texts = [
      `{"relatedParty":[${Array(12_000).fill(party).join(',')}]}`,
      JSON.stringify({ note: '\\\\":x '.repeat(150_000) }),
      `{"a"${' '.repeat(500_000)}:1,"b"${'\n'.repeat(500_000)}:2}`,
    ];
    for (const text of texts) {
      const value = JSON.parse(text);
      for (let call = 0; call < 8; call++) expect(namesProvenUnique(text, value)).toBe(true);
    }
  }, 20_000);

  it('gives up at once on a text of many strings that start with a colon', () => {
    const text = `[${Array(10_000).fill('{"a":":"}').join(',')}]`;
    expect(namesProvenUnique(text, JSON.parse(text))).toBe(false);
  });
});
