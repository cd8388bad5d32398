// The product-order-validate command from the packed package, run as a child process the way a
// partner runs it: each kind of input, each format, both languages, exit codes, input errors,
// terminals, and a stream of 200,000 orders for flat memory and more than one core.
import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import {
  chmodSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  symlinkSync,
  truncateSync,
  writeFileSync,
} from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { canMeasureRss, cleanEnv, bin as commandBin, measured, runner } from './command.js';
import { importEsm } from './consumer.js';
import { canMeasure, measure } from './measure.js';
import { orderStream } from './stream.js';

const consumer = inject('consumer');
const bin = commandBin();
const examples = join(process.cwd(), 'examples', 'orders');
const order = (kind: 'valid' | 'invalid', name: string) => readFileSync(join(examples, kind, `${name}.json`), 'utf8');
const validOrder = order('valid', 'new-hvt-local-loop');
const invalidOrder = order('invalid', 'category-unknown'); // R-field not_allowed at /category
const compact = (text: string) => JSON.stringify(JSON.parse(text));

let work: string;

const cli = runner(() => work);

/** A run with --format json, its document parsed. */
function json(args: readonly string[], options: { input?: string | Buffer; env?: Record<string, string> } = {}) {
  const run = cli(['--format', 'json', ...args], options);
  return { ...run, doc: JSON.parse(run.stdout) as JsonReport };
}

interface JsonRecord {
  source: string;
  line?: number;
  index?: number;
  column?: number;
  valid?: boolean;
  violations?: { rule: string; code: string; path: string; params: Record<string, unknown>; message: string }[];
  hints?: { path: string; code: string; params: Record<string, unknown>; message: string }[];
  error?: string;
  reason?: string;
  found?: string;
  limit?: number;
  message?: string;
}

interface JsonReport {
  results: JsonRecord[];
  summary: {
    orders: number;
    valid: number;
    invalid: number;
    inputErrors: number;
    violationsByRule: Record<string, number>;
  };
}

/** The verdict part of a record: where, and which violations (rule, code, path). */
const brief = (r: JsonRecord) => ({
  source: r.source,
  ...(r.line === undefined ? {} : { line: r.line }),
  ...(r.index === undefined ? {} : { index: r.index }),
  ...(r.error === undefined
    ? { violations: r.violations?.map(({ rule, code, path }) => [rule, code, path].join(' ')) }
    : { error: r.error, reason: r.reason, column: r.column }),
});

const notAllowed = 'R-field not_allowed /category';

beforeAll(() => {
  work = mkdtempSync(join(tmpdir(), 'pov-cli-'));
  const put = (path: string, text: string) => {
    mkdirSync(join(work, path, '..'), { recursive: true });
    writeFileSync(join(work, path), text);
  };
  put('valid.json', validOrder);
  put('copy/valid.json', validOrder); // another file of the same order: a file named twice is checked once
  put('invalid.json', invalidOrder);
  put('array.json', `[${validOrder},${invalidOrder},${validOrder}]`);
  put('orders.ndjson', `${compact(validOrder)}\n${compact(invalidOrder)}\n`);
  put('orders.jsonl', `${compact(invalidOrder)}\n\n${compact(validOrder)}`);
  put('orders.txt', `${compact(validOrder)}\n${compact(validOrder)}\n`);
  // malformed JSON in the middle of a stream: a value missing on line 3
  put('broken.ndjson', `${compact(validOrder)}\n${compact(invalidOrder)}\n{"category": }\n\n${compact(validOrder)}\n`);
  put('broken.json', '{\n  "category": "new",\n  "relatedParty": [1,\n    2,,\n  ]\n}\n');
  put('tree/b.json', invalidOrder);
  put('tree/a.json', validOrder);
  put('tree/sub/c.ndjson', `${compact(validOrder)}\n${compact(validOrder)}\n`);
  put('tree/sub/deeper/d.jsonl', `${compact(invalidOrder)}\n`);
  put('tree/notes.txt', 'not an order');
  put('tree/.hidden/e.json', invalidOrder);
  put('empty/readme.txt', 'nothing here');
  put('links/ok.json', validOrder);
  symlinkSync(join(work, 'nowhere.json'), join(work, 'links', 'dangling.json'));
});

afterAll(() => {
  chmodSync(join(work), 0o755);
  rmSync(work, { recursive: true, force: true });
});

