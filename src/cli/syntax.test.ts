import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { syntaxFault } from './syntax.js';

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
      { numRuns: 5000 },
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
      { numRuns: 5000 },
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
