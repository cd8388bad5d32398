// `product-order-validate sample` from the packed package, installed without fast-check, run as a
// process: determinism by seed (and a golden hash against drift), every sample checked by the
// validator, `--break` for every rule, the default mix's coverage, files per sample, bad arguments,
// a reader that stops early, and the count's bound.
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { cpSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { faultCodes, productOrder } from '../src/arbitraries/index.js';
import { validateListenerEvent } from '../src/http/events.js';
import { categories } from '../src/rules/arbitrary-kit.js';
import { bin, cleanEnv, runner } from './command.js';
import { importEsm } from './consumer.js';

let work: string;
const cli = runner(() => work);
let api: Awaited<ReturnType<typeof importEsm>>;

beforeAll(async () => {
  work = mkdtempSync(join(tmpdir(), 'pov-sample-'));
  api = await importEsm();
});
afterAll(() => rmSync(work, { recursive: true, force: true }));

/** The lines of an NDJSON text, parsed. */
const parsed = (stdout: string): unknown[] =>
  stdout
    .split('\n')
    .filter((line) => line !== '')
    .map((line) => JSON.parse(line));

/** The violations of an order under the packed package's validator, as rule, code and path. */
const found = (order: unknown) =>
  api.validateProductOrder(order).violations.map(({ rule, code, path }) => ({ rule, code, path }));

interface Faulty {
  order: unknown;
  expected: { rule: string; code: string; path: string };
}

describe('sample from an install without fast-check', () => {
  it('runs from a copy of the installed package that cannot reach fast-check, and writes 10 valid orders by default', () => {
    // a folder of its own: the suites' consumer folder links fast-check for the guides' blocks
    const alone = join(work, 'alone', 'node_modules', 'product-order-validator');
    cpSync(join(inject('consumer'), 'node_modules', 'product-order-validator'), alone, {
      recursive: true,
      dereference: true,
    });
    expect(() => createRequire(join(alone, 'package.json')).resolve('fast-check')).toThrow();
    const run = spawnSync(process.execPath, [join(alone, 'dist', 'cli.js'), 'sample'], {
      cwd: join(work, 'alone'),
      env: cleanEnv,
      encoding: 'utf8',
      timeout: 30_000,
    });
    expect(run.status).toBe(0);
    const orders = parsed(run.stdout);
    expect(orders).toHaveLength(10);
    for (const order of orders) expect(found(order)).toEqual([]);
  });
});

describe('sample: the same seed gives the same bytes', () => {
  it('twice, and they are those of fc.sample(productOrder()), seed 1, 20 samples', () => {
    const twenty = 20; // the count the command is asked for: the same samples, not a property's runs
    const first = cli(['sample', '--seed', '1', '--count', '20']);
    const second = cli(['sample', '--count', '20', '--seed', '1']);
    expect(first.code).toBe(0);
    expect(first.stderr).toBe('');
    expect(second.stdout).toBe(first.stdout);
    const drawn = fc.sample(productOrder(), { seed: 1, numRuns: twenty });
    expect(first.stdout).toBe(drawn.map((order) => `${JSON.stringify(order)}\n`).join(''));
    // a change of the generators or of the bundled fast-check changes every partner's fixtures: this
    // hash changes on purpose, with a CHANGELOG line, never to make the test pass
    expect(createHash('sha256').update(first.stdout).digest('hex')).toBe(
      'bb6d1ae444955bc04f6f54d28b23086c5b6757cdf98fb8437d74c6ed3dbdb942',
    );
  });

  it("gives the same bytes for a seed whatever the environment's language (regression: LANG changed the texts)", () => {
    const c = cli(['sample', '--seed', '1', '--count', '3'], { env: { LANG: 'C.UTF-8' } });
    const de = cli(['sample', '--seed', '1', '--count', '3'], { env: { LANG: 'de_DE.UTF-8' } });
    expect(c.code).toBe(0);
    expect(de.stdout).toBe(c.stdout);
  });

  it('draws a seed when none is given, names it on stderr, and that seed gives the same bytes again', () => {
    const drawn = cli(['sample', '--count', '3']);
    const seed = /--seed ([0-9]+)/.exec(drawn.stderr)?.[1];
    expect(seed).toBeDefined();
    expect(cli(['sample', '--count', '3', '--seed', seed as string]).stdout).toBe(drawn.stdout);
  });
});

describe('sample --break: each sample gives exactly its expected violation', () => {
  const rules = Object.keys(faultCodes.productOrder);

  it('for every rule that can fail, --break repeated: each sample breaks one of them, and each of them is broken', () => {
    const run = cli(['sample', ...rules.flatMap((rule) => ['--break', rule]), '--count', '96', '--seed', '5']);
    expect(run.code).toBe(0);
    const samples = parsed(run.stdout) as Faulty[];
    expect(samples).toHaveLength(96);
    for (const { order, expected } of samples) expect(found(order)).toEqual([expected]);
    expect(new Set(samples.map((s) => s.expected.rule))).toEqual(new Set(rules));
  });

  it('<rule>:<code> gives that code, as a comma list too', () => {
    const asked = ['R10:pattern_mismatch', 'R-field:required', 'R13:too_long', 'R9:not_allowed'];
    const samples = parsed(cli(['sample', '--break', asked.join(','), '-n', '12', '--seed', '2']).stdout) as Faulty[];
    expect(samples).toHaveLength(12);
    for (const { order, expected } of samples) {
      expect(asked).toContain(`${expected.rule}:${expected.code}`);
      expect(found(order)).toEqual([expected]);
    }
    expect(new Set(samples.map((s) => `${s.expected.rule}:${s.expected.code}`))).toEqual(new Set(asked));
  });

  it('--kind inflight gives valid in-flight changes, and with --break changes that give their one violation', () => {
    for (const change of parsed(cli(['sample', '--kind', 'inflight', '-n', '5', '--seed', '3']).stdout))
      expect(api.validateInflightChangeProductOrder(change).violations).toEqual([]);
    const rule = Object.keys(faultCodes.inflightChange)[0];
    const faulty = parsed(cli(['sample', '-k', 'inflight', '--break', rule, '-n', '3', '--seed', '3']).stdout);
    for (const { order, expected } of faulty as Faulty[]) {
      const violations = api.validateInflightChangeProductOrder(order).violations;
      expect(violations.map(({ rule, code, path }) => ({ rule, code, path }))).toEqual([expected]);
    }
  });
});

describe('sample --kind <event type>: the six listener events', () => {
  it('gives valid events of that type, and with --break R-event[:code] events with exactly their expected violation', () => {
    const type = 'AppointmentStateChangeEvent';
    const events = parsed(cli(['sample', '--kind', type, '-n', '10', '--seed', '3']).stdout);
    expect(events).toHaveLength(10);
    for (const event of events) expect(validateListenerEvent(type, event).violations).toEqual([]);
    const broken = parsed(cli(['sample', '--kind', type, '--break', 'R-event:not_allowed', '-n', '5']).stdout) as {
      event: unknown;
      expected: Faulty['expected'];
    }[];
    expect(broken).toHaveLength(5);
    for (const { event, expected } of broken) {
      expect(expected.code).toBe('not_allowed');
      const { violations } = validateListenerEvent(type, event);
      expect(violations.map(({ rule, code, path }: Faulty['expected']) => ({ rule, code, path }))).toEqual([expected]);
    }
  });
});

describe('sample: the mix', () => {
  it('300 samples of the default mix are all valid and cover every category', () => {
    const orders = parsed(cli(['sample', '--count', '300', '--seed', '11']).stdout) as { category: string }[];
    expect(orders).toHaveLength(300);
    expect(new Set(orders.map((order) => order.category))).toEqual(new Set(categories));
    for (const order of orders) expect(found(order)).toEqual([]);
  });

  it('--category, repeated or as a comma list, gives orders of those categories only', () => {
    const orders = parsed(
      cli(['sample', '--category', 'new,portChange', '--category', 'providerChange', '-n', '30', '--seed', '4']).stdout,
    ) as { category: string }[];
    expect(orders).toHaveLength(30);
    expect(new Set(orders.map((order) => order.category))).toEqual(new Set(['new', 'portChange', 'providerChange']));
    for (const order of orders) expect(found(order)).toEqual([]);
  });
});

/** The four product types of the spec. */
const productTypes = [
  'HvtLocalLoopProduct',
  'KvzLocalLoopProduct',
  'BitstreamAccessProduct',
  'OpticalAccessLineProduct',
];
/** The product types of an order's items. */
const productsOf = (order: unknown) =>
  ((order as { productOrderItem?: { product?: { '@type'?: string } }[] }).productOrderItem ?? []).flatMap((item) =>
    item.product?.['@type'] === undefined ? [] : [item.product['@type']],
  );
describe('sample: products', () => {
  it('--product gives items of those product types only; 300 default samples hold all four', () => {
    const chosen = parsed(cli(['sample', '--product', 'HvtLocalLoopProduct', '-n', '20', '--seed', '8']).stdout);
    for (const order of chosen) {
      expect(productsOf(order).every((type) => type === 'HvtLocalLoopProduct')).toBe(true);
      expect(found(order)).toEqual([]);
    }
    const mix = parsed(cli(['sample', '--count', '300', '--seed', '11']).stdout);
    expect(productTypes.filter((type) => !mix.some((order) => productsOf(order).includes(type)))).toEqual([]);
  });
});

describe('sample: files', () => {
  it('--pretty --out-dir writes one pretty-printed file per sample, and its expected violation beside it with --break', () => {
    const dir = join(work, 'fixtures');
    const run = cli(['sample', '--pretty', '--out-dir', dir, '--break', 'R4', '-n', '3', '--seed', '9']);
    expect(run.code).toBe(0);
    expect(run.stdout).toBe('');
    expect(readdirSync(dir).sort()).toEqual([
      'sample-0001.expected.json',
      'sample-0001.json',
      'sample-0002.expected.json',
      'sample-0002.json',
      'sample-0003.expected.json',
      'sample-0003.json',
    ]);
    const lines = parsed(cli(['sample', '--break', 'R4', '-n', '3', '--seed', '9']).stdout) as Faulty[];
    lines.forEach(({ order, expected }, i) => {
      const name = join(dir, `sample-000${i + 1}`);
      expect(readFileSync(`${name}.json`, 'utf8')).toBe(`${JSON.stringify(order, null, 2)}\n`);
      expect(JSON.parse(readFileSync(`${name}.expected.json`, 'utf8'))).toEqual([expected]);
    });
  });

  it('refuses a folder that holds samples, and leaves them as they were', () => {
    const dir = join(work, 'held');
    mkdirSync(dir);
    writeFileSync(join(dir, 'sample-0002.json'), 'mine');
    const run = cli(['sample', '--out-dir', dir, '-n', '3']);
    expect(run.code).toBe(2);
    expect(run.stderr).toContain('already holds samples ("sample-0002.json")');
    expect(readdirSync(dir)).toEqual(['sample-0002.json']);
    expect(readFileSync(join(dir, 'sample-0002.json'), 'utf8')).toBe('mine');
  });

  it('-o writes the NDJSON to a new file, and refuses one that exists', () => {
    const file = join(work, 'out.ndjson');
    expect(cli(['sample', '-o', file, '-n', '5', '--seed', '6']).code).toBe(0);
    expect(readFileSync(file, 'utf8')).toBe(cli(['sample', '-n', '5', '--seed', '6']).stdout);
    writeFileSync(file, 'mine');
    const again = cli(['sample', '-o', file, '-n', '5']);
    expect(again.code).toBe(2);
    expect(again.stderr).toContain('exists: samples never overwrite a file');
    expect(readFileSync(file, 'utf8')).toBe('mine');
  });
});

// every bad argument is in src/cli/sample.test.ts; here what the user meets: stderr, exit code, language
describe('sample: bad arguments are usage errors that name what is allowed', () => {
  it('an unknown rule: exit code 2, the rules allowed on stderr, nothing on stdout', () => {
    const run = cli(['sample', '--break', 'R99']);
    expect(run.code).toBe(2);
    expect(run.stdout).toBe('');
    expect(run.stderr).toContain('option --break takes a rule of R-field, R-contact');
  });

  it('in the language of --lang or the environment', () => {
    expect(cli(['sample', '--count', '0', '--lang', 'de']).stderr).toContain(
      'Option --count nimmt eine ganze Zahl von 1 bis 1.000.000, nicht "0"',
    );
    const run = cli(['sample', '--break', 'R10:required'], { env: { LANG: 'de_DE.UTF-8' } });
    expect(run.code).toBe(2);
    expect(run.stderr).toContain('ein einzelner Fehler gegen R10 ergibt wrong_type');
  });
});

describe('sample: bounded', () => {
  it('stops quietly, with exit code 0, when the reader stops (| head -1), long before the 1,000,000 asked', () => {
    const started = performance.now();
    const run = spawnSync(
      'bash',
      ['-c', `"$0" sample --count 1000000 --seed 1 | head -1; echo "\${PIPESTATUS[0]}" >&2`, bin()],
      {
        cwd: work,
        env: cleanEnv,
        encoding: 'utf8',
        timeout: 30_000,
      },
    );
    expect(performance.now() - started).toBeLessThan(15_000);
    expect(parsed(run.stdout)).toHaveLength(1);
    expect(run.stderr).toBe('0\n');
  });
});

describe('sample in the help', () => {
  it('--help lists it, in English and German, and sample --help lists its options', () => {
    expect(cli(['--help']).stdout).toContain('product-order-validate sample [options]');
    expect(cli(['--help', '--lang', 'de']).stdout).toContain('product-order-validate sample [Optionen]');
    const help = cli(['sample', '--help', '--lang', 'de']);
    expect(help.code).toBe(0);
    expect(help.stdout).toContain('Aufruf: product-order-validate sample [Optionen]');
    for (const flag of ['--count', '--seed', '--kind', '--category', '--product', '--break', '--out-dir', '--pretty'])
      expect(help.stdout).toContain(flag);
  });
});
