// The table of docs/testing.md of what a single fault can make: per rule, the codes its faults give
// in a product order, an in-flight change and a listener event, as the arbitraries bundled from src/
// declare them (faultCodes), so the table is what `--break` and faultyProductOrder
// accept, never a copy of it.
import { existsSync, readFileSync } from 'node:fs';
import { bundledModule } from './generate-field-facts.mjs';
import { pagesDir } from './generate-rule-docs.mjs';
import { between } from './generate-rules.mjs';

/** The kinds of input a fault is made in, by the key of the codes per rule. */
const kinds = ['productOrder', 'inflightChange', 'listenerEvent'];

const cell = (codes) => (codes?.length ? codes.map((code) => `\`${code}\``).join(', ') : '—');

/**
 * The lines of the table: a row per rule of `ruleIds` (the folders' order), then per rule that only
 * `codes` names, each linking the rule's page where `hasPage` says one exists; a cell with the
 * codes of the cell before it says `same`.
 */
export function faultTableLines(ruleIds, codes, hasPage) {
  const ids = [...new Set([...ruleIds, ...kinds.flatMap((kind) => Object.keys(codes[kind]))])];
  return [
    '| rule | product order | in-flight change | listener event |',
    '|---|---|---|---|',
    ...ids.map((id) => {
      const name = hasPage(id) ? `[\`${id}\`](reference/rules/${id}.md)` : `\`${id}\``;
      const cells = kinds.map((kind) => cell(codes[kind][id]));
      return `| ${name} | ${cells.map((text, i) => (i > 0 && text !== '—' && text === cells[i - 1] ? 'same' : text)).join(' | ')} |`;
    }),
  ];
}

/** docs/testing.md with its table of the codes a single fault gives, from the arbitraries of src/. */
export async function faultTableDoc(root, rules) {
  const { faultCodes: codes } = await bundledModule(root, `export { faultCodes } from './src/arbitraries/index.ts';`);

  const lines = faultTableLines(
    rules.map((rule) => rule.id),
    codes,
    (id) => existsSync(`${root}${pagesDir}/${id}.md`),
  );
  return between(readFileSync(`${root}docs/testing.md`, 'utf8'), 'faults', lines, 'docs/testing.md');
}
