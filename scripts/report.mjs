// Validates every order file below the given folders with the built package and prints a report.
// Usage: node scripts/report.mjs [--lang de] <folder or file>...
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { rules, validateProductOrder } from '../dist/index.js';

const args = process.argv.slice(2);
const langAt = args.indexOf('--lang');
const lang = langAt >= 0 ? args.splice(langAt, 2)[1] : 'en';
const files = (path) =>
  statSync(path).isDirectory()
    ? readdirSync(path)
        .sort()
        .flatMap((name) => files(join(path, name)))
    : path.endsWith('.json') && !path.endsWith('.expected.json')
      ? [path]
      : [];

let valid = 0;
let invalid = 0;
const perRule = new Map();
for (const file of (args.length ? args : ['examples/orders']).flatMap(files)) {
  const result = validateProductOrder(JSON.parse(readFileSync(file, 'utf8')), { lang });
  const name = relative(process.cwd(), file);
  if (result.valid) {
    valid++;
    console.log(`✓ ${name}`);
    continue;
  }
  invalid++;
  console.log(`✗ ${name}`);
  for (const v of result.violations) {
    perRule.set(v.rule, (perRule.get(v.rule) ?? 0) + 1);
    console.log(`    ${v.rule.padEnd(9)} ${v.path || '/'}\n              ${v.message}`);
  }
}
const counts = rules
  .filter((rule) => perRule.has(rule.id))
  .map((rule) => `${rule.id}: ${perRule.get(rule.id)}`)
  .join(', ');
console.log(`\n${valid + invalid} orders: ${valid} valid, ${invalid} invalid${counts ? ` (${counts})` : ''}`);
