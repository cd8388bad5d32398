// The reference page of each rule, docs/reference/rules/: as the generator writes it from the rule
// folders, one for every folder and none for a folder that is gone, with links that resolve.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { pagesDir, paramsByCode, ruleDocs, strayPages } from '../scripts/generate-rule-docs.mjs';
import { readRules } from '../scripts/generate-rules.mjs';
import { anchors, codeBlocks, linkTargets } from './markdown.js';

const root = fileURLToPath(new URL('../', import.meta.url));
const rules = readRules(root);
const pages = await ruleDocs(root, rules);

describe('the rule pages', () => {
  it('are what the generator writes from the rule folders', () => {
    for (const [path, text] of Object.entries(pages)) expect(readFileSync(join(root, path), 'utf8'), path).toBe(text);
    expect(strayPages(root, pages)).toEqual([]);
  });

  it('are one per rule folder, and the rules table of docs/rules.md links each', () => {
    const index = readFileSync(join(root, 'docs/rules.md'), 'utf8');
    for (const rule of rules) {
      expect(existsSync(join(root, pagesDir, `${rule.id}.md`)), rule.folder).toBe(true);
      expect(linkTargets(index)).toContain(`reference/rules/${rule.id}.md`);
    }
    expect(readdirSync(join(root, pagesDir)).sort()).toEqual(rules.map((r) => `${r.id}.md`).sort());
  });

  it('would find the page of a rule whose folder is gone', () => {
    const without = Object.fromEntries(Object.entries(pages).filter(([path]) => !path.endsWith('/R11.md')));
    expect(strayPages(root, without)).toEqual([`${pagesDir}/R11.md`]);
  });

  it.each(Object.keys(pages))('%s: every link resolves, to a file and a heading there', (path) => {
    const broken: string[] = [];
    for (const target of linkTargets(pages[path] ?? '')) {
      const [file = '', anchor] = target.split('#');
      const resolved = file === '' ? join(root, path) : join(root, dirname(path), decodeURI(file));
      if (!existsSync(resolved)) broken.push(`${target}: no such file`);
      else if (anchor !== undefined && !anchors(readFileSync(resolved, 'utf8')).has(anchor))
        broken.push(`${target}: no such heading`);
    }
    expect(broken).toEqual([]);
  });

  it.each(rules.filter((r) => r.invalidates.length > 0))(
    '$id: names its codes, shows an invalid and a valid example, and its messages in English and German',
    (rule) => {
      const page = pages[`${pagesDir}/${rule.id}.md`] ?? '';
      const words = rule.words as Record<'en' | 'de', { title: string; help: string }>;
      expect(page).toContain(`# ${rule.id}: ${words.en.title}`);
      expect(page).toContain(words.de.title);
      const own = rule.invalidates.flatMap((path) =>
        JSON.parse(readFileSync(join(root, path.replace(/\.json$/, '.expected.json')), 'utf8')).filter(
          (v: { rule: string }) => v.rule === rule.id,
        ),
      );
      for (const { code } of own) expect(page, code).toContain(`| \`${code}\` |`);
      const blocks = codeBlocks(page).filter((block) => block.lang === 'json');
      expect(blocks).toHaveLength(2);
      const [invalid, valid] = blocks.map((block) => JSON.parse(block.code));
      expect(invalid).not.toEqual(valid);
      for (const language of ['English', 'German']) expect(page).toMatch(new RegExp(`\\| ${language} \\| [^|\\s]`));
    },
  );
});

describe('the params of a code on a rule page', () => {
  it('are those src/violation.ts types and documents in ParamsByCode', () => {
    const codes = paramsByCode(root);
    expect(codes.too_long?.params).toEqual([
      { name: 'limit', type: 'number', optional: false, doc: 'The greatest length, in code points.' },
      {
        name: 'name',
        type: 'string',
        optional: true,
        doc: "The characteristic's name, when the value is a characteristic's.",
      },
    ]);
    expect(Object.keys(codes)).toEqual(expect.arrayContaining(['required', 'missing_role', 'did_you_mean']));
  });
});
