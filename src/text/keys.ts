// Names that repeat within one object of JSON text. JSON.parse keeps the last value in silence; a
// reader that keeps the first, or refuses the text, reads another order. One pass over the text,
// iteratively (no recursion, whatever the depth), each name compared in place with the names before
// it in its object while they are few, and kept in a Set once they are many: linear in the text.
// Before it, a cheap test that can only prove there is none: most texts need no scan.

import { encodeToken } from '../pointer.js';
import type { FindingOf } from '../violation.js';
import { type Span, stringEnd } from './locate.js';

/** A `duplicate_key` finding of the text rule, with the span of the repeated name in the text. */
export type DuplicateKey = FindingOf<'duplicate_key'> & { readonly rule: 'R-json'; readonly at: Span };

/** Up to this many names an object's names are compared in place; past it, they go into a Set. */
const few = 16;

/**
 * The names of well-formed JSON `text` that an earlier name of the same object repeats (equal once
 * escapes are decoded: `"a"` and `"\u0061"`), at most `most` of them, in text order: each at the
 * JSON Pointer of its member and the span of the repeated name (quotes included). A name that
 * occurs three times gives two.
 */
export function duplicateKeys(text: string, most = Number.POSITIVE_INFINITY): DuplicateKey[] {
  const found: DuplicateKey[] = [];
  if (most <= 0) return found;
  // per open container: whether it is an object, an array's index under way, the first of its names
  // on the stack of names, its member's name under way, and its Set once it has more than `few` names
  const objects: boolean[] = [];
  const indexes: number[] = [];
  const firsts: number[] = [];
  const members: number[] = [];
  const sets: (Set<string> | undefined)[] = [];
  // the names of the open objects, the inner after the outer: the offset of each one's opening
  // quote, its length with the quotes, and whether it holds an escape; `top` of them are in use
  const starts: number[] = [];
  const lengths: number[] = [];
  const escapes: boolean[] = [];
  let top = 0;
  let depth = -1;
  let name = false; // whether a string here is a name
  const n = text.length;
  for (let i = 0; i < n; ) {
    const c = text.charCodeAt(i);
    if (c === 34 /* " */) {
      const end = stringEnd(text, i);
      if (name) {
        name = false;
        const first = firsts[depth];
        const length = end - i;
        const escaped = holdsBackslash(text, i + 1, end - 1);
        let set = sets[depth];
        let repeated = false;
        if (set === undefined && top - first >= few) {
          set = new Set();
          for (let k = first; k < top; k++) set.add(nameOf(text, starts[k], starts[k] + lengths[k]));
          sets[depth] = set;
        }
        if (set !== undefined) {
          const key = nameOf(text, i, end);
          repeated = set.has(key);
          set.add(key);
        } else {
          for (let k = first; k < top && !repeated; k++) {
            if (escaped || escapes[k])
              repeated = nameOf(text, starts[k], starts[k] + lengths[k]) === nameOf(text, i, end);
            else if (lengths[k] === length) repeated = sameText(text, starts[k], i, length);
          }
        }
        starts[top] = i;
        lengths[top] = length;
        escapes[top] = escaped;
        top++;
        members[depth] = i;
        if (repeated) {
          const path = pointerOf(text, depth, objects, indexes, members);
          found.push({
            rule: 'R-json',
            code: 'duplicate_key',
            path,
            params: { key: nameOf(text, i, end) },
            at: [i, end],
          });
          if (found.length >= most) return found;
        }
      }
      i = end;
      continue;
    }
    if (c === 123 /* { */ || c === 91 /* [ */) {
      depth++;
      const object = c === 123;
      objects[depth] = object;
      indexes[depth] = 0;
      firsts[depth] = top;
      sets[depth] = undefined;
      name = object;
    } else if (c === 125 /* } */ || c === 93 /* ] */) {
      top = firsts[depth];
      sets[depth] = undefined;
      depth--;
      name = false;
    } else if (c === 44 /* , */) {
      name = objects[depth];
      if (!name) indexes[depth]++;
    }
    i++;
  }
  return found;
}

/**
 * Whether a cheap test proves that no object of well-formed JSON `text` repeats a name, given
 * `value`, what JSON.parse read from it; false when it cannot tell. Each name of the text ends with
 * a quote that no odd run of backslashes escapes, before its colon or JSON white space and its
 * colon; JSON.parse keeps one member per distinct name of an object. So when the text holds no more
 * such quotes than the value has members, no name repeats. Quotes that may open a string starting
 * with `:` instead, once many, end the test at once. The value is walked without recursion, no
 * further than that count.
 */
