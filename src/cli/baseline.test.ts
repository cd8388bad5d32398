import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import { runs } from '../../test/runs.js';
import { baselineKey, baselineText, countKeys, readBaseline, renameFiles, sha256, unusedEntries } from './baseline.js';

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
        const keys = violations.map(([f, r, c, p]) => baselineKey(f, r, c, p, { property: p }));
        const text = baselineText(countKeys(keys));
        const read = await readBaseline(file('round.json', text));
        expect('keys' in read && read.keys).toEqual(countKeys(keys));
        // the same violations in any order give the same bytes
        expect(baselineText(countKeys([...keys].reverse()))).toBe(text);
      }),
      { numRuns: runs(100) },
    );
  });

  it('sorts by file, then rule, code and path, one violation a line', () => {
    const text = baselineText(
      countKeys([
        baselineKey('b.json', 'R-field', 'required', '', { property: 'category' }),
        baselineKey('a.json', 'R1', 'too_many', '/x', { limit: 1 }),
        baselineKey('a.json', 'R-field', 'too_long', '/priority', { limit: 10 }),
        baselineKey('a.json', 'R-field', 'too_long', '/priority', { limit: 10 }),
      ]),
    );
    expect(text).toBe(
      [
        '{"product-order-validate":"baseline","version":2,"violations":[',
        '{"file":"a.json","rule":"R-field","code":"too_long","path":"/priority","count":2},',
        '{"file":"a.json","rule":"R1","code":"too_many","path":"/x","count":1},',
        '{"file":"b.json","rule":"R-field","code":"required","path":"","params":{"property":"category"},"count":1}',
        ']}',
        '',
      ].join('\n'),
    );
    expect(baselineText(new Map())).toBe('{"product-order-validate":"baseline","version":2,"violations":[]}\n');
  });

  it.each([
    ['required', { property: 'category' }, { property: 'state' }],
    ['duplicate_key', { key: 'phoneNumber' }, { key: 'emailAddress' }],
    ['missing_characteristic', { name: 'A' }, { name: 'B' }],
    ['missing_role', { role: 'A' }, { role: 'B' }],
    ['missing_phone_contact', { role: 'A' }, { role: 'B' }],
    ['did_you_mean', { found: 'categroy', suggestion: 'category' }, { found: 'catgory', suggestion: 'category' }],
  ])('a key tells two %s findings at one path apart by their params', (code, one, other) => {
    expect(baselineKey('a.json', 'R-field', code, '', one)).not.toBe(baselineKey('a.json', 'R-field', code, '', other));
  });

  it('keys a too_long violation by its path alone: its limit tells nothing more', () => {
    expect(baselineKey('a.json', 'R-field', 'too_long', '/x', { limit: 10 })).toBe(
      baselineKey('a.json', 'R-field', 'too_long', '/x'),
    );
  });

  it.each([
    ['not JSON', '{', 'not JSON'],
    ['another version', '{"product-order-validate":"baseline","version":3,"violations":[]}', 'version 3, not 2'],
    [
      'version 1, asking for it to be written again',
      '{"product-order-validate":"baseline","version":1,"violations":[]}',
      'write it again with --write-baseline',
    ],
    [
      'a violation without its count',
      '{"product-order-validate":"baseline","version":2,"violations":[{"file":"a","rule":"R1","code":"x","path":""}]}',
      'without its count',
    ],
    ['not a baseline', '{"version":1,"violations":[]}', 'not a baseline of product-order-validate'],
    [
      'a violation without its path',
      '{"product-order-validate":"baseline","version":2,"violations":[{"file":"a","rule":"R1","code":"x","count":1}]}',
      'a violation without',
    ],
    ['an array', '[]', 'not a baseline'],
    ['null', 'null', 'not a baseline'],
  ])('refuses %s', async (_, text, fault) => {
    const read = await readBaseline(file('bad.json', text));
    expect('fault' in read && read.fault).toContain(fault);
  });

  it('a baseline file that is not there is refused in words, not only ENOENT', async () => {
    expect(await readBaseline(join(folder, 'none.json'))).toEqual({ fault: 'there is no such file (ENOENT)' });
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
      { numRuns: runs(100) },
    );
  });
});

describe('a baseline against the files of a run', () => {
  const a1 = baselineKey('a.json', 'R3', 'missing_phone_contact', '/relatedParty/0', { role: 'customer' });
  const a2 = baselineKey('a.json', 'R-field', 'not_allowed', '/category');
  const b1 = baselineKey('b.json', 'R-field', 'not_allowed', '/category');

  it('a baseline loses its known violations on git mv: renameFiles moves each key to the new name, adding up counts', () => {
    const moved = renameFiles(
      new Map([
        [a1, 2],
        [a2, 1],
        [b1, 1],
      ]),
      (file) => (file === 'a.json' ? 'b.json' : undefined),
    );
    expect(moved).toEqual(
      new Map([
        [baselineKey('b.json', 'R3', 'missing_phone_contact', '/relatedParty/0', { role: 'customer' }), 2],
        [b1, 2],
      ]),
    );
  });

  it('a baseline never says which entries match nothing: unusedEntries counts those left of the files concerned', () => {
    const remaining = new Map([
      [a1, 2],
      [a2, 0],
      [b1, 1],
    ]);
    expect(unusedEntries(remaining, (file) => file === 'a.json')).toEqual({
      count: 2,
      entries: ['a.json R3 missing_phone_contact /relatedParty/0'],
    });
    expect(unusedEntries(remaining, () => false)).toEqual({ count: 0, entries: [] });
    const many = new Map(Array.from({ length: 9 }, (_, i) => [baselineKey(`${i}.json`, 'R1', 'c', ''), 1] as const));
    expect(unusedEntries(many, () => true)).toMatchObject({ count: 9, entries: { length: 5 } });
  });
});
