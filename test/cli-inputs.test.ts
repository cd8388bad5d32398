// The command's inputs from the packed package, in a git repository as a partner's CI has it: folders
// and files reached through symbolic links (followed, each real file checked once, loops and links
// to nothing reported), an --output that would write over an input however the inputs reach it,
// files git tracks never taken for reports, a baseline that follows `git mv` and says which of its
// entries match nothing, UTF-16 named as such, and one code for an input without orders.
import { mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gitIn, runner } from './command.js';

const examples = join(process.cwd(), 'examples', 'orders');
const validOrder = readFileSync(join(examples, 'valid', 'new-hvt-local-loop.json'), 'utf8');
const invalidOrder = readFileSync(join(examples, 'invalid', 'category-unknown.json'), 'utf8'); // R-field at /category

let work: string;
let at = '';
const cli = runner(() => join(work, at));
const inFolder = (folder: string, args: readonly string[]) => {
  at = folder;
  return cli(args);
};

interface JsonRecord {
  source: string;
  valid?: boolean;
  error?: string;
  reason?: string;
  found?: string;
  message?: string;
}
interface JsonReport {
  results: JsonRecord[];
  summary: { orders: number; invalid: number; inputErrors: number; notes?: Record<string, unknown>[] };
}

/** A run in `folder` with -f json, its report parsed. */
function json(folder: string, args: readonly string[]) {
  const run = inFolder(folder, ['-f', 'json', ...args]);
  return { ...run, doc: JSON.parse(run.stdout) as JsonReport };
}

const brief = (r: JsonRecord) =>
  r.error === undefined ? `${r.source} ${r.valid ? 'valid' : 'invalid'}` : `${r.source} ${r.error} ${r.reason ?? ''}`;

const put = (path: string, text: string | Buffer) => {
  mkdirSync(dirname(join(work, path)), { recursive: true });
  writeFileSync(join(work, path), text);
};
const read = (path: string) => readFileSync(join(work, path), 'utf8');

function git(folder: string, ...args: string[]): string {
  return gitIn(join(work, folder), work, ...args);
}

/** A repository at `folder` with its files committed on main. */
function repository(folder: string, files: Record<string, string>) {
  for (const [path, text] of Object.entries(files)) put(`${folder}/${path}`, text);
  git(folder, 'init', '-q', '--initial-branch=main');
  git(folder, 'add', '-A');
  git(folder, 'commit', '-q', '-m', 'orders');
}

beforeAll(() => {
  work = mkdtempSync(join(tmpdir(), 'pov-inputs-'));
});

afterAll(() => {
  rmSync(work, { recursive: true, force: true });
});

describe('folders and files reached through symbolic links', () => {
  beforeAll(() => {
    repository('linked', { 'orders/a.json': validOrder, 'bad/x.json': invalidOrder });
    symlinkSync('../bad', join(work, 'linked/orders/shared'));
  });

  it('a folder reached through a symlink is followed, in a folder and through a glob, not skipped without a word', () => {
    for (const args of [['orders'], ['orders/**/*.json'], ['orders/*/x.json']]) {
      const run = json('linked', args);
      expect(run.code, args.join(' ')).toBe(1);
      expect(run.doc.results.map(brief)).toContain('orders/shared/x.json invalid');
    }
    // the folder itself named beside its link: each file once, under the name met first
    const both = json('linked', ['orders', 'bad']);
    expect(both.doc.results.map(brief)).toEqual(['orders/a.json valid', 'orders/shared/x.json invalid']);
  });

  it('a link loop is an input error in its place, the other files checked, and the walk ends', () => {
    put('loops/orders/a.json', invalidOrder);
    symlinkSync('.', join(work, 'loops/orders/self'));
    symlinkSync('..', join(work, 'loops/orders/up'));
    put('loops/orders/deep/b.json', validOrder);
    symlinkSync('../../orders', join(work, 'loops/orders/deep/back'));
    for (const args of [['orders'], ['orders/**/*.json']]) {
      const run = json('loops', args);
      expect(run.code, args.join(' ')).toBe(3);
      expect(run.doc.results.map(brief)).toEqual([
        'orders/a.json invalid',
        'orders/deep/b.json valid',
        'orders/deep/back unreadable link_loop',
        'orders/self unreadable link_loop',
        'orders/up unreadable link_loop',
      ]);
      expect(run.doc.summary).toMatchObject({ orders: 2, inputErrors: 3 });
    }
    expect(inFolder('loops', ['orders']).stdout).toContain(
      '! orders/self: cannot read it (a symbolic link to a folder that holds it: a loop)',
    );
  });

  it('a link that leads nowhere is reported, whether it would be a file or a folder', () => {
    put('dangling/orders/a.json', validOrder);
    symlinkSync('../gone', join(work, 'dangling/orders/shared'));
    symlinkSync('missing.json', join(work, 'dangling/orders/b.json'));
    const run = json('dangling', ['orders']);
    expect(run.code).toBe(3);
    expect(run.doc.results.map(brief)).toEqual([
      'orders/a.json valid',
      'orders/b.json unreadable dangling_link',
      'orders/shared unreadable dangling_link',
    ]);
    expect(inFolder('dangling', ['orders']).stdout).toContain(
      '! orders/shared: cannot read it (a symbolic link to nothing: ../gone)',
    );
  });

  it('10,000 links to one file: checked once, the walk bounded', () => {
    put('many/orders/order.json', invalidOrder);
    for (let i = 0; i < 10_000; i++) symlinkSync('order.json', join(work, `many/orders/l${i}.json`));
    mkdirSync(join(work, 'many/folders'));
    for (let i = 0; i < 200; i++) symlinkSync('../orders', join(work, `many/folders/f${i}`));
    const run = json('many', ['orders', 'folders']);
    expect(run.code).toBe(1);
    expect(run.doc.results.map(brief)).toEqual(['orders/l0.json invalid']);
    expect(run.doc.summary).toMatchObject({ orders: 1, inputErrors: 0 });
  });

  it('folders linked twice at each of 40 levels (2^40 paths) are each walked once', () => {
    for (let level = 0; level < 40; level++) {
      put(`lattice/d${level}/o.json`, validOrder);
      for (const link of ['a', 'b']) symlinkSync(`../d${level + 1}`, join(work, `lattice/d${level}/${link}`));
    }
    put('lattice/d40/o.json', invalidOrder);
    const run = json('lattice', ['d0']);
    expect(run.code).toBe(1);
    expect(run.doc.summary).toMatchObject({ orders: 41, invalid: 1, inputErrors: 0 });
  });
});

