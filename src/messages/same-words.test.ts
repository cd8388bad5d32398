// The messages of many findings keep their words, in every language and part: the lines of
// test/same-words.ts as src/messages/same-words.snapshot.txt holds them (`npm run generate` writes it
// from the rule folders and the tables; a change of wording shows there line by line).
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { sameWords, sameWordsFile } from '../../test/same-words.js';
import { layerMessages, violationWords } from './languages.js';

describe('the messages', () => {
  const { text, codes } = sameWords('./');

  it('of the examples, mutants and orders of a few faults give every code', () => {
    for (const code of [...Object.keys(violationWords.en.table), ...Object.keys(layerMessages.en)])
      expect(codes, code).toContain(code);
  });

  it('of the examples, mutants and orders of a few or hundreds of faults are the words of before, in every language and part', () => {
    const kept = readFileSync(sameWordsFile, 'utf8');
    expect(text.split('\n')[0], 'the orders of hundreds of faults (run npm run generate)').toBe(kept.split('\n')[0]);
    expect(text, `${sameWordsFile} (run npm run generate)`).toBe(kept);
  });
});
