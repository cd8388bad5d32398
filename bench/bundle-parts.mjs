// Each module's share of a browser bundle built from the sources, as esbuild bundles it for a form
// (minified, gzip level 9): the bytes the gzipped bundle loses without the module's code, its own
// minified size, and its size gzipped alone. `node bench/bundle-parts.mjs ['<entry module source>']`;
// by default the entry of validateProductOrder.
import { gzipSync } from 'node:zlib';
import { build, transform } from 'esbuild';

const entry = process.argv[2] ?? `export { validateProductOrder } from './src/index.ts';`;
const result = await build({
  stdin: { contents: entry, resolveDir: process.cwd(), loader: 'js' },
  bundle: true,
  minifySyntax: true,
  minifyIdentifiers: true,
  format: 'esm',
  platform: 'browser',
  write: false,
  logLevel: 'silent',
});
// without whitespace minified, esbuild heads each module's code with a comment naming it
const parts = [];
let part = { name: '(entry)', code: '' };
for (const line of result.outputFiles[0].text.split('\n')) {
  const head = /^\/\/ (\S+)$/.exec(line);
  if (head) {
    parts.push(part);
    part = { name: head[1], code: '' };
  } else part.code += `${line}\n`;
}
parts.push(part);
for (const p of parts) p.min = (await transform(p.code, { minifyWhitespace: true, format: 'esm', loader: 'js' })).code;
const gzipped = (text) => gzipSync(text, { level: 9 }).length;
const whole = gzipped(parts.map((p) => p.min).join(''));
const rows = parts
  .filter((p) => p.min.length > 0)
  .map((p) => ({
    share: whole - gzipped(parts.map((q) => (q === p ? '' : q.min)).join('')),
    min: p.min.length,
    alone: gzipped(p.min),
    name: p.name,
  }))
  .sort((a, b) => b.share - a.share);
console.log(`${entry}\n${whole} bytes min+gzip\n\n| module | share, gzip | min | alone, gzip |\n|---|---:|---:|---:|`);
for (const r of rows) console.log(`| ${r.name} | ${r.share} | ${r.min} | ${r.alone} |`);
