// The documents that ship, as someone who installed the package finds them: the files the tarball holds
// are those the README promises, every relative link of a shipped document resolves inside the package
// (to a file, and to a heading there), and the rule reference names every rule and code.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { describe, expect, inject, it } from 'vitest';
import { faultCodes } from '../src/arbitraries/index.js';
import { orderRuleIds } from '../src/generated/rule-ids.js';
import { inflightRules } from '../src/inflight.js';
import { layers, violations } from '../src/messages/en.js';
import { rules } from '../src/registry/rules.js';
import { anchors, headings, linkTargets } from './markdown.js';

const home = join(inject('consumer'), 'node_modules/product-order-validator');

/** Every file below `folder`, relative to it, with `/` between names. */
function filesBelow(folder: string, base = folder): string[] {
  return readdirSync(folder).flatMap((name) => {
    const path = join(folder, name);
    return statSync(path).isDirectory() ? filesBelow(path, base) : [relative(base, path).split('\\').join('/')];
  });
}

const shipped = filesBelow(home);
const documents = shipped.filter((file) => file.endsWith('.md'));
const entries = ['index', 'http', 'express', 'fastify', 'hono', 'client', 'arbitraries'];

describe('the packed package', () => {
  it('holds exactly the files the README promises', () => {
    const exact = [
      'package.json',
      'README.md',
      'LICENSE',
      'CHANGELOG.md',
      'BENCHMARKS.md',
      'docs/cli.md',
      'docs/client.md',
      // the index of the decisions and the records that explain a behaviour, as the manifest names them
      ...JSON.parse(readFileSync('package.json', 'utf8')).files.filter((file: string) =>
        file.startsWith('docs/decisions/'),
      ),
      'docs/forms.md',
      'docs/rules.md',
      'docs/schema.md',
      'docs/service.md',
      'docs/testing.md',
      // a page per rule
      ...orderRuleIds.map((id) => `docs/reference/rules/${id}.md`),
      'schemas/product-order.schema.json',
      'schemas/inflight-change-product-order.schema.json',
      'openapi/product-order-service.openapi.json',
      // for resolvers without `exports` (node10): the folder's main file is the document
      'openapi/package.json',
      'dist/browser.js',
      'dist/cli.js',
      // `sample`, with fast-check bundled, which dist/cli.js loads for that alone
      'dist/cli-sample.js',
      ...entries.flatMap((entry) => ['.js', '.cjs', '.d.ts', '.d.cts'].map((ext) => `dist/${entry}${ext}`)),
      'examples/ci/github-actions.yml',
      'examples/ci/gitlab-ci.yml',
      ...['carrier.ts', 'form.ts', 'rules.ts'].map((file) => `examples/custom-rule/${file}`),
      'examples/server/server.mjs',
      'examples/express/server.mjs',
      'examples/fastify/server.mjs',
      'examples/hono/server.mjs',
      ...['form.css', 'form.js', 'index.html', 'serve.mjs'].map((file) => `examples/browser-form/${file}`),
      // every example of a valid order and change, as in the repository
      ...['orders', 'inflight'].flatMap((kind) =>
        readdirSync(`examples/${kind}/valid`).map((file) => `examples/${kind}/valid/${file}`),
      ),
    ];
    // declarations the builds share between entries, named by a hash of their content: at most seven
    // modules (the adapters' route types and list query, the ErrorMessage, the resources, the
    // validator, a validation's result and the listener events), each for ESM and CJS
    const chunks = shipped.filter((file) => /^dist\/[a-z-]+-[\w-]{8}\.d\.c?ts$/.test(file));
    expect(chunks.length).toBeLessThanOrEqual(14);
    expect([...shipped].sort()).toEqual([...exact, ...chunks].sort());
  });

  it('is MIT licensed, in the manifest and in the LICENSE file', () => {
    const manifest = JSON.parse(readFileSync(join(home, 'package.json'), 'utf8'));
    expect(manifest.license).toBe('MIT');
    expect(readFileSync(join(home, 'LICENSE'), 'utf8')).toMatch(/^MIT License\n/);
  });

  it('says in its manifest what the README says: the engines, the description, the keywords', () => {
    const manifest = JSON.parse(readFileSync(join(home, 'package.json'), 'utf8'));
    const readme = readFileSync(join(home, 'README.md'), 'utf8');
    expect(manifest.engines).toEqual({ node: '>=20' });
    expect(readme).toContain('Node.js 20 or later');
    expect(manifest.description).toMatch(/ProductOrder_FVO/);
    expect(manifest.keywords).toEqual(expect.arrayContaining(['tmf622', 'fit', 'product-order', 'json-schema']));
    expect(readme).toContain('npm install product-order-validator');
  });

  it('ships a manifest without scripts or devDependencies, so that npm asks no one to approve a prepare script', () => {
    const manifest = JSON.parse(readFileSync(join(home, 'package.json'), 'utf8'));
    expect(manifest.scripts).toBeUndefined();
    expect(manifest.devDependencies).toBeUndefined();
    expect(manifest.bin).toEqual({ 'product-order-validate': './dist/cli.js' });
    // and packing leaves the repository's manifest as it was
    expect(JSON.parse(readFileSync('package.json', 'utf8')).scripts.prepare).toBe('node scripts/prepare.mjs');
    expect(existsSync('package.repository.json')).toBe(false);
  });
});

