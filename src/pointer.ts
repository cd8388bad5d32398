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
