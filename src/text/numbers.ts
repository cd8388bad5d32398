// Numbers that JSON text cannot carry exactly into JavaScript: JSON.parse turns 1e400 into Infinity
// (which JSON.stringify then writes as null), 1e-400 into 0 and 12345678901234567890 into
// 12345678901234567000, in silence. RFC 8259 section 6 and I-JSON (RFC 7493) name the range a number
// keeps everywhere; the text validators and the HTTP readers report the numbers outside it.

import { encodeToken } from '../pointer.js';
import type { FindingOf } from '../violation.js';

/** An `inexact_number` finding of the text rule. */
export type InexactNumber = FindingOf<'inexact_number'> & { readonly rule: 'R-json' };

/** The most characters of a literal a finding quotes. */
const quoted = 40;

/**
 * A text with no run of 16 digits and no exponent of three digits holds no number JSON.parse alters
 * beyond rounding: 2⁵³ has 16 digits, and overflow or underflow needs an exponent past ±308 (or as
 * many digits). Most texts are judged by this test alone. The 16 digits are spelled out, here and in
 * {@link literalSuspect}: Node 20's engine runs `\d{16}` as a counted loop that its quick scan
 * cannot skip through, three times slower (`literalSuspect` over a 4 KB order: 7.7 µs with `\d{16}`,
 * 2.3 µs spelled out, where `JSON.parse` takes 25 µs).
 */
const suspect = /\d\d\d\d\d\d\d\d\d\d\d\d\d\d\d\d|[eE][+-]?0*[1-9]\d\d/;

/**
 * A run of 16 digits that starts a number literal, its fraction or its exponent (what precedes it:
 * the text's start, a space, `:`, `,`, `[`, `.`, `e`, `E`, `+`, `-`), or a digit before an exponent of
 * three digits: a text without one holds no number {@link inexactNumbers} reports, even when its
 * strings hold long digit runs (an order's ids and phone numbers).
 */
const literalSuspect = /(?<![^\s:,[.eE+-])\d\d\d\d\d\d\d\d\d\d\d\d\d\d\d\d|\d[eE][+-]?0*[1-9]\d\d/;

/**
 * Whether well-formed JSON `text` may hold a number {@link inexactNumbers} reports: false means it
 * holds none. One native scan, for a reader that would otherwise walk every text that has a long
 * digit run in a string.
 */
export function mayHoldInexactNumbers(text: string): boolean {
  return literalSuspect.test(text);
}

/**
 * The numbers of well-formed JSON `text` that JavaScript cannot hold exactly, at most `most` of them,
 * each at the JSON Pointer of its value: one that overflows to ±Infinity, one whose non-zero digits
 * underflow to 0, and an integer literal (no fraction, no exponent) beyond ±(2⁵³ − 1). Decimal
 * fractions rounded to the nearest double (0.1) are not reported: every JSON reader rounds them alike.
 * One pass over the text, and only when a number could be at fault.
 */
export function inexactNumbers(text: string, most = Number.POSITIVE_INFINITY): InexactNumber[] {
  const found: InexactNumber[] = [];
  if (!literalSuspect.test(text)) return found;
  // the pointer's tokens, and per level the index of the item under way, or -1 in an object
  const tokens: string[] = [];
  const items: number[] = [];
  const n = text.length;
  for (let i = 0; i < n && found.length < most; ) {
    const c = text.charCodeAt(i);
    if (c === 34) {
      const end = stringEnd(text, i);
      let next = end;
      while (next < n && isSpace(text.charCodeAt(next))) next++;
      // a name: the token of the value that follows
      if (text.charCodeAt(next) === 58) tokens[tokens.length - 1] = encodeToken(JSON.parse(text.slice(i, end)));
      i = end;
    } else if (c === 123 || c === 91) {
      items.push(c === 91 ? 0 : -1);
      tokens.push('0');
      i++;
    } else if (c === 125 || c === 93) {
      items.pop();
      tokens.pop();
      i++;
    } else if (c === 44) {
      const top = items.length - 1;
      if (items[top] >= 0) tokens[top] = String(++items[top]);
      i++;
    } else if (c === 45 || (c >= 48 && c <= 57)) {
      let end = i + 1;
      while (end < n && isNumberPart(text.charCodeAt(end))) end++;
      const literal = text.slice(i, end);
      const reason = suspect.test(literal) ? inexact(literal) : undefined;
      if (reason) {
        const path = tokens.length === 0 ? '' : `/${tokens.join('/')}`;
        const shown = literal.length > quoted ? `${literal.slice(0, quoted)}…` : literal;
        found.push({ rule: 'R-json', code: 'inexact_number', path, params: { reason, literal: shown } });
      }
      i = end;
    } else i++;
  }
  return found;
}

/** What JavaScript makes of a number literal that it cannot hold exactly, or undefined. */
function inexact(literal: string): 'overflow' | 'underflow' | 'unsafe_integer' | undefined {
  const value = Number(literal);
  if (!Number.isFinite(value)) return 'overflow';
  const exponent = literal.search(/[eE]/);
  if (value === 0) return /[1-9]/.test(exponent < 0 ? literal : literal.slice(0, exponent)) ? 'underflow' : undefined;
  if (exponent < 0 && !literal.includes('.') && !Number.isSafeInteger(value)) return 'unsafe_integer';
  return undefined;
}

/** The offset just after the string that opens at `start`, past escapes. */
function stringEnd(text: string, start: number): number {
  let i = start + 1;
  for (; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 92) i++;
    else if (c === 34) return i + 1;
  }
  return i;
}

const isSpace = (c: number): boolean => c === 32 || c === 10 || c === 13 || c === 9;

/** A character of a number literal past its first: digits, `.`, `e`, `E`, `+`, `-`. */
const isNumberPart = (c: number): boolean =>
  (c >= 48 && c <= 57) || c === 46 || c === 101 || c === 69 || c === 43 || c === 45;
