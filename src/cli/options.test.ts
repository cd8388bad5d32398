import { describe, expect, it } from 'vitest';
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
      run: { inputs: ['a.json'], type: 'product-order', format: 'text', lang: 'de', ndjson: false, jobs: 6 },
    });
  });

  it('reads every option, long and short', () => {
    const args = ['-t', 'product-order', '-f', 'ndjson', '-l', 'en', '--ndjson', '-j', '3', 'a', '-', '--', '-b'];
    expect(parseCommand(args, { LANG: 'de' }, 2)).toEqual({
      run: { inputs: ['a', '-', '-b'], type: 'product-order', format: 'ndjson', lang: 'en', ndjson: true, jobs: 3 },
    });
  });

  it.each([
    [['--bogus', 'a']],
    [['--format']],
    [['--format', 'xml', 'a']],
    [['--lang', 'fr', 'a']],
    [['--ndjson=yes', 'a']],
    [['--jobs', '0', 'a']],
    [['--jobs', '257', 'a']],
    [['--jobs', '1.5', 'a']],
    [['--type', 'order', 'a']],
    [[]],
    [['-', '-']],
  ])('refuses %j', (args) => {
    expect(parseCommand(args, {}, 2)).toHaveProperty('usage');
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
