// Replays every example in-flight change through the public API of the packed package, ESM and CJS.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { importEsm, requireCjs } from './consumer.js';

const dir = 'examples/inflight';
const read = (path: string) => JSON.parse(readFileSync(path, 'utf8'));
const valid = readdirSync(join(dir, 'valid')).filter((f) => f.endsWith('.json'));
const invalid = readdirSync(join(dir, 'invalid')).filter((f) => f.endsWith('.json') && !f.endsWith('.expected.json'));

interface Expected {
  rule: string;
  code: string;
  path: string;
  params?: Record<string, unknown>;
}

describe.each([
  ['ESM', importEsm],
  ['CJS', async () => requireCjs()],
])('in-flight examples through the %s build', (_, load) => {
  it.each(valid)('valid/%s is valid, for the rules and the full schema', async (file) => {
    const api = await load();
    const change = read(join(dir, 'valid', file));
    const result = api.validateInflightChangeProductOrder(change, { lang: 'de' });
    expect(result.violations).toEqual([]);
    expect(result.valid && result.value).toBe(change);
    expect(api.isInflightChangeProductOrderFVO(change)).toBe(true);
  });

  it.each(invalid)('invalid/%s gives exactly its expected violations', async (file) => {
    const api = await load();
    const change = read(join(dir, 'invalid', file));
    const expected: Expected[] = read(join(dir, 'invalid', file.replace(/\.json$/, '.expected.json')));
    const { violations } = api.validateInflightChangeProductOrder(change);
    expect(violations.map(({ rule, code, path }) => ({ rule, code, path }))).toEqual(
      expected.map(({ rule, code, path }) => ({ rule, code, path })),
    );
    for (const [i, e] of expected.entries()) if (e.params) expect(violations[i].params).toMatchObject(e.params);
    expect(api.isInflightChangeProductOrderFVO(change)).toBe(false);
  });
});

describe('the in-flight examples', () => {
  it('include an invalid change for every rule that applies and can fail', () => {
    const broken = new Set(
      invalid.flatMap((f) =>
        read(join(dir, 'invalid', f.replace(/\.json$/, '.expected.json'))).map((e: Expected) => e.rule),
      ),
    );
    const ids = requireCjs()
      .inflightRules.map((rule) => rule.id)
      .filter((id) => id !== 'R5');
    expect(ids.filter((id) => !broken.has(id))).toEqual([]);
  });
});
