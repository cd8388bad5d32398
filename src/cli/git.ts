// The files `--changed` keeps: those that differ from a git base, asked of git itself (execFile with
// arguments, no shell, each call bounded in time and output).
import { execFile } from 'node:child_process';
import { realpath } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';

/** The most milliseconds one git call may take. */
const gitTimeout = 30_000;

/** The most bytes git may write to stdout for one call (the names of changed files, NUL-separated). */
const gitMaxBuffer = 64 * 1024 * 1024;

/** The bases `--changed` without a value tries after the platform's, in order: the remote's default branch, then main, then master. */
export const defaultBases = ['origin/HEAD', 'main', 'master'] as const;

/**
 * How to get the base's commits into a clone that lacks them: the CI platform the run is in (its
 * checkout is shallow by default), or plain git for a shallow clone elsewhere; the branch to fetch.
 */
export interface FetchHint {
  readonly platform: 'github' | 'gitlab' | 'git';
  readonly branch: string | undefined;
}

/** Why `--changed` cannot say which files changed: each a usage error. */
export type GitFault =
  | { readonly fault: 'no_git' }
  | { readonly fault: 'not_repository'; readonly folder: string }
  | { readonly fault: 'bad_base'; readonly base: string; readonly fetch?: FetchHint | undefined }
  | { readonly fault: 'no_default_branch' }
  | { readonly fault: 'no_merge_base'; readonly base: string; readonly fetch?: FetchHint | undefined }
  | { readonly fault: 'git_failed'; readonly detail: string };

/** The CI platform a run is in, from its environment, for the base it names and how to fetch it. */
function platformOf(env: NodeJS.ProcessEnv): 'github' | 'gitlab' | undefined {
  if (env.GITHUB_ACTIONS === 'true' || env.GITHUB_BASE_REF) return 'github';
  if (env.GITLAB_CI === 'true' || env.CI_MERGE_REQUEST_TARGET_BRANCH_NAME) return 'gitlab';
  return undefined;
}

/**
 * The base a pull or merge request's job names: GitHub's `GITHUB_BASE_REF` (as `origin/<it>`, the
 * only form actions/checkout leaves), GitLab's `CI_MERGE_REQUEST_DIFF_BASE_SHA` (the merge base
 * itself) or `CI_MERGE_REQUEST_TARGET_BRANCH_NAME`; `undefined` outside such a job.
 */
export function platformBase(
  env: NodeJS.ProcessEnv,
): { readonly bases: string[]; readonly branch: string } | undefined {
  if (env.GITHUB_BASE_REF) return { bases: [`origin/${env.GITHUB_BASE_REF}`], branch: env.GITHUB_BASE_REF };
  const target = env.CI_MERGE_REQUEST_TARGET_BRANCH_NAME;
  const sha = env.CI_MERGE_REQUEST_DIFF_BASE_SHA;
  if (!target && !sha) return undefined;
  return { bases: [...(sha ? [sha] : []), ...(target ? [target] : [])], branch: target || (sha as string) };
}

/** The files that differ from the base, as absolute paths, with the base and the commit compared with. */
export interface Changed {
  readonly files: ReadonlySet<string>;
  readonly base: string;
  readonly commit: string;
}

type GitResult =
  | { readonly ok: true; readonly out: string }
  | { readonly ok: false; readonly missing: boolean; readonly detail: string };

function git(args: readonly string[], cwd: string): Promise<GitResult> {
  return new Promise((done) => {
    execFile(
      'git',
      args,
      {
        cwd,
        encoding: 'utf8',
        timeout: gitTimeout,
        maxBuffer: gitMaxBuffer,
        windowsHide: true,
        // no prompt for credentials, no lock taken on the index, messages in English for the detail
        env: { ...process.env, GIT_TERMINAL_PROMPT: '0', GIT_OPTIONAL_LOCKS: '0', LC_ALL: 'C' },
      },
      (error, stdout, stderr) => {
        if (!error) return done({ ok: true, out: stdout });
        const missing = (error as NodeJS.ErrnoException).code === 'ENOENT';
        const detail = (stderr.trim().split('\n')[0] || error.message).slice(0, 200);
        done({ ok: false, missing, detail });
      },
    );
  });
}

/** A commit a name stands for, or `undefined`. A name starting with `-` is none: git would read it as an option. */
async function commitOf(name: string, top: string): Promise<string | undefined> {
  if (name === '' || name.startsWith('-')) return undefined;
  const found = await git(['rev-parse', '--verify', '--quiet', `${name}^{commit}`], top);
  return found.ok ? found.out.trim() : undefined;
}

const names = (out: string) => out.split('\0').filter((name) => name !== '');

/**
 * The commit a base names, and the name it was found under: a bare branch name that exists only as
 * the remote's (`main` in a clone that has `origin/main` alone, as CI checkouts are) is that.
 */
async function baseCommit(name: string, top: string): Promise<{ name: string; commit: string } | undefined> {
  const commit = await commitOf(name, top);
  if (commit !== undefined) return { name, commit };
  if (name.startsWith('origin/') || name.startsWith('refs/') || name.startsWith('-')) return undefined;
  const remote = await commitOf(`origin/${name}`, top);
  return remote === undefined ? undefined : { name: `origin/${name}`, commit: remote };
}

