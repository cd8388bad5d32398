// The rule folders are the source of every list of rules: the schema's rule $defs and wiring, the ids,
// the titles, the tables of the docs (scripts/generate-rules.mjs); and each lists the invalid examples it fails.
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { arbitrariesModule } from '../../scripts/generate-arbitraries.mjs';
import { codesOf } from '../../scripts/generate-codes.mjs';
import { rangeFiles, withRange } from '../../scripts/generate-range.mjs';
import {
  assembleSchema,
  formLabelModules,
  invalidChangeExamples,
  invalidOrderExamples,
  readRules,
  ruleTables,
} from '../../scripts/generate-rules.mjs';
import { orderRuleIds } from '../generated/rule-ids.js';

const root = fileURLToPath(new URL('../../', import.meta.url));
const shipped = JSON.parse(readFileSync(`${root}schemas/product-order.schema.json`, 'utf8'));
const rules = readRules(root);
const refs = (schema: typeof shipped) =>
  schema.$defs.ProductOrder_FVO.allOf.map((entry: { $ref: string }) => entry.$ref.replace('#/$defs/', ''));

/** The expected violations of the invalid example at `path`, its hand-written `.expected.json`. */
const expectedOf = (path: string): { rule: string }[] =>
  JSON.parse(readFileSync(`${root}${path.replace(/\.json$/, '.expected.json')}`, 'utf8'));

/**
 * The invalid examples, order and in-flight change, shipped or a rule folder's own, by the ids of the
 * rules their expected violations carry.
 */
function examplesByRule(): Map<string, string[]> {
  const byRule = new Map<string, string[]>();
  for (const path of [...invalidOrderExamples(root), ...invalidChangeExamples(root)])
    for (const id of new Set(expectedOf(path).map((e) => e.rule))) byRule.set(id, [...(byRule.get(id) ?? []), path]);
  return byRule;
}

describe('the rule folders', () => {
  it('are one a rule, in the order of the ids', () => expect(rules.map((r) => r.id)).toEqual([...orderRuleIds]));

  it('give the shipped schema as it is: its rule $defs and wiring are theirs', () =>
    expect(assembleSchema(shipped, rules)).toEqual(shipped));

  it("replace a rule $def of the shipped file with the folder's", () => {
    const edited = structuredClone(shipped);
    edited.$defs.R14.then.properties.productOrderItem.items.properties.action.const = 'modify';
    expect(assembleSchema(edited, rules)).toEqual(shipped);
  });

  it('drop the $def and the wiring of a rule whose folder is gone', () => {
    const schema = assembleSchema(
      shipped,
      rules.filter((r) => r.id !== 'R11'),
    );
    expect(Object.hasOwn(schema.$defs, 'R11')).toBe(false);
    expect(refs(schema)).toEqual(refs(shipped).filter((id: string) => id !== 'R11'));
  });

  // a rule after the last, so that adding a real one leaves this test as it is
  it("add a new rule's $def last and wire it in id order", () => {
    const id = `R${Math.max(...rules.map((r) => Number(r.id.slice(1))).filter(Number.isInteger)) + 1}`;
    const next = {
      id,
      check: 'next',
      title: 'When category is portChange: every order item has action add.',
      inflight: false,
      invalidates: [],
      folder: `${id.toLowerCase()}-port-change-items`,
      schema: { wiredAt: ['#/$defs/ProductOrder_FVO/allOf'], $defs: { [id]: { if: { $ref: '#/$defs/NewOrder' } } } },
    };
    const schema = assembleSchema(shipped, [...rules, next]);
    expect(Object.keys(schema.$defs).at(-1)).toBe(id);
    expect(refs(schema)).toEqual([...refs(shipped), id]);
  });

  it("give docs/rules.md's and the README's tables as they are", () => {
    const tables = ruleTables(root, rules);
    for (const [file, text] of Object.entries(tables)) expect(text, file).toBe(readFileSync(`${root}${file}`, 'utf8'));
  });

  it("word a rule for a form in every form language or in none, and give each language's table its own", () => {
    const modules = formLabelModules(rules, ['de', 'en'], '');
    expect(modules['src/registry/rule-labels-de.ts']).toContain("from '../rules/r10-local-loop-places/labels.de.js'");
    expect(modules['src/registry/rule-labels-de.ts']).not.toContain('labels.en.js');
    const r10 = rules.find((r) => r.id === 'R10');
    expect(() => formLabelModules([{ ...r10, formLangs: ['de'] } as (typeof rules)[number]], ['de', 'en'], '')).toThrow(
      'src/rules/r10-local-loop-places/: form labels missing in en',
    );
    expect(() => formLabelModules(rules, ['de'], '')).toThrow('a language without src/form-labels/en.ts');
  });

  it.each(rules.map((r) => [r.id, r] as const))('%s holds its arbitrary.ts, or says in rule.json why not', (_, rule) =>
    expect(
      existsSync(`${root}src/rules/${rule.folder}/arbitrary.ts`) || typeof rule.noArbitrary === 'string',
      `src/rules/${rule.folder}/`,
    ).toBe(true),
  );

  it('give the registry of the arbitraries as it is, each folder with an arbitrary.ts in the order of the ids', () => {
    const [[path, text]] = Object.entries(arbitrariesModule(root, rules));
    expect(text).toBe(readFileSync(`${root}${path}`, 'utf8'));
    const listed = [...text.matchAll(/from '\.\.\/rules\/([^/]+)\/arbitrary\.js'/g)].map((m) => m[1]);
    expect(listed.sort()).toEqual(
      rules
        .filter((r) => r.noArbitrary === undefined)
        .map((r) => r.folder)
        .sort(),
    );
  });

  it('leave a folder without an arbitrary.ts out of the registry', () => {
    const r5 = rules.find((r) => r.id === 'R5') as (typeof rules)[number];
    const text = Object.values(arbitrariesModule(root, [r5, { ...r5, folder: 'r5-gone' }], ''))[0];
    expect(text).toContain("import * as r5 from '../rules/r5-free-roles/arbitrary.js';");
    expect(text).not.toContain('r5-gone');
  });

  describe('list the invalid examples they fail, as the expected violations say', () => {
    const byRule = examplesByRule();
    it.each(rules.map((r) => [r.id, r] as const))('%s', (_, rule) =>
      expect([...rule.invalidates].sort(), `src/rules/${rule.folder}/rule.json: invalidates`).toEqual(
        [...(byRule.get(rule.id) ?? [])].sort(),
      ),
    );

    it('of every rule an expected violation names', () =>
      expect([...byRule.keys()].filter((id) => !rules.some((r) => r.id === id))).toEqual([]));

    it("each of a folder's own examples is one its rule fails", () => {
      const stray = invalidOrderExamples(root)
        .filter((path) => path.startsWith('src/rules/'))
        .filter(
          (path) => !rules.some((r) => path.startsWith(`src/rules/${r.folder}/`) && r.invalidates.includes(path)),
        );
      expect(stray).toEqual([]);
    });
  });

  describe('own example orders, src/rules/<folder>/examples/<name>.json, beside the shipped ones', () => {
    /** A root with one shipped invalid example and one of a folder's own, each with its .expected.json. */
    function tree(): string {
      const at = mkdtempSync(join(tmpdir(), 'rule-examples-'));
      const put = (path: string, value: unknown) => {
        mkdirSync(dirname(join(at, path)), { recursive: true });
        writeFileSync(join(at, path), JSON.stringify(value));
      };
      put('examples/orders/invalid/b.json', {});
      put('examples/orders/invalid/b.expected.json', []);
      put('src/rules/r99-next/examples/a.json', {});
      put('src/rules/r99-next/examples/a.expected.json', []);
      put('src/rules/r98-none/check.ts', '');
      return at;
    }

    it('are invalid examples as the shipped ones are, for every test that replays those', () => {
      const at = tree();
      try {
        expect(invalidOrderExamples(`${at}/`)).toEqual([
          'examples/orders/invalid/b.json',
          'src/rules/r99-next/examples/a.json',
        ]);
      } finally {
        rmSync(at, { recursive: true, force: true });
      }
    });

    it('may be listed in rule.json `invalidates`, where no other path may', () => {
      const at = tree();
      const rule = (invalidates: string[]) =>
        writeFileSync(
          join(at, 'src/rules/r-field-table/rule.json'),
          JSON.stringify({ id: 'R-field', check: 'x', title: 'x', readme: 'x', inflight: true, invalidates }),
        );
      try {
        mkdirSync(join(at, 'src/rules/r-field-table'));
        rule(['src/rules/r99-next/examples/a.json']);
        expect(readRules(`${at}/`)[0]?.invalidates).toEqual(['src/rules/r99-next/examples/a.json']);
        for (const path of ['src/rules/r99-next/examples/a.expected.json', 'src/rules/r99-next/a.json', 'x/a.json']) {
          rule([path]);
          expect(() => readRules(`${at}/`), path).toThrow(/invalidates is no list/);
        }
      } finally {
        rmSync(at, { recursive: true, force: true });
      }
    });
  });
});

