import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { runs } from '../../test/runs.js';
import { alternatives, excluder, isGlob, matchName, matchPath, parsePattern, type Segment } from './glob.js';

const name = (pattern: string) => parsePattern(pattern).segments[0] as Exclude<Segment, 'globstar'>;
/** Whether `file` matches `pattern`: it lies below the pattern's base, and the rest matches. */
const path = (pattern: string, file: string) => {
  const { base, segments } = parsePattern(pattern);
  const prefix = base === '.' ? '' : `${base}/`;
  return file.startsWith(prefix) && matchPath(file.slice(prefix.length).split('/'), segments);
};

/** Matches by trying every way each star can go: exponential, for small cases only. */
function slowMatch<T, P>(
  items: readonly T[],
  pattern: readonly P[],
  isStar: (p: P) => boolean,
  absorbs: (item: T) => boolean,
  fits: (item: T, p: P) => boolean,
): boolean {
  const go = (n: number, t: number): boolean => {
    if (t === pattern.length) return n === items.length;
    if (isStar(pattern[t])) return go(n, t + 1) || (n < items.length && absorbs(items[n]) && go(n + 1, t));
    return n < items.length && fits(items[n], pattern[t]) && go(n + 1, t + 1);
  };
  return go(0, 0);
}

describe('matchName', () => {
  it.each([
    ['*.json', 'order.json', true],
    ['*.json', 'order.jsonl', false],
    ['*.json', '.hidden.json', false],
    ['.*.json', '.hidden.json', true],
    ['order-?.json', 'order-1.json', true],
    ['order-?.json', 'order-12.json', false],
    ['order-[0-4].json', 'order-3.json', true],
    ['order-[0-4].json', 'order-5.json', false],
    ['order-[!0-4].json', 'order-5.json', true],
    ['order-[^a].json', 'order-a.json', false],
    ['order-[]].json', 'order-].json', true],
    ['order-[ab', 'order-[ab', true],
    ['\\*.json', '*.json', true],
    ['\\*.json', 'a.json', false],
    ['*', 'anything', true],
    ['a*b*c', 'aXbYc', true],
    ['a*b*c', 'aXbY', false],
    ['**.json', 'a.json', true],
  ])('%s against %s is %s', (pattern, file, expected) => {
    expect(matchName(file, name(pattern))).toBe(expected);
  });

  it('agrees with trying every way the stars can go', () => {
    const pattern = fc.array(fc.constantFrom('a', 'b', '*', '?', '[a]', '[!a]'), { minLength: 1, maxLength: 7 });
    const file = fc.array(fc.constantFrom('a', 'b'), { minLength: 1, maxLength: 8 }).map((f) => f.join(''));
    fc.assert(
      fc.property(pattern, file, (p, f) => {
        // a leading 'b' keeps the pattern from being '**' (a globstar, not a name)
        const tokens = ['b', ...p].map(name);
        const slow = slowMatch(
          [...`b${f}`],
          tokens,
          (t) => t[0].kind === 'star',
          () => true,
          (c, t) => matchName(c, t),
        );
        expect(matchName(`b${f}`, name(`b${p.join('')}`))).toBe(slow);
      }),
      { numRuns: runs(3000) },
    );
  });

  it('takes time proportional to name × pattern on a pattern that makes backtracking matchers explode', () => {
    const file = `${'a'.repeat(20_000)}b`;
    expect(matchName(file, name(`${'*a'.repeat(20)}*c`))).toBe(false);
    expect(matchName(file, name(`${'*a'.repeat(20)}*b`))).toBe(true);
  });
});