export function namesProvenUnique(text: string, value: unknown): boolean {
  if (typeof value !== 'object' || value === null) return true;
  if (inheritsNames()) return false;
  const most = nameEnds(text);
  if (most < 0) return false;
  let members = 0;
  const open: unknown[] = [value];
  while (open.length > 0) {
    const node = open.pop() as Record<string, unknown> | unknown[];
    if (Array.isArray(node)) {
      for (let k = 0; k < node.length; k++) {
        const item = node[k];
        if (typeof item === 'object' && item !== null) open.push(item);
      }
      continue;
    }
    for (const name in node) {
      if (++members > most) return false;
      const item = node[name];
      if (typeof item === 'object' && item !== null) open.push(item);
    }
  }
  return members === most;
}

/**
 * How many quotes of `text` may end a name: before a colon, with JSON white space between or not,
 * not escaped, and not followed by what no value starts with. At least as many as the names of the
 * text; -1 once more than `doubtful` of them follow what may stand before a string (`:`, `,`, `[`,
 * `{`, the start), so may open one instead.
 */
function nameEnds(text: string): number {
  let ends = 0;
  let doubts = 0;
  for (let at = text.indexOf(':'); at !== -1; at = text.indexOf(':', at + 1)) {
    let k = at - 1;
    let c = text.charCodeAt(k);
    while (isSpace(c)) c = text.charCodeAt(--k);
    if (c !== 34 /* " */ || escaped(text, k)) continue;
    let j = k - 1;
    let b = text.charCodeAt(j);
    while (isSpace(b)) b = text.charCodeAt(--j);
    if (j < 0 || b === 58 /* : */ || b === 44 /* , */ || b === 91 /* [ */ || b === 123 /* { */) {
      // the quote opens a string that starts with the colon unless a value follows the colon
      let v = at + 1;
      while (isSpace(text.charCodeAt(v))) v++;
      if (!startsValue(text.charCodeAt(v))) continue;
      if (++doubts > doubtful) return -1;
    }
    ends++;
  }
  return ends;
}

/** Whether a JSON value may start with the character of code `c`. */
function startsValue(c: number): boolean {
  return (
    c === 34 /* " */ ||
    c === 123 /* { */ ||
    c === 91 /* [ */ ||
    c === 45 /* - */ ||
    (c >= 48 && c <= 57) /* 0-9 */ ||
    c === 116 /* t */ ||
    c === 102 /* f */ ||
    c === 110 /* n */
  );
}

/** How many quotes that may open a string {@link nameEnds} counts before it gives up. */
const doubtful = 16;

/** Whether `c` is the code of JSON white space. */
function isSpace(c: number): boolean {
  return c === 32 || c === 10 || c === 13 || c === 9;
}

/** Whether the character at `at` of `text` follows an odd run of backslashes. */
function escaped(text: string, at: number): boolean {
  let k = at - 1;
  while (k >= 0 && text.charCodeAt(k) === 92 /* \ */) k--;
  return (at - 1 - k) % 2 === 1;
}

/** Whether a `for…in` of a parsed object would list names of its prototype too (someone added an enumerable one). */
function inheritsNames(): boolean {
  for (const _ in {}) return true;
  return false;
}

/** The pointer of the member under way at each open level to `depth`, the innermost last. */
function pointerOf(
  text: string,
  depth: number,
  objects: readonly boolean[],
  indexes: readonly number[],
  members: readonly number[],
): string {
  let path = '';
  for (let d = 0; d <= depth; d++) {
    const at = members[d];
    path += `/${objects[d] ? encodeToken(nameOf(text, at, stringEnd(text, at))) : indexes[d]}`;
  }
  return path;
}

/** The name the JSON string from `start` to `end` (its quotes included) holds, escapes decoded. */
function nameOf(text: string, start: number, end: number): string {
  const raw = text.slice(start + 1, end - 1);
  return raw.includes('\\') ? (JSON.parse(text.slice(start, end)) as string) : raw;
}

/**
 * Whether `text` holds a backslash from `start` to before `end`: a name's own characters, read in
 * turn. (Looking for the text's next backslash with `indexOf` instead made TurboFan's code of
 * {@link duplicateKeys} scan the whole text at every name once it was optimised: 11 s for 1 MB.)
 */
function holdsBackslash(text: string, start: number, end: number): boolean {
  for (let k = start; k < end; k++) if (text.charCodeAt(k) === 92 /* \ */) return true;
  return false;
}

/** Whether the `length` characters of `text` at `a` and at `b` are the same. */
function sameText(text: string, a: number, b: number, length: number): boolean {
  for (let k = 1; k < length - 1; k++) if (text.charCodeAt(a + k) !== text.charCodeAt(b + k)) return false;
  return true;
}
