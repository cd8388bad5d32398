// examples/custom-rule/carrier.ts from the packed package, as a carrier would use it: type-checked
// under strict (no casts), built, and run in a process of its own.
import { execFileSync } from 'node:child_process';
import { copyFileSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { build } from 'esbuild';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { importEsm, requireCjs } from './consumer.js';
import { typeCheck } from './type-check.js';

const consumer = inject('consumer');
const valid = JSON.parse(readFileSync('examples/orders/valid/new-hvt-local-loop.json', 'utf8'));

beforeAll(async () => {
  copyFileSync('examples/custom-rule/carrier.ts', join(consumer, 'carrier.ts'));
  await build({
    entryPoints: [join(consumer, 'carrier.ts')],
    outfile: join(consumer, 'carrier.mjs'),
    format: 'esm',
    platform: 'node',
    bundle: true,
    packages: 'external',
    logLevel: 'error',
  });
});

/** What the carrier's validator says of `order` in `lang`, from a process of its own. */
function carrierSays(order: unknown, lang: 'en' | 'de') {
  writeFileSync(join(consumer, 'order.json'), JSON.stringify(order));
  const script = `import { carrier } from './carrier.mjs'; import { readFileSync } from 'node:fs';
    const result = carrier.validate(JSON.parse(readFileSync('order.json', 'utf8')), { lang: '${lang}' });
    console.log(JSON.stringify({ valid: result.valid, rules: carrier.rules.map((r) => r.id), violations: result.violations }));`;
  return JSON.parse(
    execFileSync(process.execPath, ['--input-type=module', '-e', script], { cwd: consumer }).toString(),
  );
}

describe("a carrier's own rules and words (examples/custom-rule)", () => {
  it('type-checks under strict, exactOptionalPropertyTypes and noUncheckedIndexedAccess, without casts', () => {
    // no @types: the package's declarations are checked too, against the language and the DOM only
    expect(typeCheck(consumer, { files: ['carrier.ts'], types: [], libCheck: true })).toBe('');
    expect(readFileSync('examples/custom-rule/carrier.ts', 'utf8')).not.toMatch(/\bas\b (?!const)|<any>|: any\b/);
  });

  it('passes a valid order, and runs the built-in rules and its own after them', () => {
    const out = carrierSays(valid, 'en');
    expect(out.valid).toBe(true);
    expect(out.rules.slice(-2)).toEqual(['X-completion-after-posting', 'X-priority-range']);
  });

  it('gives its own violations beside the built-in ones, in one result ordered by path, in German and English', () => {
    const order = { ...valid, requestedCompletionDate: '2020-01-01T00:00:00Z', priority: '7', description: '' };
    const de = carrierSays(order, 'de');
    expect(de.violations.map((v: Record<string, string>) => [v.rule, v.code, v.path])).toEqual([
      ['R-field', 'too_short', '/description'],
      ['X-priority-range', 'priority_out_of_range', '/priority'],
      ['X-completion-after-posting', 'completion_before_posting', '/requestedCompletionDate'],
    ]);
    expect(de.violations[1].message).toBe('Die Priorität muss zwischen 0 (höchste) und 4 (niedrigste) liegen.');
    expect(de.violations[2].message).toMatch(/^Der Wunschtermin muss nach dem Auftragsdatum \(.+\) liegen\.$/);
    const en = carrierSays(order, 'en');
    expect(en.violations[1].message).toBe('The priority must be 0 (highest) to 4 (lowest).');
  });
});

describe("a carrier's faulty code, from the packed package (issue 31)", () => {
  const fault = { ...valid, description: '' };
  const hostile = () => {
    throw new Error('hostile');
  };

  it.each(['esm', 'cjs'] as const)(
    '%s: createValidator refuses rules [null] and a rule {} with a TypeError naming it',
    async (kind) => {
      const { createValidator } = kind === 'esm' ? await importEsm() : requireCjs();
      expect(() => createValidator({ rules: [null as never] })).toThrow(/^createValidator: rules\[0\] is null/);
      expect(() => createValidator({ rules: [{} as never] })).toThrow(TypeError);
    },
  );

  it.each(['esm', 'cjs'] as const)(
    '%s: a throwing labels.message and a throwing params getter neither throw nor lose the built-in violations',
    async (kind) => {
      const { createValidator, labelsDe, validateProductOrder, createProductOrderSchema } =
        kind === 'esm' ? await importEsm() : requireCjs();
      const labels = { ...labelsDe, message: hostile };
      expect(validateProductOrder(fault, { labels }).violations.map((v) => v.code)).toEqual(['too_short']);
      expect(createProductOrderSchema({ labels })['~standard'].validate(fault)).toHaveProperty('issues');
      const params = Object.defineProperty({}, 'x', { enumerable: true, get: hostile });
      const rule = { id: 'X-own', title: 'Own.', check: () => [{ rule: 'X-own', code: 'own', path: '', params }] };
      expect(
        createValidator({ rules: [rule] })
          .validate(fault)
          .violations.map((v) => [v.rule, v.code]),
      ).toEqual([
        ['X-own', 'rule_failed'],
        ['R-field', 'too_short'],
      ]);
    },
  );
});
