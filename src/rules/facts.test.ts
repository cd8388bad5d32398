// Each fact of the specification is written once, in the schema: no hand-written rule states a role,
// a category, a place kind, a product type, an action, a characteristic name or a pattern again.
import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { factsModule } from '../../scripts/generate-facts.mjs';
import * as facts from '../generated/facts.js';

/** Every string and pattern among the generated facts. */
function literals(value: unknown, out: Set<string> = new Set()): Set<string> {
  if (typeof value === 'string') out.add(value);
  else if (value instanceof RegExp) out.add(value.source);
  else if (typeof value === 'object' && value !== null) for (const v of Object.values(value)) literals(v, out);
  return out;
}

/** The code of a rule file: without comments, and without its title, which quotes the specification. */
const code = (text: string) =>
  text
    .replace(/\/\*[\s\S]*?\*\//g, '')
    .replace(/^\s*\/\/.*$/gm, '')
    .replace(/title:\s*'[^']*'/g, "title: ''");

const folder = new URL('.', import.meta.url);
const files = readdirSync(folder).filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts') && f !== 'test-kit.ts');

describe('the hand-written rules', () => {
  const banned = [...literals(facts)];

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

  it.each(files)('%s states no fact of the specification', (file) => {
    const text = code(readFileSync(new URL(file, folder), 'utf8'));
    const stated = banned.filter(
      (fact) => text.includes(`'${fact}'`) || text.includes(`"${fact}"`) || text.includes(`/${fact}/`),
    );
    expect(stated).toEqual([]);
  });
});

describe('the facts generator', () => {
  const schema = JSON.parse(readFileSync(new URL('../../schemas/product-order.schema.json', import.meta.url), 'utf8'));

  it('fails the build, naming the schema path, when a fact is not where it is read from', () => {
    const moved = structuredClone(schema);
    moved.$defs.BitstreamItem.properties.product.properties['@type'] = { enum: ['BitstreamAccessProduct'] };
    expect(() => factsModule(moved)).toThrow(
      'facts: no string at #/$defs/BitstreamItem/properties/product/properties/@type/const',
    );
    const renamed = structuredClone(schema);
    renamed.$defs.R6.properties.role.enum = [];
    expect(() => factsModule(renamed)).toThrow('facts: no strings at #/$defs/R6/properties/role/enum');
  });

  it('follows the schema: a role added to R3 in the schema is a contact role of the rules', () => {
    const more = structuredClone(schema);
    more.$defs.R3.if.properties.role.enum.push('siteContact');
    expect(factsModule(more)).toMatch(/contactRoles = \[[^\]]*"siteContact"\]/);
  });
});
