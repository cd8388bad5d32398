// The command's inputs from the packed package, in a git repository as a partner's CI has it: folders
// and files reached through symbolic links (followed, each real file checked once, loops noted and links
// to nothing reported), an --output that would write over an input however the inputs reach it or through a link,
// files git tracks never taken for reports, a baseline that follows `git mv` and says which of its
// entries match nothing, UTF-16 named as such, and one code for an input without orders.
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  readlinkSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gitIn, invalidOrder, runner, validOrder } from './command.js';

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

  // regression: -f github annotated orders/shared/x.json, a path through a link that no file of the commit has
  it('annotations name a file found through a link by its real path inside the working folder; the text and json reports keep the path walked', () => {
    put('elsewhere/y.json', invalidOrder); // outside the repository
    symlinkSync('../../elsewhere', join(work, 'linked/orders/ext'));
    try {
      const gh = inFolder('linked', ['-f', 'github', 'orders']);
      expect(gh.code).toBe(1);
      expect(gh.stdout).toContain('::error file=bad/x.json,');
      expect(gh.stdout).not.toContain('file=orders/shared/x.json');
      // a real path outside the working folder is no file of the commit: the path walked stays
      expect(gh.stdout).toContain('::error file=orders/ext/y.json,');
      const gitlab = JSON.parse(inFolder('linked', ['-f', 'gitlab', 'orders']).stdout) as {
        location: { path: string };
      }[];
      expect([...new Set(gitlab.map((i) => i.location.path))].sort()).toEqual(['bad/x.json', 'orders/ext/y.json']);
      const sarif = JSON.parse(inFolder('linked', ['-f', 'sarif', 'orders']).stdout);
      const uris = sarif.runs[0].results.map(
        (r: { locations: { physicalLocation: { artifactLocation: { uri: string } } }[] }) =>
          r.locations[0].physicalLocation.artifactLocation.uri,
      );
      expect([...new Set(uris)].sort()).toEqual(['bad/x.json', 'orders/ext/y.json']);
      const walked = json('linked', ['orders']);
      expect(walked.doc.results.map(brief)).toContain('orders/shared/x.json invalid');
      expect(inFolder('linked', ['orders']).stdout).toContain('orders/shared/x.json');
    } finally {
      rmSync(join(work, 'linked/orders/ext'));
    }
  });

  // regression: a harmless loop (orders/loop/up -> ..) failed the run with exit 3 although every file was checked
  it('a link loop is a note that leaves the exit code alone: every real folder is walked once, the walk ends', () => {
    put('loops/orders/a.json', validOrder);
    symlinkSync('.', join(work, 'loops/orders/self'));
    symlinkSync('..', join(work, 'loops/orders/up'));
    put('loops/orders/deep/b.json', validOrder);
    symlinkSync('../../orders', join(work, 'loops/orders/deep/back'));
    const loops = ['orders/deep/back', 'orders/self', 'orders/up'];
    for (const args of [['orders'], ['orders/**/*.json']]) {
      const run = json('loops', args);
      expect(run.code, `${args.join(' ')}: ${run.stderr}`).toBe(0);
      expect(run.doc.results.map(brief)).toEqual(['orders/a.json valid', 'orders/deep/b.json valid']);
      expect(run.doc.summary).toMatchObject({ orders: 2, inputErrors: 0 });
      expect(run.doc.summary.notes).toEqual(
        loops.map((source) => expect.objectContaining({ source, note: 'not_followed', reason: 'link_loop' })),
      );
    }
    const text = inFolder('loops', ['orders']);
    expect(text.code).toBe(0);
    expect(text.stderr).toContain(
      'not followed "orders/self": a symbolic link to a folder that holds it (a loop); the files there are checked under their own path',
    );
    expect(inFolder('loops', ['--lang', 'de', 'orders']).stderr).toContain('"orders/up" nicht verfolgt');
    const sarif = JSON.parse(inFolder('loops', ['-f', 'sarif', 'orders']).stdout);
    const notes = sarif.runs[0].invocations[0].toolExecutionNotifications;
    expect(notes.map((n: { properties: { reason: string } }) => n.properties.reason)).toEqual(
      loops.map(() => 'link_loop'),
    );
    expect(sarif.runs[0].invocations[0].exitCode).toBe(0);
    // an invalid order still fails the run, the loop adds nothing to it
    put('loops/orders/deep/c.json', invalidOrder);
    expect(inFolder('loops', ['orders']).code).toBe(1);
    rmSync(join(work, 'loops/orders/deep/c.json'));
  });

  it('a link to links that lead back to it is a link to nothing: an input error', () => {
    put('chain/orders/a.json', validOrder);
    symlinkSync('b.json', join(work, 'chain/orders/c.json'));
    symlinkSync('c.json', join(work, 'chain/orders/b.json'));
    const run = json('chain', ['orders']);
    expect(run.code).toBe(3);
    expect(run.doc.results.map(brief)).toEqual([
      'orders/a.json valid',
      'orders/b.json unreadable dangling_link',
      'orders/c.json unreadable dangling_link',
    ]);
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
      // a link is refused as a link, whatever it leads to
      expect(run.stderr).toContain(
        output === 'port-link.json' ? 'it is a symbolic link' : 'the report would destroy it before it is read',
      );
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

describe('a report is never written through a symbolic link', () => {
  /** The files a run may have written outside the repository `linkout`: none. */
  const outside = () => ['outside.json', 'outside.sarif', 'outside-baseline.json', 'outside-summary.md'];

  beforeAll(() => {
    repository('linkout', { 'orders/a.json': validOrder, 'orders/b.json': invalidOrder });
    // a link committed into the checked folder, to a git hook: a report written there runs on the next merge
    symlinkSync('../.git/hooks/post-merge', join(work, 'linkout/orders/report.json'));
    symlinkSync('../../outside.json', join(work, 'linkout/orders/dangling.json'));
    git('linkout', 'add', '-A');
    git('linkout', 'commit', '-q', '-m', 'links');
  });

  // regression: -o orders/report.json, a committed link to .git/hooks/post-merge, wrote the SARIF into the hook
  it('-o onto a tracked link to .git/hooks is refused with exit 2, the hook not made', () => {
    const run = inFolder('linkout', ['orders/', '-f', 'sarif', '-o', 'orders/report.json']);
    expect(run.code, run.stderr).toBe(2);
    expect(run.stderr).toContain('cannot write "orders/report.json" (it is a symbolic link');
    expect(existsSync(join(work, 'linkout/.git/hooks/post-merge'))).toBe(false);
    expect(readlinkSync(join(work, 'linkout/orders/report.json'))).toBe('../.git/hooks/post-merge');
    const de = inFolder('linkout', ['--lang', 'de', 'orders/a.json', '-o', 'orders/report.json']);
    expect(de.code).toBe(2);
    expect(de.stderr).toContain('dort ist ein symbolischer Link');
  });

  // regression: -o onto a link to nothing made the file it leads to, outside the repository
  it('-o onto a dangling link is refused with exit 2, nothing made where it leads', () => {
    for (const format of ['json', 'text', 'sarif']) {
      const run = inFolder('linkout', ['orders/a.json', '-f', format, '-o', 'orders/dangling.json']);
      expect(run.code, run.stderr).toBe(2);
      expect(run.stderr).toContain('symbolic link');
    }
    for (const name of outside()) expect(existsSync(join(work, name)), name).toBe(false);
  });

  it('--write-baseline and $GITHUB_STEP_SUMMARY onto a link are refused with exit 2, nothing written where they lead', () => {
    symlinkSync('../outside-baseline.json', join(work, 'linkout/baseline.json'));
    symlinkSync('../outside-summary.md', join(work, 'linkout/summary.md'));
    const baseline = inFolder('linkout', ['orders/b.json', '--write-baseline', 'baseline.json']);
    expect(baseline.code, baseline.stderr).toBe(2);
    expect(baseline.stderr).toContain('cannot write "baseline.json" (it is a symbolic link');
    at = 'linkout';
    const summary = cli(['-f', 'github', 'orders/b.json'], {
      env: { GITHUB_STEP_SUMMARY: join(work, 'linkout/summary.md') },
    });
    expect(summary.code, summary.stderr).toBe(2);
    expect(summary.stderr).toContain('symbolic link');
    for (const name of outside()) expect(existsSync(join(work, name)), name).toBe(false);
  });

  it('a link among the part files of a split SARIF report is neither written through nor removed', () => {
    const lines = Array.from({ length: 3000 }, (_, i) => `{"x${(i * 7919).toString(36)}":1}`).join('\n');
    put('linkout/big/orders.ndjson', `${lines}\n`);
    // where the link leads: a report of the command, which a part file could have been
    inFolder('linkout', ['orders/b.json', '-f', 'sarif', '-o', '../outside.sarif']);
    const before = readFileSync(join(work, 'outside.sarif'), 'utf8');
    mkdirSync(join(work, 'linkout/out'));
    symlinkSync('../../outside.sarif', join(work, 'linkout/out/r.2.sarif'));
    const env = { PRODUCT_ORDER_VALIDATE_SARIF_GZIP_BYTES: String(64 * 1024) };
    const run = cli(['-f', 'sarif', '-o', 'out/r.sarif', 'big/orders.ndjson'], { env });
    expect(run.code, run.stderr).toBe(2);
    expect(run.stderr).toContain('cannot write "out/r.2.sarif" (it is a symbolic link');
    expect(readFileSync(join(work, 'outside.sarif'), 'utf8')).toBe(before);
    // a link left among the further parts of an earlier report is not removed as one of them
    rmSync(join(work, 'linkout/out/r.2.sarif'));
    symlinkSync('../../outside.sarif', join(work, 'linkout/out/r.2.sarif'));
    const small = cli(['-f', 'sarif', '-o', 'out/r.sarif', 'orders/b.json']);
    expect(small.code).toBe(1);
    expect(readlinkSync(join(work, 'linkout/out/r.2.sarif'))).toBe('../../outside.sarif');
    expect(readFileSync(join(work, 'outside.sarif'), 'utf8')).toBe(before);
    rmSync(join(work, 'outside.sarif'));
    rmSync(join(work, 'linkout/big'), { recursive: true });
    rmSync(join(work, 'linkout/out'), { recursive: true });
  });

  // regression: a tracked link to a report was left out as "a report", one input fewer checked
  it('a link to a report, tracked or not, is never taken for a report: it is checked', () => {
    put('report-elsewhere/r.json', '');
    inFolder('linkout', ['orders/b.json', '-f', 'json', '-o', '../report-elsewhere/r.json']);
    symlinkSync('../../report-elsewhere/r.json', join(work, 'linkout/orders/tracked-report.json'));
    git('linkout', 'add', 'orders/tracked-report.json');
    git('linkout', 'commit', '-q', '-m', 'a link to a report');
    writeFileSync(join(work, 'report-elsewhere/r2.json'), readFileSync(join(work, 'report-elsewhere/r.json')));
    symlinkSync('../../report-elsewhere/r2.json', join(work, 'linkout/orders/untracked-report.json'));
    const run = json('linkout', ['orders']);
    expect(run.stderr).not.toContain('left out');
    expect(run.doc.results.map(brief)).toEqual([
      'orders/a.json valid',
      'orders/b.json invalid',
      'orders/dangling.json unreadable dangling_link',
      'orders/report.json unreadable dangling_link',
      'orders/tracked-report.json invalid',
      'orders/untracked-report.json invalid',
    ]);
    rmSync(join(work, 'linkout/orders/untracked-report.json'));
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
