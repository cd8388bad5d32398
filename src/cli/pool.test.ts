import { describe, expect, it } from 'vitest';
import { type Setup, threads } from './pool.js';
import type { Unit } from './report.js';

const setup: Setup = {
  type: 'product-order',
  maxViolations: undefined,
  keepInexactNumbers: false,
  look: { lang: 'en', quiet: false, reports: [{ format: 'ndjson', colour: false }] },
};

/** A unit of `bytes` bytes: one order line, padded with spaces. */
const unit = (bytes: number): Unit => {
  const text = '{"category":"new"}'.padEnd(bytes, ' ');
  return { parts: [new TextEncoder().encode(text)], lines: true, name: 'a.ndjson', line: 1 };
};

// a script no worker can run: a pool that started one fails, so a pool that answers started none
const noScript = new URL('file:///nonexistent/no-worker-here.js');

describe('threads', () => {
  it('checks a small input on the main thread: no worker starts, whatever --jobs', async () => {
    const pool = threads(noScript, 4, setup, 1000);
    const checked = await pool.run([unit(400), unit(400)]);
    expect(checked.map((c) => [c.orders, c.invalid])).toEqual([
      [1, 1],
      [1, 1],
    ]);
    await pool.close();
  });

  it('starts workers once the input passes the bytes the main thread checks', async () => {
    const pool = threads(noScript, 4, setup, 1000);
    await pool.run([unit(900)]);
    await expect(pool.run([unit(200)])).rejects.toThrow();
    await pool.close();
  });
});
