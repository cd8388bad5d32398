// Names that repeat within one object of JSON text. JSON.parse keeps the last value in silence; a
// reader that keeps the first, or refuses the text, reads another order. One pass over the text,
// iteratively (no recursion, whatever the depth), each name compared in place with the names before
// it in its object while they are few, and kept in a Set once they are many: linear in the text.

import { encodeToken } from '../pointer.js';
import type { FindingOf } from '../violation.js';
import type { Span } from './locate.js';

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
  // in `starts`/`ends`, its member's name under way, and its Set once it has more than `few` names
  const objects: boolean[] = [];
  const indexes: number[] = [];
  const firsts: number[] = [];
  const members: number[] = [];
  const sets: (Set<string> | undefined)[] = [];
  // the names of the open objects, the inner after the outer, each as the offsets of its quotes
  const starts: number[] = [];
  const ends: number[] = [];
  const escapes: boolean[] = [];
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
        let set = sets[depth];
        let repeated = false;
        if (set === undefined && starts.length - first >= few) {
          set = new Set();
          for (let k = first; k < starts.length; k++) set.add(nameOf(text, starts[k], ends[k]));
          sets[depth] = set;
        }
        const escaped = hasEscape(text, i, end);
        if (set !== undefined) {
          const key = nameOf(text, i, end);
          repeated = set.has(key);
          set.add(key);
        } else {
          for (let k = first; k < starts.length && !repeated; k++) {
            repeated = same(text, starts[k], ends[k], i, end, escapes[k] || escaped);
          }
        }
        escapes.push(escaped);
        starts.push(i);
        ends.push(end);
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
      firsts[depth] = starts.length;
      sets[depth] = undefined;
      name = object;
    } else if (c === 125 /* } */ || c === 93 /* ] */) {
      starts.length = ends.length = escapes.length = firsts[depth];
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
 * Whether two JSON strings of `text`, given by the offsets of their quotes, hold the same name;
 * `escaped` when either holds an escape, which may spell the same name differently (rare: decoded only then).
 */
function same(text: string, a: number, aEnd: number, b: number, bEnd: number, escaped: boolean): boolean {
  if (escaped) return nameOf(text, a, aEnd) === nameOf(text, b, bEnd);
  const length = aEnd - a;
  if (length !== bEnd - b) return false;
  let k = 1;
  while (k < length - 1 && text.charCodeAt(a + k) === text.charCodeAt(b + k)) k++;
  return k === length - 1;
}

/** Whether the JSON string from `start` to `end` holds an escape. */
function hasEscape(text: string, start: number, end: number): boolean {
  for (let k = start + 1; k < end - 1; k++) if (text.charCodeAt(k) === 92 /* \ */) return true;
  return false;
}

/** The offset after the string that starts at `i`. */
function stringEnd(text: string, i: number): number {
  for (let from = i + 1; ; ) {
    const quote = text.indexOf('"', from);
    if (quote < 0) return text.length;
    let backslash = quote - 1;
    while (text.charCodeAt(backslash) === 92 /* \ */) backslash--;
    if ((quote - 1 - backslash) % 2 === 0) return quote + 1;
    from = quote + 1;
  }
}
