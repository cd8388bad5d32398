import { existsSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import fc from 'fast-check';
import { parse } from 'junit2json';
import { describe, expect, it } from 'vitest';
import { runs } from '../../../test/runs.js';
import { visible } from '../report.js';
import { Spool, xml } from './junit.js';

const spools = () => readdirSync(tmpdir()).filter((name) => name.startsWith('product-order-validate-'));

describe('Spool', () => {
  it('gives back what it held, in memory below its limit and from a temporary file above, which it then removes', () => {
    for (const limit of [1 << 20, 10]) {
      const before = spools().length;
      const spool = new Spool(limit);
      const parts = ['<a/>', 'ü😀', '', 'x'.repeat(3000), '\n'];
      for (const part of parts) spool.add(part);
      expect(spools().length).toBe(before + (limit === 10 ? 1 : 0));
      const back = [...spool.take()].map((piece) =>
        typeof piece === 'string' ? piece : Buffer.from(piece).toString('utf8'),
      );
      expect(back.join('')).toBe(parts.join(''));
      expect(spools().length).toBe(before);
      expect([...spool.take()]).toEqual([]); // given back once
    }
    expect(existsSync(tmpdir())).toBe(true);
  });

  // regression: a take that was read only after more was added gave the next file's testcases too
  it('gives back what was added before the take, whatever is added before its pieces are read', () => {
    for (const limit of [1 << 20, 4]) {
      const spool = new Spool(limit);
      spool.add('first file ');
      const first = spool.take();
      spool.add('second file');
      const text = (pieces: Iterable<string | Uint8Array>) =>
        [...pieces].map((p) => (typeof p === 'string' ? p : Buffer.from(p).toString('utf8'))).join('');
      expect(text(first)).toBe('first file ');
      expect(text(spool.take())).toBe('second file');
    }
  });
});

describe('xml', () => {
  it('makes any text an attribute value and character data that a JUnit reader reads', async () => {
    await fc.assert(
      fc.asyncProperty(fc.string({ unit: 'binary' }), async (text) => {
        const escaped = xml(text);
        const report = (await parse(
          `<testsuites><testsuite name="${escaped}"><testcase name="t"><failure message="${escaped}">${escaped}</failure></testcase></testsuite></testsuites>`,
        )) as { testsuite: { name: string }[] };
        expect(report.testsuite).toHaveLength(1);
        // no control or bidirectional control is left raw, to be printed by a reader of the report
        // biome-ignore lint/suspicious/noControlCharactersInRegex: the characters no report writes raw
        expect(escaped).not.toMatch(/[\0-\x1f\x7f-\x9f\u061c\u200e\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069]/);
        // what XML allows and is safe to print comes back as it was (the reader makes numbers of numeric text and trims it)
        const allowed = visible(text, 'breaks') === text && !/[\ud800-\udfff\ufffe\uffff]/u.test(text);
        if (allowed && text.trim() === text && Number.isNaN(Number(text))) expect(report.testsuite[0].name).toBe(text);
      }),
      { numRuns: runs(200) },
    );
  });
});
