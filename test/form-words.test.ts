// The table of docs/forms.md of what a form says per code (scripts/generate-form-words.mjs): every code
// a form meets has a message in German and in English, and the table is what the generator writes.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { faults, formWordRows, formWordsDoc } from '../scripts/generate-form-words.mjs';
import { invalidOrderExamples, readRules } from '../scripts/generate-rules.mjs';
import { labelsDe } from '../src/form-labels/de.js';
import { labelsEn } from '../src/form-labels/en.js';
import { createValidator } from '../src/index.js';
import { violationWords } from '../src/messages/languages.js';

const root = fileURLToPath(new URL('..', import.meta.url));

/** The codes a form leaves to the package's words: they concern the whole input, which is no field. */
const whole = ['unreadable', 'too_costly'];

describe("a form's words per code", () => {
  it('has a message of its own for every code a form meets, in German and English alike', () => {
    const codes = Object.keys(violationWords.en.table).filter((code) => !whole.includes(code));
    expect(Object.keys(labelsDe.messages).sort()).toEqual([...codes].sort());
    expect(Object.keys(labelsEn.messages).sort()).toEqual([...codes].sort());
    expect(Object.keys(labelsDe.rules).sort()).toEqual(Object.keys(labelsEn.rules).sort());
  });

  it('lists every such code and every rule with words of its own, each in both languages', async () => {
    const rows = await formWordRows(root);
    expect(new Set(rows.map((row) => row.code))).toEqual(new Set(Object.keys(labelsDe.messages)));
    expect(new Set(rows.flatMap((row) => row.rule ?? []))).toEqual(new Set(Object.keys(labelsDe.rules)));
    for (const { code, de, en } of rows) {
      expect(de, code).toMatch(/^\p{Lu}.*[.?]$/u);
      expect(en, code).toMatch(/^\p{Lu}.*[.?]$/u);
      expect(de, code).not.toBe(en);
    }
  });

  it("words a rule folder's code that no fault makes from the first invalid example that gives it", async () => {
    const code = 'missing_characteristic';
    expect(readRules(root).some((rule) => Object.hasOwn(rule.codes ?? {}, code))).toBe(true);
    const read = (path: string) => JSON.parse(readFileSync(`${root}${path}`, 'utf8'));
    const example = invalidOrderExamples(root).find((path) =>
      read(path.replace(/\.json$/, '.expected.json')).some((v: { code: string }) => v.code === code),
    );
    expect(example).toBeDefined();
    const said = (labels: typeof labelsDe) =>
      createValidator()
        .validate(read(example as string), { labels })
        .violations.find((v) => v.code === code)?.message;
    const rows = await formWordRows(
      root,
      faults.filter((fault) => fault.code !== code),
    );
    expect(rows.filter((row) => row.code === code)).toStrictEqual([
      { code, rule: undefined, de: said(labelsDe), en: said(labelsEn) },
    ]);
    expect(said(labelsDe)).toMatch(/^\p{Lu}.*[.?]$/u);
  });

  it('is the table docs/forms.md shows', async () => {
    expect(readFileSync(`${root}docs/forms.md`, 'utf8')).toBe(await formWordsDoc(root));
  });
});
