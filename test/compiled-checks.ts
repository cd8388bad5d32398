// The checks the table compiler (scripts/generate-checks.mjs) emits, loaded for a test: the module's
// code run as a function body, its imports passed in (tests only; the package compiles nothing at run time).
import { elementsOf, type Findings, isRecord, lengthOf } from '../src/read.js';
import { codePointLength, isDateTime } from '../src/schema-runtime.js';

/** A compiled check: reports the faults of `value`, at the JSON Pointer `path`, to `found`. */
export type Check = (value: unknown, path: string, found: Findings) => void;

/** The exports of the compiled module `js`. */
export function loadChecks(js: string): Record<string, Check> {
  const imports = { elementsOf, isRecord, lengthOf, codePointLength, isDateTime };
  const body = js.replace(/^import .*$/gm, '').replace(/^export const (\w+) = (\w+);$/gm, 'exports.$1 = $2;');
  return new Function(...Object.keys(imports), 'exports', `${body}\nreturn exports;`)(...Object.values(imports), {});
}
