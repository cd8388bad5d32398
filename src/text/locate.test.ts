import { setFlagsFromString } from 'node:v8';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { runs } from '../../test/runs.js';
import { encodeToken } from '../pointer.js';
import { itemStarts, Lines, type Span, spans } from './locate.js';

/** JSON text of a value with the white space between tokens taken in turn from `spaces`. */
function spaced(value: unknown, spaces: readonly string[]): string {
  let k = 0;
  const ws = () => (spaces.length === 0 ? '' : spaces[k++ % spaces.length]);
  const write = (v: unknown): string => {
    if (Array.isArray(v)) return `[${ws()}${v.map((item) => `${write(item)}${ws()}`).join(`,${ws()}`)}]`;
    if (v !== null && typeof v === 'object') {
      const members = Object.entries(v).map(([key, item]) => `${JSON.stringify(key)}${ws()}:${ws()}${write(item)}`);
      return `{${ws()}${members.join(`${ws()},${ws()}`)}${ws()}}`;
    }
    return JSON.stringify(v);
  };
  return `${ws()}${write(value)}${ws()}`;
}

/** Every node of a value: its pointer, the value, and whether it is an object member. */
function nodes(value: unknown, pointer = '', member = false): { pointer: string; value: unknown; member: boolean }[] {
  const out = [{ pointer, value, member }];
  if (Array.isArray(value)) {
    for (const [i, item] of value.entries()) out.push(...nodes(item, `${pointer}/${i}`));
  } else if (value !== null && typeof value === 'object') {
    for (const [key, item] of Object.entries(value)) out.push(...nodes(item, `${pointer}/${encodeToken(key)}`, true));
  }
  return out;
}

const space = fc.array(fc.constantFrom('', ' ', '\n', '\r\n', '\t', '  \n  '), { maxLength: 6 });
// keys that need escapes, that look like indices, and `__proto__`, which JSON.parse keeps as an own key
const key = fc.oneof(fc.string({ maxLength: 4 }), fc.constantFrom('a/b', 'm~n', '"q"', '\\', '0', '__proto__', 'é😀'));
const json = fc.letrec((tie) => ({
  value: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    fc.oneof(
      fc.string({ maxLength: 5 }),
      fc.double({ noNaN: true, noDefaultInfinity: true }),
      fc.boolean(),
      fc.constant(null),
    ),
    fc.array(tie('value'), { maxLength: 4 }),
    fc.dictionary(key, tie('value'), { maxKeys: 4 }),
  ),
})).value;