/** How to fetch `branch` when the clone is shallow or the run is in CI, else `undefined`. */
async function fetchHint(root: string, env: NodeJS.ProcessEnv, branch: string | undefined) {
  const platform = platformOf(env);
  if (platform !== undefined) return { platform, branch };
  const shallow = await git(['rev-parse', '--is-shallow-repository'], root);
  return shallow.ok && shallow.out.trim() === 'true' ? ({ platform: 'git', branch } as const) : undefined;
}

/**
 * The files of the repository around `cwd` that differ from the merge base of `base` (default: the
 * base the CI platform names, see {@link platformBase}, else the first of {@link defaultBases} there
 * is) and HEAD: changed, added or staged since, and untracked files git does not ignore; deleted
 * files are none. Paths come NUL-separated (`-z`), so names with spaces, newlines or any Unicode
 * arrive as they are.
 */
export async function changedFiles(
  cwd: string,
  base: string | undefined,
  env: NodeJS.ProcessEnv = {},
): Promise<Changed | GitFault> {
  const top = await git(['rev-parse', '--show-toplevel'], cwd);
  if (!top.ok) return top.missing ? { fault: 'no_git' } : { fault: 'not_repository', folder: cwd };
  const root = top.out.replace(/\n$/, '');
  // no commit yet (the first commit of a repository, in pre-commit): every file is new
  if ((await commitOf('HEAD', root)) === undefined) {
    if (base !== undefined && base !== 'HEAD' && (await commitOf(base, root)) === undefined) {
      return { fault: 'bad_base', base };
    }
    return compare(root, emptyTree, base ?? 'HEAD');
  }
  let found: { name: string; commit: string } | undefined;
  const platform = base === undefined ? platformBase(env) : undefined;
  if (base !== undefined) {
    found = await baseCommit(base, root);
    if (found === undefined) return { fault: 'bad_base', base, fetch: await fetchHint(root, env, base) };
  } else if (platform !== undefined) {
    // the platform's base, or none: another branch would list another change's files
    for (const candidate of platform.bases) found ??= await baseCommit(candidate, root);
    if (found === undefined) {
      const fetch = (await fetchHint(root, env, platform.branch)) ?? { platform: 'git', branch: platform.branch };
      return { fault: 'bad_base', base: platform.bases[platform.bases.length - 1], fetch };
    }
  } else {
    for (const candidate of defaultBases) found ??= await baseCommit(candidate, root);
    if (found === undefined) return { fault: 'no_default_branch' };
  }
  const merged = await git(['merge-base', found.commit, 'HEAD'], root);
  if (!merged.ok) {
    const branch = found.name.replace(/^origin\//, '');
    return { fault: 'no_merge_base', base: found.name, fetch: await fetchHint(root, env, branch) };
  }
  return compare(root, merged.out.trim(), found.name);
}

/** The tree of no files, which a repository without a commit is compared with. */
const emptyTree = '4b825dc642cb6eb9a060e54bf8d69288fbee4904';

/** The files of the working tree (and the index) that differ from `from`, and the untracked ones not ignored. */
async function compare(root: string, from: string, base: string): Promise<Changed | GitFault> {
  const [diff, untracked] = await Promise.all([
    git(['diff', '--name-only', '-z', '--no-renames', '--no-ext-diff', '--diff-filter=d', from, '--'], root),
    git(['ls-files', '-z', '--others', '--exclude-standard'], root),
  ]);
  if (!diff.ok) return { fault: 'git_failed', detail: diff.detail };
  if (!untracked.ok) return { fault: 'git_failed', detail: untracked.detail };
  const files = new Set<string>();
  for (const file of [...names(diff.out), ...names(untracked.out)]) files.add(join(root, file));
  return { files, base, commit: from };
}

/**
 * Whether git tracks the file at `path` (through links, by its real path) in the repository it is
 * in; false outside a repository, or without git.
 */
export async function tracked(path: string): Promise<boolean> {
  const real = await realpath(path).catch(() => undefined);
  if (real === undefined) return false;
  const listed = await git(
    ['--literal-pathspecs', 'ls-files', '-z', '--error-unmatch', '--', basename(real)],
    dirname(real),
  );
  return listed.ok && listed.out !== '';
}

/**
 * The files git saw moved (`git mv`, or a rename git detects) since the commit that last changed the
 * file at `since` (HEAD when git does not track it), up to the working tree and the index: each old
 * absolute path with its new one. None outside a repository, without git, or when git cannot say.
 */
export async function renamedSince(since: string): Promise<ReadonlyMap<string, string>> {
  const moved = new Map<string, string>();
  const real = await realpath(since).catch(() => undefined);
  if (real === undefined) return moved;
  const top = await git(['rev-parse', '--show-toplevel'], dirname(real));
  if (!top.ok) return moved;
  const root = top.out.replace(/\n$/, '');
  const last = await git(['--literal-pathspecs', 'log', '-1', '--format=%H', '--', basename(real)], dirname(real));
  const from = last.ok && last.out.trim() !== '' ? last.out.trim() : await commitOf('HEAD', root);
  if (from === undefined) return moved;
  const diff = await git(['diff', '-z', '--name-status', '-M', '--no-ext-diff', '--diff-filter=R', from, '--'], root);
  if (!diff.ok) return moved;
  // -z: a status (R and a similarity), then the old and the new path, each NUL-terminated
  const fields = diff.out.split('\0');
  for (let i = 0; i + 2 < fields.length; i += 3) {
    if (fields[i].startsWith('R')) moved.set(join(root, fields[i + 1]), join(root, fields[i + 2]));
  }
  return moved;
}
