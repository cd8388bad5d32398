// The range of the numbered rules wherever prose names it ("R1 to Rn", "R1–Rn", "R1 bis Rn"), from
// the rule folders: `npm run generate` rewrites it in place in every file of `rangeRoots` that names
// it, and in every file it generates; `generate:check` fails while one names another range.
import { readdirSync, readFileSync, statSync } from 'node:fs';

/** Where prose may name the range: files, and folders walked for text files. */
export const rangeRoots = [
  'README.md',
  'CONTRIBUTING.md',
  'CHANGELOG.md',
  'BENCHMARKS.md',
  'package.json',
  '.pre-commit-hooks.yaml',
  'docs',
  'src',
  'scripts',
  'schemas',
  'openapi',
  'examples',
  'test',
  'bench',
];
/** Folders of generated or frozen text that are not walked: the API reference, the reference engine. */
const skipped = /(^|\/)(node_modules|dist|docs\/reference\/api|test\/reference)(\/|$)/;
const textFile = /\.(md|ts|tsx|mts|cts|mjs|cjs|js|json|ya?ml|html)$/;

const range = /\bR1( to | bis |–|-)R[0-9]+\b/g;

/** `text` with each range of the numbered rules ending at the last of `rules`. */
export function withRange(text, rules) {
  const last = Math.max(...rules.map((r) => Number(/^R([0-9]+)$/.exec(r.id)?.[1] ?? 0)));
  return text.replace(range, (_, between) => `R1${between}R${last}`);
}

/** The files under `root` that name the range, each with its text rewritten (path → text). */
export function rangeFiles(root, rules) {
  const out = {};
  const visit = (path) => {
    if (skipped.test(path)) return;
    let stat;
    try {
      stat = statSync(`${root}${path}`);
    } catch {
      return;
    }
    if (stat.isDirectory()) {
      for (const name of readdirSync(`${root}${path}`)) visit(`${path}/${name}`);
      return;
    }
    if (!textFile.test(path) && !rangeRoots.includes(path)) return;
    const text = readFileSync(`${root}${path}`, 'utf8');
    if (text.search(range) >= 0) out[path] = withRange(text, rules);
  };
  for (const path of rangeRoots) visit(path);
  return out;
}