describe('the links of the shipped documents', () => {
  it('are found in every document', () => {
    expect(documents).toEqual(expect.arrayContaining(['README.md', 'docs/rules.md', 'docs/decisions/README.md']));
    expect(linkTargets(readFileSync(join(home, 'README.md'), 'utf8')).length).toBeGreaterThan(10);
  });

  it.each(documents)('of %s resolve inside the package, to a file and a heading there', (document) => {
    const broken: string[] = [];
    for (const target of linkTargets(readFileSync(join(home, document), 'utf8'))) {
      if (/^[a-z]+:/i.test(target)) continue; // https:, mailto:: outside the package by intent
      const [path = '', anchor] = target.split('#');
      const file = path === '' ? join(home, document) : join(home, dirname(document), decodeURI(path));
      if (!file.startsWith(`${home}/`) || !existsSync(file)) {
        broken.push(`${target}: no such file in the package`);
        continue;
      }
      if (anchor !== undefined && file.endsWith('.md') && !anchors(readFileSync(file, 'utf8')).has(anchor))
        broken.push(`${target}: no such heading`);
    }
    expect(broken).toEqual([]);
  });

  it('would find a link to a file that does not ship, and to a heading that does not exist', () => {
    const links = linkTargets('See [the tests](../test/readme.test.ts) and [caps](#no-such-heading).\n\n# Caps\n');
    expect(links).toEqual(['../test/readme.test.ts', '#no-such-heading']);
    expect(anchors('# Caps and limits\n## The HTTP contract (`…/http`)\n').has('caps-and-limits')).toBe(true);
    expect(anchors('## The HTTP contract (`product-order-validator/http`)\n')).toEqual(
      new Set(['the-http-contract-product-order-validatorhttp']),
    );
  });
});