describe('product-order-validate inputs', () => {
  it('checks one file: exit 0 for a valid order, 1 for an invalid one, with its violations', () => {
    expect(cli(['valid.json']).code).toBe(0);
    const valid = json(['valid.json']);
    expect(valid.doc.results.map(brief)).toEqual([{ source: 'valid.json', violations: [] }]);
    expect(valid.doc.summary).toEqual({ orders: 1, valid: 1, invalid: 0, inputErrors: 0, violationsByRule: {} });

    const invalid = json(['invalid.json']);
    expect(invalid.code).toBe(1);
    expect(invalid.doc.results.map(brief)).toEqual([{ source: 'invalid.json', violations: [notAllowed] }]);
    expect(invalid.doc.results[0].violations?.[0].params).toMatchObject({ allowed: expect.arrayContaining(['new']) });
    expect(invalid.doc.summary.violationsByRule).toEqual({ 'R-field': 1 });
  });

  it('checks an array of orders in one file, each with its index', () => {
    const run = json(['array.json']);
    expect(run.code).toBe(1);
    expect(run.doc.results.map(brief)).toEqual([
      { source: 'array.json', index: 0, violations: [] },
      { source: 'array.json', index: 1, violations: [notAllowed] },
      { source: 'array.json', index: 2, violations: [] },
    ]);
  });

  it('streams .ndjson and .jsonl one order per line, blank lines skipped but counted', () => {
    const run = json(['orders.ndjson', 'orders.jsonl']);
    expect(run.doc.results.map(brief)).toEqual([
      { source: 'orders.ndjson', line: 1, violations: [] },
      { source: 'orders.ndjson', line: 2, violations: [notAllowed] },
      { source: 'orders.jsonl', line: 1, violations: [notAllowed] },
      { source: 'orders.jsonl', line: 3, violations: [] },
    ]);
  });

  it('reports a number JavaScript cannot hold exactly (1e400, 12345678901234567890) as inexact_number at its line and column, in a file, an array and NDJSON; --keep-inexact-numbers keeps it', () => {
    const one = validOrder.replace('{', '{\n  "carrierCost": 1e400,');
    writeFileSync(join(work, 'numbers.json'), one);
    writeFileSync(
      join(work, 'numbers-array.json'),
      `[${compact(validOrder)},\n${compact(validOrder).replace('{', '{"ticket":12345678901234567890,')}]`,
    );
    writeFileSync(
      join(work, 'numbers.ndjson'),
      `${compact(validOrder)}\n${compact(validOrder).replace('{', '{"tiny":1e-400,')}\n`,
    );
    const run = json(['numbers.json', 'numbers-array.json', 'numbers.ndjson']);
    expect(run.code).toBe(1);
    const found = run.doc.results
      .filter((r) => r.violations?.length)
      .map((r) => [
        r.source,
        r.index ?? r.line,
        r.violations?.map((v) => [
          v.code,
          v.path,
          v.params.reason,
          (v as { line?: number }).line,
          (v as { column?: number }).column,
        ]),
      ]);
    expect(found).toEqual([
      ['numbers.json', undefined, [['inexact_number', '/carrierCost', 'overflow', 2, 18]]],
      ['numbers-array.json', 1, [['inexact_number', '/ticket', 'unsafe_integer', 2, 11]]],
      ['numbers.ndjson', 2, [['inexact_number', '/tiny', 'underflow', 2, 9]]],
    ]);
    expect(run.doc.summary.violationsByRule).toEqual({ 'R-json': 3 });
    const kept = json(['--keep-inexact-numbers', 'numbers.json', 'numbers-array.json', 'numbers.ndjson']);
    expect([kept.code, kept.doc.summary.invalid]).toEqual([0, 0]);
  });

  it('reads any file as NDJSON with --ndjson', () => {
    expect(json(['orders.txt']).doc.results.map(brief)).toEqual([
      { source: 'orders.txt', line: 2, error: 'malformed_json', reason: 'unexpected_character', column: 1 },
    ]);
    expect(json(['--ndjson', 'orders.txt']).doc.results.map(brief)).toEqual([
      { source: 'orders.txt', line: 1, violations: [] },
      { source: 'orders.txt', line: 2, violations: [] },
    ]);
  });

  it('walks a folder: every .json, .ndjson and .jsonl file below it in path order, none hidden', () => {
    const run = json(['tree']);
    expect(run.code).toBe(1);
    expect(run.doc.results.map(brief)).toEqual([
      { source: 'tree/a.json', violations: [] },
      { source: 'tree/b.json', violations: [notAllowed] },
      { source: 'tree/sub/c.ndjson', line: 1, violations: [] },
      { source: 'tree/sub/c.ndjson', line: 2, violations: [] },
      { source: 'tree/sub/deeper/d.jsonl', line: 1, violations: [notAllowed] },
    ]);
  });

  it('expands glob patterns itself: *, **, ?, [..] and {a,b}', () => {
    const sources = (pattern: string) => [...new Set(json([pattern]).doc.results.map((r) => r.source))];
    expect(sources('tree/**/*.json')).toEqual(['tree/a.json', 'tree/b.json']);
    expect(sources('tree/**/*.{ndjson,jsonl}')).toEqual(['tree/sub/c.ndjson', 'tree/sub/deeper/d.jsonl']);
    expect(sources('tree/?.json')).toEqual(['tree/a.json', 'tree/b.json']);
    expect(sources('tree/[!a].json')).toEqual(['tree/b.json']);
    expect(sources('*/sub/*')).toEqual(['tree/sub/c.ndjson']);
    expect(sources('tree/**/.hidden/*.json')).toEqual(['tree/.hidden/e.json']);
    const none = json(['tree/**/*.xml']);
    expect(none.code).toBe(3);
    expect(none.doc.results.map(brief)).toEqual([{ source: 'tree/**/*.xml', error: 'no_match' }]);
  });

  it('reads stdin with -: one JSON document, or one order per line with --ndjson', () => {
    expect(json(['-'], { input: invalidOrder }).doc.results.map(brief)).toEqual([
      { source: '<stdin>', violations: [notAllowed] },
    ]);
    const lines = `${compact(validOrder)}\n${compact(invalidOrder)}\n`;
    expect(json(['--ndjson', '-'], { input: lines }).doc.results.map(brief)).toEqual([
      { source: '<stdin>', line: 1, violations: [] },
      { source: '<stdin>', line: 2, violations: [notAllowed] },
    ]);
    expect(json(['valid.json', '-', 'invalid.json'], { input: validOrder }).doc.results.map((r) => r.source)).toEqual([
      'valid.json',
      '<stdin>',
      'invalid.json',
    ]);
  });
});

