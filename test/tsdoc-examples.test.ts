import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { typeCheck } from './type-check.js';

/** The @example blocks written in src/ at the time of writing: a dropped one fails the count. */
const written = 22;

interface Example {
  /** The declaration the comment documents, and the file it was found in. */
  readonly name: string;
  readonly code: string;
}

/** The ```ts blocks of the @example tags of the TSDoc comments in `text`, each with the name it documents. */
function examplesIn(text: string, file: string): Example[] {
  const found: Example[] = [];
  // the line after a comment names what it documents, unless another comment starts there (a module's
  // comment right before a declaration's in a bundled .d.ts): that one is left to match on its own
  for (const comment of text.matchAll(/\/\*\*([\s\S]*?)\*\/\s*((?!\/\*\*)[^\n]*)/g)) {
    const lines = (comment[1] ?? '').split('\n').map((line) => line.replace(/^\s*\* ?/, ''));
    const declared = /(?:function|const|class|type|interface)\s+([\w$]+)/.exec(comment[2] ?? '')?.[1] ?? '?';
    let tag = '';
    let fenced = false;
    let block: string[] | undefined;
    for (const line of lines) {
      if (line.startsWith('```')) fenced = !fenced;
      if (!fenced && !line.startsWith('```') && /^@\w+/.test(line)) tag = line.split(/\s/)[0] ?? '';
      if (tag !== '@example') continue;
      if (line.startsWith('```ts') && fenced) block = [];
      else if (line.startsWith('```') && !fenced && block) {
        found.push({ name: `${declared} (${file})`, code: `${block.join('\n')}\n` });
        block = undefined;
      } else block?.push(line);
    }
  }
  return found;
}

/** The distinct examples of the files, the first place each is found naming it. */
function distinct(files: readonly string[], root: string): Example[] {
  const byCode = new Map<string, Example>();
  for (const file of files)
    for (const example of examplesIn(readFileSync(join(root, file), 'utf8'), file))
      if (!byCode.has(example.code)) byCode.set(example.code, example);
  return [...byCode.values()];
}

const packageRoot = join(inject('consumer'), 'node_modules/product-order-validator');
const shipped = distinct(
  readdirSync(join(packageRoot, 'dist'))
    .filter((name) => name.endsWith('.d.ts'))
    .map((name) => join('dist', name)),
  packageRoot,
);
const sources = distinct(
  readdirSync('src', { recursive: true, encoding: 'utf8' })
    .filter((name) => name.endsWith('.ts') && !name.endsWith('.test.ts'))
    .map((name) => join('src', name)),
  '.',
);
const folder = join(inject('consumer'), 'tsdoc-examples');
const fileOf = new Map<Example, string>();

beforeAll(() => {
  rmSync(folder, { recursive: true, force: true });
  mkdirSync(folder, { recursive: true });
  writeFileSync(join(folder, 'package.json'), '{ "type": "module" }\n');
  shipped.forEach((example, i) => {
    const file = `example-${i + 1}.ts`;
    fileOf.set(example, file);
    writeFileSync(join(folder, file), `// ${example.name}\n${example.code}export {};\n`);
  });
});

describe('the TSDoc examples', () => {
  it('ship in the declarations, every one written in src/, at least as many as were written', () => {
    expect(sources.length).toBeGreaterThanOrEqual(written);
    expect(shipped.map((e) => e.code).sort()).toEqual(sources.map((e) => e.code).sort());
  });

  it('each import what they use from the package', () => {
    for (const example of shipped) expect(example.code, example.name).toMatch(/from 'product-order-validator(\/\w+)?'/);
  });

  it('type-check, each as a module of its own, under strict, exactOptionalPropertyTypes and noUncheckedIndexedAccess', () => {
    const output = typeCheck(folder);
    // name the declaration of each file with errors, to find its comment
    const named = output.replace(/example-\d+\.ts/g, (file) => {
      const example = [...fileOf].find(([, f]) => f === file)?.[0];
      return example ? `${file} [${example.name}]` : file;
    });
    expect(named).toBe('');
  });
});