describe('the shipped markdown', () => {
  // KB as the registry counts them, 1,000 bytes: a user reads the package's documents, not its work log
  const sizes = documents.map((file) => ({ file, bytes: statSync(join(home, file)).size }));
  /** A heading that names an issue ("Figures of issue 28", "#43") is history, not a guide. */
  const namesAnIssue = (heading: string) => /\b(issue|issues) #?\d+|#\d+\b/i.test(heading);

  it('stays within 200 KB of markdown in all, so that a user can read what ships', () => {
    const total = sizes.reduce((sum, { bytes }) => sum + bytes, 0);
    const largest = [...sizes].sort((a, b) => b.bytes - a.bytes).slice(0, 5);
    expect(total, `largest: ${largest.map(({ file, bytes }) => `${file} ${bytes} B`).join(', ')}`).toBeLessThanOrEqual(
      200_000,
    );
  });

  it('holds no document over 60 KB', () => {
    expect(sizes.filter(({ bytes }) => bytes > 60_000).map(({ file, bytes }) => `${file}: ${bytes} B`)).toEqual([]);
  });

  it('names no issue number in a heading', () => {
    const found = documents.flatMap((file) =>
      headings(readFileSync(join(home, file), 'utf8'))
        .filter(namesAnIssue)
        .map((heading) => `${file}: ${heading}`),
    );
    expect(found).toEqual([]);
  });

  it('would find a heading that names an issue, and leaves other numbers alone', () => {
    const found = headings(
      '# Figures of issue 28\n## Issues #27 and 26\n### After #43\n## R10 to R12\n## HTTP 404\n',
    ).filter(namesAnIssue);
    expect(found).toEqual(['Figures of issue 28', 'Issues #27 and 26', 'After #43']);
    expect(headings('```sh\n# issue 28, a comment in code\n```\n')).toEqual([]);
  });
});

describe('the rule reference (docs/rules.md)', () => {
  const reference = readFileSync(join(home, 'docs/rules.md'), 'utf8');

  it('names every rule with the title it has in `rules`, its page, and whether it runs on in-flight changes', () => {
    const inflight = new Set(inflightRules.map((rule) => rule.id));
    for (const rule of rules) {
      const row = reference
        .split('\n')
        .find((line) => line.startsWith(`| [\`${rule.id}\`](reference/rules/${rule.id}.md) |`));
      expect(row, rule.id).toBeDefined();
      expect(row).toContain(`| ${rule.title} |`);
      const onChanges = rule.id === 'R-field' ? 'its own field table' : inflight.has(rule.id) ? 'yes' : 'no';
      expect(row?.trimEnd().endsWith(`| ${onChanges} |`), rule.id).toBe(true);
    }
  });

  it('explains every code a violation or hint can have', () => {
    const codes = [...Object.keys(violations.table), ...Object.keys(layers)];
    expect(codes.length).toBeGreaterThan(20);
    for (const code of codes) expect(reference, code).toMatch(new RegExp(`\\| \`${code}\` \\||\`${code}\``));
    for (const code of Object.keys(violations.table).filter((c) => c !== 'did_you_mean'))
      expect(reference.includes(`| \`${code}\` |`), code).toBe(true);
  });
});

describe('the table of faults (docs/testing.md)', () => {
  /** Each row of the table: the rule, and the codes of each column (none for `—`, the column before's for `same`). */
  const rows = readFileSync(join(home, 'docs/testing.md'), 'utf8')
    .split('\n')
    .filter((line) => /^\| \[?`R/.test(line))
    .map((line) => {
      const [rule = '', ...cells] = line.slice(2, -2).split(' | ');
      const columns: string[][] = [];
      for (const cell of cells)
        columns.push(
          cell === 'same' ? [...(columns.at(-1) ?? [])] : [...cell.matchAll(/`([^`]+)`/g)].map((m) => `${m[1]}`),
        );
      return [/`([^`]+)`/.exec(rule)?.[1], columns];
    });

  it('names per rule the codes a single fault gives in a product order, an in-flight change and a listener event', () => {
    const kinds = [faultCodes.productOrder, faultCodes.inflightChange, faultCodes.listenerEvent];
    const ids = new Set([...rules.map((rule) => rule.id), ...kinds.flatMap((codes) => Object.keys(codes))]);
    const made = [...ids].map((id) => [id, kinds.map((codes) => [...(codes[id as keyof typeof codes] ?? [])])]);
    expect(rows.length).toBeGreaterThan(15);
    expect(Object.fromEntries(rows)).toEqual(Object.fromEntries(made));
  });
});