describe('product-order-validate input errors', () => {
  it('names malformed JSON in an NDJSON stream by line and column, and checks the other lines', () => {
    const run = json(['broken.ndjson']);
    expect(run.code).toBe(3);
    expect(run.doc.results.map(brief)).toEqual([
      { source: 'broken.ndjson', line: 1, violations: [] },
      { source: 'broken.ndjson', line: 2, violations: [notAllowed] },
      { source: 'broken.ndjson', line: 3, error: 'malformed_json', reason: 'unexpected_character', column: 14 },
      { source: 'broken.ndjson', line: 5, violations: [] },
    ]);
    expect(run.doc.results[2].found).toBe('}');
    expect(run.doc.summary).toMatchObject({ orders: 3, valid: 2, invalid: 1, inputErrors: 1 });
    const text = cli(['broken.ndjson']);
    expect(text.stdout).toContain('broken.ndjson:3:14:');
  });

  it('names malformed JSON in a document by line and column of the file', () => {
    const run = json(['broken.json', 'valid.json']);
    expect(run.code).toBe(3);
    expect(run.doc.results.map(brief)).toEqual([
      { source: 'broken.json', line: 4, error: 'malformed_json', reason: 'unexpected_character', column: 7 },
      { source: 'valid.json', violations: [] },
    ]);
  });

  it('reports an input that cannot be read or does not exist, and checks the others', () => {
    const run = json(['links', 'missing.json', 'empty', 'valid.json']);
    expect(run.code).toBe(3);
    expect(run.doc.results.map(brief)).toEqual([
      { source: 'links/dangling.json', error: 'unreadable', reason: 'dangling_link' },
      { source: 'links/ok.json', violations: [] },
      { source: 'missing.json', error: 'not_found' },
      { source: 'empty', error: 'no_match' },
      { source: 'valid.json', violations: [] },
    ]);
    expect(run.doc.summary).toMatchObject({ orders: 2, valid: 2, inputErrors: 3 });
  });

  it('reports a JSON file or NDJSON line over the size limit in its place, and checks the others', () => {
    const env = { PRODUCT_ORDER_VALIDATE_MAX_INPUT_BYTES: '4000' }; // the order takes 2,759 bytes
    const big = `${' '.repeat(5000)}${validOrder}`;
    const good = compact(validOrder);
    const long = `${' '.repeat(5000)}${good}`; // over the limit inside a chunk read
    const huge = `${' '.repeat(300_000)}${good}`; // over it across chunks
    writeFileSync(join(work, 'big.json'), big);
    writeFileSync(join(work, 'long.ndjson'), [good, long, good, huge, long, good, huge].join('\n'));
    const tooLarge = { error: 'too_large' };
    const lineResults = (source: string) => [
      { source, line: 1, violations: [] },
      { source, line: 2, ...tooLarge },
      { source, line: 3, violations: [] },
      { source, line: 4, ...tooLarge },
      { source, line: 5, ...tooLarge },
      { source, line: 6, violations: [] },
      { source, line: 7, ...tooLarge },
    ];
    for (const jobs of ['1', '2']) {
      const run = json(['--jobs', jobs, 'valid.json', 'big.json', 'long.ndjson', 'copy/valid.json'], { env });
      expect(run.code).toBe(3);
      expect(run.doc.results.map(brief)).toEqual([
        { source: 'valid.json', violations: [] },
        { source: 'big.json', ...tooLarge },
        ...lineResults('long.ndjson'),
        { source: 'copy/valid.json', violations: [] },
      ]);
      expect(run.doc.results[1].limit).toBe(4000);
      expect(run.doc.summary).toMatchObject({ orders: 5, valid: 5, inputErrors: 5 });
    }
    expect(json(['-'], { input: big, env }).doc.results.map(brief)).toEqual([{ source: '<stdin>', ...tooLarge }]);
    const lines = readFileSync(join(work, 'long.ndjson'));
    expect(json(['--ndjson', '-'], { input: lines, env }).doc.results.map(brief)).toEqual(lineResults('<stdin>'));
    const text = cli(['big.json', 'long.ndjson'], { env }).stdout;
    expect(text).toMatch(/^! big\.json: too large to check: more than 4,000 bytes$/m);
    expect(text).toMatch(/^! long\.ndjson:2: too large to check: more than 4,000 bytes$/m);
    expect(text.trimEnd().split('\n').at(-1)).toBe('3 orders: 3 valid, 0 invalid; 5 input errors');
    expect(cli(['--lang', 'de', 'big.json'], { env }).stdout).toMatch(
      /^! big\.json: zu groß zum Prüfen: mehr als 4\.000 Bytes$/m,
    );
  });

  it('refuses a JSON file larger than a string can be from its size alone, quickly, and checks the others', async () => {
    const sparse = join(work, 'sparse-600mib.json');
    writeFileSync(sparse, '');
    truncateSync(sparse, 600 * 2 ** 20); // no disk blocks, and no bytes read if the size is looked at first
    const args = ['--format', 'json', 'valid.json', 'sparse-600mib.json', 'copy/valid.json'];
    const run = await measure(bin, args, { env: cleanEnv, cwd: work });
    rmSync(sparse);
    expect(run.code).toBe(3);
    const doc = JSON.parse(run.stdout) as JsonReport;
    expect(doc.results.map(brief)).toEqual([
      { source: 'valid.json', violations: [] },
      { source: 'sparse-600mib.json', error: 'too_large' },
      { source: 'copy/valid.json', violations: [] },
    ]);
    expect(doc.results[1].limit).toBe(2 ** 29 - 24); // V8's longest string on 64-bit Node.js
    expect(doc.summary).toMatchObject({ orders: 2, inputErrors: 1 });
    expect(run.seconds).toBeLessThan(5); // read whole, it took 1.7 s and 680 MB
    if (canMeasure) expect(run.peakRss).toBeLessThan(200e6);
  });

  it('reports bytes that are not UTF-8 with file, line and column, as the HTTP readers refuse them', () => {
    // FF FE C0 AF inside the description, which the order had in UTF-8
    const description = 'TAL am Hauptverteiler für einen Neukunden in Köln-Ehrenfeld';
    const [before, after] = validOrder.split(description);
    const notUtf8 = Buffer.concat([
      Buffer.from(`${before}Köln `),
      Buffer.from([0xff, 0xfe, 0xc0, 0xaf]),
      Buffer.from(after),
    ]);
    const lines = before.split('\n');
    const at = { line: lines.length, column: (lines.at(-1) as string).length + 'Köln '.length + 1 };
    const line = (bytes: Buffer) => Buffer.from(JSON.stringify(JSON.parse(bytes.toString())));
    const bom = Buffer.from([0xef, 0xbb, 0xbf]);
    writeFileSync(join(work, 'not-utf8.json'), notUtf8);
    writeFileSync(join(work, 'bom.json'), Buffer.concat([bom, Buffer.from(validOrder)]));
    const good = line(Buffer.from(validOrder));
    const bad = Buffer.concat([good.subarray(0, 20), Buffer.from([0xe2, 0x82, 0xac, 0xff]), good.subarray(20)]);
    const nl = Buffer.from('\n');
    // a line over three chunks read, its fault in the middle one
    const wide = Buffer.concat([Buffer.from(' '.repeat(100_000)), bad, Buffer.from(' '.repeat(100_000))]);
    writeFileSync(join(work, 'not-utf8.ndjson'), Buffer.concat([good, nl, bad, nl, bom, good, nl, wide, nl, good]));

    const invalidUtf8 = { error: 'malformed_json', reason: 'invalid_utf8' };
    const run = json(['not-utf8.json', 'bom.json', 'not-utf8.ndjson']);
    expect(run.code).toBe(3);
    expect(run.doc.results.map(brief)).toEqual([
      { source: 'not-utf8.json', line: at.line, column: at.column, ...invalidUtf8 },
      { source: 'bom.json', violations: [] },
      { source: 'not-utf8.ndjson', line: 1, violations: [] },
      { source: 'not-utf8.ndjson', line: 2, column: 22, ...invalidUtf8 },
      { source: 'not-utf8.ndjson', line: 3, violations: [] },
      { source: 'not-utf8.ndjson', line: 4, column: 100_022, ...invalidUtf8 },
      { source: 'not-utf8.ndjson', line: 5, violations: [] },
    ]);
    expect(run.doc.results[0].found).toBe('0xFF');
    expect(run.doc.summary).toMatchObject({ orders: 4, valid: 4, inputErrors: 3 });
    expect(json(['-'], { input: notUtf8 }).doc.results.map(brief)).toEqual([
      { source: '<stdin>', line: at.line, column: at.column, ...invalidUtf8 },
    ]);
    expect(cli(['-'], { input: notUtf8 }).code).toBe(3);
    expect(cli(['not-utf8.json']).stdout).toContain(
      `! not-utf8.json:${at.line}:${at.column}: malformed JSON: not UTF-8 (byte 0xFF)\n`,
    );
    expect(cli(['--lang', 'de', 'not-utf8.json']).stdout).toContain(': fehlerhaftes JSON: kein UTF-8 (Byte 0xFF)\n');
  });

  it('reports NDJSON that holds no order (empty, or blank lines only), and an empty JSON file, as no_orders', () => {
    writeFileSync(join(work, 'nothing.ndjson'), '');
    writeFileSync(join(work, 'blank.jsonl'), '\n  \n\r\n');
    writeFileSync(join(work, 'nothing.json'), '');
    writeFileSync(join(work, 'one-broken.ndjson'), '{"category": }\n');
    writeFileSync(join(work, 'empty-array.json'), ' [ ] ');
    const none = { error: 'no_orders' };
    const run = json([
      'nothing.ndjson',
      'blank.jsonl',
      'nothing.json',
      'one-broken.ndjson',
      'empty-array.json',
      'valid.json',
    ]);
    expect(run.code).toBe(3);
    expect(run.doc.results.map(brief)).toEqual([
      { source: 'nothing.ndjson', ...none },
      { source: 'blank.jsonl', ...none },
      { source: 'nothing.json', ...none },
      // an input error already says the check did not cover it
      { source: 'one-broken.ndjson', line: 1, error: 'malformed_json', reason: 'unexpected_character', column: 14 },
      { source: 'empty-array.json', ...none },
      { source: 'valid.json', violations: [] },
    ]);
    expect(run.doc.summary).toMatchObject({ orders: 1, valid: 1, inputErrors: 5 });
    // regression: a file of malformed lines only closed with "0 orders, all valid"
    expect(cli(['one-broken.ndjson']).stdout).not.toContain('✓');
    if (process.platform === 'linux') {
      expect(json(['--ndjson', '/proc/self/mem']).doc.results.map(brief)).toEqual([
        { source: '/proc/self/mem', error: 'unreadable', reason: 'EIO' },
      ]);
    }
    expect(json(['--ndjson', '-']).doc.results.map(brief)).toEqual([{ source: '<stdin>', ...none }]);
    expect(cli(['--ndjson', '-']).code).toBe(3);
    const text = cli(['nothing.ndjson']).stdout;
    expect(text).toMatch(/^! nothing\.ndjson: no order in it: the input is empty, blank lines or an empty array$/m);
    expect(text).not.toContain('✓');
    expect(cli(['--lang', 'de', 'nothing.ndjson']).stdout).toMatch(/^! nothing\.ndjson: kein Auftrag darin: /m);
  });

  it('says a pattern has more than 256 brace alternatives, rather than that it matched no file', () => {
    const pattern = `tree/${'{a,b}'.repeat(9)}.json`; // 512 alternatives
    const run = json([pattern, 'valid.json']);
    expect(run.code).toBe(3);
    expect(run.doc.results.map(brief)).toEqual([
      { source: pattern, error: 'bad_pattern', reason: 'too_many_alternatives' },
      { source: 'valid.json', violations: [] },
    ]);
    expect(run.doc.results[0].limit).toBe(256);
    expect(cli([pattern]).stdout).toContain(`! ${pattern}: the pattern has more than 256 {a,b} alternatives\n`);
    expect(cli(['--lang', 'de', pattern]).stdout).toContain(
      `! ${pattern}: das Muster hat mehr als 256 {a,b}-Alternativen\n`,
    );
  });

  it.runIf(hasMkfifo())('reports a FIFO in a folder or matched by a pattern, without waiting for a writer', () => {
    mkdirSync(join(work, 'special'));
    spawnSync('mkfifo', [join(work, 'special', 'a.json')]);
    symlinkSync('a.json', join(work, 'special', 'c.ndjson'));
    writeFileSync(join(work, 'special', 'b.json'), validOrder);
    const fifo = { error: 'unreadable', reason: 'fifo' };
    const run = json(['special', 'special/*.ndjson']);
    expect(run.code).toBe(3);
    expect(run.doc.results.map(brief)).toEqual([
      { source: 'special/a.json', ...fifo },
      { source: 'special/b.json', violations: [] },
      { source: 'special/c.ndjson', ...fifo },
      { source: 'special/c.ndjson', ...fifo },
    ]);
    expect(cli(['special']).stdout).toContain('! special/a.json: cannot read it (a FIFO, not a regular file)\n');
    expect(cli(['--lang', 'de', 'special']).stdout).toContain(
      '! special/a.json: nicht lesbar (ein FIFO, keine reguläre Datei)\n',
    );
  });

  it.runIf(process.platform === 'linux')('reports a file whose read fails, even for root (/proc/self/mem)', () => {
    const run = json(['/proc/self/mem', 'valid.json']);
    expect(run.code).toBe(3);
    expect(run.doc.results.map(brief)).toEqual([
      { source: '/proc/self/mem', error: 'unreadable', reason: 'EIO' },
      { source: 'valid.json', violations: [] },
    ]);
  });

  it.skipIf(process.getuid?.() === 0)(
    'reports a file without read permission (skipped as root, who may read anything)',
    () => {
      const locked = join(work, 'locked.json');
      writeFileSync(locked, validOrder);
      chmodSync(locked, 0o000);
      const run = json(['locked.json', 'valid.json']);
      chmodSync(locked, 0o644);
      expect(run.code).toBe(3);
      expect(run.doc.results.map(brief)).toEqual([
        { source: 'locked.json', error: 'unreadable', reason: 'EACCES' },
        { source: 'valid.json', violations: [] },
      ]);
    },
  );
});

