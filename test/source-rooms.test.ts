// The size of the shipped source's rooms: no module under src/, generated or written by hand, over
// 600 lines (the tests left out), so that each holds one thing a reader takes in. The generator cuts
// the walk of an order into modules below it (scripts/generate.mjs, `maxLines`).
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const maxLines = 600;

/** The files under `dir`, by path, tests, type tests and snapshots left out. */
function shipped(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === '__snapshots__' ? [] : shipped(path);
    return /[.]test(-d)?[.]tsx?$|[.]snapshot[.]txt$/.test(entry.name) ? [] : [path];
  });
}

/** The lines of `text`, a last line without its newline counted. */
const linesOf = (text: string): number => text.split('\n').length - (text.endsWith('\n') ? 1 : 0);

describe('the source', () => {
  it(`has no module over ${maxLines} lines, generated or not, tests left out`, () => {
    const files = shipped('src');
    expect(files).toContain(join('src', 'registry', 'walk.js'));
    expect(files).toContain(join('src', 'generated', 'types.ts'));
    const over = files
      .map((path) => [path, linesOf(readFileSync(path, 'utf8'))] as const)
      .filter(([, lines]) => lines > maxLines);
    expect(over).toEqual([]);
  });
});
