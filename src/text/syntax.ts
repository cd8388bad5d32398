// Where a JSON text that JSON.parse rejected first breaks the grammar: V8's messages give a position
// for some faults only, so the text is scanned again, iteratively (no recursion, linear time). And
// where the bytes of a JSON text that a fatal UTF-8 decoder rejected first stop being UTF-8.

/** Why a JSON text is malformed, and where (1-based line and column, columns in UTF-16 units). */
export interface SyntaxFault {
  readonly reason: 'unexpected_character' | 'unexpected_end' | 'invalid_utf8';
  /** The unexpected character, for `unexpected_character`; the first byte that is not UTF-8, for `invalid_utf8` (`0xFF`). */
  readonly found?: string;
  readonly line: number;
  readonly column: number;
}

// what the scanner expects next
const value = 0;
const firstItem = 1; // a value or ']'
const key = 2;
const firstKey = 3; // a key or '}'
const colon = 4;
const next = 5; // ',' or the container's end
const done = 6;

/** The first fault of a JSON text JSON.parse rejected; `undefined` when the text is well-formed. */
export function syntaxFault(text: string): SyntaxFault | undefined {
  const objects: boolean[] = []; // the open containers: true for an object, false for an array
  let want = value;
  let i = 0;
  for (;;) {
    i = skipSpace(text, i);
    if (i >= text.length) return want === done ? undefined : fault(text, i);
    const c = text.charCodeAt(i);
    if (want === next) {
      const inObject = objects[objects.length - 1];
      if (c === 44 /* , */) want = inObject ? key : value;
      else if (c === (inObject ? 125 /* } */ : 93) /* ] */) {
        objects.pop();
        want = objects.length > 0 ? next : done;
      } else return fault(text, i);
      i++;
    } else if (want === colon) {
      if (c !== 58 /* : */) return fault(text, i);
      want = value;
      i++;
    } else if (want === key || want === firstKey) {
      if (c === 125 /* } */ && want === firstKey) {
        objects.pop();
        want = objects.length > 0 ? next : done;
        i++;
      } else if (c === 34 /* " */) {
        i = stringEnd(text, i);
        if (i < 0) return fault(text, -i - 1);
        want = colon;
      } else return fault(text, i);
    } else if (want === value || want === firstItem) {
      if (c === 93 /* ] */ && want === firstItem) {
        objects.pop();
        want = objects.length > 0 ? next : done;
        i++;
      } else if (c === 123 /* { */ || c === 91 /* [ */) {
        objects.push(c === 123);
        want = c === 123 ? firstKey : firstItem;
        i++;
      } else {
        i = scalarEnd(text, i, c);
        if (i < 0) return fault(text, -i - 1);
        want = objects.length > 0 ? next : done;
      }
    } else return fault(text, i);
  }
}

function fault(text: string, at: number): SyntaxFault {
  let line = 1;
  let start = 0;
  for (let nl = text.indexOf('\n'); nl >= 0 && nl < at; nl = text.indexOf('\n', nl + 1)) {
    line++;
    start = nl + 1;
  }
  const position = { line, column: at - start + 1 };
  if (at >= text.length) return { reason: 'unexpected_end', ...position };
  const code = text.codePointAt(at) ?? 0;
  return { reason: 'unexpected_character', found: String.fromCodePoint(code), ...position };
}

function skipSpace(text: string, i: number): number {
  for (;;) {
    const c = text.charCodeAt(i);
    if (c !== 32 && c !== 10 && c !== 13 && c !== 9) return i;
    i++;
  }
}

// The scalar scanners return the index after the token, or -(index of the fault) - 1.

function scalarEnd(text: string, i: number, c: number): number {
  if (c === 34 /* " */) return stringEnd(text, i);
  if (c === 45 /* - */ || isDigit(c)) return numberEnd(text, i);
  for (const word of ['true', 'false', 'null']) if (c === word.charCodeAt(0)) return wordEnd(text, i, word);
  return -i - 1;
}

