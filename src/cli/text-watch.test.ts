import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { runs } from '../../test/runs.js';
import { invalidUtf8 } from '../text/syntax.js';
import { TextWatch, utf16 } from './text-watch.js';

/** Bytes that are mostly text: UTF-8 of any characters, with stray bytes, NULs and characters cut short between them. */
const text = fc
  .array(
    fc.oneof(
      fc.string({ unit: 'grapheme', maxLength: 8 }).map((s) => new Uint8Array(Buffer.from(s))),
      fc.uint8Array({ minLength: 1, maxLength: 3, min: 0x80 }),
      fc.constant(Uint8Array.of(0)),
    ),
    { maxLength: 16 },
  )
  .map((parts) => new Uint8Array(Buffer.concat(parts)));

/** The index of the first fault a streaming fatal decoder finds in `bytes` (a character cut off at the end is none yet), or -1. */
function firstInvalid(bytes: Uint8Array): number {
  const at = invalidUtf8(bytes);
  if (at < 0) return -1;
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(bytes.subarray(at), { stream: true });
    return -1; // only the start of a character at the end
  } catch {
    return at;
  }
}

/** Feeds `bytes` to a watch in pieces cut at `cuts`: the bytes kept up to the first fault, or undefined. */
function watched(bytes: Uint8Array, cuts: readonly number[]) {
  const watch = new TextWatch();
  const ends = [...new Set(cuts.map((cut) => cut % (bytes.length + 1)))].sort((a, b) => a - b);
  let from = 0;
  for (const end of [...ends, bytes.length]) {
    const keep = watch.fault(bytes.subarray(from, end));
    if (keep >= 0) return { kept: bytes.subarray(0, from + keep), found: watch.found };
    from = end;
  }
  return undefined;
}

describe('TextWatch', () => {
  it('keeps bytes up to the first fault, which a decoder then finds exactly where it is in the whole text, however the bytes are cut', () => {
    fc.assert(
      fc.property(text, fc.array(fc.nat(), { maxLength: 8 }), (bytes, cuts) => {
        const nul = bytes.indexOf(0);
        const bad = firstInvalid(bytes);
        const stop = watched(bytes, cuts);
        if (nul < 0 && bad < 0) expect(stop).toBeUndefined();
        else if (bad >= 0 && (nul < 0 || bad < nul)) {
          // a decoder given the bytes kept fails where it fails on the whole text
          expect(stop?.found).toBe('utf8');
          expect(invalidUtf8(stop?.kept ?? bytes)).toBe(bad);
        } else {
          expect(stop).toEqual({ kept: bytes.subarray(0, nul + 1), found: 'nul' });
          expect(invalidUtf8(stop?.kept ?? bytes)).toBe(-1);
        }
      }),
      { numRuns: runs(5000) },
    );
  });

  it('finds a fault in a character cut between two pieces, and none in one that is whole', () => {
    const euro = Uint8Array.of(0xe2, 0x82, 0xac);
    const whole = new TextWatch();
    expect([whole.fault(euro.subarray(0, 1)), whole.fault(euro.subarray(1, 2)), whole.fault(euro.subarray(2))]).toEqual(
      [-1, -1, -1],
    );
    const cut = new TextWatch();
    expect(cut.fault(euro.subarray(0, 2))).toBe(-1);
    expect(cut.fault(Uint8Array.of(0x41))).toBe(0); // the character started in the piece before
    expect(new TextWatch().fault(Uint8Array.of(0x41, 0xe0, 0x80))).toBe(2); // E0 80 can start no character
  });
});

describe('utf16', () => {
  it('UTF-16 files are called not UTF-8 (byte 0xFF): utf16 tells both forms by their byte order mark or their zero bytes', () => {
    const le = Buffer.from('{"a":1}', 'utf16le');
    const be = Buffer.from(le).swap16();
    expect(utf16(Buffer.concat([Buffer.from([0xff, 0xfe]), le]))).toBe('UTF-16LE');
    expect(utf16(Buffer.concat([Buffer.from([0xfe, 0xff]), be]))).toBe('UTF-16BE');
    expect(utf16(le)).toBe('UTF-16LE');
    expect(utf16(be)).toBe('UTF-16BE');
    for (const text of ['{"a":1}', '\uFEFF{"a":1}', '[]', '', '{', 'äö'])
      expect(utf16(Buffer.from(text))).toBeUndefined();
    expect(utf16(Uint8Array.of(0xff))).toBeUndefined();
    expect(utf16(Uint8Array.of(0xff, 0xfe, 0xc0))).toBe('UTF-16LE');
    // UTF-8 never holds FF or FE, nor an ASCII character beside a zero byte in two places
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme' }), (s) => {
        const bytes = Buffer.from(s);
        expect(utf16(bytes) === undefined || bytes.indexOf(0) >= 0).toBe(true);
      }),
      { numRuns: runs(200) },
    );
  });
});
