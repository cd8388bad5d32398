// Each fact of the specification is written once, in the schema: no hand-written rule states a role,
// a category, a place kind, a product type, an action, a characteristic name or a pattern again.
import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { factsModule } from '../../scripts/generate-facts.mjs';
import { readRules } from '../../scripts/generate-rules.mjs';
import * as facts from '../generated/facts.js';

/** Every string, pattern and number among the generated facts. */
function literals(value: unknown, out: Set<string | number> = new Set()): Set<string | number> {
  if (typeof value === 'string' || typeof value === 'number') out.add(value);
  else if (value instanceof RegExp) out.add(value.source);
  else if (typeof value === 'object' && value !== null) for (const v of Object.values(value)) literals(v, out);
  return out;
}

const escaped = (text: string) => text.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');

/**
 * Whether `code` states `fact`: quoted, in a regular expression, as a word of a template, or as a number
 * above 1. In a form's words (`prose`), a template's words are the language's ("In a new order"): only
 * a quoted value or a bound counts there.
 */
function states(code: string, fact: string | number, prose = false): boolean {
  if (typeof fact === 'number') return fact > 1 && new RegExp(`(?<![\\w.])${fact}(?![\\w.])`).test(code);
  if (code.includes(`'${fact}'`) || code.includes(`"${fact}"`) || code.includes(`/${fact}/`)) return true;
  if (prose) return false;
  const templates = code.match(/`[^`]*`/g) ?? [];
  return templates.some((t) => new RegExp(`(?<![\\w@])${escaped(fact)}(?![\\w])`).test(t));
}

/** The code of a rule file: without comments, and without its title, which quotes the specification. */
const code = (text: string) =>
  text
    .replace(/\/\*[\s\S]*?\*\//g, '')
    .replace(/^\s*\/\/.*$/gm, '')
    .replace(/title:\s*'[^']*'/g, "title: ''");

const folder = new URL('.', import.meta.url);
/**
 * The test data, like the tests: the test kit, the arbitraries' kit and each folder's arbitrary.ts state
 * the specification's values themselves, so that they check the rules rather than follow the schema.
 */
const testData = (file: string) => /(^|\/)(test-kit|arbitrary-kit|arbitrary)\.ts$/.test(file);
// the shared helpers beside the folders, and each rule folder's check
const files = readdirSync(folder, { withFileTypes: true }).flatMap((entry) =>
  entry.isDirectory()
    ? readdirSync(new URL(`${entry.name}/`, folder))
        .filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts') && !testData(f))
        .map((f) => `${entry.name}/${f}`)
    : entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') && !testData(entry.name)
      ? [entry.name]
      : [],
);

describe('the hand-written rules', () => {
  const banned = [...literals(facts)];

  it('would be caught stating a fact: quoted, in a template, as a pattern or a bound', () => {
    expect(states("if (role !== 'locationB')", 'locationB')).toBe(true);
    expect(states(`const at = \`\${path}/locationB/place\`;`, 'locationB')).toBe(true);
    expect(states('const p = /^[1-9][0-9]{1,4}$/;', '^[1-9][0-9]{1,4}$')).toBe(true);
    expect(states('textFault(value, 1, 40)', 40)).toBe(true);
    expect(states('const locationBPlaces = places;', 'locationB')).toBe(false);
    expect(states('found.count(path, n, 0, 1)', 1)).toBe(false);
    expect(states(`\`In a new order, the action is \${c.value('add')}.\``, 'add', true)).toBe(true);
    expect(states(`\`In a new order, the action is \${c.value(addAction)}.\``, 'new', true)).toBe(false);
  });

  it('read their facts from the schema: there are facts to ban', () => {
    for (const fact of [
      'new',
      'technicalContact',
      'locationB',
      'GeographicSite',
      'HvtLocalLoopProduct',
      '^[1-9][0-9]{1,4}$',
    ])
      expect(banned).toContain(fact);
  });

  it('reads the check and the form words of every rule folder', () =>
    expect(files).toEqual(
      expect.arrayContaining(['r10-local-loop-places/check.ts', 'r10-local-loop-places/labels.de.ts']),
    ));

  it.each(files)('%s states no fact of the specification', (file) => {
    const text = code(readFileSync(new URL(file, folder), 'utf8'));
    // a form's words per language, labels.de.ts and the like, are prose
    const stated = banned.filter((fact) => states(text, fact, /\.[a-z]{2,3}\.ts$/.test(file)));
    expect(stated).toEqual([]);
  });
});

describe('the facts generator', () => {
  const schema = JSON.parse(readFileSync(new URL('../../schemas/product-order.schema.json', import.meta.url), 'utf8'));
  const rules = readRules(new URL('../../', import.meta.url).pathname);
  const r10 = rules.find((rule) => rule.id === 'R10');

  it('knows no rule: it reads no rule $def, the folders name their facts', () => {
    const generator = readFileSync(new URL('../../scripts/generate-facts.mjs', import.meta.url), 'utf8');
    expect(generator).not.toMatch(/\$defs\/R(-[a-z]+|[0-9]+)\//);
    expect(factsModule(schema)).not.toMatch(/export const (localLoop|bitstream|opticalAccess|contactRoles) /);
  });

  it("builds a folder's composite fact from the schema: R10's count of places follows its $def", () => {
    const more = structuredClone(schema);
    more.$defs.R10.then.properties.productOrderItem.items.then.properties.product.properties.relatedPlace.maxItems = 3;
    expect(factsModule(more, rules)).toMatch(/export const localLoop = \{ [^\n]*places: \{ min: 2, max: 3 \}/);
  });

  it('fails the build, naming the fact, for a kind it does not know', () => {
    const wrong = structuredClone(r10) as typeof r10 & { facts: { localLoop: { of: { site: { kind: string } } } } };
    wrong.facts.localLoop.of.site.kind = 'text';
    expect(() => factsModule(schema, [wrong])).toThrow(/^facts: localLoop of R10\.site: no kind string, strings/);
  });

  it('fails the build, naming the schema path, when a fact is not where it is read from', () => {
    const moved = structuredClone(schema);
    moved.$defs.BitstreamItem.properties.product.properties['@type'] = { enum: ['BitstreamAccessProduct'] };
    expect(() => factsModule(moved, rules)).toThrow(
      'facts: no string at #/$defs/BitstreamItem/properties/product/properties/@type/const',
    );
    const renamed = structuredClone(schema);
    renamed.$defs.R6.properties.role.enum = [];
    expect(() => factsModule(renamed, rules)).toThrow('facts: no strings at #/$defs/R6/properties/role/enum');
  });

  it('follows the schema: a role added to R3 in the schema is a contact role of the rules', () => {
    const more = structuredClone(schema);
    more.$defs.R3.if.properties.role.enum.push('siteContact');
    expect(factsModule(more, rules)).toMatch(/contactRoles = \[[^\]]*"siteContact"\]/);
  });
});
