// Replays the official JSON Schema Test Suite (draft 2020-12, test/json-schema-test-suite/) through the
// table compiler (scripts/generate-checks.mjs): every test group of the keywords it compiles, its
// schema compiled as the root of a table whose $defs are the group's $defs, each test's data checked,
// and "no findings" compared with the test's `valid`.
//
// A group whose schema the compiler refuses ("cannot compile ... at ...") is counted as refused, not
// passed. One refusal is deliberate and narrow: the compiler demands `type` beside a keyword of one type
// (minLength, maxLength, format: string; minItems, maxItems, items: array) and an object type or
// properties beside allOf, so that a bound in the product schema cannot silently skip values of
// another type. Where that is the only refusal at the group's root, the group is replayed a second
// time with that type added at the root, on the tests whose data has that type, where the two schemas
// agree; the tests whose data has another type are left out (the typed schema rejects them, the suite's
// schema ignores them) and counted as such. Those replays are counted as "typed".
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { checksModule } from '../scripts/generate-checks.mjs';
import { Findings } from '../src/read.js';
import { type Check, loadChecks } from './compiled-checks.js';

const suite = new URL('json-schema-test-suite/tests/draft2020-12/', import.meta.url);
const dialect = 'https://json-schema.org/draft/2020-12/schema';

interface Test {
  description: string;
  data: unknown;
  valid: boolean;
}
interface Group {
  description: string;
  schema: unknown;
  tests: Test[];
}

/**
 * What the replay of each file found: cases run on the schema as it is (accepted) and with the type
 * its root lacked (typed), cases left out of typed groups (their data has another type), groups
 * refused. Measured on the suite's files as copied; a change is a change in the compiler or the files.
 */
const expected: Record<string, { accepted: number; typed: number; leftOut: number; refused: number }> = {
  type: { accepted: 23, typed: 0, leftOut: 0, refused: 8 },
  required: { accepted: 18, typed: 0, leftOut: 0, refused: 0 },
  properties: { accepted: 0, typed: 0, leftOut: 0, refused: 6 },
  items: { accepted: 0, typed: 2, leftOut: 0, refused: 9 },
  enum: { accepted: 34, typed: 0, leftOut: 0, refused: 5 },
  const: { accepted: 35, typed: 0, leftOut: 0, refused: 6 },
  minLength: { accepted: 0, typed: 6, leftOut: 1, refused: 0 },
  maxLength: { accepted: 0, typed: 6, leftOut: 1, refused: 0 },
  minItems: { accepted: 0, typed: 5, leftOut: 1, refused: 0 },
  maxItems: { accepted: 0, typed: 5, leftOut: 1, refused: 0 },
  ref: { accepted: 5, typed: 0, leftOut: 0, refused: 33 },
  allOf: { accepted: 0, typed: 0, leftOut: 3, refused: 9 },
  'optional/format/date-time': { accepted: 0, typed: 27, leftOut: 6, refused: 0 },
};

/** Cases run in all, accepted and typed (166 measured): the replay must not pass by refusing everything. */
const floor = 160;

/** The JSON type of a value as `type` names it (integers count as numbers: the compiler has neither). */
function jsonType(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  return typeof value;
}

/**
 * The group's schema compiled as the root `Root` of a table with the group's $defs (the compiler
 * reaches a $def only by `$ref: '#/$defs/NAME'`), with the type added at the root when that is all the
 * compiler lacks; or the compiler's refusal.
 */
function compile(schema: unknown): { check: Check; typed?: string } | { refused: string } {
  let root: unknown = schema;
  let defs: Record<string, unknown> = {};
  if (typeof schema === 'object' && schema !== null) {
    // $schema names the dialect, the same for every group; $defs become the table's $defs
    const { $schema, $defs, ...rest } = schema as Record<string, unknown>;
    if ($schema !== undefined && $schema !== dialect) throw new Error(`a group in another dialect: ${$schema}`);
    root = rest;
    defs = ($defs ?? {}) as Record<string, unknown>;
  }
  const name = Object.hasOwn(defs, 'Root') ? 'Root_' : 'Root';
  const untyped = new RegExp(
    `^cannot compile (?:\\S+ without type (\\w+)|allOf outside an object with properties) at #/\\$defs/${name}$`,
  );
  let typed: string | undefined;
  for (;;) {
    try {
      const { js } = checksModule([{ name: 'check', root: name, defs: { ...defs, [name]: root } }]);
      return { check: loadChecks(js).check, typed };
    } catch (error) {
      const why = (error as Error).message;
      // anything but a refusal (a crash, code that does not parse) fails the replay
      if (!why.startsWith('cannot compile ')) throw error;
      const match = untyped.exec(why);
      const type = match && (match[1] ?? 'object');
      const own = typeof root === 'object' && root !== null && 'type' in root;
      if (!type || typed || own) return { refused: why };
      typed = type;
      root = { ...(root as object), type };
    }
  }
}

/** The replay of one suite file: what `expected` counts, the refusals, and the disagreements. */
function replay(file: string) {
  const groups: Group[] = JSON.parse(readFileSync(new URL(`${file}.json`, suite), 'utf8'));
  const tally = { accepted: 0, typed: 0, leftOut: 0, refused: 0 };
  const refusals: string[] = [];
  const disagreements: string[] = [];
  for (const group of groups) {
    const compiled = compile(group.schema);
    if ('refused' in compiled) {
      tally.refused++;
      refusals.push(`${group.description}: ${compiled.refused}`);
      continue;
    }
    for (const test of group.tests) {
      if (compiled.typed && jsonType(test.data) !== compiled.typed) {
        tally.leftOut++;
        continue;
      }
      const found = new Findings('R-field');
      compiled.check(test.data, '', found);
      const valid = found.done().length === 0;
      tally[compiled.typed ? 'typed' : 'accepted']++;
      if (valid !== test.valid)
        disagreements.push(`${group.description} / ${test.description}: suite ${test.valid}, compiled ${valid}`);
    }
  }
  return { tally, refusals, disagreements };
}

const replays = Object.fromEntries(Object.keys(expected).map((file) => [file, replay(file)]));

describe('the table compiler on the JSON Schema Test Suite (draft 2020-12)', () => {
  it.each(Object.keys(expected))('agrees with %s.json wherever it compiles the schema', (file) => {
    const { tally, refusals, disagreements } = replays[file];
    expect(disagreements).toEqual([]);
    expect(tally).toEqual(expected[file]);
    // every refusal names the schema path it stands at
    for (const why of refusals) expect(why).toMatch(/ at #\/\$defs\//);
  });

  it(`runs at least ${floor} cases`, () => {
    const rows = Object.entries(replays).map(([file, { tally, refusals }]) => ({
      file,
      ...tally,
      refusals: refusals.join('; '),
    }));
    console.table(rows.map(({ refusals: _, ...row }) => row));
    for (const { file, refusals } of rows) if (refusals) console.log(`${file} refused: ${refusals}`);
    const run = rows.reduce((sum, { accepted, typed }) => sum + accepted + typed, 0);
    expect(run).toBeGreaterThanOrEqual(floor);
  });
});
