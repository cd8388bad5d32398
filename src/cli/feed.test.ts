import * as fs from 'node:fs';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import * as fsp from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { feed, maxInputBytes } from './feed.js';
import type { Pipeline } from './pipeline.js';
import type { Source } from './sources.js';

vi.mock('node:fs', async (original) => {
  const real = await original<typeof import('node:fs')>();
  return {
    ...real,
    openSync: vi.fn(real.openSync),
    fstatSync: vi.fn(real.fstatSync),
    readSync: vi.fn(real.readSync),
    closeSync: vi.fn(real.closeSync),
  };
});
vi.mock('node:fs/promises', async (original) => {
  const real = await original<typeof import('node:fs/promises')>();
  return { ...real, open: vi.fn(real.open) };
});

const dir = mkdtempSync(join(tmpdir(), 'pov-feed-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** A pipeline that keeps what it is given. */
function pipeline() {
  const units: Uint8Array[][] = [];
  const errors: unknown[] = [];
  const stub = {
    unit: (_: Source, parts: readonly Uint8Array[]) => units.push([...parts]),
    error: (error: unknown) => errors.push(error),
    end: () => {},
    ready: async () => {},
  };
  return { units, errors, pipeline: stub as unknown as Pipeline };
}

const feeding = { read: () => {}, limit: maxInputBytes, note: () => {} };

describe('reading a small order file', () => {
  beforeEach(() => vi.clearAllMocks());

  it('costs one open, one fstat, two reads and one close, none through the thread pool', async () => {
    const text = '{\n  "id": "1"\n}\n';
    const path = join(dir, 'order.json');
    writeFileSync(path, text);
    const { units, errors, pipeline: into } = pipeline();
    const source: Source = { name: 'order.json', path, lines: false, size: text.length, from: dir };
    expect(await feed(source, into, feeding)).toBe(true);
    expect(errors).toEqual([]);
    expect(units.map((parts) => Buffer.concat(parts).toString())).toEqual([text]);
    expect(vi.mocked(fs.openSync)).toHaveBeenCalledTimes(1);
    expect(vi.mocked(fs.fstatSync)).toHaveBeenCalledTimes(1);
    expect(vi.mocked(fs.readSync).mock.calls.length).toBeLessThanOrEqual(2);
    expect(vi.mocked(fs.closeSync)).toHaveBeenCalledTimes(1);
    expect(vi.mocked(fsp.open)).not.toHaveBeenCalled();
  });

  it('reads all of a file that grew since its size was looked at', async () => {
    const text = `[${'{"id":"1"},'.repeat(100)}{"id":"2"}]`;
    const path = join(dir, 'grown.json');
    writeFileSync(path, text);
    const { units, pipeline: into } = pipeline();
    // fstat sees the file as it was, 10 bytes long
    vi.mocked(fs.fstatSync).mockImplementationOnce((fd) => {
      const info = (vi.mocked(fs.fstatSync).getMockImplementation() ?? fs.fstatSync)(fd) as fs.Stats;
      return Object.assign(Object.create(Object.getPrototypeOf(info)), info, { size: 10 });
    });
    const source: Source = { name: 'grown.json', path, lines: false, size: 10, from: undefined };
    await feed(source, into, feeding);
    expect(units.map((parts) => Buffer.concat(parts).toString())).toEqual([text]);
  });
});