describe('product-order-validate output', () => {
  it('gives the same results as text, one JSON document, and one JSON line per result', () => {
    const args = ['valid.json', 'array.json', 'broken.ndjson'];
    const doc = json(args).doc;
    const lines = cli(['--format', 'ndjson', ...args]);
    expect(lines.code).toBe(3);
    const records = lines.stdout
      .trimEnd()
      .split('\n')
      .map((line) => JSON.parse(line));
    // and, last, the summary of the JSON document on a line of its own
    expect(records.pop()).toEqual({ summary: doc.summary });
    expect(records).toEqual(doc.results);

    const text = cli(args);
    expect(text.code).toBe(3);
    // one line per valid single-order file, a block per invalid order with each violation's rule and path,
    // the input error with file, line and column, a line per file of many orders, the summary
    expect(text.stdout).toMatch(/^✓ valid\.json$/m);
    expect(text.stdout).toMatch(/^✗ array\.json, item 1\n {4}\d+:\d+ +R-field {3}\/category\n {23}\S/m);
    expect(text.stdout).toMatch(/^! broken\.ndjson:3:14: /m);
    expect(text.stdout).toMatch(/^✗ array\.json: 3 orders, 1 invalid$/m);
    expect(text.stdout).toMatch(/^✗ broken\.ndjson: 3 orders, 1 invalid$/m);
    expect(text.stdout.trimEnd().split('\n').at(-1)).toBe('7 orders: 5 valid, 2 invalid (R-field: 2); 1 input error');
  });

  it('shows hints after the violations, marked as hints, in the text report and the JSON records', () => {
    const typo = { ...JSON.parse(validOrder), category: 'New' };
    writeFileSync(join(work, 'typo.json'), JSON.stringify(typo));
    const text = cli(['typo.json']);
    expect(text.code).toBe(1);
    expect(text.stdout).toMatch(
      /^✗ typo\.json\n {4}1:\d+ +R-field {3}\/category\n {23}\S.*\n {4}1:\d+ +hint {6}\/category\n {23}'category': did you mean 'new'\?$/m,
    );
    expect(cli(['--lang', 'de', 'typo.json']).stdout).toMatch(/^ {4}1:\d+ +Hinweis {3}\/category$/m);
    const [record] = json(['typo.json']).doc.results;
    const at = JSON.stringify(typo).indexOf('"New"') + 1;
    expect(record.hints).toEqual([
      {
        path: '/category',
        code: 'did_you_mean',
        params: { found: 'New', suggestion: 'new' },
        message: "'category': did you mean 'new'?",
        line: 1,
        column: at,
        endLine: 1,
        endColumn: at + 5,
      },
    ]);
  });

  it("writes the library's messages in German with --lang de, and in English with --lang en", async () => {
    const { validateProductOrder, validateProductOrderText } = await importEsm();
    for (const lang of ['de', 'en'] as const) {
      const run = json(['--lang', lang, 'invalid.json', 'broken.json']);
      // the same violations as the library gives the file's text, each at the same line and column
      const expected = validateProductOrderText(invalidOrder, { lang }).violations;
      expect(expected[0]).toHaveProperty('line');
      expect(run.doc.results[0].violations).toEqual(expected);
      expect(run.doc.results[1].message).not.toBe(
        json(['--lang', lang === 'de' ? 'en' : 'de', 'broken.json']).doc.results[0].message,
      );
    }
    const german = cli(['--lang', 'de', 'invalid.json', 'array.json']);
    expect(german.stdout).toContain(
      validateProductOrder(JSON.parse(invalidOrder), { lang: 'de' }).violations[0].message,
    );
    expect(german.stdout).toMatch(/^✗ array\.json, Eintrag 1$/m);
    expect(german.stdout.trimEnd().split('\n').at(-1)).toBe('4 Aufträge: 2 gültig, 2 ungültig (R-field: 2)');
  });

  it('takes its language from LC_ALL, LC_MESSAGES or LANG when --lang is not given', async () => {
    const { validateProductOrder } = await importEsm();
    const message = (lang: 'de' | 'en') =>
      validateProductOrder(JSON.parse(invalidOrder), { lang }).violations[0].message;
    const said = (env: Record<string, string>) =>
      json(['invalid.json'], { env }).doc.results[0].violations?.[0].message;
    expect(said({ LANG: 'de_DE.UTF-8' })).toBe(message('de'));
    expect(said({ LANG: 'en_US.UTF-8', LC_ALL: 'de_AT.UTF-8' })).toBe(message('de'));
    expect(said({ LANG: 'de_DE.UTF-8', LC_MESSAGES: 'C' })).toBe(message('en'));
    expect(said({})).toBe(message('en'));
    expect(
      json(['--lang', 'en', 'invalid.json'], { env: { LANG: 'de_DE.UTF-8' } }).doc.results[0].violations?.[0].message,
    ).toBe(message('en'));
  });

  it('colours the report only for a terminal, never with NO_COLOR; FORCE_COLOR forces it', () => {
    const ansi = '\x1b[';
    expect(cli(['invalid.json']).stdout).not.toContain(ansi);
    expect(cli(['invalid.json'], { env: { FORCE_COLOR: '1' } }).stdout).toContain(ansi);
    expect(cli(['invalid.json'], { env: { FORCE_COLOR: '1', NO_COLOR: '1' } }).stdout).not.toContain(ansi);
    expect(cli(['--format', 'json', 'invalid.json'], { env: { FORCE_COLOR: '1' } }).stdout).not.toContain(ansi);
  });

  it.runIf(hasScript())(
    'on a terminal: colours, and a progress line on stderr for a run longer than half a second',
    () => {
      const lines = join(work, 'slow.ndjson');
      writeFileSync(lines, `${compact(validOrder)}\n${compact(invalidOrder)}\n`.repeat(500));
      // `script` gives the command a terminal; the input pauses, so the run lasts over a second
      const command = `(cat ${lines}; sleep 1.2; cat ${lines}) | ${bin} --ndjson -`;
      const run = spawnSync('script', ['-qec', command, '/dev/null'], { env: cleanEnv, encoding: 'utf8' });
      expect(run.status).toBe(1);
      const out = run.stdout;
      expect(out).toContain('\x1b[31m✗'); // red
      expect(out).toMatch(new RegExp(`${clearLine}1,000 orders {2}[\\d,]+ orders/s {2}500 invalid`));
      expect(out).toContain('2,000 orders: 1,000 valid, 1,000 invalid');

      const piped = cli(['--ndjson', 'slow.ndjson']);
      expect(piped.stderr).toBe('');
    },
  );
});