describe('spans', () => {
  it('finds every node of any JSON text, whatever its white space: its text parses to the node', () => {
    fc.assert(
      fc.property(json, space, (value, ws) => {
        const text = spaced(value, ws);
        const all = nodes(JSON.parse(text));
        const found = spans(
          text,
          0,
          all.map(({ pointer }) => ({ pointer, name: false })),
        );
        all.forEach((node, k) => {
          const [start, end] = found[k];
          expect(JSON.parse(text.slice(start, end))).toEqual(node.value);
        });
        const names = spans(
          text,
          0,
          all.map(({ pointer }) => ({ pointer, name: true })),
        );
        all.forEach((node, k) => {
          const [start, end] = names[k];
          const last = node.pointer
            .slice(node.pointer.lastIndexOf('/') + 1)
            .replaceAll('~1', '/')
            .replaceAll('~0', '~');
          if (node.member) expect(JSON.parse(text.slice(start, end))).toBe(last);
          else expect([start, end]).toEqual(found[k]); // an item or the root has no name
        });
      }),
      { numRuns: runs(1000) },
    );
  });

  it('gives a node the text lacks the span of its deepest ancestor that it has', () => {
    fc.assert(
      fc.property(
        json,
        space,
        fc.array(fc.constantFrom('x', '7', 'a~1b'), { minLength: 1, maxLength: 3 }),
        (value, ws, tail) => {
          const text = spaced(value, ws);
          const parsed = JSON.parse(text);
          for (const node of nodes(parsed)) {
            const pointer = `${node.pointer}/${tail.join('/')}`;
            const exists = nodes(parsed).some((n) => n.pointer === pointer);
            if (exists) continue;
            const [[start, end], [nodeStart, nodeEnd]] = spans(text, 0, [
              { pointer, name: false },
              { pointer: node.pointer, name: false },
            ]);
            // the tail may exist in part: then a deeper node is found, inside this one
            expect(start).toBeGreaterThanOrEqual(nodeStart);
            expect(end).toBeLessThanOrEqual(nodeEnd);
            expect(JSON.parse(text.slice(start, end))).toBeDefined();
          }
        },
      ),
      { numRuns: runs(50) },
    );
  });

  it('finds the same spans when told that names are unique, for any targets, present or missing', () => {
    fc.assert(
      fc.property(
        json,
        space,
        fc.array(fc.nat(), { maxLength: 6 }),
        fc.constantFrom('', '/x', '/0/x'),
        (value, ws, picks, tail) => {
          const text = spaced(value, ws);
          const all = nodes(JSON.parse(text));
          const targets = picks.map((k, i) => ({
            pointer: `${all[k % all.length].pointer}${i % 2 ? tail : ''}`,
            name: k % 3 === 0,
          }));
          expect(spans(text, 0, targets, true)).toEqual(spans(text, 0, targets));
        },
      ),
      { numRuns: runs(100) },
    );
  });

  // the locator walked every order to its end, though most faults lie before it: on the bench's
  // stream a fault's span ends, on average, at 78 % of its order's text
  it('stops once every target is placed when names are unique, instead of walking to the end', () => {
    const text = JSON.stringify({ a: { b: 1, c: [2] }, rest: Array.from({ length: 10_000 }, (_, i) => `s${i}`) });
    const targets = [
      { pointer: '/a/b', name: true },
      { pointer: '/a/c/5', name: false },
      { pointer: '/a/x/y', name: false },
    ];
    /** The strings `spans` skips with indexOf, and what it finds. */
    const counted = (unique: boolean) => {
      const { indexOf } = String.prototype;
      let work = 0;
      String.prototype.indexOf = function (this: string, ...args: Parameters<typeof indexOf>) {
        work++;
        return indexOf.apply(this, args);
      };
      try {
        return { found: spans(text, 0, targets, unique), work };
      } finally {
        Object.assign(String.prototype, { indexOf });
      }
    };
    const whole = counted(false);
    const early = counted(true);
    expect(early.found).toEqual(whole.found);
    expect(whole.found.map((span) => text.slice(...span))).toEqual(['"b"', '[2]', '{"b":1,"c":[2]}']);
    expect(whole.work).toBeGreaterThan(10_000);
    expect(early.work).toBeLessThan(10);
  });

  it('takes the last of repeated names, as JSON.parse does, forgetting what was found in the earlier ones', () => {
    const text = '{"a": {"b": 1, "c": 2}, "a": {"b": [3]}}';
    const [b, c, a] = spans(text, 0, [
      { pointer: '/a/b', name: false },
      { pointer: '/a/c', name: false },
      { pointer: '/a', name: true },
    ]);
    expect(text.slice(...b)).toBe('[3]');
    expect(text.slice(...c)).toBe('{"b": [3]}'); // /a/c is gone: the later /a lacks it
    expect(a).toEqual([24, 27]);
  });

  // regression: each name that no target holds searched the rest of the text for a backslash, so an
  // array of n orders cost n² (8,000 orders in 25 s)
  it('takes time in proportion to the text: eight times the items, not sixty-four times the time', () => {
    const text = (n: number) =>
      JSON.stringify(Array.from({ length: n }, (_, i) => ({ id: String(i), name: 'x', note: [1, 2] })));
    // as the command places the faults of each item of an array: one pass per item, from its start
    const time = (t: string) => {
      const starts = itemStarts(t, 0);
      const runs: number[] = [];
      for (let r = 0; r < 5; r++) {
        const started = performance.now();
        for (const start of starts) spans(t, start, [{ pointer: '/zzz', name: false }]);
        runs.push(performance.now() - started);
      }
      return runs.sort((a, b) => a - b)[2];
    };
    const [small, large] = [text(2_000), text(16_000)];
    time(small); // warm up
    expect(time(large) / time(small)).toBeLessThan(24);
  });

  // regression: a node's child was found by searching the list of its children's names,
  // so 16,000 violations in one array of an order took 1.9 to 3.3 s against 34 ms for 2,000
  it('finds each child in constant work: 16,000 targets in one array cost eight times 2,000, not sixty-four', () => {
    const text = (n: number) =>
      JSON.stringify({ items: Array.from({ length: n }, (_, i) => ({ id: String(i), [`k${i}`]: [i] })) });
    const targets = (n: number) =>
      Array.from({ length: n }, (_, i) => ({ pointer: `/items/${i}/k${i}/0`, name: i % 2 === 0 }));
    /** The lookups `spans` makes: the names an indexOf searches, the names compared in place, the Map reads. */
    const counted = (n: number) => {
      const t = text(n);
      const wanted = targets(n);
      const { indexOf } = Array.prototype;
      const { startsWith } = String.prototype;
      const { get } = Map.prototype;
      let work = 0;
      Array.prototype.indexOf = function (this: unknown[], ...args: Parameters<typeof indexOf>) {
        work += this.length;
        return indexOf.apply(this, args);
      };
      String.prototype.startsWith = function (this: string, ...args: Parameters<typeof startsWith>) {
        work++;
        return startsWith.apply(this, args);
      };
      Map.prototype.get = function (this: Map<unknown, unknown>, key: unknown) {
        work++;
        return get.call(this, key);
      };
      let found: Span[];
      try {
        found = spans(t, 0, wanted);
      } finally {
        Object.assign(Array.prototype, { indexOf });
        Object.assign(String.prototype, { startsWith });
        Object.assign(Map.prototype, { get });
      }
      expect(t.slice(...found[n - 1])).toBe(`${n - 1}`);
      expect(t.slice(...found[n - 2])).toBe(`${n - 2}`);
      return work;
    };
    const [small, large] = [counted(2_000), counted(16_000)];
    expect(large / small).toBeLessThan(12);
  });

  it('walks a value nested 100,000 deep without recursion', () => {
    const depth = 100_000;
    const text = `${'['.repeat(depth)}"x"${']'.repeat(depth)}`;
    const pointer = '/0'.repeat(depth);
    const [[start, end]] = spans(text, 0, [{ pointer, name: false }]);
    expect(text.slice(start, end)).toBe('"x"');
  });

  it("keeps its optimised code from one list of targets to the next, which it lost on the bench's stream", () => {
    // V8's own view of the function, through its test-only natives: each time the optimised code is
    // thrown away, the walk runs unoptimised again for hundreds of calls, and a worker checks only a
    // few thousand invalid orders. A map of the targets and their paths did that on the bench's stream.
    setFlagsFromString('--allow-natives-syntax');
    const status = new Function('f', 'return %GetOptimizationStatus(f)') as (f: unknown) => number;
    const prepare = new Function('f', '%PrepareFunctionForOptimization(f)') as (f: unknown) => void;
    const optimise = new Function('f', '%OptimizeFunctionOnNextCall(f)') as (f: unknown) => void;
    const optimised = () => (status(spans) & 16) !== 0; // V8's "TurboFanned" bit
    const text = JSON.stringify({ a: { b: [1, { c: 'x' }], d: 'y' }, e: [true, null], f: { g: { h: 1 } } });
    const at = (pointer: string, name = false) => ({ pointer, name });
    const lists = [
      [at('/a/b/1/c')],
      [at('/e/1'), at('/f/g/h')],
      [at(''), at('/a/d', true), at('/zz')],
      [at('/f/g/missing'), at('/a/b/0'), at('/e'), at('/a')],
    ];
    prepare(spans);
    for (let i = 0; i < 10; i++) for (const targets of lists) spans(text, 0, targets, true);
    let lost = 0;
    for (let round = 0; round < 5; round++)
      for (const targets of lists) {
        if (!optimised()) optimise(spans);
        spans(text, 0, targets, round % 2 === 0);
        if (!optimised()) lost++;
      }
    expect(lost).toBe(0);
    expect(optimised()).toBe(true);
  });

  it('starts at an offset, for an item of an array', () => {
    const text = '[ {"a": 1},\n  {"a": [true, "]"]} ]';
    const starts = itemStarts(text, 0);
    expect(starts).toEqual([2, 14]);
    const [[start, end]] = spans(text, starts[1], [{ pointer: '/a/1', name: false }]);
    expect(text.slice(start, end)).toBe('"]"');
    expect(itemStarts('{"a": 1}', 0)).toEqual([]);
    expect(itemStarts(' [ ] ', 0)).toEqual([]);
  });
});

describe('Lines', () => {
  it('gives each offset its line and its column in UTF-16 units; CR LF is one break', () => {
    fc.assert(
      fc.property(
        fc.array(fc.oneof(fc.string({ maxLength: 5 }), fc.constantFrom('\n', '\r\n', 'é', '😀'))),
        (parts) => {
          const text = parts.join('');
          const lines = new Lines(text);
          for (let offset = 0; offset <= text.length; offset++) {
            const before = text.slice(0, offset).split('\n');
            expect(lines.at(offset)).toEqual([before.length, before[before.length - 1].length + 1]);
          }
        },
      ),
      { numRuns: runs(1000) },
    );
  });
});
