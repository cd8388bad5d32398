// The global setup builds dist/ before packing it when a source is newer: a single-file run once
// tested a stale dist/, R11 broken and test/examples.test.ts still green.
import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { staleBuild } from './packed.setup.js';

const roots: string[] = [];
afterEach(() => {
  for (const root of roots.splice(0)) rmSync(root, { recursive: true, force: true });
});

/** A repository's files with modification times in seconds: `{ 'src/rules/r11.ts': 20 }`. */
function repo(files: Readonly<Record<string, number>>): string {
  const root = mkdtempSync(join(tmpdir(), 'pov-stale-'));
  roots.push(root);
  for (const [file, time] of Object.entries(files)) {
    mkdirSync(join(root, file, '..'), { recursive: true });
    writeFileSync(join(root, file), '');
    utimesSync(join(root, file), time, time);
  }
  return root;
}

describe('the packed package of a test run', () => {
  it('is built first when dist/ is missing', () => {
    expect(staleBuild(repo({ 'src/index.ts': 10 }))).toBe('dist/ is missing');
  });
  it('is built first when a source in a nested folder is newer than the oldest built file', () => {
    const root = repo({ 'src/rules/r11.ts': 30, 'src/index.ts': 10, 'dist/index.js': 20, 'dist/cli.js': 40 });
    expect(staleBuild(root)).toBe(`${join('src', 'rules', 'r11.ts')} is newer than dist/`);
  });
  it.each(['schemas/product-order.schema.json', 'package.json', 'tsup.config.ts'])(
    'is built first when %s is newer than dist/',
    (file) => {
      expect(staleBuild(repo({ 'src/index.ts': 10, 'dist/index.js': 20, [file]: 30 }))).toBe(
        `${file} is newer than dist/`,
      );
    },
  );
  it('is packed as it is when only a test beside the sources is newer', () => {
    const root = repo({ 'src/index.ts': 10, 'src/a.test.ts': 30, 'src/a.test-d.ts': 30, 'dist/index.js': 20 });
    expect(staleBuild(root)).toBeUndefined();
  });
  it('is packed as it is when every built file is newer than every source', () => {
    const root = repo({ 'src/index.ts': 10, 'schemas/a.json': 11, 'package.json': 12, 'dist/index.js': 20 });
    expect(staleBuild(root)).toBeUndefined();
  });
});
