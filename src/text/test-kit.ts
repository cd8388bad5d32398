// What the text unit's tests share: JSON text written with a name repeated where a test asks, and
// names and strings that a count of the names in a text could be misled by.
import fc from 'fast-check';
import { encodeToken } from '../pointer.js';

/** Pieces of names and strings that a count of names in the text could be misled by. */
const hostile = fc.constantFrom(
  '":',
  '\\":',
  ':',
  ' :',
  ':1',
  ': [',
  '"',
  '\\',
  '\\\\',
  '__proto__',
  'a,',
  'a{',
  'a[',
  'a:',
  ', ',
);

/** A string of plain characters and hostile pieces. */
export const hostileString: fc.Arbitrary<string> = fc
  .array(fc.oneof(fc.string({ maxLength: 3 }), hostile), { maxLength: 3 })
  .map((p) => p.join(''));

/** A name written as JSON, its first character as a `\u` escape when `escaped`. */
export function nameText(name: string, escaped: boolean): string {
  if (!escaped || name === '') return JSON.stringify(name);
  const first = `\\u${name.charCodeAt(0).toString(16).padStart(4, '0')}`;
  return `"${first}${JSON.stringify(name.slice(1)).slice(1)}`;
}

/**
 * Writes `node` as JSON text with `gap` between tokens, and, in the object reached by `target`
 * (a path of the items and names taken; none when `undefined`), the member `name` a second time
 * after the first: returns the text, the pointer of the repeated member and the offset of its
 * repeated name (-1 when none).
 */
export function write(
  node: unknown,
  target: readonly (string | number)[] | undefined,
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
  put(node, target ?? [-1], '');
  return { text, pointer, at };
}

/** The paths to the objects of `node` (the items and names taken), the outermost first. */
export function objectsOf(node: unknown, path: (string | number)[] = []): (string | number)[][] {
  if (Array.isArray(node)) return node.flatMap((item, i) => objectsOf(item, [...path, i]));
  if (node === null || typeof node !== 'object') return [];
  return [path, ...Object.entries(node).flatMap(([k, v]) => objectsOf(v, [...path, k]))];
}
