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

const slash = 47;

/** Orders two JSON Pointers token by token, comparing array indices as numbers, without splitting. */
export function comparePaths(a: string, b: string): number {
  const n = Math.min(a.length, b.length);
  let i = 0;
  while (i < n && a.charCodeAt(i) === b.charCodeAt(i)) i++;
  if (i === a.length && i === b.length) return 0;
  // one path is the other plus more tokens: the shorter, the parent, comes first
  if (i === a.length && b.charCodeAt(i) === slash) return -1;
  if (i === b.length && a.charCodeAt(i) === slash) return 1;
  const start = a.lastIndexOf('/', i - 1) + 1;
  const endA = tokenEnd(a, start);
  const endB = tokenEnd(b, start);
  if (isIndex(a, start, endA) && isIndex(b, start, endB) && endA !== endB) return endA - endB;
  // the tokens differ at i, or one ends there: the shorter token comes first
  return (i < endA ? a.charCodeAt(i) : -1) - (i < endB ? b.charCodeAt(i) : -1);
}

function tokenEnd(path: string, start: number): number {
  const end = path.indexOf('/', start);
  return end < 0 ? path.length : end;
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