describe('product-order-validate exit codes and usage', () => {
  it('exits 0 when all orders are valid, 1 when one is invalid, 3 on an input error even with invalid orders', () => {
    expect(cli(['valid.json', 'orders.ndjson']).code).toBe(1);
    expect(cli(['valid.json', 'tree/a.json']).code).toBe(0);
    expect(cli(['invalid.json', 'missing.json']).code).toBe(3);
  });

  it.each([
    [['--bogus', 'valid.json']],
    [['--format', 'xml', 'valid.json']],
    [['--lang', 'fr', 'valid.json']],
    [['--jobs', '0', 'valid.json']],
    [['--type', 'order', 'valid.json']],
    [['--format']],
    [[]],
    [['-', '-']],
  ])('exits 2 with a message on stderr and nothing on stdout for %j', (args) => {
    const run = cli(args);
    expect(run.code).toBe(2);
    expect(run.stdout).toBe('');
    expect(run.stderr).toMatch(/^product-order-validate: .+\n.*--help/);
  });

  it('checks in-flight changes with --type inflight-change, each example with its expected violations', () => {
    const dir = join(process.cwd(), 'examples', 'inflight');
    const files = (kind: string) =>
      readdirSync(join(dir, kind))
        .filter((f) => f.endsWith('.json') && !f.endsWith('.expected.json'))
        .map((f) => join(dir, kind, f));
    const valid = json(['--type', 'inflight-change', ...files('valid')]);
    expect(valid.code).toBe(0);
    expect(valid.doc.summary).toMatchObject({ orders: files('valid').length, invalid: 0 });

    const invalid = json(['--type', 'inflight-change', ...files('invalid')]);
    expect(invalid.code).toBe(1);
    expect(
      invalid.doc.results.map((r) => r.violations?.map(({ rule, code, path }) => [rule, code, path].join(' '))),
    ).toEqual(
      files('invalid').map((file) =>
        JSON.parse(readFileSync(file.replace(/\.json$/, '.expected.json'), 'utf8')).map(
          (v: { rule: string; code: string; path: string }) => [v.rule, v.code, v.path].join(' '),
        ),
      ),
    );
    // the same changes are no product orders
    expect(cli(['--type', 'product-order', ...files('valid')]).code).toBe(1);
  });

  it('shows help with examples in either language, and the version', () => {
    const manifest = JSON.parse(
      readFileSync(join(consumer, 'node_modules/product-order-validator/package.json'), 'utf8'),
    );
    for (const env of [{}, { LANG: 'de_DE.UTF-8' }] as Record<string, string>[]) {
      const help = cli(['--help'], { env });
      expect(help.code).toBe(0);
      expect(help.stdout).toMatch(/^ {2}product-order-validate /m);
      expect(help.stdout).toMatch(
        /--type .*--format .*--output .*--quiet .*--exclude .*--max-violations .*--lang .*--ndjson .*--jobs .*--help .*--version/s,
      );
      expect(help.stdout).toContain(manifest.version);
    }
    expect(cli(['--help']).stdout).not.toBe(cli(['--help'], { env: { LANG: 'de_DE.UTF-8' } }).stdout);
    expect(cli(['--version'])).toEqual({ code: 0, stdout: `${manifest.version}\n`, stderr: '' });
  });

  it('is the bin of the package: a node script, with no eval', () => {
    const manifest = JSON.parse(
      readFileSync(join(consumer, 'node_modules/product-order-validator/package.json'), 'utf8'),
    );
    const script = readFileSync(
      join(consumer, 'node_modules/product-order-validator', manifest.bin['product-order-validate']),
      'utf8',
    );
    expect(script.startsWith('#!/usr/bin/env node\n')).toBe(true);
    expect(script).not.toMatch(/new Function|\beval\(/);
  });
});

/** Chunks of 64 KiB without end: each one made by `make`. */
function* endless(make: () => Uint8Array): Generator<Uint8Array> {
  for (;;) yield make();
}
const zeros = Buffer.alloc(1 << 16);

/** Less than a tenth of what reading up to the 512 MiB limit held (600 MB); a run on one order takes 55 to 65 MB. */
const flat = 150e6;

// regressions found by an outside attacker with the packed package
describe('what an attacker found: streams that never end, or are no text', () => {
  it.runIf(canMeasureRss && existsSync('/dev/zero'))(
    'a /dev/zero stream stops at its first byte, a NUL, within flat memory: as a file, on stdin, with --ndjson',
    async () => {
      for (const args of [['/dev/zero'], ['--ndjson', '/dev/zero'], ['-'], ['--ndjson', '-']]) {
        const input = args.includes('-') ? endless(() => zeros) : undefined;
        const run = await measured(work, ['--format', 'json', ...args], { input });
        expect(run.code, args.join(' ')).toBe(3);
        const doc = JSON.parse(run.stdout) as JsonReport;
        const source = args.includes('-') ? '<stdin>' : '/dev/zero';
        expect(doc.results.map(brief)).toEqual([
          { source, line: 1, error: 'malformed_json', reason: 'unexpected_character', column: 1 },
        ]);
        expect(doc.results[0].found).toBe('\u0000');
        // before: 600 MB held up to the limit, and with --ndjson no answer at all, ever
        expect(run.maxRss, args.join(' ')).toBeLessThan(flat);
        expect(run.given).toBeLessThan(8 * 2 ** 20);
      }
    },
    180_000,
  );

  it.runIf(canMeasureRss && existsSync('/dev/urandom'))(
    'a /dev/urandom stream stops at its first byte that is not UTF-8, within flat memory: as a file, on stdin, with --ndjson',
    async () => {
      for (const args of [['/dev/urandom'], ['--ndjson', '/dev/urandom'], ['-'], ['--ndjson', '-']]) {
        const input = args.includes('-') ? endless(() => randomBytes(1 << 16)) : undefined;
        const run = await measured(work, ['--format', 'json', ...args], { input });
        expect(run.code, args.join(' ')).toBe(3);
        const doc = JSON.parse(run.stdout) as JsonReport;
        // random bytes: a fault within the first few, on the first line or one of the first (a line may be blank)
        expect(doc.results.find((r) => r.error)).toMatchObject({ error: 'malformed_json' });
        expect(doc.results.every((r) => r.error === 'malformed_json' || r.valid === false)).toBe(true);
        // as a document it read 512 MiB (600 MB) to say too_large; as NDJSON it never ended
        expect(run.maxRss, args.join(' ')).toBeLessThan(flat);
        expect(run.given).toBeLessThan(8 * 2 ** 20);
      }
    },
    180_000,
  );

  it.runIf(canMeasureRss)(
    'a file that is not UTF-8 is read up to its first fault, not whole',
    async () => {
      const file = join(work, 'sparse-ff.json');
      writeFileSync(file, Buffer.from([0x7b, 0xff])); // "{" and a byte that is no UTF-8
      truncateSync(file, 400 * 2 ** 20); // under the limit: before, read whole into memory (460 MB)
      const run = await measured(work, ['--format', 'json', 'sparse-ff.json', 'valid.json']);
      rmSync(file);
      expect(run.code).toBe(3);
      const doc = JSON.parse(run.stdout) as JsonReport;
      expect(doc.results.map(brief)).toEqual([
        { source: 'sparse-ff.json', line: 1, error: 'malformed_json', reason: 'invalid_utf8', column: 2 },
        { source: 'valid.json', violations: [] },
      ]);
      expect(run.maxRss).toBeLessThan(flat);
    },
    60_000,
  );

  it.runIf(canMeasureRss)(
    'an NDJSON line without end stops at the line cap: reported at once, the read ended past the longest text',
    async () => {
      const limit = 1 << 20;
      const env = { PRODUCT_ORDER_VALIDATE_MAX_INPUT_BYTES: String(limit) };
      const spaces = Buffer.alloc(1 << 16, 0x20); // white space: no fault, only ever longer
      const run = await measured(work, ['--format', 'ndjson', '--ndjson', '-'], { input: endless(() => spaces), env });
      expect(run.code).toBe(3);
      const [record, ...rest] = run.stdout
        .trimEnd()
        .split('\n')
        .map((line) => JSON.parse(line));
      expect(record).toMatchObject({ source: '<stdin>', error: 'too_large', limit, line: 1 });
      expect(rest).toMatchObject([{ summary: { orders: 0, inputErrors: 1 } }]);
      // the answer came once the line passed the limit, not at its end (before: never)
      expect(run.givenAtOutput).toBeLessThan(limit + 8 * 2 ** 20);
      // and the read stopped once the line was longer than any JSON text can be
      expect(run.given).toBeLessThan(2 ** 29 + 8 * 2 ** 20);
      expect(run.stderr).toContain('<stdin>');
      expect(run.maxRss).toBeLessThan(flat);
    },
    180_000,
  );
});

/** The text of an order stream. */
async function linesOf(count: number): Promise<string> {
  let text = '';
  for await (const chunk of orderStream(count).stream) text += chunk;
  return text;
}

describe('product-order-validate on a large stream', () => {
  it('keeps the results in input order whatever the number of jobs', async () => {
    const lines = (await linesOf(3000)).split('\n');
    for (const at of [10, 1500, 2999]) lines[at] = '{"category": "new",';
    const input = lines.join('\n');
    const outputs = [1, 2, 3].map((jobs) =>
      cli(['--ndjson', '--format', 'ndjson', '--jobs', String(jobs), '-'], { input }),
    );
    for (const run of outputs) {
      expect(run.code).toBe(3);
      expect(run.stdout).toBe(outputs[0].stdout);
    }
    const records: JsonRecord[] = outputs[0].stdout
      .trimEnd()
      .split('\n')
      .slice(0, -1) // the summary
      .map((line) => JSON.parse(line));
    expect(records.map((r) => r.line)).toEqual(Array.from({ length: 3000 }, (_, i) => i + 1));
    expect(records.filter((r) => r.error).map((r) => r.line)).toEqual([11, 1501, 3000]);
  });

  it.runIf(canMeasure)(
    'streams 200,000 orders with flat peak memory, on more than one core',
    async () => {
      const run = async (count: number) => {
        const { stream, invalid } = orderStream(count);
        const args = ['--ndjson', '--format', 'json', '--jobs', '2', '-'];
        const result = await measure(bin, args, { input: stream, env: cleanEnv, cwd: work });
        const doc = JSON.parse(result.stdout) as JsonReport;
        expect(result.code).toBe(1);
        expect(doc.summary).toMatchObject({ orders: count, invalid, inputErrors: 0 });
        expect(doc.results.every((r, i) => r.line === i + 1)).toBe(true);
        return result;
      };
      const small = await run(20_000);
      const large = await run(200_000);
      // peak RSS, read by the test from /proc/<pid>/status (VmHWM) while the command ran
      expect(small.peakRss).toBeGreaterThan(0);
      expect(large.peakRss).toBeLessThan(small.peakRss * 1.2);
      // CPU time per thread, read from /proc/<pid>/task: the two worker threads each did a fair share
      const [, first, second] = large.threads;
      expect(second).toBeGreaterThan(first * 0.5);
      // the process's CPU time over wall time, from /proc/<pid>/stat: in its busiest quarter second it
      // kept more than one core busy, unless other work held the machine's cores meanwhile
      if (availableParallelism() - large.others >= 1.5) expect(large.cores).toBeGreaterThan(1.2);
    },
    180_000,
  );
});

/** What the progress line starts with: back to the line's start, and clear it (as a pattern). */
const clearLine = '\r\u001b\\[K';

function hasMkfifo(): boolean {
  return spawnSync('mkfifo', ['--version']).status === 0;
}

function hasScript(): boolean {
  return spawnSync('script', ['--version']).status === 0;
}
