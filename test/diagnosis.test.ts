// The assembled pipelines of the "full diagnosis" benchmark answer as they should: positions inside
// the text and a message for every invalid example, nothing for a valid one. Otherwise the benchmark
// would compare with a pipeline that skips work.
import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { withBetterAjvErrors, withMomoa } from '../bench/diagnosis.js';

const files = (kind: string) =>
  readdirSync(`examples/orders/${kind}`)
    .filter((name) => name.endsWith('.json') && !name.endsWith('.expected.json'))
    .map((name) => [name, readFileSync(`examples/orders/${kind}/${name}`, 'utf8')] as const);

describe.each([
  ['ajv + better-ajv-errors', withBetterAjvErrors],
  ['ajv + momoa + @apideck/better-ajv-errors', withMomoa],
])('%s', (_, diagnose) => {
  it('gives nothing for every valid example', () => {
    for (const [name, text] of files('valid')) expect(diagnose(text), name).toEqual([]);
  });

  it('places every fault it finds inside the text, with a message', () => {
    let diagnosed = 0;
    for (const [name, text] of files('invalid')) {
      const lines = text.split('\n');
      const found = diagnose(text);
      if (found.length > 0) diagnosed++;
      for (const f of found) {
        expect(f.line, name).toBeGreaterThanOrEqual(1);
        expect(f.line, name).toBeLessThanOrEqual(lines.length);
        expect(f.column, name).toBeGreaterThanOrEqual(1);
        expect(f.column, name).toBeLessThanOrEqual(lines[f.line - 1].length + 1);
        expect(f.message, name).not.toBe('');
      }
    }
    // the schema holds the field table; rules of R1 to R14 that it does not state are not ajv's to find
    expect(diagnosed).toBeGreaterThan(files('invalid').length / 2);
  });
});
