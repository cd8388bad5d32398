// The assembled pipelines of the "full diagnosis" benchmark answer as they should: a position inside
// the text and a message for what they find in every invalid example, nothing for a valid one.
// Otherwise the benchmark would compare with a pipeline that skips work. ajv's schema states only
// part of R1 to R14, so the counts are ajv's, never compared with validateProductOrder's.
import { readdirSync, readFileSync } from 'node:fs';
import Ajv2020 from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { describe, expect, it } from 'vitest';
import { assembledDiagnosis, type Diagnosis, withBetterAjvErrors, withMomoa } from '../bench/diagnosis.js';

const files = (kind: string) =>
  readdirSync(`examples/orders/${kind}`)
    .filter((name) => name.endsWith('.json') && !name.endsWith('.expected.json'))
    .map((name) => [name, readFileSync(`examples/orders/${kind}/${name}`, 'utf8')] as const);

/** The character a diagnosis points at. */
function at(text: string, { line, column }: Diagnosis): string {
  const lines = text.split('\n');
  expect(line).toBeGreaterThanOrEqual(1);
  expect(line).toBeLessThanOrEqual(lines.length);
  expect(column).toBeGreaterThanOrEqual(1);
  expect(column).toBeLessThanOrEqual(lines[line - 1].length);
  return lines[line - 1][column - 1];
}

describe.each([
  ['assembledDiagnosis (ajv + json-source-map + @apideck/better-ajv-errors)', assembledDiagnosis],
  ['ajv + momoa + @apideck/better-ajv-errors', withMomoa],
  ['ajv + better-ajv-errors', withBetterAjvErrors],
])('%s', (_, diagnose) => {
  it('gives nothing for every valid example', () => {
    for (const [name, text] of files('valid')) expect(diagnose(text), name).toEqual([]);
  });

  it('gives every invalid example a diagnosis, each at the start of a JSON value or name, with a message', () => {
    for (const [name, text] of files('invalid')) {
      const found = diagnose(text);
      expect(found.length, name).toBeGreaterThan(0);
      for (const f of found) {
        expect(at(text, f), `${name} ${f.path}`).toMatch(/^["{[\-0-9tfn]$/);
        expect(f.message.trim(), name).not.toBe('');
      }
    }
  });
});

describe('assembledDiagnosis', () => {
  const ajv = new Ajv2020.default({ allErrors: true, strict: false });
  addFormats.default(ajv);
  const check = ajv.compile(JSON.parse(readFileSync('schemas/product-order.schema.json', 'utf8')));

  it("gives each of ajv's errors its own diagnosis, at the node the error concerns", () => {
    for (const [name, text] of files('invalid')) {
      check(JSON.parse(text));
      const paths = (check.errors ?? []).map((e) =>
        e.params.additionalProperty === undefined ? e.instancePath : `${e.instancePath}/${e.params.additionalProperty}`,
      );
      expect(
        assembledDiagnosis(text).map((d) => d.path),
        name,
      ).toEqual(paths);
    }
  });

  it('places each fault where momoa does, counting a tab as one column', () => {
    for (const [name, text] of files('invalid')) {
      expect(assembledDiagnosis(text), name).toEqual(withMomoa(text));
      const tabbed = text.replace(/^( {2})+/gm, (indent) => '\t'.repeat(indent.length / 2));
      expect(assembledDiagnosis(tabbed), name).toEqual(withMomoa(tabbed));
    }
  });
});
