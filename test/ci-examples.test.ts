// The CI examples and the pre-commit hook, read as GitHub Actions, GitLab CI and pre-commit read
// them: the keys each needs, the reports wired to the files the command writes, and every
// product-order-validate command line in them accepted by the command's own parser.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { parseCommand } from '../src/cli/options.js';

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

/** The arguments of each product-order-validate command in a script, up to the next operator. */
function invocations(script: string): string[][] {
  const all = words(script);
  const found: string[][] = [];
  all.forEach((word, i) => {
    if (word !== command) return;
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

  it('uploads the SARIF file the check writes, then fails the job when the check failed', () => {
    const steps: Yaml[] = githubJobs[0][1].steps;
    const check = steps.findIndex((step) => typeof step.run === 'string' && invocations(step.run).length > 0);
    const upload = steps.findIndex((step) => String(step.uses).startsWith('github/codeql-action/upload-sarif@'));
    const args = invocations(steps[check].run)[0];
    const sarif = outputs(args).get('sarif');

    expect(outputs(args).has('github')).toBe(true);
    expect(sarif).toEqual(expect.any(String));
    // a failing check does not stop the job before the upload
    expect(steps[check]['continue-on-error']).toBe(true);
    expect(steps[check].id).toEqual(expect.any(String));
    expect(upload).toBeGreaterThan(check);
    expect(steps[upload].with?.sarif_file).toBe(sarif);
    expect(String(steps[upload].if ?? '')).not.toMatch(/\b(success|failure)\(\)/);

    const fail = steps.findIndex(
      (step, i) => i > upload && String(step.if).includes(`steps.${steps[check].id}.outcome == 'failure'`),
    );
    expect(fail).toBeGreaterThan(upload);
    expect(steps[fail].run).toMatch(/\bexit 1\b/);
  });
});

describe(files.gitlab, () => {
  it('has a job that runs the check', () => {
    expect(gitlabChecks.length).toBeGreaterThan(0);
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
    // one run on the changed files among the folders of its args: pre-commit splits a long list of names into several runs (issue 27)
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
