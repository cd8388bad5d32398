// The CI examples and the pre-commit hook, read as GitHub Actions, GitLab CI and pre-commit read
// them: the keys each needs, the reports wired to the files the command writes, and every
// product-order-validate command line in them accepted by the command's own parser. Then each CI
// example run as its platform runs it, step by step with bash, in a fresh folder set up as a partner's
// repository that has the packed package as its pinned devDependency.
import { spawnSync } from 'node:child_process';
import {
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { parse } from 'yaml';
import { parseCommand } from '../src/cli/options.js';
import { codeBlocks } from './markdown.js';

const command = 'product-order-validate';
const files = {
  github: 'examples/ci/github-actions.yml',
  gitlab: 'examples/ci/gitlab-ci.yml',
  hooks: '.pre-commit-hooks.yaml',
} as const;

// biome-ignore lint/suspicious/noExplicitAny: parsed YAML, whose shape is what the tests check
type Yaml = any;
const read = (path: string): Yaml => parse(readFileSync(path, 'utf8'));
const manifest = JSON.parse(readFileSync('package.json', 'utf8'));

/** A word of a shell command line, or an operator (|, ||, &&, ;, >, <, a line break) between commands. */
type Word = string | { readonly operator: string };

/** The words of a shell script: quotes removed, a backslash before a line break joins the lines, comments dropped. */
function words(script: string): Word[] {
  const out: Word[] = [];
  let word: string | undefined;
  const end = () => {
    if (word !== undefined) out.push(word);
    word = undefined;
  };
  for (let i = 0; i < script.length; i++) {
    const c = script[i];
    if (c === '\\') {
      if (script[i + 1] !== '\n') word = (word ?? '') + (script[i + 1] ?? '');
      i++;
    } else if (c === "'") {
      const close = script.indexOf("'", i + 1);
      word = (word ?? '') + script.slice(i + 1, close);
      i = close;
    } else if (c === '"') {
      word ??= '';
      for (i++; i < script.length && script[i] !== '"'; i++) {
        if (script[i] === '\\' && '"\\$`'.includes(script[i + 1])) i++;
        word += script[i];
      }
    } else if (c === '#' && word === undefined) {
      while (i + 1 < script.length && script[i + 1] !== '\n') i++;
    } else if (c === ' ' || c === '\t') {
      end();
    } else if ('\n|&;<>'.includes(c)) {
      end();
      let operator = c;
      while (c !== '\n' && i + 1 < script.length && '|&;<>'.includes(script[i + 1])) operator += script[++i];
      out.push({ operator });
    } else {
      word = (word ?? '') + c;
    }
  }
  end();
  return out;
}

/** The arguments of each product-order-validate command in a script (named alone or by its path), up to the next operator. */
function invocations(script: string): string[][] {
  const all = words(script);
  const found: string[][] = [];
  all.forEach((word, i) => {
    if (typeof word !== 'string' || word.split('/').at(-1) !== command) return;
    const rest = all.slice(i + 1);
    const stop = rest.findIndex((w) => typeof w !== 'string');
    found.push((stop === -1 ? rest : rest.slice(0, stop)) as string[]);
  });
  return found;
}

/** The file each --format writes to: the --output after it, before the next --format; stdout has none. */
function outputs(args: readonly string[]): Map<string, string | undefined> {
  const written = new Map<string, string | undefined>();
  let format: string | undefined;
  for (let i = 0; i < args.length; i++) {
    const [name, inline] = args[i].startsWith('--') ? args[i].split(/=(.*)/s) : [args[i]];
    const value = () => inline ?? args[++i];
    if (name === '--format' || name === '-f') {
      format = value();
      written.set(format, undefined);
    } else if (name === '--output' && format !== undefined) {
      written.set(format, value());
    }
  }
  return written;
}

const github = read(files.github);
const gitlab = read(files.gitlab);
const hooks = read(files.hooks);

const githubJobs = Object.entries<Yaml>(github.jobs ?? {});
const githubRuns = githubJobs.flatMap(([, job]) =>
  (job.steps ?? []).flatMap((step: Yaml) => (typeof step.run === 'string' ? invocations(step.run) : [])),
);

/** GitLab's keywords at the top level; every other key whose value has a script is a job. */
const gitlabKeywords = new Set(['default', 'include', 'stages', 'variables', 'workflow', 'image', 'services', 'cache']);
const gitlabJobs = Object.entries<Yaml>(gitlab).filter(
  ([name, job]) => !gitlabKeywords.has(name) && !name.startsWith('.') && job?.script !== undefined,
);
/** A job's script lines: a string or a list of strings and nested lists (from !reference). */
const lines = (script: Yaml): string[] =>
  script === undefined ? [] : Array.isArray(script) ? script.flatMap(lines) : [String(script)];
const gitlabRuns = (job: Yaml) =>
  [...lines(job.before_script), ...lines(job.script), ...lines(job.after_script)].flatMap(invocations);
const gitlabChecks = gitlabJobs.filter(([, job]) => gitlabRuns(job).length > 0);

/** What pre-commit runs: the entry, the hook's args (a partner's folder of orders without them), then, with `pass_filenames`, the staged files' names. */
const hookRuns = (hooks as Yaml[]).flatMap((hook) =>
  invocations(
    `${hook.entry} ${(hook.args ?? ['orders/']).map((arg: string) => `'${arg}'`).join(' ')}${hook.pass_filenames === false ? '' : ' orders/a.json'}`,
  ),
);

describe('reading a shell command line', () => {
  it('splits words, drops quotes and comments, joins continued lines and stops at operators', () => {
    const script = `npx -p x ${command} --format "a b" 'c*' \\\n  d/ || echo "x"; ${command} -f=json > out # ${command} e`;
    expect(invocations(script)).toEqual([['--format', 'a b', 'c*', 'd/'], ['-f=json']]);
    expect(words('a\nb')).toEqual(['a', { operator: '\n' }, 'b']);
  });

  it('binds each --output to the --format before it', () => {
    const args = ['--format', 'sarif', '--output', 's.sarif', '--format=github', '--format', 'junit', '--output=j.xml'];
    expect([...outputs(args)]).toEqual([
      ['sarif', 's.sarif'],
      ['github', undefined],
      ['junit', 'j.xml'],
    ]);
  });
});

describe(files.github, () => {
  it('is a workflow: triggers, and jobs of steps that each run a command or use an action', () => {
    expect(Object.keys(github)).toContain('on');
    expect(github.on).toBeTruthy();
    expect(githubJobs.length).toBeGreaterThan(0);
    for (const [, job] of githubJobs) {
      expect(job['runs-on']).toEqual(expect.any(String));
      expect(job.steps).toEqual(expect.any(Array));
      for (const step of job.steps) expect(Number('run' in step) + Number('uses' in step)).toBe(1);
    }
  });

  it('lets upload-sarif write to code scanning', () => {
    for (const [, job] of githubJobs) {
      expect(job.permissions?.['security-events'] ?? github.permissions?.['security-events']).toBe('write');
    }
  });

  it('checks out the repository and sets up Node.js 20 before the check', () => {
    const steps: Yaml[] = githubJobs[0][1].steps;
    const at = (action: string) => steps.findIndex((step) => String(step.uses).startsWith(`${action}@`));
    const check = steps.findIndex((step) => typeof step.run === 'string' && invocations(step.run).length > 0);
    expect(at('actions/checkout')).toBeGreaterThanOrEqual(0);
    expect(at('actions/checkout')).toBeLessThan(check);
    expect(at('actions/setup-node')).toBeLessThan(check);
    expect(String(steps[at('actions/setup-node')].with['node-version'])).toBe('20');
  });

  it("checks out the whole history, so that a pull request's annotations put its changed files first (a depth-1 checkout defeated it)", () => {
    const steps: Yaml[] = githubJobs[0][1].steps;
    const checkout = steps.find((step) => String(step.uses).startsWith('actions/checkout@'));
    expect(checkout?.with?.['fetch-depth']).toBe(0);
  });

  it('uploads the SARIF file the check writes, then fails the job on the exit code the check recorded', () => {
    const steps: Yaml[] = githubJobs[0][1].steps;
    const check = steps.findIndex((step) => typeof step.run === 'string' && invocations(step.run).length > 0);
    const upload = steps.findIndex((step) => String(step.uses).startsWith('github/codeql-action/upload-sarif@'));
    const args = invocations(steps[check].run)[0];
    const sarif = outputs(args).get('sarif');

    expect(outputs(args).has('github')).toBe(true);
    expect(sarif).toEqual(expect.any(String));
    // a failing check does not stop the job before the upload: its exit code goes to the step's outputs
    expect(steps[check].run).toMatch(/\|\| status=\$\?\n.*"\$GITHUB_OUTPUT"/);
    expect(steps[check].id).toEqual(expect.any(String));
    expect(upload).toBeGreaterThan(check);
    expect(steps[upload].with?.sarif_file).toBe(sarif);
    expect(String(steps[upload].if ?? '')).not.toMatch(/\b(success|failure)\(\)/);

    const last = steps.at(-1);
    expect(steps.indexOf(last)).toBeGreaterThan(upload);
    expect(last.if).toBe(`\${{ !cancelled() }}`);
    expect(Object.values(last.env ?? {})).toContain(`\${{ steps.${steps[check].id}.outputs.status }}`);
  });
});

describe('the CI examples, as a job that may write security events needs them', () => {
  const scripts = [
    ...githubJobs.flatMap(([, job]) => (job.steps ?? []).map((step: Yaml) => String(step.run ?? ''))),
    ...gitlabJobs.flatMap(([, job]) => [...lines(job.before_script), ...lines(job.script), ...lines(job.after_script)]),
  ];

  it('run no npx, which fetches and runs whatever the registry publishes under a name it does not find installed', () => {
    expect(scripts.length).toBeGreaterThan(0);
    for (const script of scripts) expect(words(script)).not.toContain('npx');
  });

  it('install the pinned package from the lock, without install scripts, before the check', () => {
    const installs = (all: string[]) => all.findIndex((script) => /^npm ci --ignore-scripts\b/m.test(script));
    const checks = (all: string[]) => all.findIndex((script) => invocations(script).length > 0);
    const githubScripts = githubJobs[0][1].steps.map((step: Yaml) => String(step.run ?? ''));
    const gitlabScripts = lines(gitlabChecks[0][1].script);
    for (const all of [githubScripts, gitlabScripts]) {
      expect(installs(all)).toBeGreaterThanOrEqual(0);
      expect(installs(all)).toBeLessThan(checks(all));
    }
  });

  it('pin every action to a version or a commit, and grant nothing beyond the job', () => {
    const uses = githubJobs.flatMap(([, job]) => job.steps.flatMap((step: Yaml) => (step.uses ? [step.uses] : [])));
    expect(uses.length).toBeGreaterThan(0);
    for (const action of uses) expect(action).toMatch(/@(v\d+\.\d+\.\d+|[0-9a-f]{40})$/);
    expect(github.permissions).toEqual({});
    for (const [, job] of githubJobs)
      expect(job.permissions).toEqual({ contents: 'read', 'security-events': 'write', actions: 'read' });
  });
});

describe(files.gitlab, () => {
  it('has a job that runs the check', () => {
    expect(gitlabChecks.length).toBeGreaterThan(0);
  });

  it.each(gitlabChecks)('%s clones the whole history (GIT_DEPTH: 0), so that the merge base can be found', (_, job) => {
    expect(String(job.variables?.GIT_DEPTH)).toBe('0');
  });

  it.each(gitlabChecks)(
    '%s publishes the code quality and JUnit reports the check writes, also when it fails',
    (_, job) => {
      const [args] = gitlabRuns(job);
      const written = outputs(args);
      expect(written.get('gitlab')).toEqual(expect.any(String));
      expect(written.get('junit')).toEqual(expect.any(String));
      expect(written.has('text') && written.get('text') === undefined).toBe(true);
      expect(job.artifacts?.when).toBe('always');
      expect(job.artifacts?.reports?.codequality).toBe(written.get('gitlab'));
      expect(job.artifacts?.reports?.junit).toBe(written.get('junit'));
    },
  );
});

describe(files.hooks, () => {
  it('is a list of hooks with the keys pre-commit requires', () => {
    expect(hooks).toEqual(expect.any(Array));
    expect(hooks.length).toBeGreaterThan(0);
    for (const hook of hooks) {
      for (const key of ['id', 'name', 'entry', 'language']) expect(hook[key]).toEqual(expect.any(String));
    }
  });

  it('runs the command the package installs, on the files of orders', () => {
    const [hook] = hooks;
    expect(hook.id).toBe(command);
    expect(hook.language).toBe('node');
    expect(words(hook.entry)[0]).toBe(command);
    expect(Object.keys(manifest.bin)).toContain(command);
    // one run on the changed files among the folders of its args: pre-commit splits a long list of names into several runs
    expect(words(hook.entry)).toContain('--changed=HEAD');
    expect(hook.pass_filenames).toBe(false);
    const files = new RegExp(hook.files);
    for (const name of ['order.json', 'orders/nightly.ndjson', 'a/b.jsonl']) expect(name).toMatch(files);
    for (const name of ['order.json.bak', 'orders.yaml', 'jsonl.txt']) expect(name).not.toMatch(files);
  });

  it('builds the command when pre-commit installs the package from a clone, since dist/ is not committed', () => {
    expect(manifest.scripts.prepare).toEqual(expect.any(String));
    expect(readFileSync('.gitignore', 'utf8')).toMatch(/^dist\/$/m);
  });
});

describe('every product-order-validate command line in the examples', () => {
  const runs = [
    ...githubRuns.map((args) => [files.github, args] as const),
    ...gitlabJobs.flatMap(([, job]) => gitlabRuns(job).map((args) => [files.gitlab, args] as const)),
    ...hookRuns.map((args) => [files.hooks, args] as const),
  ];

  it('is found: one in each file', () => {
    expect(new Set(runs.map(([file]) => file))).toEqual(new Set(Object.values(files)));
  });

  it.each(runs)('in %s is accepted by the command: %j', (_, args) => {
    expect(parseCommand(args, {}, 2)).not.toHaveProperty('usage');
    expect(parseCommand(args, {}, 2)).toHaveProperty('run');
  });
});

// Each CI example run as shipped. The folder is a partner's repository after `npm install --save-dev
// --save-exact` of the packed tarball: package.json and package-lock.json name it, node_modules is
// absent, and the example's own `npm ci` installs it, offline, from the tarball beside them.
// GitHub's steps run with bash -e, as a `run` without `shell` does, with the files of GITHUB_OUTPUT,
// GITHUB_ENV, GITHUB_PATH and GITHUB_STEP_SUMMARY; each action the example uses is stood in for by what
// it does to the folder (checkout: none, the folder is the checkout; upload-sarif: takes the file).
// Conditions and expressions are those the example uses, read from a table: one the test cannot
// read fails it. GitLab's script lines run as one bash -e -o pipefail script, as its runner joins them.

/** What docs/cli.md tells a partner to run, so that the package is a pinned devDependency: `npm install …`. */
const ciSection = readFileSync('docs/cli.md', 'utf8')
  .split(/^## /m)
  .find((section) => section.startsWith('In CI in one step\n'));
const pinning = codeBlocks(ciSection ?? '').find((block) => block.lang === 'sh');
const pinWords = words(pinning?.code ?? '').filter((word): word is string => typeof word === 'string');

describe('docs/cli.md, In CI in one step', () => {
  it('says how the package becomes a pinned devDependency, as each example does', () => {
    expect(pinWords).toEqual(['npm', 'install', '--save-dev', '--save-exact', 'product-order-validator']);
    for (const file of [files.github, files.gitlab]) expect(readFileSync(file, 'utf8')).toContain(pinWords.join(' '));
  });

  it('names what the examples run and the failures they tell apart', () => {
    const section = ciSection ?? '';
    for (const said of ['npm ci --ignore-scripts', 'node_modules/.bin/product-order-validate'])
      for (const file of [files.github, files.gitlab, 'docs/cli.md'])
        expect(readFileSync(file, 'utf8')).toContain(said);
    for (const title of ['Invalid product orders', 'The order check could not run']) {
      expect(section).toContain(`"${title}"`);
      expect(readFileSync(files.github, 'utf8')).toContain(`::error title=${title}::`);
    }
  });
});

/** The partner's repository: the package pinned in package.json and the lock, or (bare) none at all. */
let partners: { readonly pinned: string; readonly bare: string };
let scratch: string;

const npmEnv = {
  npm_config_offline: 'true', // nothing from the registry: the tarball is beside the lock
  npm_config_audit: 'false',
  npm_config_fund: 'false',
  npm_config_update_notifier: 'false',
};

beforeAll(() => {
  const consumer = inject('consumer');
  const tarball = readdirSync(consumer).find((file) => file.endsWith('.tgz'));
  if (tarball === undefined) throw new Error(`no packed tarball in ${consumer}`);
  scratch = mkdtempSync(join(tmpdir(), 'pov-ci-'));
  partners = { pinned: join(scratch, 'pinned'), bare: join(scratch, 'bare') };
  for (const folder of Object.values(partners)) {
    mkdirSync(folder);
    writeFileSync(join(folder, 'package.json'), '{ "name": "partner-orders", "version": "1.0.0", "private": true }\n');
  }
  mkdirSync(join(partners.pinned, 'vendor'));
  cpSync(join(consumer, tarball), join(partners.pinned, 'vendor', tarball));
  const npm = (cwd: string, args: string[]) => {
    const run = spawnSync('npm', args, { cwd, env: { ...process.env, ...npmEnv }, encoding: 'utf8' });
    if (run.status !== 0) throw new Error(`npm ${args.join(' ')}: ${run.stderr}`);
  };
  // as docs/cli.md says, the tarball in place of the registry's package
  npm(
    partners.pinned,
    pinWords.slice(1).map((word) => (word === 'product-order-validator' ? `./vendor/${tarball}` : word)),
  );
  rmSync(join(partners.pinned, 'node_modules'), { recursive: true });
  npm(partners.bare, ['install', '--package-lock-only']);
});

afterAll(() => {
  if (scratch) rmSync(scratch, { recursive: true, force: true });
});

/** A fresh copy of a partner's repository, with the orders named (files of examples/orders) in orders/. */
function repository(partner: keyof typeof partners, orders: readonly string[] | undefined): string {
  const folder = mkdtempSync(join(scratch, 'run-'));
  cpSync(partners[partner], folder, { recursive: true });
  if (orders !== undefined) {
    mkdirSync(join(folder, 'orders'));
    for (const order of orders)
      cpSync(join('examples/orders', order), join(folder, 'orders', order.split('/').at(-1) ?? ''));
  }
  return folder;
}

/** What a job did: the exit code it failed with (of its failing step on GitHub; 0 when it passed), everything it printed, and the reports it handed on. */
interface Job {
  readonly code: number;
  readonly log: string;
  readonly handed: string[];
}

const baseEnv = () => ({
  PATH: process.env.PATH ?? '',
  HOME: process.env.HOME ?? '',
  CI: 'true',
  NO_COLOR: '1',
  ...npmEnv,
});

/** A `name=value` or `name<<END … END` file of GitHub's, as a map. */
function commandFile(path: string): Map<string, string> {
  const values = new Map<string, string>();
  const text = existsSync(path) ? readFileSync(path, 'utf8').split('\n') : [];
  for (let i = 0; i < text.length; i++) {
    const line = text[i] ?? '';
    const heredoc = /^([^=<]+)<<(.+)$/.exec(line);
    if (heredoc) {
      const end = text.indexOf(heredoc[2] ?? '', i + 1);
      values.set(heredoc[1] ?? '', text.slice(i + 1, end).join('\n'));
      i = end;
    } else if (line.includes('=')) {
      values.set(line.slice(0, line.indexOf('=')), line.slice(line.indexOf('=') + 1));
    }
  }
  return values;
}

/** Runs the workflow's job in `folder` as GitHub's runner would, on a push. */
function runGithubJob(job: Yaml, folder: string): Job {
  const outputs = new Map<string, Map<string, string>>();
  const outcomes = new Map<string, 'success' | 'failure'>();
  const env = new Map<string, string>(Object.entries(job.env ?? {}));
  const paths: string[] = [];
  const handed: string[] = [];
  let log = '';
  let failed = false;
  let code = 0;
  const sarifThere = (file: string) => existsSync(join(folder, file)) && statSync(join(folder, file)).isFile();
  /** The expressions of the example, as GitHub evaluates them here. */
  const expression = (text: string): string =>
    text.replace(/\$\{\{\s*(.*?)\s*\}\}/gs, (whole, inner: string) => {
      const output = /^steps\.([\w-]+)\.outputs\.([\w-]+)$/.exec(inner);
      if (output) return outputs.get(output[1] ?? '')?.get(output[2] ?? '') ?? '';
      throw new Error(`the test cannot evaluate ${whole}`);
    });
  const condition = (step: Yaml): boolean => {
    if (step.if === undefined) return !failed;
    const text = String(step.if).replace(/\s+/g, ' ').trim();
    if (text === `\${{ !cancelled() }}`) return true;
    const outcome = /^\$\{\{ steps\.([\w-]+)\.outcome == '(success|failure)' \}\}$/.exec(text);
    if (outcome) return !failed && outcomes.get(outcome[1] ?? '') === outcome[2];
    const upload =
      /^\$\{\{ !cancelled\(\) && hashFiles\('([^']+)'\) != '' && \(github\.event_name != 'pull_request' \|\| github\.event\.pull_request\.head\.repo\.full_name == github\.repository\) \}\}$/.exec(
        text,
      );
    if (upload) return sarifThere(upload[1] ?? ''); // on a push
    throw new Error(`the test cannot evaluate the condition ${text}`);
  };
  for (const step of job.steps as Yaml[]) {
    if (!condition(step)) continue;
    if (step.uses !== undefined) {
      const action = String(step.uses).replace(/@.*/, '');
      if (action === 'github/codeql-action/upload-sarif') {
        const file = String(step.with.sarif_file);
        expect(JSON.parse(readFileSync(join(folder, file), 'utf8')).version).toBe('2.1.0');
        handed.push(file);
      } else if (action !== 'actions/checkout' && action !== 'actions/setup-node') {
        throw new Error(`the test cannot stand in for ${step.uses}`);
      }
      continue;
    }
    expect(step.shell ?? job.defaults?.run?.shell).toBeUndefined();
    const runner = mkdtempSync(join(scratch, 'step-'));
    const files = Object.fromEntries(
      ['GITHUB_OUTPUT', 'GITHUB_ENV', 'GITHUB_PATH', 'GITHUB_STEP_SUMMARY'].map((name) => [
        name,
        join(runner, name.toLowerCase()),
      ]),
    );
    for (const file of Object.values(files)) writeFileSync(file, '');
    const script = join(runner, 'step.sh');
    writeFileSync(script, expression(String(step.run)));
    const base = baseEnv();
    const run = spawnSync('bash', ['-e', script], {
      cwd: folder,
      encoding: 'utf8',
      timeout: 120_000,
      env: {
        ...base,
        ...Object.fromEntries(env),
        ...Object.fromEntries(Object.entries(step.env ?? {}).map(([name, value]) => [name, expression(String(value))])),
        PATH: [...paths, base.PATH].join(':'),
        GITHUB_ACTIONS: 'true',
        GITHUB_EVENT_NAME: 'push',
        GITHUB_WORKSPACE: folder,
        ...files,
      },
    });
    log += run.stdout + run.stderr;
    if (step.id !== undefined) {
      outputs.set(step.id, commandFile(files.GITHUB_OUTPUT ?? ''));
      outcomes.set(step.id, run.status === 0 ? 'success' : 'failure');
    }
    for (const [name, value] of commandFile(files.GITHUB_ENV ?? '')) env.set(name, value);
    paths.unshift(
      ...readFileSync(files.GITHUB_PATH ?? '', 'utf8')
        .split('\n')
        .filter(Boolean)
        .reverse(),
    );
    if (run.status !== 0 && step['continue-on-error'] !== true) {
      failed = true;
      code = run.status ?? 1;
    }
  }
  return { code, log, handed };
}

/** Runs the GitLab job in `folder` as GitLab's runner would, then hands on the reports it names that exist. */
function runGitlabJob(job: Yaml, folder: string): Job {
  const script = join(mkdtempSync(join(scratch, 'job-')), 'job.sh');
  writeFileSync(script, [...lines(job.before_script), ...lines(job.script)].join('\n'));
  const run = spawnSync('bash', ['-e', '-o', 'pipefail', script], {
    cwd: folder,
    encoding: 'utf8',
    timeout: 120_000,
    env: { ...baseEnv(), GITLAB_CI: 'true', CI_PROJECT_DIR: folder },
  });
  const reports = Object.values<string>(job.artifacts?.reports ?? {});
  return {
    code: run.status ?? 1,
    log: run.stdout + run.stderr,
    handed: reports.filter((file) => existsSync(join(folder, file)) && statSync(join(folder, file)).isFile()),
  };
}

const valid = readdirSync('examples/orders/valid').map((file) => `valid/${file}`);
const invalid = 'invalid/phone-number-too-long.json';

const examples = [
  {
    name: files.github,
    run: (folder: string) => runGithubJob(githubJobs[0][1], folder),
    reports: ['product-orders.sarif'],
    invalidSaid: /^::error title=Invalid product orders::.*found invalid orders/m,
    couldNotRunSaid: /^::error title=The order check could not run::/m,
  },
  {
    name: files.gitlab,
    run: (folder: string) => runGitlabJob(gitlabChecks[0][1], folder),
    reports: ['gl-code-quality-report.json', 'junit.xml'],
    invalidSaid: /^ERROR: product-order-validate found invalid orders/m,
    couldNotRunSaid: /^ERROR: the order check could not run/m,
  },
];

describe.each(examples)('$name, run as shipped in a partner’s repository', (example) => {
  it('passes on valid orders and hands on its reports', () => {
    const job = example.run(repository('pinned', valid));
    expect(job.code, job.log).toBe(0);
    expect(job.log).not.toMatch(example.invalidSaid);
    expect(job.log).not.toMatch(example.couldNotRunSaid);
    expect(job.handed).toEqual(example.reports);
    expect(job.log).toContain(`${valid.length} orders: ${valid.length} valid, 0 invalid`);
  });

  it('fails on an invalid order, saying that orders are invalid, and still hands on its reports', () => {
    const job = example.run(repository('pinned', [...valid, invalid]));
    expect(job.code, job.log).toBe(1);
    expect(job.log).toMatch(example.invalidSaid);
    expect(job.log).not.toMatch(example.couldNotRunSaid);
    expect(job.log).toContain('phone-number-too-long.json');
    expect(job.handed).toEqual(example.reports);
  });

  it('fails when the command is not installed, saying the check could not run, not that orders are invalid', () => {
    const job = example.run(repository('bare', valid));
    expect(job.code, job.log).toBe(127);
    expect(job.log).toMatch(example.couldNotRunSaid);
    expect(job.log).toMatch(/exit code 127.*not installed/);
    expect(job.log).not.toMatch(example.invalidSaid);
  });

  it('fails when the orders cannot be read, saying the check could not run', () => {
    const job = example.run(repository('pinned', undefined));
    expect(job.code, job.log).toBe(3);
    expect(job.log).toMatch(example.couldNotRunSaid);
    // named from the repository's root, as every report names its files
    expect(job.log).toMatch(/orders\b.*no such file, folder or pattern/);
    expect(job.log).not.toMatch(example.invalidSaid);
  });

  it('fails when a report cannot be written, saying the check could not run on a usage error', () => {
    const folder = repository('pinned', valid);
    for (const report of example.reports) mkdirSync(join(folder, report));
    const job = example.run(folder);
    expect(job.code, job.log).toBe(2);
    expect(job.log).toMatch(example.couldNotRunSaid);
    expect(job.log).toMatch(/usage error \(exit code 2\)/);
    expect(job.log).not.toMatch(example.invalidSaid);
    expect(job.handed).toEqual([]);
  });
});
