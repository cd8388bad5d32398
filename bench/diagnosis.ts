// What a team would assemble for the answer validateProductOrderText gives (each fault with a line,
// a column and a readable message), from the usual packages, each compiled and set up once:
// - ajv with allErrors and better-ajv-errors, which places the errors with momoa itself when given
//   the text (its documented way);
// - ajv with allErrors, momoa's syntax tree for the positions, and @apideck/better-ajv-errors for the
//   messages, joined by hand: the lean variant, which parses the text only for an invalid order.
import { readFileSync } from 'node:fs';
import { betterAjvErrors as apideck } from '@apideck/better-ajv-errors';
import { type AnyNode, parse } from '@humanwhocodes/momoa';
import Ajv2020 from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import betterAjvErrors from 'better-ajv-errors';

/** One fault as the assembled pipelines give it. */
export interface Diagnosis {
  readonly line: number;
  readonly column: number;
  readonly message: string;
}

const schema = JSON.parse(readFileSync('schemas/product-order.schema.json', 'utf8'));
const ajv = new Ajv2020.default({ allErrors: true, strict: false });
addFormats.default(ajv);
const check = ajv.compile(schema);
// a CommonJS module whose default export Node's ESM loader and vitest's see differently
const better = (betterAjvErrors as unknown as { readonly default?: typeof betterAjvErrors }).default ?? betterAjvErrors;

/** ajv (allErrors) and better-ajv-errors given the text: messages and positions from one package. */
export function withBetterAjvErrors(text: string): Diagnosis[] {
  const data = JSON.parse(text);
  if (check(data)) return [];
  const found = better(schema, data, check.errors ?? [], { format: 'js', json: text });
  return found.map((f) => ({ line: f.start.line, column: f.start.column, message: f.error }));
}

/** ajv (allErrors), momoa for the positions, @apideck/better-ajv-errors for the messages. */
export function withMomoa(text: string): Diagnosis[] {
  const data = JSON.parse(text);
  if (check(data)) return [];
  const tree = parse(text).body;
  return apideck({ schema, data, errors: check.errors ?? [], basePath: '' }).map((error) => {
    const { line, column } = nodeAt(tree, error.path ?? '').loc.start;
    return { line, column, message: error.message };
  });
}

/** The node at an @apideck path (`.name` and `[index]` steps), or the deepest one that exists. */
function nodeAt(root: AnyNode, path: string): AnyNode {
  let node = root;
  for (const [, name, index] of path.matchAll(/\.([^.[]+)|\[(\d+)\]/g)) {
    let next: AnyNode | undefined;
    if (name !== undefined && node.type === 'Object') {
      // the last of repeated names, as JSON.parse keeps it
      for (const member of node.members)
        if (member.name.type === 'String' && member.name.value === name) next = member.value;
    } else if (index !== undefined && node.type === 'Array') next = node.elements[Number(index)]?.value;
    if (!next) break;
    node = next;
  }
  return node;
}