describe('matchPath', () => {
  it.each([
    ['**/*.json', 'a.json', true],
    ['**/*.json', 'x/y/a.json', true],
    ['**/*.json', '.git/a.json', false],
    ['x/**/a.json', 'x/a.json', true],
    ['x/**/a.json', 'x/1/2/3/a.json', true],
    ['x/**/a.json', 'y/1/a.json', false],
    ['*/a.json', 'x/a.json', true],
    ['*/a.json', 'x/y/a.json', false],
    ['x/**', 'x/y/z', true],
    ['**/.config/*.json', 'a/.config/b.json', true],
  ])('%s against %s is %s', (pattern, file, expected) => {
    expect(path(pattern, file)).toBe(expected);
  });

  it('agrees with trying every way the globstars can go', () => {
    const pattern = fc.array(fc.constantFrom('**', 'a', 'b', '*', '.a', '.*'), { minLength: 1, maxLength: 6 });
    const names = fc.array(fc.constantFrom('a', 'b', '.a', '.b'), { minLength: 1, maxLength: 7 });
    fc.assert(
      fc.property(pattern, names, (p, n) => {
        const { segments } = parsePattern(`x/${p.join('/')}`);
        const slow = slowMatch(
          n,
          segments,
          (s) => s === 'globstar',
          (item) => !item.startsWith('.'),
          (item, s) => s !== 'globstar' && matchName(item, s),
        );
        expect(matchPath(n, segments)).toBe(slow);
      }),
      { numRuns: runs(3000) },
    );
  });
});

describe('parsePattern', () => {
  it.each([
    ['orders/2024/*.json', 'orders/2024', 1],
    ['*.json', '.', 1],
    ['/data/exports/**/*.ndjson', '/data/exports', 2],
    ['/*.json', '/', 1],
    ['a//b/*.json', 'a//b', 1],
  ])('starts %s in %s with %i segments to match', (pattern, base, count) => {
    const parsed = parsePattern(pattern);
    expect(parsed.base).toBe(base);
    expect(parsed.segments).toHaveLength(count);
  });
});

describe('alternatives and isGlob', () => {
  it('expands {a,b} groups, refusing more than 256 patterns', () => {
    expect(alternatives('orders/*.{json,ndjson}')).toEqual(['orders/*.json', 'orders/*.ndjson']);
    expect(alternatives('{a,b}/{c,d}.json')).toEqual(['a/c.json', 'a/d.json', 'b/c.json', 'b/d.json']);
    expect(alternatives('\\{a,b}.json')).toEqual(['\\{a,b}.json']);
    expect(alternatives('{a,b')).toEqual(['{a,b']);
    expect(alternatives('{1,2,3,4}'.repeat(4))).toHaveLength(256);
    expect(alternatives('{1,2,3,4}'.repeat(5))).toBeUndefined();
  });

  it('tells patterns from plain paths', () => {
    expect(isGlob('orders/*.json')).toBe(true);
    expect(isGlob('orders/{a,b}.json')).toBe(true);
    expect(isGlob('orders/a.json')).toBe(false);
  });
});

describe('excluder', () => {
  it.each([
    ['**/*.expected.json', 'a.expected.json', true],
    ['**/*.expected.json', 'examples/orders/invalid/a.expected.json', true],
    ['**/*.expected.json', './examples/a.expected.json', true],
    ['**/*.expected.json', 'examples/a.json', false],
    ['*.expected.json', 'deep/down/a.expected.json', true],
    ['*.expected.json', 'a.expected.json.bak', false],
    ['examples/*.json', 'examples/a.json', true],
    ['examples/*.json', 'examples/b/a.json', false],
    ['examples/*.json', 'other/examples/a.json', false],
    ['examples/**', 'examples/b/a.json', true],
    ['{a,b}/*.json', 'b/x.json', true],
    ['**/*.json', '.hidden/x.json', false],
    // a folder, as in .gitignore: everything below it
    ['examples/valid', 'examples/valid/a.json', true],
    ['examples/valid/', 'examples/valid/deep/a.json', true],
    ['valid', 'examples/valid/a.json', true],
    ['examples/valid', 'examples/validity/a.json', false],
    // the same file named from the working folder's root or from it
    ['orders/*.json', '/work/here/orders/a.json', true],
    ['/work/here/orders/a.json', 'orders/a.json', true],
    ['orders/*.json', '/elsewhere/orders/a.json', false],
  ])('%s excludes %s: %s', (pattern, path, excluded) => {
    expect(excluder([pattern], '/work/here')(path)).toBe(excluded);
  });

  it('excludes nothing without patterns', () => {
    expect(excluder([])('a.json')).toBe(false);
  });
});
