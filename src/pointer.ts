// Reading the reference tokens of RFC 6901 JSON Pointers, for messages and Standard Schema paths.

/** Whether a reference token is an array index: digits, no leading zero but for 0 itself. */
export function isIndexToken(token: string): boolean {
  const first = token.charCodeAt(0);
  // most tokens are names: the first character rules them out before the pattern runs
  return first >= 48 && first <= 57 && token.length < 16 && /^(?:0|[1-9]\d*)$/.test(token);
}

/** A reference token unescaped: `~1` is `/`, then `~0` is `~`. */
export const decodeToken = (token: string): string =>
  token.includes('~') ? token.replaceAll('~1', '/').replaceAll('~0', '~') : token;

/** A name as a reference token: `~` is `~0`, `/` is `~1`. */
export const encodeToken = (name: string): string =>
  name.includes('~') || name.includes('/') ? name.replaceAll('~', '~0').replaceAll('/', '~1') : name;

/** The keys of a JSON Pointer, array indices as numbers; `''` (the whole document) has none. */
export function pointerKeys(pointer: string): (string | number)[] {
  if (pointer === '') return [];
  return pointer
    .slice(1)
    .split('/')
    .map((token) => (isIndexToken(token) ? Number(token) : decodeToken(token)));
}

/**
 * The value at `tokens` (decoded reference tokens) in `input`, following own properties only, or
 * undefined where the input has none there or cannot be read (a getter or a Proxy that throws).
 */
export function valueAt(input: unknown, tokens: readonly (string | number)[]): unknown {
  let node = input;
  try {
    for (const token of tokens) {
      if (typeof node !== 'object' || node === null || !Object.hasOwn(node, token)) return undefined;
      node = (node as Record<string, unknown>)[token];
    }
    return node;
  } catch {
    return undefined;
  }
}

const slash = 47;

/**
 * Orders two JSON Pointers token by token, comparing array indices as numbers, without splitting:
 * one pass over the common prefix, which notes where the token it is in starts.
 */
export function comparePaths(a: string, b: string): number {
  if (a === b) return 0;
  const la = a.length;
  const lb = b.length;
  const n = Math.min(la, lb);
  let i = 0;
  let start = 0;
  for (; i < n; i++) {
    const c = a.charCodeAt(i);
    if (c !== b.charCodeAt(i)) break;
    if (c === slash) start = i + 1;
  }
  if (i === la && i === lb) return 0;
  // one path is the other plus more tokens: the shorter, the parent, comes first
  if (i === la && b.charCodeAt(i) === slash) return -1;
  if (i === lb && a.charCodeAt(i) === slash) return 1;
  let endA = i;
  while (endA < la && a.charCodeAt(endA) !== slash) endA++;
  let endB = i;
  while (endB < lb && b.charCodeAt(endB) !== slash) endB++;
  if (endA !== endB && isIndex(a, start, endA) && isIndex(b, start, endB)) return endA - endB;
  // the tokens differ at i, or one ends there: the shorter token comes first
  return (i < endA ? a.charCodeAt(i) : -1) - (i < endB ? b.charCodeAt(i) : -1);
}

/** Whether path[start..end) is an array index: digits, no leading zero but for 0 itself. */
function isIndex(path: string, start: number, end: number): boolean {
  if (end === start || (end - start > 1 && path.charCodeAt(start) === 48)) return false;
  for (let i = start; i < end; i++) {
    const c = path.charCodeAt(i);
    if (c < 48 || c > 57) return false;
  }
  return true;
}
