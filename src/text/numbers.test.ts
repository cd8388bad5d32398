import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { runs } from '../../test/runs.js';
import { pointerKeys } from '../pointer.js';
import { inexactNumbers, mayHoldInexactNumbers } from './numbers.js';

/** The value at a JSON Pointer. */
const at = (value: unknown, pointer: string): unknown =>
  pointerKeys(pointer).reduce<unknown>((node, key) => (node as Record<string, unknown>)[key], value);

describe('inexactNumbers', () => {
  it.each([
    ['1e400', '', 'overflow'],
    ['-1E+0400', '', 'overflow'],
    ['1e-400', '', 'underflow'],
    ['-0.0000000000000000000001e-310', '', 'underflow'],
    ['12345678901234567890', '', 'unsafe_integer'],
    ['9007199254740992', '', 'unsafe_integer'],
    ['-9007199254740992', '', 'unsafe_integer'],
    ['{"a": [0, {"b": 1e999}]}', '/a/1/b', 'overflow'],
    ['{"a\\"b/c~": 1e999}', '/a"b~1c~0', 'overflow'],
    ['{ "x" : [ [ 1 , 2 ] , [ 3 , 12345678901234567890 ] ] }', '/x/1/1', 'unsafe_integer'],
  ])('reports %s at %j as %s', (text, path, reason) => {
    const [finding, ...more] = inexactNumbers(text);
    expect(more).toEqual([]);
    expect(finding).toMatchObject({ rule: 'R-json', code: 'inexact_number', path, params: { reason } });
    expect(text).toContain(finding.params.literal);
  });

  it.each([
    '9007199254740991',
    '-9007199254740991',
    '0e-400',
    '0.0000000000000000000',
    '1e20',
    '1.2345678901234567890',
    '5e-324',
    '"12345678901234567890 1e400"',
    '{"12345678901234567890": "1e999"}',
  ])('leaves %s alone: exact, rounded as every reader rounds it, or no number', (text) => {
    expect(inexactNumbers(text)).toEqual([]);
  });

  it('quotes at most 40 characters of a literal, and stops at the most asked for', () => {
    const [finding] = inexactNumbers(`[${'9'.repeat(500)}]`);
    expect(finding.params.literal).toBe(`${'9'.repeat(40)}…`);
    expect(inexactNumbers(`[${Array(50).fill('1e400').join(',')}]`, 3).map((f) => f.path)).toEqual(['/0', '/1', '/2']);
  });

  it('finds exactly the unsafe integers of any JSON text JSON.stringify writes, each at its number', () => {
    fc.assert(
      fc.property(fc.jsonValue(), (value) => {
        const text = JSON.stringify(value, null, 1);
        const expected: string[] = [];
        const walk = (node: unknown, path: string) => {
          if (
            typeof node === 'number' &&
            Number.isInteger(node) &&
            !Number.isSafeInteger(node) &&
            Math.abs(node) < 1e21
          )
            expected.push(path);
          else if (node !== null && typeof node === 'object')
            for (const [key, child] of Object.entries(node))
              walk(child, `${path}/${key.replaceAll('~', '~0').replaceAll('/', '~1')}`);
        };
        walk(JSON.parse(text), '');
        const found = inexactNumbers(text);
        expect(found.map((f) => f.path).sort()).toEqual(expected.sort());
        for (const f of found) expect(typeof at(JSON.parse(text), f.path)).toBe('number');
      }),
      { numRuns: runs(1000) },
    );
  });

  it('mayHoldInexactNumbers says no only of texts in which inexactNumbers finds nothing, however long the digit runs of their strings', () => {
    const literal = fc.oneof(
      fc.bigInt({ min: -(10n ** 25n), max: 10n ** 25n }).map(String),
      fc.double({ noNaN: true, noDefaultInfinity: true }).map(String),
      fc
        .tuple(
          fc.integer({ min: 1, max: 20 }),
          fc.constantFrom('.', 'e', 'E+', 'e-', '.5e'),
          fc.integer({ min: 0, max: 2000 }),
        )
        .map(([n, mark, tail]) => `${'3'.repeat(n)}${mark}${tail}`),
    );
    const texts = fc.oneof(
      fc.jsonValue().map((value) => JSON.stringify(value, null, 1)),
      fc
        .array(fc.tuple(literal, fc.boolean()), { maxLength: 5 })
        .map(
          (items) =>
            `{"a":[${items.map(([n, quoted]) => (quoted ? `"${n}"` : n)).join(',\n')}], "b":${items[0]?.[0] ?? 0}}`,
        ),
    );
    fc.assert(
      fc.property(texts, (text) => {
        if (!mayHoldInexactNumbers(text)) expect(inexactNumbers(text)).toEqual([]);
      }),
      { numRuns: runs(2000) },
    );
    expect(mayHoldInexactNumbers('{"id":"5000112123456789","note":"Typ e999"}')).toBe(false);
    expect(mayHoldInexactNumbers('{"id":5000112123456789}')).toBe(true);
  });
});
