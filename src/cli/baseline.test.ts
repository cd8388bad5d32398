import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import { baselineKey, baselineText, readBaseline, sha256 } from './baseline.js';

const folder = mkdtempSync(join(tmpdir(), 'pov-baseline-'));
afterAll(() => rmSync(folder, { recursive: true, force: true }));
const file = (name: string, text: string) => {
  const path = join(folder, name);
  writeFileSync(path, text);
  return path;
};

describe('baseline file', () => {
  it('reads back the keys it was written with, whatever the names and paths hold (NUL, quotes, line breaks)', async () => {
    const field = fc.string({ unit: 'binary', maxLength: 12 });
    await fc.assert(
      fc.asyncProperty(fc.array(fc.tuple(field, field, field, field), { maxLength: 8 }), async (violations) => {
        const keys = violations.map(([f, r, c, p]) => baselineKey(f, r, c, p));
        const text = baselineText(keys);
        const read = await readBaseline(file('round.json', text));
        expect('keys' in read && new Set(read.keys)).toEqual(new Set(keys));
        // the same violations in any order give the same bytes
        expect(baselineText([...keys].reverse())).toBe(text);
      }),
      { numRuns: 100 },
    );
  });

  it('sorts by file, then rule, code and path, one violation a line', () => {
    const text = baselineText([
      baselineKey('b.json', 'R-field', 'required', ''),
      baselineKey('a.json', 'R1', 'too_many', '/x'),
      baselineKey('a.json', 'R-field', 'too_long', '/priority'),
      baselineKey('a.json', 'R-field', 'too_long', '/priority'),
    ]);
    expect(text).toBe(
      [
        '{"product-order-validate":"baseline","version":1,"violations":[',
        '{"file":"a.json","rule":"R-field","code":"too_long","path":"/priority"},',
        '{"file":"a.json","rule":"R1","code":"too_many","path":"/x"},',
        '{"file":"b.json","rule":"R-field","code":"required","path":""}',
        ']}',
        '',
      ].join('\n'),
    );
    expect(baselineText([])).toBe('{"product-order-validate":"baseline","version":1,"violations":[]}\n');
  });

  it.each([
    ['not JSON', '{', 'not JSON'],
    ['another version', '{"product-order-validate":"baseline","version":2,"violations":[]}', 'version 2, not 1'],
    ['not a baseline', '{"version":1,"violations":[]}', 'not a baseline of product-order-validate'],
    [
      'a violation without its path',
      '{"product-order-validate":"baseline","version":1,"violations":[{"file":"a","rule":"R1","code":"x"}]}',
      'a violation without',
    ],
    ['an array', '[]', 'not a baseline'],
    ['null', 'null', 'not a baseline'],
  ])('refuses %s', async (_, text, fault) => {
    const read = await readBaseline(file('bad.json', text));
    expect('fault' in read && read.fault).toContain(fault);
  });

  it('refuses a file that is not there, with the system error', async () => {
    expect(await readBaseline(join(folder, 'none.json'))).toEqual({ fault: 'ENOENT' });
  });
});

describe('sha256', () => {
  // the fingerprints of SARIF and GitLab reports moved from a Hash object to crypto.hash: the same
  // digest of the same UTF-8 bytes, lone surrogates included, or every baseline and alert would move
  it('gives the digest a Hash object gives, for any text', () => {
    fc.assert(
      fc.property(
        fc.string({ unit: 'binary', maxLength: 40 }),
        fc.string({ unit: 'grapheme', maxLength: 8 }),
        (a, b) => {
          const text = `${a}\ud800${b}`;
          expect(sha256(text)).toBe(createHash('sha256').update(text).digest('hex'));
        },
      ),
    );
  });
});