describe('an --output never writes over an input', () => {
  beforeAll(() => {
    repository('guard', {
      'orders/a.json': validOrder,
      'orders/port-change.json': invalidOrder,
      'orders/sub/b.json': validOrder,
    });
    symlinkSync('orders/port-change.json', join(work, 'guard/port-link.json'));
  });

  it.each([
    ['named', ['orders/port-change.json']],
    ['matched by its folder', ['orders']],
    ['matched by a glob', ['orders/**/*.json']],
    ['filtered out by --changed', ['--changed=HEAD', 'orders']],
    ['filtered out by --exclude', ['--exclude', 'port-change.json', 'orders']],
    ['excluded by a folder pattern', ['--exclude', 'orders/*.json', 'orders/sub', 'orders']],
  ])('-o onto an order the inputs reach is refused with exit 2, the order kept (%s)', (_, inputs) => {
    for (const output of ['orders/port-change.json', 'port-link.json', './orders/../orders/port-change.json']) {
      const run = inFolder('guard', [...inputs, '-f', 'json', '-o', output]);
      expect(run.code, `${inputs.join(' ')} -o ${output}: ${run.stderr}`).toBe(2);
      expect(run.stderr).toContain('the report would destroy it before it is read');
      expect(read('guard/orders/port-change.json')).toBe(invalidOrder);
    }
  });

  it('--write-baseline and $GITHUB_STEP_SUMMARY onto an input are refused as well', () => {
    const baseline = inFolder('guard', ['--changed=HEAD', 'orders', '--write-baseline', 'orders/a.json']);
    expect(baseline.code).toBe(2);
    at = 'guard';
    const summary = cli(['-f', 'github', '--exclude', 'a.json', 'orders'], {
      env: { GITHUB_STEP_SUMMARY: join(work, 'guard/orders/a.json') },
    });
    expect(summary.code).toBe(2);
    expect(read('guard/orders/a.json')).toBe(validOrder);
  });

  it('a file git tracks is never taken for a report: it is checked, and never written over', () => {
    put('tracked/orders/a.json', validOrder);
    // a report of the command, committed as if it were an order
    inFolder('tracked', ['-f', 'json', '-o', 'orders/report.json', 'orders']);
    git('tracked', 'init', '-q', '--initial-branch=main');
    git('tracked', 'add', '-A');
    git('tracked', 'commit', '-q', '-m', 'orders');
    const committed = read('tracked/orders/report.json');
    const run = json('tracked', ['orders']);
    expect(run.code).toBe(1);
    expect(run.doc.results.map((r) => r.source)).toEqual(['orders/a.json', 'orders/report.json']);
    expect(run.stderr).not.toContain('left out');
    const over = inFolder('tracked', ['-f', 'json', '-o', 'orders/report.json', 'orders']);
    expect(over.code).toBe(2);
    expect(read('tracked/orders/report.json')).toBe(committed);
    // an untracked report is still left out, with a note
    put('tracked/orders/later.json', committed);
    const later = json('tracked', ['--exclude', 'report.json', 'orders']);
    expect(later.doc.results.map((r) => r.source)).toEqual(['orders/a.json']);
    expect(later.stderr).toContain('left out "orders/later.json"');
  });
});

