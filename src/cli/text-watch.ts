// Follows the bytes of one JSON text as they arrive, to find the first that no JSON text can hold:
// the first byte that is not UTF-8, or a NUL (JSON escapes control characters in strings and allows
// none outside them). Its reader stops there instead of reading on to the size limit: /dev/urandom
// fails in its first bytes, /dev/zero at its first. Checked natively (isUtf8, indexOf), so a valid
// text costs about 2 % of a core at the command's speed; the exact place is looked for only in the
// piece that holds a fault.
import { Buffer, isUtf8 } from 'node:buffer';
import { invalidUtf8 } from '../text/syntax.js';

/** Where the first fault of a text's bytes is, once one is found: a byte that is not UTF-8, or a NUL. */
export type Fault = 'utf8' | 'nul';

export class TextWatch {
  /** The start of a character cut off at the end of the bytes so far, not yet known to be whole. */
  private readonly carry = new Uint8Array(4);
  private carried = 0;
  /** The length of that character, from its first byte. */
  private need = 0;
  /** What the first fault is, once {@link fault} found one. */
  found: Fault | undefined;

  /** A new text starts (the next NDJSON line). */
  reset(): void {
    this.carried = 0;
    this.need = 0;
    this.found = undefined;
  }

  /** The bytes of the character the bytes so far end in the middle of, not yet known to be UTF-8. */
  unfinished(): Uint8Array {
    return this.carry.subarray(0, this.carried);
  }

  /**
   * Looks at the next bytes of the text: -1 when they hold no fault; else how many of them to keep,
   * so that the bytes kept end just after the first byte of the first fault (0 when the fault starts
   * in a character begun before them). A decoder given the kept bytes fails at the same place as
   * with the whole text, so positions stay exactly those of the whole text.
   */
  fault(bytes: Uint8Array): number {
    let from = 0;
    if (this.need > 0) {
      // the rest of a character cut off between the pieces
      while (this.carried < this.need && from < bytes.length) this.carry[this.carried++] = bytes[from++];
      const character = this.carry.subarray(0, this.carried);
      if (this.carried < this.need) return broken(character) ? this.stop('utf8', 0) : -1; // still cut off
      this.need = 0;
      this.carried = 0;
      if (!isUtf8(character)) return this.stop('utf8', 0);
    }
    const nul = nulAt(bytes, from);
    const end = nul < 0 ? cutAt(bytes, from) : nul; // the bytes to check now: up to a NUL, or to a cut character
    if (!isUtf8(bytes.subarray(from, end))) {
      const at = invalidUtf8(bytes.subarray(from, end));
      if (at >= 0) return this.stop('utf8', from + at + 1);
    }
    if (nul >= 0) return this.stop('nul', nul + 1);
    if (end < bytes.length) {
      if (broken(bytes.subarray(end))) return this.stop('utf8', end + 1);
      this.carried = bytes.length - end;
      this.carry.set(bytes.subarray(end));
      this.need = length(bytes[end]);
    }
    return -1;
  }

  private stop(found: Fault, keep: number): number {
    this.found = found;
    return keep;
  }
}

/**
 * Where a character cut off at the end of `bytes` starts, its first byte at `from` or after; the
 * length of `bytes` when none is. Only a byte that can start a character of several bytes starts
 * one; any other byte is left to the check.
 */
function cutAt(bytes: Uint8Array, from: number): number {
  const end = bytes.length;
  for (let k = 1; k <= 3 && end - k >= from; k++) {
    const b = bytes[end - k];
    if ((b & 0xc0) === 0x80) continue; // a continuation byte: look further back
    return b >= 0xc2 && b <= 0xf4 && length(b) > k ? end - k : end;
  }
  return end;
}

/**
 * Whether the start of a character (its first byte from 0xC2 to 0xF4, and fewer bytes than it needs)
 * cannot be one any more: its second byte out of the range its first allows (Unicode table 3-7), or
 * a later one no continuation byte.
 */
function broken(start: Uint8Array): boolean {
  const first = start[0];
  const low = first === 0xe0 ? 0xa0 : first === 0xf0 ? 0x90 : 0x80;
  const high = first === 0xed ? 0x9f : first === 0xf4 ? 0x8f : 0xbf;
  if (start.length > 1 && (start[1] < low || start[1] > high)) return true;
  for (let k = 2; k < start.length; k++) if ((start[k] & 0xc0) !== 0x80) return true;
  return false;
}

/** The index of the first NUL byte of `bytes` from `from` on, or -1: by memchr (Uint8Array's indexOf is 80 times slower). */
function nulAt(bytes: Uint8Array, from: number): number {
  return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).indexOf(0, from);
}

/** The bytes of a character whose first byte is `b` (from 0xC2 to 0xF4). */
const length = (b: number) => (b >= 0xf0 ? 4 : b >= 0xe0 ? 3 : 2);

/**
 * The UTF-16 form that the first bytes of a text look like, by its byte order mark or by the zero
 * byte beside each of its first two characters (JSON text starts with ASCII, which UTF-16 writes so);
 * `undefined` when they look like neither.
 */
export function utf16(head: Uint8Array): 'UTF-16LE' | 'UTF-16BE' | undefined {
  if (head.length < 2) return undefined;
  if (head[0] === 0xff && head[1] === 0xfe) return 'UTF-16LE';
  if (head[0] === 0xfe && head[1] === 0xff) return 'UTF-16BE';
  if (head.length < 4) return undefined;
  if (head[0] !== 0 && head[1] === 0 && head[2] !== 0 && head[3] === 0) return 'UTF-16LE';
  if (head[0] === 0 && head[1] !== 0 && head[2] === 0 && head[3] !== 0) return 'UTF-16BE';
  return undefined;
}
