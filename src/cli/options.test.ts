import { describe, expect, it } from 'vitest';
import { maxInputBytes } from './feed.js';
import { envLang, parseCommand } from './options.js';

describe('envLang', () => {
  it.each([
    [{ LANG: 'de_DE.UTF-8' }, 'de'],
    [{ LANG: 'de' }, 'de'],
    [{ LANG: 'de_AT@euro' }, 'de'],
    [{ LANG: 'en_US.UTF-8' }, 'en'],
    [{ LANG: 'dev' }, 'en'],
    [{}, 'en'],
    [{ LANG: 'en_US.UTF-8', LC_MESSAGES: 'de_DE.UTF-8' }, 'de'],
    [{ LANG: 'de_DE.UTF-8', LC_MESSAGES: 'en_GB.UTF-8' }, 'en'],
    [{ LC_ALL: 'de_CH.UTF-8', LC_MESSAGES: 'en_GB.UTF-8' }, 'de'],
    [{ LC_ALL: '', LANG: 'de_DE.UTF-8' }, 'de'],
  ])('%j gives %s', (env, lang) => {
    expect(envLang(env)).toBe(lang);
  });
});

describe('parseCommand', () => {
  it('defaults to product-order, text, the environment language and one job per core', () => {
    expect(parseCommand(['a.json'], { LANG: 'de_DE.UTF-8' }, 6)).toEqual({
      run: {
        inputs: ['a.json'],
        type: 'product-order',
        outputs: [{ format: 'text', path: undefined }],
        lang: 'de',
        quiet: false,
        exclude: [],
        maxViolations: undefined,
        keepInexactNumbers: false,
        ndjson: false,
        jobs: 6,
        jobsGiven: false,
        maxInputBytes,
        baseDir: process.cwd(),
        changed: undefined,
        failOn: 'violations',
        maxInvalid: 0,
        config: undefined,
        noHints: false,
        baseline: undefined,
        writeBaseline: undefined,
        strictBaseline: false,
      },
    });
  });

  it('reads every option, long and short', () => {
    const args = [
      ...['-t', 'product-order', '-f', 'ndjson', '-l', 'en', '--ndjson', '-j', '3', '-q', '--max-violations', '5'],
      '--keep-inexact-numbers',
      ...['--no-hints', '--baseline', 'known.json', '--write-baseline', 'next.json', '--strict-baseline'],
      ...['--exclude', '*.x.json', '--exclude', 'b/**', '--format', 'sarif', '-o', 'r.sarif', 'a', '-', '--', '-b'],
    ];
    expect(parseCommand(args, { LANG: 'de' }, 2)).toEqual({
      run: {
        inputs: ['a', '-', '-b'],
        type: 'product-order',
        outputs: [
          { format: 'ndjson', path: undefined },
          { format: 'sarif', path: 'r.sarif' },
        ],
        lang: 'en',
        quiet: true,
        exclude: ['*.x.json', 'b/**'],
        maxViolations: 5,
        keepInexactNumbers: true,
        ndjson: true,
        jobs: 3,
        jobsGiven: true,
        maxInputBytes,
        baseDir: process.cwd(),
        changed: undefined,
        failOn: 'violations',
        maxInvalid: 0,
        config: undefined,
        noHints: true,
        baseline: 'known.json',
        writeBaseline: 'next.json',
        strictBaseline: true,
      },
    });
  });

  it.each([
    [['--bogus', 'a']],
    [['--format']],
    [['--format', 'xml', 'a']],
    [['--lang', 'fr', 'a']],
    [['--ndjson=yes', 'a']],
    [['--no-hints=yes', 'a']],
    [['--baseline']],
    [['--jobs', '0', 'a']],
    [['--jobs', '257', 'a']],
    [['--jobs', '1.5', 'a']],
    [['--type', 'order', 'a']],
    [[]],
    [['-', '-']],
    [['--format', 'json', '--format', 'sarif', 'a']],
    [['--format', 'text', '--format', 'json', 'a']],
    [['--format', 'sarif', '-o', 'r', '-o', 's', 'a']],
    [['--format', 'sarif', '-o', 'r', '--format', 'junit', '-o', './r', 'a']],
    [['-o', 'r', '-o', 's', 'a']],
    [['--max-violations', '0', 'a']],
    [['--max-violations', 'all', 'a']],
    [['--max-violations', '1e3', 'a']],
    [['--exclude', `{${Array.from({ length: 300 }, (_, i) => i).join(',')}}`, 'a']],
    [['--quiet=yes', 'a']],
  ])('refuses %j', (args) => {
    expect(parseCommand(args, {}, 2)).toHaveProperty('usage');
  });

  it("takes the limit on a JSON text's bytes from PRODUCT_ORDER_VALIDATE_MAX_INPUT_BYTES, up to V8's longest string", () => {
    const limit = (value: string) => parseCommand(['a'], { PRODUCT_ORDER_VALIDATE_MAX_INPUT_BYTES: value }, 2);
    expect(maxInputBytes).toBeGreaterThan(2 ** 28); // 536,870,888 on 64-bit Node.js
    expect(limit('')).toMatchObject({ run: { maxInputBytes } });
    expect(limit('1')).toMatchObject({ run: { maxInputBytes: 1 } });
    expect(limit('4000')).toMatchObject({ run: { maxInputBytes: 4000 } });
    expect(limit(String(maxInputBytes))).toMatchObject({ run: { maxInputBytes } });
    for (const value of ['0', '-1', '1.5', '1e6', ' 4000', 'abc', String(maxInputBytes + 1), '9'.repeat(20)]) {
      expect(limit(value)).toEqual({
        usage: `PRODUCT_ORDER_VALIDATE_MAX_INPUT_BYTES takes a whole number from 1 to ${maxInputBytes}, not ${JSON.stringify(value)}`,
        lang: 'en',
      });
    }
  });

  it('writes the report of each --format to the --output after it, the one without to stdout', () => {
    const args = [
      '-o',
      'report.txt',
      '-f',
      'sarif',
      '-o',
      'r.sarif',
      '-f',
      'junit',
      '--output=j.xml',
      '-f',
      'github',
      'a',
    ];
    expect(parseCommand(args, {}, 2)).toMatchObject({
      run: {
        outputs: [
          { format: 'text', path: 'report.txt' },
          { format: 'sarif', path: 'r.sarif' },
          { format: 'junit', path: 'j.xml' },
          { format: 'github', path: undefined },
        ],
      },
    });
  });

  it('takes each type of order', () => {
    for (const type of ['product-order', 'inflight-change']) {
      expect(parseCommand(['-t', type, 'a'], {}, 2)).toMatchObject({ run: { type } });
    }
  });

  it('gives help and version before anything else is checked', () => {
    expect(parseCommand(['--help', '--format', 'xml'], { LANG: 'de_DE' }, 2)).toEqual({ help: 'de' });
    expect(parseCommand(['-v'], {}, 2)).toEqual({ version: true });
  });
});
