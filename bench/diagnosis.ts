// What a team would assemble for the answer validateProductOrderText gives (every fault with a line,
// a column and a readable message), from the usual packages, each compiled and set up once.
//
// assembledDiagnosis, the pipeline the target is measured against: json-source-map parses the text
// once, into the value and a map from every JSON Pointer to its position; ajv (2020, allErrors,
// ajv-formats) checks the value; @apideck/better-ajv-errors words each of ajv's errors.
// - json-source-map rather than @humanwhocodes/momoa: on the benchmark's invalid orders it is the
//   faster of the two (withMomoa below is the same pipeline with momoa's tree, one row of `npm run
//   bench`), and ajv's instancePath is a key of its map, where momoa's tree has to be walked.
//   Parsing once with it beats JSON.parse followed by json-source-map for an invalid order only
//   (about 65 µs against 80 µs an order with one fault, node 20 on the CI machine kind), though a
//   valid order then costs a JavaScript parse instead of the native one.
// - @apideck/better-ajv-errors rather than better-ajv-errors: neither gives one message per error
//   when handed all of them (@apideck keeps one error per property; better-ajv-errors drops what a
//   `required` error at the same node or an enum sibling makes redundant, files an error under a
//   name with a character outside [\w-], such as `@type`, with the name's parent, and drops it at
//   the top level: a top-level `"@type": 5` gives nothing). @apideck words one error at a time at
//   little cost; better-ajv-errors parses the whole text again on every call. withBetterAjvErrors
//   below is better-ajv-errors as documented, placing the errors itself from the text, for context.
// - ajv-errors is left out: it words only the errors of an `errorMessage` keyword, which the schema
//   does not have.
import { readFileSync } from 'node:fs';
import { betterAjvErrors as apideck } from '@apideck/better-ajv-errors';
import { type AnyNode, evaluate, parse as parseTree } from '@humanwhocodes/momoa';
import Ajv2020 from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import betterAjvErrors, { type IOutputError } from 'better-ajv-errors';
import { parse as parseWithPointers } from 'json-source-map';

/** One fault as the assembled pipelines give it: the node's JSON Pointer, its 1-based line and column, a message. */
export interface Diagnosis {
  readonly path: string;
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

/** Where a node starts: at its name when `name` (a property that should not be there), else at its value. */
type Locate = (path: string, name: boolean) => { readonly line: number; readonly column: number };

/** Every fault ajv (allErrors) finds in the JSON text, with its line, column and message; none for a valid order. */
export function assembledDiagnosis(text: string): Diagnosis[] {
  const { data, pointers } = parseWithPointers(text);
  if (check(data)) return [];
  return diagnose(data, (path, name) => {
    const mapping = pointers[path];
    const { line, pos } = (name && mapping.key) || mapping.value;
    // json-source-map counts a tab as four columns; the column here counts characters, as ours does
    return { line: line + 1, column: pos - text.lastIndexOf('\n', pos - 1) };
  });
}

/** assembledDiagnosis with @humanwhocodes/momoa's syntax tree for the value and the positions. */
export function withMomoa(text: string): Diagnosis[] {
  const tree = parseTree(text).body;
  const data = evaluate(tree);
  if (check(data)) return [];
  return diagnose(data, (path, name) => nodeAt(tree, path, name).loc.start);
}

/** better-ajv-errors as documented: given the text, it parses it with momoa and places the errors it keeps. */
export function withBetterAjvErrors(text: string): Diagnosis[] {
  const data = JSON.parse(text);
  if (check(data)) return [];
  const placed: (IOutputError & { readonly path: string })[] = better(schema, data, check.errors ?? [], {
    format: 'js',
    json: text,
  }) as never; // its typings leave out the instancePath it gives
  return placed.map((found) => ({
    path: found.path,
    line: found.start.line,
    column: found.start.column,
    message: found.suggestion ? `${found.error}. ${found.suggestion}` : found.error,
  }));
}

/** Each of ajv's last errors on `data` placed by `locate` and worded by @apideck/better-ajv-errors, one by one. */
function diagnose(data: unknown, locate: Locate): Diagnosis[] {
  return (check.errors ?? []).map((error) => {
    const name: string | undefined = error.params.additionalProperty ?? error.params.unevaluatedProperty;
    const path =
      name === undefined
        ? error.instancePath
        : `${error.instancePath}/${name.replaceAll('~', '~0').replaceAll('/', '~1')}`;
    const { line, column } = locate(path, name !== undefined);
    // one error at a time: handed all of them, @apideck keeps one per property
    const [worded] = apideck({ schema, data, errors: [error], basePath: 'order' });
    return {
      path,
      line,
      column,
      message: worded.suggestion ? `${worded.message}. ${worded.suggestion}` : worded.message,
    };
  });
}

/** The node at a JSON Pointer that exists in the tree (the last of repeated names, as JSON.parse keeps), or its name. */
function nodeAt(root: AnyNode, path: string, name: boolean): AnyNode {
  let node = root;
  let key: AnyNode = root;
  if (path === '') return root;
  for (const token of path.slice(1).split('/')) {
    const step = token.replaceAll('~1', '/').replaceAll('~0', '~');
    let next: AnyNode | undefined;
    if (node.type === 'Object') {
      for (const member of node.members) {
        if (member.name.type === 'String' && member.name.value === step) {
          key = member.name;
          next = member.value;
        }
      }
    } else if (node.type === 'Array') next = node.elements[Number(step)]?.value;
    if (next === undefined) throw new Error(`no node at ${path}`);
    node = next;
  }
  return name ? key : node;
}