function stringEnd(text: string, i: number): number {
  for (i++; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 34 /* " */) return i + 1;
    if (c < 32) return -i - 1;
    if (c !== 92 /* \ */) continue;
    i++;
    if (i >= text.length) break;
    const e = text.charCodeAt(i);
    if (e === 117 /* u */) {
      for (let k = 1; k <= 4; k++) if (!isHex(text.charCodeAt(i + k))) return -Math.min(i + k, text.length) - 1;
      i += 4;
    } else if (!'"\\/bfnrt'.includes(text[i])) return -i - 1;
  }
  return -text.length - 1;
}

function numberEnd(text: string, i: number): number {
  if (text.charCodeAt(i) === 45 /* - */) i++;
  if (text.charCodeAt(i) === 48 /* 0 */) i++;
  else if (isDigit(text.charCodeAt(i))) i = digitsEnd(text, i);
  else return -i - 1;
  if (text.charCodeAt(i) === 46 /* . */) {
    if (!isDigit(text.charCodeAt(i + 1))) return -(i + 1) - 1;
    i = digitsEnd(text, i + 1);
  }
  const e = text.charCodeAt(i);
  if (e === 101 || e === 69 /* e E */) {
    i++;
    const sign = text.charCodeAt(i);
    if (sign === 43 || sign === 45 /* + - */) i++;
    if (!isDigit(text.charCodeAt(i))) return -i - 1;
    i = digitsEnd(text, i);
  }
  return i;
}

function wordEnd(text: string, i: number, word: string): number {
  for (let k = 0; k < word.length; k++) if (text.charCodeAt(i + k) !== word.charCodeAt(k)) return -(i + k) - 1;
  return i + word.length;
}

function digitsEnd(text: string, i: number): number {
  while (isDigit(text.charCodeAt(i))) i++;
  return i;
}

const isDigit = (c: number) => c >= 48 && c <= 57;
const isHex = (c: number) => isDigit(c) || (c >= 97 && c <= 102) || (c >= 65 && c <= 70);

/**
 * The first bytes of a JSON text that are not UTF-8 (overlong forms, surrogates and code points past
 * U+10FFFF are not), where a fatal `TextDecoder` rejects it; `undefined` when all of it is UTF-8.
 * The column counts the UTF-16 units of the text decoded before the fault, like a syntax fault's.
 */
export function encodingFault(bytes: Uint8Array): SyntaxFault | undefined {
  const at = invalidUtf8(bytes);
  if (at < 0) return undefined;
  let line = 1;
  let start = 0;
  for (let nl = bytes.indexOf(10); nl >= 0 && nl < at; nl = bytes.indexOf(10, nl + 1)) {
    line++;
    start = nl + 1;
  }
  // the decoder drops a byte order mark at the start
  if (start === 0 && bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) start = 3;
  // a UTF-16 unit per code point (continuation bytes add none), two for the four-byte forms
  let column = 1;
  for (let i = start; i < at; i++) {
    const b = bytes[i];
    if (b >= 0xf0) column += 2;
    else if (b < 0x80 || b >= 0xc0) column++;
  }
  const found = `0x${bytes[at].toString(16).toUpperCase().padStart(2, '0')}`;
  return { reason: 'invalid_utf8', found, line, column };
}

/** The index where the first ill-formed UTF-8 sequence starts (Unicode table 3-7), or -1. */
export function invalidUtf8(bytes: Uint8Array): number {
  for (let i = 0; i < bytes.length; ) {
    const b = bytes[i];
    if (b < 0x80) {
      i++;
      continue;
    }
    // the bytes after the first, and the range of the second (narrower after E0, ED, F0 and F4)
    let more: number;
    let low = 0x80;
    let high = 0xbf;
    if (b >= 0xc2 && b <= 0xdf) more = 1;
    else if (b >= 0xe0 && b <= 0xef) {
      more = 2;
      if (b === 0xe0) low = 0xa0;
      else if (b === 0xed) high = 0x9f;
    } else if (b >= 0xf0 && b <= 0xf4) {
      more = 3;
      if (b === 0xf0) low = 0x90;
      else if (b === 0xf4) high = 0x8f;
    } else return i;
    for (let k = 1; k <= more; k++) {
      const c = bytes[i + k]; // undefined past the end
      if (!(c >= (k === 1 ? low : 0x80) && c <= (k === 1 ? high : 0xbf))) return i;
    }
    i += more + 1;
  }
  return -1;
}
