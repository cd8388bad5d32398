// Replays every example order and in-flight change through the public API of the packed package, ESM and CJS.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { invalidChangeExamples, invalidOrderExamples } from '../scripts/generate-rules.mjs';
import { importEsm, requireCjs } from './consumer.js';

type Api = ReturnType<typeof requireCjs>;

/** Each example set: its folder, the validator and guard it is replayed through, the rules it must cover. */
const sets = [
  {
    dir: 'examples/orders',
    validate: (api: Api) => api.validateProductOrder,
    guard: (api: Api) => api.isProductOrderFVO,
    rules: (api: Api) => api.rules,
    // the shipped ones and each rule folder's own
    invalid: invalidOrderExamples('./'),
  },
  {
    dir: 'examples/inflight',
    validate: (api: Api) => api.validateInflightChangeProductOrder,
    guard: (api: Api) => api.isInflightChangeProductOrderFVO,
    rules: (api: Api) => api.inflightRules,
    invalid: invalidChangeExamples('./'),
  },
];

const read = (path: string) => JSON.parse(readFileSync(path, 'utf8'));
const files = (dir: string, kind: string) =>
  readdirSync(join(dir, kind)).filter((f) => f.endsWith('.json') && !f.endsWith('.expected.json'));
/** The expected violations of the invalid example at `path`, its hand-written `.expected.json` beside it. */
const expectedOf = (path: string): Expected[] => read(path.replace(/\.json$/, '.expected.json'));

interface Expected {
  rule: string;
  code: string;
  path: string;
  params?: Record<string, unknown>;
}

describe.each(sets)('$dir', ({ dir, validate, guard, rules, invalid }) => {
  describe.each([
    ['ESM', importEsm],
    ['CJS', async () => requireCjs()],
  ])('through the %s build', (_, load) => {
    it.each(files(dir, 'valid'))('valid/%s is valid, for the rules and the full schema', async (file) => {
      const api = await load();
      const input = read(join(dir, 'valid', file));
      const result = validate(api)(input);
      expect(result.violations).toEqual([]);
      expect(result.valid && result.value).toBe(input);
      expect(guard(api)(input)).toBe(true);
    });

    it.each(invalid)('%s gives exactly its expected violations', async (path) => {
      const api = await load();
      const input = read(path);
      const expected = expectedOf(path);
      const { violations } = validate(api)(input);
      expect(violations.map(({ rule, code, path }) => ({ rule, code, path }))).toEqual(
        expected.map(({ rule, code, path }) => ({ rule, code, path })),
      );
      for (const [i, e] of expected.entries()) if (e.params) expect(violations[i].params).toMatchObject(e.params);
      expect(guard(api)(input)).toBe(false);
    });
  });

  it('include an invalid example for every rule that can fail', () => {
    const broken = new Set(invalid.flatMap((path) => expectedOf(path).map((e) => e.rule)));
    const ids = rules(requireCjs())
      .map((rule) => rule.id)
      .filter((id) => id !== 'R5');
    expect(ids.filter((id) => !broken.has(id))).toEqual([]);
  });
});
