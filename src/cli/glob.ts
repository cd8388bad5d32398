// Glob patterns, for shells and scripts that pass them unexpanded: `*`, `?`, `[a-z]`, `[!a]`, `**` for
// any number of folders, `{a,b}` alternatives and `\` escapes. Matching is the two-pointer wildcard
// algorithm (O(length × pattern), no backtracking explosion); no regular expression is built.

import { relative, resolve } from 'node:path';

/** One element of a pattern's path segment. */
type Token =
  | { readonly kind: 'char'; readonly char: string }
  | { readonly kind: 'one' }
  | { readonly kind: 'star' }
  | { readonly kind: 'class'; readonly negated: boolean; readonly ranges: readonly (readonly [string, string])[] };

/** A path segment of a pattern: `**`, or the tokens one file or folder name must match. */
export type Segment = 'globstar' | readonly Token[];

/** At most this many patterns come out of one pattern's `{a,b}` alternatives. */
export const maxAlternatives = 256;

/** Whether an argument is a pattern rather than a plain path. */
export function isGlob(arg: string): boolean {
  return /[*?[{]/.test(arg);
}

/** The patterns `{a,b}` alternatives stand for (not nested), or `undefined` when there are too many. */
export function alternatives(pattern: string): string[] | undefined {
  let out = [''];
  let i = 0;
  while (i < pattern.length) {
    const open = braceAt(pattern, i);
    const close = open < 0 ? -1 : pattern.indexOf('}', open);
    if (open < 0 || close < 0) {
      out = out.map((p) => p + pattern.slice(i));
      break;
    }
    const before = pattern.slice(i, open);
    const choices = pattern.slice(open + 1, close).split(',');
    if (out.length * choices.length > maxAlternatives) return undefined;
    out = out.flatMap((p) => choices.map((choice) => p + before + choice));
    i = close + 1;
  }
  return out;
}

/** The index of the first unescaped `{` at or after `from`, or -1. */
function braceAt(pattern: string, from: number): number {
  for (let i = from; i < pattern.length; i++) {
    if (pattern[i] === '\\') i++;
    else if (pattern[i] === '{') return i;
  }
  return -1;
}

/** Splits a pattern (without `{}` alternatives) into the folder to start from and the segments to match below it. */
export function parsePattern(pattern: string): { base: string; segments: Segment[] } {
  const parts = pattern.split('/');
  let fixed = 0;
  while (fixed < parts.length - 1 && !isGlob(parts[fixed])) fixed++;
  const base = parts.slice(0, fixed).map(literal).join('/');
  const segments = parts.slice(fixed).filter((part) => part !== '');
  return {
    base: base === '' && pattern.startsWith('/') ? '/' : base || '.',
    segments: segments.map((part) => (part === '**' ? 'globstar' : tokens(part))),
  };
}

/** A path segment without glob syntax, its escapes removed. */
const literal = (text: string) => text.replace(/\\(.)/g, '$1');

function tokens(part: string): Token[] {
  const out: Token[] = [];
  for (let i = 0; i < part.length; i++) {
    const c = part[i];
    if (c === '\\' && i + 1 < part.length) out.push({ kind: 'char', char: part[++i] });
    else if (c === '*') {
      if (out[out.length - 1]?.kind !== 'star') out.push({ kind: 'star' });
    } else if (c === '?') out.push({ kind: 'one' });
    else if (c === '[') {
      const parsed = charClass(part, i);
      if (parsed) {
        out.push(parsed.token);
        i = parsed.end;
      } else out.push({ kind: 'char', char: c });
    } else out.push({ kind: 'char', char: c });
  }
  return out;
}

/** The class opening at `part[at]` and the index of its `]`, or `undefined` when it does not close. */
function charClass(part: string, at: number): { token: Token; end: number } | undefined {
  let i = at + 1;
  const negated = part[i] === '!' || part[i] === '^';
  if (negated) i++;
  const ranges: [string, string][] = [];
  for (let first = true; i < part.length; i++, first = false) {
    if (part[i] === ']' && !first) return { token: { kind: 'class', negated, ranges }, end: i };
    const from = part[i];
    if (part[i + 1] === '-' && i + 2 < part.length && part[i + 2] !== ']') {
      ranges.push([from, part[i + 2]]);
      i += 2;
    } else ranges.push([from, from]);
  }
  return undefined;
}

/** Whether one file or folder name matches a segment's tokens; a leading dot must be matched literally. */
export function matchName(name: string, segment: readonly Token[]): boolean {
  if (name.startsWith('.') && (segment[0]?.kind !== 'char' || name === '.' || name === '..')) return false;
  return wildcard(
    name.length,
    segment.length,
    (t) => segment[t].kind === 'star',
    () => true,
    (n, t) => fits(name[n], segment[t]),
  );
}

/**
 * Whether the names of a relative path match a pattern's segments, `**` standing for any number of
 * names that do not start with a dot.
 */
export function matchPath(names: readonly string[], segments: readonly Segment[]): boolean {
  return wildcard(
    names.length,
    segments.length,
    (s) => segments[s] === 'globstar',
    (n) => !names[n].startsWith('.'),
    (n, s) => {
      const segment = segments[s];
      return segment !== 'globstar' && matchName(names[n], segment);
    },
  );
}

function fits(char: string, token: Token): boolean {
  if (token.kind === 'one') return true;
  if (token.kind === 'char') return token.char === char;
  if (token.kind !== 'class') return false;
  const inside = token.ranges.some(([from, to]) => char >= from && char <= to);
  return inside !== token.negated;
}

/**
 * The classic wildcard match of a subject of `length` items against `count` pattern items: on a
 * mismatch, only the last star extends by one item, so the work is O(length × count). Stars take
 * only the items `absorbs` accepts (all stars alike, so no earlier star could take one instead).
 */
function wildcard(
  length: number,
  count: number,
  isStar: (t: number) => boolean,
  absorbs: (n: number) => boolean,
  matches: (n: number, t: number) => boolean,
): boolean {
  let n = 0;
  let t = 0;
  let star = -1;
  let resume = 0;
  while (n < length) {
    if (t < count && isStar(t)) {
      star = t++;
      resume = n;
    } else if (t < count && matches(n, t)) {
      n++;
      t++;
    } else if (star >= 0 && absorbs(resume)) {
      t = star + 1;
      n = ++resume;
    } else return false;
  }
  while (t < count && isStar(t)) t++;
  return t === count;
}

/**
 * Whether a path is matched by one of `patterns` (the options' `--exclude`), as a `.gitignore` line
 * matches: a pattern with a `/` matches the path from its start (`./` ignored), one without matches a
 * name at any depth; a pattern that matches a folder matches everything below it. A relative path
 * is also tried from the working folder's root, an absolute one also relative to it, so that
 * `$PWD/orders/a.json` and `orders/a.json` are alike. Patterns of too many alternatives match
 * nothing (the options refuse them first).
 */
export function excluder(patterns: readonly string[], cwd = process.cwd()): (path: string) => boolean {
  const names = (path: string) => path.split(/[\\/]+/).filter((name) => name !== '' && name !== '.');
  const compiled = patterns.flatMap((pattern) =>
    (alternatives(pattern.includes('/') ? pattern : `**/${pattern}`) ?? []).map((one) => {
      const { base, segments } = parsePattern(one);
      return { absolute: one.startsWith('/'), base: names(base), segments };
    }),
  );
  if (compiled.length === 0) return () => false;
  const matches = (all: readonly string[], { base, segments }: (typeof compiled)[number]) => {
    if (base.length > all.length || !base.every((name, i) => all[i] === name)) return false;
    if (segments.length === 0) return true; // a folder named plainly (`orders/`): all below it
    // the path, or one of the folders it is in
    for (let end = all.length; end > base.length; end--)
      if (matchPath(all.slice(base.length, end), segments)) return true;
    return false;
  };
  return (path) => {
    const absolute = names(resolve(cwd, path));
    const relativeTo = relative(cwd, resolve(cwd, path));
    const inside = relativeTo.startsWith('..') ? undefined : names(relativeTo);
    return compiled.some((pattern) =>
      pattern.absolute
        ? matches(absolute, pattern)
        : (inside !== undefined && matches(inside, pattern)) || matches(names(path), pattern),
    );
  };
}