describe('a baseline in a git repository', () => {
  it('a baseline keeps its known violations after git mv, and names the entries that match nothing', () => {
    repository('moved', { 'orders/old.json': invalidOrder, 'orders/fixed.json': invalidOrder });
    expect(inFolder('moved', ['--write-baseline', 'baseline.json', 'orders']).code).toBe(0);
    git('moved', 'add', 'baseline.json');
    git('moved', 'commit', '-q', '-m', 'baseline');
    git('moved', 'mv', 'orders/old.json', 'orders/new.json');
    put('moved/orders/fixed.json', validOrder);
    const run = json('moved', ['--baseline', 'baseline.json', 'orders']);
    expect(run.code, run.stdout).toBe(0);
    expect(run.doc.results.map(brief)).toEqual(['orders/fixed.json valid', 'orders/new.json valid']);
    expect(run.stderr).toContain('1 entry of the baseline "baseline.json" matches nothing');
    expect(run.stderr).toContain('orders/fixed.json');
    expect(run.doc.summary.notes).toEqual([
      expect.objectContaining({ source: 'baseline.json', note: 'baseline_unused', count: 1 }),
    ]);
    // asked for, entries that match nothing fail the run; a run of other files alone says nothing of them
    const strict = inFolder('moved', ['--strict-baseline', '--baseline', 'baseline.json', 'orders', '-f', 'sarif']);
    expect(strict.code).toBe(1);
    expect(JSON.parse(strict.stdout).runs[0].invocations[0].exitCode).toBe(1);
    const partial = inFolder('moved', ['--strict-baseline', '--baseline', 'baseline.json', 'orders/new.json']);
    expect(partial).toMatchObject({ code: 0, stderr: '' });
    // committed, the move is known as well
    git('moved', 'commit', '-q', '-am', 'moved');
    expect(json('moved', ['--baseline', 'baseline.json', 'orders/new.json']).code).toBe(0);
    // the config asks for it too
    put(
      'moved/product-order-validate.config.json',
      JSON.stringify({ baseline: 'baseline.json', strictBaseline: true }),
    );
    expect(inFolder('moved', ['orders']).code).toBe(1);
    put('moved/product-order-validate.config.json', JSON.stringify({ strictBaseline: 'yes' }));
    expect(inFolder('moved', ['orders']).stderr).toContain('"strictBaseline" takes true or false');
  });
});

describe('what an input holds that is not a UTF-8 order', () => {
  it('names UTF-16 LE and BE files with a byte order mark, or by their pattern of zero bytes, as UTF-16', () => {
    const le = Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(validOrder, 'utf16le')]);
    const be = Buffer.from(le);
    be.swap16();
    put('utf16/le.json', le);
    put('utf16/be.json', be);
    put('utf16/le-plain.json', Buffer.from(validOrder, 'utf16le'));
    put('utf16/le.ndjson', Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from('{}\n{}\n', 'utf16le')]));
    const run = json('utf16', ['be.json', 'le.json', 'le-plain.json', 'le.ndjson']);
    expect(run.code).toBe(3);
    expect(run.doc.results.map((r) => [r.source, r.error, r.reason, r.found])).toEqual([
      ['be.json', 'malformed_json', 'utf16', 'UTF-16BE'],
      ['le.json', 'malformed_json', 'utf16', 'UTF-16LE'],
      ['le-plain.json', 'malformed_json', 'utf16', 'UTF-16LE'],
      ['le.ndjson', 'malformed_json', 'utf16', 'UTF-16LE'],
    ]);
    const text = inFolder('utf16', ['le.json']).stdout;
    expect(text).toContain('looks like UTF-16LE');
    expect(text).not.toContain('not UTF-8 (byte 0xFF)');
    expect(inFolder('utf16', ['--lang', 'de', 'be.json']).stdout).toContain('sieht nach UTF-16BE aus');
  });

  it('an empty file and [] are the same input error, no_orders', () => {
    put('empty/blank.json', '');
    put('empty/space.json', ' \n\t');
    put('empty/array.json', '[]');
    put('empty/blank.ndjson', '');
    const run = json('empty', ['blank.json', 'space.json', 'array.json', 'blank.ndjson']);
    expect(run.code).toBe(3);
    expect(run.doc.results.map(brief)).toEqual([
      'blank.json no_orders ',
      'space.json no_orders ',
      'array.json no_orders ',
      'blank.ndjson no_orders ',
    ]);
  });
});