describe('the range of the numbered rules in prose', () => {
  const r15 = [...rules, { ...rules[rules.length - 1], id: 'R15', folder: 'r15-x' }];

  it('ends at the last rule folder, in each way prose writes it', () => {
    // written apart, so that the generator leaves this file's ranges as they are
    const named = (last: number) => [' to ', '–', '-', ' bis '].map((between) => `R1${between}R${last}`).join(', ');
    expect(withRange(`rules ${named(9)}; R10 to R14 stays`, r15)).toBe(`rules ${named(15)}; R10 to R14 stays`);
  });

  it('is named as the folders make it in every file that names it', () => {
    const files = rangeFiles(root, rules);
    expect(Object.keys(files)).toEqual(expect.arrayContaining(['README.md', 'package.json', 'src/violation.ts']));
    for (const [path, text] of Object.entries(files)) expect(readFileSync(`${root}${path}`, 'utf8'), path).toBe(text);
  });
});

describe("a folder's codes (rule.json `codes`)", () => {
  const codes = codesOf(rules);

  it('are each introduced by one folder, and none is a generic code of src/violation.ts', () => {
    expect(new Set(codes.map((c) => c.code)).size).toBe(codes.length);
    const twice = [...rules, { ...rules.find((r) => r.id === 'R3'), id: 'R15', folder: 'r15-x' }];
    expect(() => codesOf(twice as typeof rules)).toThrow(/missing_phone_contact is introduced by R3 already/);
    expect(() => codesOf(rules, ['missing_role'])).toThrow(/generic one/);
  });

  it('tell findings apart and focus by params and kinds they declare', () => {
    const bad = (spec: object) => [{ ...rules[0], codes: { x_code: { doc: 'X.', ...spec } } }];
    expect(() => codesOf(bad({ telling: ['role'] }) as typeof rules)).toThrow(/tells by role/);
    expect(() => codesOf(bad({ focus: ['cell'] }) as typeof rules)).toThrow(/focus is no list/);
  });
});
