// The command from the packed package in a partner's workflow: the folder reports name
// files from (--base-dir), only the files changed against a git base (--changed), thresholds and
// exit codes, a config file, and the pre-commit hook as pre-commit runs it.
import { spawnSync } from 'node:child_process';
import {
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  symlinkSync,
  truncateSync,
  unlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { bin, cleanEnv, gitIn, invalidOrder, runner, validOrder } from './command.js';

/** A valid order with a hint: a misspelt property the specification does not name. */
const hintedOrder = JSON.stringify({ ...JSON.parse(validOrder), categroy: 'new' }, null, 2);

let work: string;
let at = ''; // the folder of the next run, below work
const cli = runner(() => join(work, at));
/** A run in `folder` (below work). */
const inFolder = (folder: string, args: readonly string[], env: Record<string, string> = {}) => {
  at = folder;
  return cli(args, { env });
};

const put = (path: string, text: string) => {
  mkdirSync(dirname(join(work, path)), { recursive: true });
  writeFileSync(join(work, path), text);
};

/** git in `folder` (below work), with an author, and no settings of the machine's user. */
function git(folder: string, ...args: string[]): string {
  return gitIn(join(work, folder), work, ...args);
}

/** The sources a `--format json` report names, in order. */
const sources = (stdout: string): string[] =>
  (JSON.parse(stdout) as { results: { source: string }[] }).results.map((r) => r.source);

beforeAll(() => {
  work = mkdtempSync(join(tmpdir(), 'pov-workflow-'));
});

afterAll(() => {
  rmSync(work, { recursive: true, force: true });
});

describe('--base-dir: the folder reports name files from', () => {
  beforeAll(() => {
    put('repo/orders/a.json', validOrder);
    put('repo/orders/sub/b.json', invalidOrder);
    git('repo', 'init', '-q');
    put('plain/x/a.json', validOrder);
  });

  it('names files from the git repository root when run from a subfolder, in every format', () => {
    const out = join(work, 'out');
    const formats = ['text', 'json', 'ndjson', 'sarif', 'junit', 'github', 'gitlab'];
    const run = inFolder('repo/orders/sub', [
      ...formats.flatMap((format) => ['-f', format, '-o', join(out, format)]),
      'b.json',
      '../a.json',
    ]);
    expect(run.code).toBe(1);
    const report = (format: string) => readFileSync(join(out, format), 'utf8');
    expect(report('text')).toContain('✗ orders/sub/b.json\n');
    expect(report('text')).not.toMatch(/\.\.\/|^✗ b\.json/m);
    expect(sources(report('json'))).toEqual(['orders/sub/b.json', 'orders/a.json']);
    const lines = report('ndjson')
      .trimEnd()
      .split('\n')
      .map((line) => JSON.parse(line));
    expect(lines.flatMap((line) => (line.source ? [line.source] : []))).toEqual(['orders/sub/b.json', 'orders/a.json']);
    const sarif = JSON.parse(report('sarif'));
    expect(sarif.runs[0].originalUriBaseIds['%SRCROOT%'].uri).toBe(`${pathToFileURL(join(work, 'repo')).href}/`);
    expect(sarif.runs[0].results[0].locations[0].physicalLocation.artifactLocation).toEqual({
      uri: 'orders/sub/b.json',
      uriBaseId: '%SRCROOT%',
    });
    expect(report('junit')).toContain('<testsuite name="orders/sub/b.json"');
    expect(report('junit')).toContain('<testsuite name="orders/a.json"');
    expect(report('github')).toContain('::error file=orders/sub/b.json,line=3,');
    expect(JSON.parse(report('gitlab'))[0].location.path).toBe('orders/sub/b.json');
  });

  it('takes --base-dir, GITHUB_WORKSPACE or CI_PROJECT_DIR outside a repository, and names a file outside by its absolute path', () => {
    const json = (folder: string, args: string[], env: Record<string, string> = {}) => {
      const run = inFolder(folder, ['-f', 'json', ...args], env);
      expect(run.code, run.stderr).toBe(0);
      return sources(run.stdout);
    };
    expect(json('plain/x', ['a.json'])).toEqual(['a.json']);
    expect(json('plain/x', ['a.json'], { GITHUB_WORKSPACE: join(work, 'plain') })).toEqual(['x/a.json']);
    expect(json('plain/x', ['a.json'], { CI_PROJECT_DIR: join(work, 'plain') })).toEqual(['x/a.json']);
    expect(json('plain/x', ['--base-dir', '..', 'a.json'])).toEqual(['x/a.json']);
    // the repository's root wins over the variables
    expect(json('repo/orders', ['a.json'], { GITHUB_WORKSPACE: join(work, 'plain') })).toEqual(['orders/a.json']);
    expect(json('repo', ['--base-dir', 'orders/sub', 'orders/a.json'])).toEqual([join(work, 'repo/orders/a.json')]);
  });

  it('refuses a base dir that does not exist or is a file, in English and German, before reading anything', () => {
    const missing = inFolder('repo', ['--base-dir', 'nowhere', 'orders']);
    expect(missing).toMatchObject({ code: 2, stdout: '' });
    expect(missing.stderr).toContain('--base-dir "nowhere" is no folder (no such file)');
    const file = inFolder('repo', ['--lang', 'de', '--base-dir', 'orders/a.json', 'orders']);
    expect(file).toMatchObject({ code: 2, stdout: '' });
    expect(file.stderr).toContain('--base-dir "orders/a.json" ist kein Ordner');
  });
});

describe('--changed: only the files that differ from a git base', () => {
  const odd = ['with space ä €.json', 'new\nline.json'];
  beforeAll(() => {
    put('changes/orders/a.json', validOrder);
    put('changes/orders/b.json', validOrder);
    put('changes/orders/gone.json', validOrder);
    put('changes/orders/same.json', validOrder);
    git('changes', 'init', '-q', '--initial-branch=main');
    git('changes', 'add', '.');
    git('changes', 'commit', '-q', '-m', 'orders');
    git('changes', 'checkout', '-q', '-b', 'feature');
    put('changes/orders/b.json', invalidOrder); // committed on the branch
    unlinkSync(join(work, 'changes/orders/gone.json')); // deleted on the branch
    for (const name of odd) put(`changes/orders/${name}`, validOrder);
    git('changes', 'add', '-A');
    git('changes', 'commit', '-q', '-m', 'feature');
    // a change on main after the branch started is not the branch's
    git('changes', 'checkout', '-q', 'main');
    put('changes/orders/same.json', invalidOrder);
    git('changes', 'commit', '-q', '-am', 'later on main');
    git('changes', 'checkout', '-q', 'feature');
    put('changes/orders/staged.json', hintedOrder); // staged, not committed
    git('changes', 'add', 'orders/staged.json');
    put('changes/orders/untracked.json', validOrder);
    put('changes/orders/ignored.json', validOrder);
    put('changes/.gitignore', 'orders/ignored.json\n');
    put('trunk/orders/a.json', validOrder);
    git('trunk', 'init', '-q', '--initial-branch=trunk');
    git('trunk', 'add', '.');
    git('trunk', 'commit', '-q', '-m', 'orders');
  });

  it('checks the files changed since the merge base with main: committed, staged, untracked, any name; not deleted or ignored ones', () => {
    const run = inFolder('changes', ['--changed', '-f', 'json', 'orders']);
    expect(run.code, run.stderr).toBe(1);
    expect(sources(run.stdout).sort()).toEqual(
      ['orders/b.json', 'orders/staged.json', 'orders/untracked.json', ...odd.map((name) => `orders/${name}`)].sort(),
    );
    expect(run.stderr).toMatch(
      /--changed: checking 5 of 8 files, those that differ from main \(merge base [0-9a-f]{12}\)/,
    );
    // from a subfolder, with the base named, and a file named that did not change
    const named = inFolder('changes/orders', ['--changed=main', '-f', 'json', 'b.json', 'same.json']);
    expect(sources(named.stdout)).toEqual(['orders/b.json']);
  });

  it('compares with HEAD for what a commit would add: staged and untracked files', () => {
    const run = inFolder('changes', ['--changed=HEAD', '-f', 'json', 'orders']);
    expect(sources(run.stdout).sort()).toEqual(['orders/staged.json', 'orders/untracked.json']);
    expect(run.code).toBe(0);
    expect(inFolder('changes', ['--changed=HEAD', '--fail-on', 'hints', 'orders']).code).toBe(1);
  });

  it('takes every file as changed in a repository without a commit yet (the first commit, in pre-commit)', () => {
    put('unborn/orders/a.json', validOrder);
    put('unborn/orders/b.json', invalidOrder);
    git('unborn', 'init', '-q');
    git('unborn', 'add', 'orders/a.json');
    const run = inFolder('unborn', ['--changed=HEAD', '-f', 'json', 'orders']);
    expect(run.code, run.stderr).toBe(1);
    expect(sources(run.stdout)).toEqual(['orders/a.json', 'orders/b.json']);
    expect(inFolder('unborn', ['--changed=nothing-like-this', 'orders']).code).toBe(2);
  });

  it('says git is needed when it is not on PATH', () => {
    const only = join(work, 'node-only');
    mkdirSync(only, { recursive: true });
    symlinkSync(process.execPath, join(only, 'node'));
    const run = inFolder('changes', ['--changed', 'orders'], { PATH: only });
    expect(run).toMatchObject({ code: 2, stdout: '' });
    expect(run.stderr).toContain('--changed needs git, which is not installed (or not on PATH)');
  });

  it('passes a run in which no file changed, since nothing was to check', () => {
    const run = inFolder('changes', ['--changed=HEAD', '-f', 'json', 'orders/a.json', 'orders/same.json']);
    expect(run.code).toBe(0);
    expect(JSON.parse(run.stdout).summary.orders).toBe(0);
  });

  it('--changed in a pull request job of GitHub or GitLab (a checkout without origin/HEAD or a local main) takes the base the platform names, and says how to fetch it when the clone lacks it', () => {
    // as actions/checkout leaves a pull request: the head commit alone, no local branch, no origin/HEAD
    mkdirSync(join(work, 'pr'), { recursive: true });
    git('pr', 'init', '-q');
    git('pr', 'remote', 'add', 'origin', pathToFileURL(join(work, 'changes')).href);
    git('pr', 'fetch', '-q', '--depth=1', 'origin', 'feature');
    git('pr', 'checkout', '-q', 'FETCH_HEAD');
    const github = { GITHUB_ACTIONS: 'true', GITHUB_BASE_REF: 'main' };
    const missing = inFolder('pr', ['--changed', 'orders'], github);
    expect(missing).toMatchObject({ code: 2, stdout: '' });
    expect(missing.stderr).toContain('"origin/main" is no commit, branch or tag of this repository');
    expect(missing.stderr).toContain('actions/checkout with fetch-depth: 0');
    // the base fetched at depth 1: no commit in common, and the same advice
    git('pr', 'fetch', '-q', '--depth=1', 'origin', 'main:refs/remotes/origin/main');
    const shallow = inFolder('pr', ['--changed', 'orders'], github);
    expect(shallow.code).toBe(2);
    expect(shallow.stderr).toContain('"origin/main" and HEAD have no commit in common');
    expect(shallow.stderr).toContain('fetch-depth: 0');
    const gitlab = inFolder('pr', ['--changed', 'orders'], {
      GITLAB_CI: 'true',
      CI_MERGE_REQUEST_TARGET_BRANCH_NAME: 'main',
    });
    expect(gitlab.stderr).toContain('set the variable GIT_DEPTH: 0, or run git fetch origin main first');
    // the whole history, as fetch-depth: 0 gives it
    git('pr', 'fetch', '-q', '--unshallow', 'origin');
    const expected = ['orders/b.json', ...odd.map((name) => `orders/${name}`)].sort();
    for (const [args, env] of [
      [['--changed', '-f', 'json', 'orders'], github],
      [['--changed', '-f', 'json', 'orders'], { GITLAB_CI: 'true', CI_MERGE_REQUEST_TARGET_BRANCH_NAME: 'main' }],
      [['--changed=main', '-f', 'json', 'orders'], {}], // a bare branch name that exists only as origin/main
      [['--changed', '-f', 'json', 'orders'], {}], // main, found as origin/main
    ] as [string[], Record<string, string>][]) {
      const run = inFolder('pr', args, env);
      expect(run.code, `${args.join(' ')} ${JSON.stringify(env)}: ${run.stderr}`).toBe(1);
      expect(sources(run.stdout).sort()).toEqual(expected);
      expect(run.stderr).toContain('those that differ from origin/main');
    }
  });

  it('says on stderr that the github annotations are in input order when the pull request base cannot be used', () => {
    mkdirSync(join(work, 'pr1'), { recursive: true });
    git('pr1', 'init', '-q');
    git('pr1', 'remote', 'add', 'origin', pathToFileURL(join(work, 'changes')).href);
    git('pr1', 'fetch', '-q', '--depth=1', 'origin', 'feature');
    git('pr1', 'checkout', '-q', 'FETCH_HEAD');
    const run = inFolder('pr1', ['-f', 'github', 'orders'], { GITHUB_ACTIONS: 'true', GITHUB_BASE_REF: 'main' });
    expect(run.code).toBe(1);
    expect(run.stderr).toContain('-f github: the annotations come in input order, not changed files first');
    expect(run.stderr).toContain('fetch-depth: 0');
  });

  it('refuses --changed outside a repository, a base that is no commit or looks like an option, and no default branch; in English and German', () => {
    const cases: [string, string[], string][] = [
      ['plain', ['--changed', 'x'], '--changed needs a git repository, and'],
      [
        'changes',
        ['--changed=nothing-like-this', 'orders'],
        '--changed: "nothing-like-this" is no commit, branch or tag',
      ],
      ['changes', ['--changed=--output=x', 'orders'], '--changed: "--output=x" is no commit, branch or tag'],
      ['trunk', ['--changed', 'orders'], '--changed: there is no origin/HEAD, main or master to compare with'],
      ['changes', ['--changed=', 'orders'], 'option --changed needs a value'],
    ];
    for (const [folder, args, message] of cases) {
      const run = inFolder(folder, args);
      expect(run, args.join(' ')).toMatchObject({ code: 2, stdout: '' });
      expect(run.stderr).toContain(message);
    }
    const de = inFolder('changes', ['--lang', 'de', '--changed=nothing-like-this', 'orders']);
    expect(de.code).toBe(2);
    expect(de.stderr).toContain('ist kein Commit, Branch oder Tag dieses Repositorys');
  });
});

describe('thresholds and exit codes', () => {
  beforeAll(() => {
    put('limits/valid.json', validOrder);
    put('limits/invalid-1.json', invalidOrder);
    put('limits/invalid-2.json', invalidOrder);
    put('limits/hinted.json', hintedOrder);
  });

  it('exits 0 valid, 1 invalid, 2 on a usage error, 3 when an input could not be read (also with invalid orders)', () => {
    expect(inFolder('limits', ['valid.json', 'hinted.json']).code).toBe(0);
    expect(inFolder('limits', ['valid.json', 'invalid-1.json']).code).toBe(1);
    expect(inFolder('limits', ['--no-such-option', 'valid.json']).code).toBe(2);
    expect(inFolder('limits', ['valid.json', 'missing.json']).code).toBe(3);
    expect(inFolder('limits', ['invalid-1.json', 'missing.json']).code).toBe(3);
    expect(inFolder('limits', ['--max-invalid', '5', 'invalid-1.json', 'missing.json']).code).toBe(3);
  });

  it('passes while at most --max-invalid orders are invalid, and says so in the summary', () => {
    const one = inFolder('limits', ['--max-invalid', '1', 'valid.json', 'invalid-1.json']);
    expect(one.code).toBe(0);
    expect(one.stdout).toContain(
      '2 orders: 1 valid, 1 invalid (R-field: 1); 1 invalid, at most 1 allowed (--max-invalid): passes\n',
    );
    const two = inFolder('limits', ['--max-invalid', '1', '--lang', 'de', 'invalid-1.json', 'invalid-2.json']);
    expect(two.code).toBe(1);
    expect(two.stdout).toContain('2 ungültig, höchstens 1 erlaubt (--max-invalid): nicht bestanden');
    const json = JSON.parse(inFolder('limits', ['-f', 'json', '--max-invalid', '1', 'invalid-1.json']).stdout);
    expect(json.summary).toMatchObject({ invalid: 1, failOn: 'violations', maxInvalid: 1, failing: 1 });
    // the default says nothing of thresholds
    expect(JSON.parse(inFolder('limits', ['-f', 'json', 'invalid-1.json']).stdout).summary).not.toHaveProperty(
      'failOn',
    );
  });

  it('fails on hints with --fail-on hints, counting an order with hints as failing', () => {
    expect(inFolder('limits', ['hinted.json']).code).toBe(0);
    const run = inFolder('limits', ['--fail-on', 'hints', 'hinted.json', 'valid.json']);
    expect(run.code).toBe(1);
    expect(run.stdout).toContain(
      '1 order with violations or hints (--fail-on hints), at most 0 allowed (--max-invalid): fails',
    );
    expect(inFolder('limits', ['--fail-on', 'hints', '--max-invalid', '1', 'hinted.json']).code).toBe(0);
    expect(inFolder('limits', ['--fail-on', 'violations', 'hinted.json']).code).toBe(0);
  });

  it('a quiet run that fails on hints names the orders that fail it in every report (-q --fail-on hints)', () => {
    const args = ['-q', '--fail-on', 'hints', 'hinted.json', 'valid.json'];
    const json = inFolder('limits', ['-f', 'json', ...args]);
    expect(json.code).toBe(1);
    expect(sources(json.stdout)).toEqual(['hinted.json']);
    const github = inFolder('limits', ['-f', 'github', ...args]).stdout;
    expect(github).toMatch(/^::notice file=hinted\.json,/m);
    const text = inFolder('limits', args).stdout;
    expect(text).toContain('✓ hinted.json\n');
    expect(text).not.toContain('valid.json');
    const junit = inFolder('limits', ['-f', 'junit', ...args]).stdout;
    expect(junit).toContain('<testsuite name="hinted.json" tests="1"');
    // quiet still leaves out a valid order with hints when hints do not fail the run
    expect(sources(inFolder('limits', ['-f', 'json', '-q', 'hinted.json']).stdout)).toEqual([]);
  });

  it('refuses --fail-on hints with --no-hints: the orders failing on hints would be reported without them', () => {
    const run = inFolder('limits', ['--fail-on', 'hints', '--no-hints', 'hinted.json']);
    expect(run).toMatchObject({ code: 2, stdout: '' });
    expect(run.stderr).toContain('--fail-on hints and --no-hints');
  });

  it('--max-invalid with a malformed input does not say the run passes, since it exits 3', () => {
    put('limits/broken.json', '{"a":');
    const run = inFolder('limits', ['--max-invalid', '10', 'invalid-1.json', 'broken.json']);
    expect(run.code).toBe(3);
    expect(run.stdout).not.toContain('passes');
    expect(run.stdout).toContain(
      '1 invalid, at most 10 allowed (--max-invalid): fails, since an input could not be checked',
    );
    const de = inFolder('limits', ['--lang', 'de', '--max-invalid', '10', 'invalid-1.json', 'broken.json']);
    expect(de.stdout).toContain('nicht bestanden, da eine Eingabe nicht geprüft werden konnte');
  });

  it('are in --help, in English and German: the options and the exit codes 2 and 3', () => {
    const en = inFolder('limits', ['--help']).stdout;
    const de = inFolder('limits', ['--help'], { LANG: 'de_DE.UTF-8' }).stdout;
    for (const help of [en, de]) {
      expect(help).toMatch(/--base-dir .*--changed\[=.*--fail-on .*--max-invalid .*--config /s);
    }
    expect(en).toContain('2 a usage error,\n3 an input that could not be read');
    expect(de).toContain('2 ein\nAufruffehler, 3 eine Eingabe, die nicht lesbar');
  });

  it('refuses a bad --max-invalid or --fail-on', () => {
    const cases: [string[], string][] = [
      [['--max-invalid', '-1'], 'option --max-invalid takes a whole number from 0 up, not "-1"'],
      [['--max-invalid', '1.5'], 'option --max-invalid takes a whole number from 0 up, not "1.5"'],
      [['--max-invalid', 'x'], 'option --max-invalid takes a whole number from 0 up, not "x"'],
      [['--fail-on', 'warnings'], 'option --fail-on takes violations, hints, not "warnings"'],
    ];
    for (const [args, message] of cases) {
      const run = inFolder('limits', [...args, 'valid.json']);
      expect(run, args.join(' ')).toMatchObject({ code: 2, stdout: '' });
      expect(run.stderr).toContain(message);
    }
  });
});

describe('the config file', () => {
  const config = (folder: string, value: unknown) =>
    put(`${folder}/product-order-validate.config.json`, JSON.stringify(value));
  beforeAll(() => {
    put('configured/orders/sub/invalid.json', invalidOrder);
    put('configured/orders/sub/x.expected.json', '{}');
    git('configured', 'init', '-q');
    config('configured', {
      exclude: ['orders/sub/*.expected.json'], // from the base folder, whatever folder the run starts in
      lang: 'de',
      maxInvalid: 1,
      outputs: [{ format: 'json', output: 'reports/orders.json' }, { format: 'text' }],
    });
    put('packaged/package.json', JSON.stringify({ name: 'x', 'product-order-validate': { failOn: 'hints' } }));
    put('packaged/hinted.json', hintedOrder);
    put('hostile/valid.json', validOrder);
  });

  it('is found from a subfolder up to the repository root, and its settings apply', () => {
    const run = inFolder('configured/orders/sub', ['.']);
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toContain('1 Auftrag: 0 gültig, 1 ungültig');
    // its output is relative to its own folder
    const report = JSON.parse(readFileSync(join(work, 'configured/reports/orders.json'), 'utf8'));
    expect(report.results.map((r: { source: string }) => r.source)).toEqual(['orders/sub/invalid.json']);
  });

  it('a folder whose orders the config all excludes says they were excluded, and by which pattern, not "no .json file found"', () => {
    put('excluding/orders/a.expected.json', validOrder);
    config('excluding', { exclude: ['*.expected.json'] });
    const run = inFolder('excluding', ['-f', 'json', 'orders']);
    expect(run.code).toBe(3);
    const [result] = JSON.parse(run.stdout).results;
    expect(result).toMatchObject({ source: 'orders', error: 'no_match', reason: 'excluded', found: '*.expected.json' });
    expect(result.message).toBe(
      'every .json, .ndjson and .jsonl file found is excluded, by the pattern "*.expected.json" (--exclude, or exclude in the config)',
    );
    expect(inFolder('excluding', ['--exclude', 'orders/', 'orders']).stdout).toContain('by the pattern "orders/"');
  });

  it('takes baseline, noHints and maxViolations from the config, which the partner missed', () => {
    put('keyed/invalid.json', invalidOrder);
    put('keyed/hinted.json', hintedOrder);
    put('keyed/empty.json', '{}');
    config('keyed', { baseline: 'known.json', noHints: true, maxViolations: 1 });
    expect(inFolder('keyed', ['--write-baseline', 'known.json', 'invalid.json']).code).toBe(0);
    const run = inFolder('keyed', ['-f', 'json', 'invalid.json', 'hinted.json', 'empty.json']);
    const [invalid, hinted, empty] = JSON.parse(run.stdout).results;
    expect(invalid).toMatchObject({ valid: true, violations: [] }); // known by the config's baseline
    expect(hinted.hints).toEqual([]); // noHints
    expect(empty.violations).toHaveLength(1); // maxViolations
    expect(empty.truncated).toBeDefined();
    config('keyed', { noHints: 'yes' });
    expect(inFolder('keyed', ['hinted.json']).stderr).toContain('"noHints" takes true or false');
  });

  it('yields to the command line: a flag given replaces the setting', () => {
    const run = inFolder('configured/orders/sub', ['--lang', 'en', '--max-invalid', '0', '-f', 'text', '.']);
    expect(run.code).toBe(1);
    expect(run.stdout).toContain('1 order: 0 valid, 1 invalid');
    const all = inFolder('configured/orders/sub', ['--exclude', 'nothing', '-f', 'json', '.']);
    expect(sources(all.stdout)).toEqual(['orders/sub/invalid.json', 'orders/sub/x.expected.json']);
  });

  it('is read from the "product-order-validate" key of package.json, or from --config', () => {
    expect(inFolder('packaged', ['hinted.json']).code).toBe(1);
    put('packaged/other.json', JSON.stringify({ failOn: 'violations' }));
    expect(inFolder('packaged', ['--config', 'other.json', 'hinted.json']).code).toBe(0);
  });

  it('refuses a config that is not JSON, too large, or has an unknown key, __proto__ or a bad value, naming it', () => {
    const file = join(work, 'hostile/product-order-validate.config.json');
    const cases: [string | (() => void), string][] = [
      ['{"exclude": [', 'is not JSON'],
      ['[]', '"(the file)" takes an object'],
      ['{"__proto__": {"maxInvalid": 5}}', 'has the unknown key "__proto__"'],
      [
        '{"outputs": [{"format": "json", "__proto__": {"output": "/etc/x"}}]}',
        'has the unknown key "outputs/0/__proto__"',
      ],
      ['{"exlude": ["x"]}', 'has the unknown key "exlude"'],
      ['{"maxInvalid": "3"}', '"maxInvalid" takes a whole number from 0'],
      ['{"outputs": [{"format": "pdf"}]}', '"outputs/0/format" takes "text", "json"'],
      ['{"lang": "fr"}', '"lang" takes "en", "de"'],
      [
        () => {
          writeFileSync(file, '{}');
          truncateSync(file, 100 * 1024 * 1024); // 100 MB, sparse: refused from its size, never read
        },
        'is larger than 1,048,576 bytes',
      ],
    ];
    for (const [content, message] of cases) {
      if (typeof content === 'string') writeFileSync(file, content);
      else content();
      const run = inFolder('hostile', ['valid.json']);
      expect(run, String(content)).toMatchObject({ code: 2, stdout: '' });
      expect(run.stderr).toContain(`the config "${file}"`);
      expect(run.stderr).toContain(message);
    }
    writeFileSync(file, '{"exlude": []}');
    expect(inFolder('hostile', ['--lang', 'de', 'valid.json']).stderr).toContain(
      'hat den unbekannten Schlüssel "exlude"',
    );
    rmSync(file);
    expect(inFolder('hostile', ['--config', 'missing.json', 'valid.json'])).toMatchObject({ code: 2, stdout: '' });
  });
});

describe('the pre-commit hook, run as pre-commit runs it', () => {
  /** pre-commit's limit on the length of one command line on Linux and macOS: longer file lists are split into several runs. */
  const maxCommandLength = 2 ** 17;

  /**
   * The command lines pre-commit runs for a hook: the entry and the args, then (with
   * `pass_filenames`) the staged files' names, split as pre-commit's xargs splits them, each run
   * whole (as with `require_serial`).
   */
  function hookRuns(hook: { entry: string; pass_filenames?: boolean }, args: string[], files: string[]): string[][] {
    const head = [...hook.entry.split(' '), ...args];
    if (hook.pass_filenames === false) return [head];
    const runs: string[][] = [];
    let run = [...head];
    let length = head.join(' ').length;
    for (const file of files) {
      if (run.length > head.length && length + file.length + 1 > maxCommandLength) {
        runs.push(run);
        run = [...head];
        length = head.join(' ').length;
      }
      run.push(file);
      length += file.length + 1;
    }
    runs.push(run);
    return runs;
  }

  it('checks 1,200 staged orders in one run: one summary, and a report that holds them all', () => {
    const [hook] = parse(readFileSync('.pre-commit-hooks.yaml', 'utf8'));
    const long =
      'a-partner-order-file-named-as-partners-name-them-with-the-customer-the-product-and-the-date-2026-11-26';
    const files = Array.from({ length: 1200 }, (_, i) => `orders/${long}-${String(i).padStart(4, '0')}.json`);
    put('hooked/orders/committed.json', validOrder);
    git('hooked', 'init', '-q', '--initial-branch=main');
    git('hooked', 'add', '.');
    git('hooked', 'commit', '-q', '-m', 'orders');
    for (const file of files) put(`hooked/${file}`, validOrder);
    git('hooked', 'add', 'orders');
    // the partner's .pre-commit-config.yaml: the folder of orders, and a report kept
    const args = ['orders/', '-f', 'json', '-o', 'reports/orders.json', '-f', 'text'];
    const runs = hookRuns(hook, args, files);
    let stdout = '';
    for (const [command, ...rest] of runs) {
      expect(command).toBe('product-order-validate');
      const run = spawnSync(bin(), rest, {
        cwd: join(work, 'hooked'),
        env: cleanEnv,
        encoding: 'utf8',
        timeout: 60_000,
      });
      expect(run.status, run.stderr).toBe(0);
      stdout += run.stdout;
    }
    expect(stdout.match(/^\d[\d,]* orders?: /gm)).toEqual(['1,200 orders: ']);
    const report = JSON.parse(readFileSync(join(work, 'hooked/reports/orders.json'), 'utf8'));
    expect(report.summary.orders).toBe(1200);
  });
});
