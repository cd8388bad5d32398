import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { runs } from '../../test/runs.js';
import { encodingFault, syntaxFault } from './syntax.js';

const parses = (text: string) => {
  try {
    JSON.parse(text);
    return true;
  } catch {
    return false;
  }
};

/** JSON texts, some broken by deleting, inserting or replacing characters, or cut short. */
const nearJson = fc
  .tuple(
    fc.json({ maxDepth: 3 }),
    fc.array(
      fc.tuple(
        fc.constantFrom('delete', 'insert', 'replace', 'cut'),
        fc.nat(),
        fc.constantFrom(...'{}[]:,"\\ \n\t-+.0123456789eEtrufalsn/bx\u0001\u00e9'),
      ),
      { maxLength: 3 },
    ),
  )
  .map(([text, edits]) =>
    edits.reduce((t, [kind, at, char]) => {
      const i = t.length === 0 ? 0 : at % (t.length + 1);
      if (kind === 'delete') return t.slice(0, i) + t.slice(i + 1);
      if (kind === 'insert') return t.slice(0, i) + char + t.slice(i);
      if (kind === 'replace') return t.slice(0, i) + char + t.slice(i + 1);
      return t.slice(0, i);
    }, text),
  );

describe('syntaxFault', () => {
  it('finds a fault exactly when JSON.parse rejects the text', () => {
    fc.assert(
      fc.property(nearJson, (text) => {
        expect(syntaxFault(text) === undefined).toBe(parses(text));
      }),
      { numRuns: runs(5000) },
    );
  });

  it("puts the fault where V8's message does, when the message gives a position", () => {
    const offset = (text: string, line: number, column: number) =>
      text
        .split('\n')
        .slice(0, line - 1)
        .reduce((sum, before) => sum + before.length + 1, column - 1);
    fc.assert(
      fc.property(nearJson, (text) => {
        let message = '';
        try {
          JSON.parse(text);
        } catch (error) {
          message = (error as Error).message;
        }
        const position = /at position (\d+)/.exec(message)?.[1];
        const fault = syntaxFault(text);
        if (position === undefined || fault === undefined) return;
        expect(offset(text, fault.line, fault.column)).toBe(Number(position));
      }),
      { numRuns: runs(5000) },
    );
  });

  it.each([
    ['{"a":}', 'unexpected_character', '}', 1, 6],
    ['{a:1}', 'unexpected_character', 'a', 1, 2],
    ['[1,2', 'unexpected_end', undefined, 1, 5],
    ['', 'unexpected_end', undefined, 1, 1],
    ['{"a":1}x', 'unexpected_character', 'x', 1, 8],
    ['"\\q"', 'unexpected_character', 'q', 1, 3],
    ['"\\u12g4"', 'unexpected_character', 'g', 1, 6],
    ['01', 'unexpected_character', '1', 1, 2],
    ['-', 'unexpected_end', undefined, 1, 2],
    ['1.e5', 'unexpected_character', 'e', 1, 3],
    ['tru', 'unexpected_end', undefined, 1, 4],
    ['[1,]', 'unexpected_character', ']', 1, 4],
    ['{"a":1,}', 'unexpected_character', '}', 1, 8],
    ['"tab\there"', 'unexpected_character', '\t', 1, 5],
    ['{\n  "a": [1,\n   2,,\n]}', 'unexpected_character', ',', 3, 6],
    ['\r\n{"a" 1}', 'unexpected_character', '1', 2, 6],
    ['["\u{1F600}", 😀]', 'unexpected_character', '😀', 1, 8],
  ])('locates the fault of %j', (text, reason, found, line, column) => {
    expect(parses(text)).toBe(false);
    expect(syntaxFault(text)).toEqual({ reason, line, column, ...(found === undefined ? {} : { found }) });
  });

  it('scans deep nesting without recursion', () => {
    expect(syntaxFault('['.repeat(1_000_000))).toEqual({ reason: 'unexpected_end', line: 1, column: 1_000_001 });
    expect(syntaxFault(`${'['.repeat(100_000)}${']'.repeat(100_000)}`)).toBeUndefined();
  });
});

