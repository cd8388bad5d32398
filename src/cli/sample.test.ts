// The arguments of `product-order-validate sample` read into options, and the usage errors of bad ones,
// which name what is allowed in the user's language (test/cli-sample.test.ts runs the command itself).
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cliWords } from './languages.js';
import { maxCount, parseSample, type SampleOptions } from './sample.js';

let work: string;
beforeAll(() => {
  work = mkdtempSync(join(tmpdir(), 'pov-sample-args-'));
  writeFileSync(join(work, 'a-file'), '');
  mkdirSync(join(work, 'held'));
  writeFileSync(join(work, 'held', 'sample-0001.expected.json'), '[]');
  writeFileSync(join(work, 'exists.ndjson'), '');
});
afterAll(() => rmSync(work, { recursive: true, force: true }));

const parse = (args: readonly string[], lang: 'en' | 'de' = 'en') =>
  parseSample(
    args.map((arg) => arg.replace('WORK', work)),
    lang,
    cliWords,
    () => 42,
  );
const options = (args: readonly string[]): SampleOptions => {
  const command = parse(args);
  if (!('sample' in command)) throw new Error(JSON.stringify(command));
  return command.sample;
};

describe('parseSample', () => {
  it('gives 10 valid orders, a drawn seed, to stdout by default', () => {
    expect(options([])).toEqual({
      count: 10,
      seed: 42,
      seedGiven: false,
      kind: 'order',
      categories: undefined,
      products: undefined,
      breaks: undefined,
      output: undefined,
      outDir: undefined,
      lang: 'en',
      textLang: 'de',
    });
  });

  it("words the samples' texts in German unless --lang is given, whatever the environment's language (regression: LANG changed a seed's bytes)", () => {
    expect(parse([], 'en')).toMatchObject({ sample: { lang: 'en', textLang: 'de' } });
    expect(parse([], 'de')).toMatchObject({ sample: { lang: 'de', textLang: 'de' } });
    expect(parse(['--lang', 'en'], 'de')).toMatchObject({ sample: { lang: 'en', textLang: 'en' } });
  });

  it('reads repeated and comma-listed values, and rule:code', () => {
    const read = options([
      '--category',
      'new, portChange',
      '--category',
      'providerChange',
      '--seed',
      '0',
      '-n',
      '1000000',
    ]);
    expect(read).toMatchObject({ categories: ['new', 'portChange', 'providerChange'], seed: 0, seedGiven: true });
    expect(read.count).toBe(maxCount);
    expect(options(['--break', 'R10:pattern_mismatch,R4', '--break', 'R-field']).breaks).toEqual([
      { rule: 'R10', code: 'pattern_mismatch' },
      { rule: 'R4', code: undefined },
      { rule: 'R-field', code: undefined },
    ]);
    expect(options(['--pretty', '--out-dir', 'WORK/new']).outDir).toBe(join(work, 'new'));
    expect(options(['--out-dir', 'WORK/empty-or-new']).outDir).toBe(join(work, 'empty-or-new'));
  });

  it.each([
    [['--break', 'R99'], 'option --break takes a rule of R-field, R-contact, R-party, R1, R3'],
    [['--break', 'R2'], 'not "R2"'],
    [['--break', 'r10'], 'not "r10"'],
    [['--break', ''], 'option --break takes a rule of'],
    [['--break', 'R10:required'], 'a single fault of R10 gives wrong_type, not_allowed'],
    [['--break', 'R10:pattern_mismatch:x'], 'option --break takes a rule of'],
    [['--kind', 'inflight', '--break', 'R10'], 'option --break takes a rule of R-field'],
    [['--category', 'old'], 'option --category takes new, productChange'],
    [['--category', ''], 'option --category takes new'],
    [['--product', 'VoiceProduct'], 'option --product takes HvtLocalLoopProduct, KvzLocalLoopProduct'],
    [
      ['--kind', 'event'],
      `option --kind takes order, inflight, AppointmentAttributeValueChangeEvent, AppointmentCreateEvent, AppointmentDeleteEvent, AppointmentStateChangeEvent, SearchTimeSlotAttributeValueChangeEvent, SearchTimeSlotStateChangeEvent, not "event"`,
    ],
    [['--count', '0'], 'option --count takes a whole number from 1 to 1,000,000, not "0"'],
    [['--count', '-3'], 'not "-3"'],
    [['--count', '2.5'], 'not "2.5"'],
    [['--count', '1e3'], 'not "1e3"'],
    [['--count', '1000001'], 'not "1000001"'],
    [['--count', '99999999999999999999'], 'not "99999999999999999999"'],
    [['--count'], 'option --count needs a value'],
    [['--seed', 'x'], 'option --seed takes a whole number from 0 to 2147483647, not "x"'],
    [['--seed', '-1'], 'not "-1"'],
    [['--seed', '2147483648'], 'not "2147483648"'],
    [['--seed', '007'], 'not "007"'],
    [['--out-dir', 'WORK/a-file'], 'is no folder (a part of the path is a file, not a folder)'],
    [['--out-dir', 'WORK/a-file/below'], 'is no folder'],
    [['--out-dir', 'WORK/held'], 'already holds samples ("sample-0001.expected.json")'],
    [['-o', 'WORK/exists.ndjson'], 'exists: samples never overwrite a file'],
    [['--pretty'], '--pretty writes one file per sample'],
    [['--pretty', '-o', 'x.ndjson'], '--pretty writes one file per sample'],
    [['-o', 'x.ndjson', '--out-dir', 'x'], '-o and --out-dir do not go together'],
    [['--kind', 'inflight', '--category', 'new'], 'option --category does not go with --kind inflight'],
    [['--break', 'R10', '--product', 'HvtLocalLoopProduct'], 'option --product does not go with --break'],
    [['--lang', 'fr'], 'option --lang takes en, de, not "fr"'],
    [['--pretty=yes', '--out-dir', 'x'], 'option --pretty takes no value'],
    [['--frobnicate'], 'unknown option --frobnicate'],
    [['orders.json'], 'orders.json'],
  ])('%j is a usage error', (args, message) => {
    const command = parse(args);
    expect(command).toHaveProperty('usage');
    expect((command as { usage: string }).usage).toContain(message.replace('WORK', work));
  });

  it('words usage errors in the language of --lang, else of the environment', () => {
    expect(parse(['--count', '0', '--lang', 'de'])).toEqual({
      usage: 'Option --count nimmt eine ganze Zahl von 1 bis 1.000.000, nicht "0"',
      lang: 'de',
    });
    expect(parse(['--break', 'R10:required'], 'de')).toMatchObject({ lang: 'de' });
    expect(parse(['--kind', 'x', '--lang', 'en'], 'de')).toEqual({
      usage: `option --kind takes order, inflight, AppointmentAttributeValueChangeEvent, AppointmentCreateEvent, AppointmentDeleteEvent, AppointmentStateChangeEvent, SearchTimeSlotAttributeValueChangeEvent, SearchTimeSlotStateChangeEvent, not "x"`,
      lang: 'en',
    });
  });

  it('asks for help in the language given', () => {
    expect(parse(['--help', '--lang', 'de'])).toEqual({ help: 'de' });
    expect(parse(['-h'], 'de')).toEqual({ help: 'de' });
  });
});