/** Bytes near the edges of UTF-8: ASCII, newlines, every kind of lead byte, and continuation bytes. */
const nearUtf8 = fc
  .array(
    fc.oneof(
      fc.constantFrom(0x0a, 0x22, 0x41, 0x7f, 0x80, 0x8f, 0x90, 0x9f, 0xa0, 0xbf, 0xc0, 0xc1, 0xc2, 0xdf),
      fc.constantFrom(0xe0, 0xe1, 0xed, 0xee, 0xef, 0xbb, 0xf0, 0xf1, 0xf4, 0xf5, 0xfe, 0xff),
      fc.integer({ min: 0, max: 255 }),
    ),
    { maxLength: 24 },
  )
  .map((bytes) => Uint8Array.from(bytes));

const decodes = (bytes: Uint8Array) => {
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(bytes);
    return true;
  } catch {
    return false;
  }
};

describe('encodingFault', () => {
  it('finds a fault exactly when a fatal UTF-8 decoder rejects the bytes', () => {
    fc.assert(
      fc.property(nearUtf8, (bytes) => {
        expect(encodingFault(bytes) === undefined).toBe(decodes(bytes));
      }),
      { numRuns: runs(20_000) },
    );
  });

  it('puts the fault where the replacing decoder puts its first U+FFFD, counting UTF-16 units', () => {
    const replacement = [0xef, 0xbf, 0xbd];
    fc.assert(
      fc.property(nearUtf8, (bytes) => {
        // a U+FFFD of the input itself would be taken for the fault
        if (bytes.some((_, i) => replacement.every((b, k) => bytes[i + k] === b))) return;
        const fault = encodingFault(bytes);
        if (fault === undefined) return;
        const text = new TextDecoder().decode(bytes); // drops a byte order mark, as the command's decoder does
        const at = text.indexOf('\uFFFD');
        const lines = text.slice(0, at).split('\n');
        expect([fault.line, fault.column]).toEqual([lines.length, (lines.at(-1) as string).length + 1]);
      }),
      { numRuns: runs(20_000) },
    );
  });

  it.each([
    ['an order with FF FE C0 AF in a string', '{"description": "a\xFF\xFE\xC0\xAF"}', '0xFF', 1, 19],
    ['a lone continuation byte', 'ab\x80', '0x80', 1, 3],
    ['an overlong slash', '"\xC0\xAF"', '0xC0', 1, 2],
    ['a surrogate', '"\xED\xA0\x80"', '0xED', 1, 2],
    ['a code point past U+10FFFF', '"\xF4\x90\x80\x80"', '0xF4', 1, 2],
    ['a sequence cut short by a quote', '"\xE2\x82"', '0xE2', 1, 2],
    ['a sequence cut short by the end', '"\xF0\x9F\x98', '0xF0', 1, 2],
    ['a fault after a newline, a BMP character and an emoji', '{\n "\xE2\x82\xAC\xF0\x9F\x98\x80\xFF"}', '0xFF', 2, 6],
    ['a fault after a byte order mark, which is not counted', '\xEF\xBB\xBF"\xFF"', '0xFF', 1, 2],
  ])('locates %s', (_, latin1, found, line, column) => {
    const bytes = Uint8Array.from(latin1, (c) => c.charCodeAt(0));
    expect(encodingFault(bytes)).toEqual({ reason: 'invalid_utf8', found, line, column });
  });

  it('finds no fault in UTF-8, with or without a byte order mark', () => {
    const text = '{"description": "€ 😀 Straße"}';
    expect(encodingFault(new TextEncoder().encode(text))).toBeUndefined();
    expect(encodingFault(new TextEncoder().encode(`\uFEFF${text}`))).toBeUndefined();
  });
});
