// The files `--changed` keeps: those that differ from a git base, asked of git itself (execFile with
// arguments, no shell, each call bounded in time and output).
import { execFile } from 'node:child_process';
import { join } from 'node:path';

/** The most milliseconds one git call may take. */
const gitTimeout = 30_000;

/** The most bytes git may write to stdout for one call (the names of changed files, NUL-separated). */
const gitMaxBuffer = 64 * 1024 * 1024;

/** The bases `--changed` without a value tries, in order: the remote's default branch, then main, then master. */
export const defaultBases = ['origin/HEAD', 'main', 'master'] as const;

/** Why `--changed` cannot say which files changed: each a usage error. */
export type GitFault =
  | { readonly fault: 'no_git' }
  | { readonly fault: 'not_repository'; readonly folder: string }
  | { readonly fault: 'bad_base'; readonly base: string }
  | { readonly fault: 'no_default_branch' }
  | { readonly fault: 'no_merge_base'; readonly base: string }
  | { readonly fault: 'git_failed'; readonly detail: string };

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
 * The files of the repository around `cwd` that differ from the merge base of `base` (default: the
 * first of {@link defaultBases} there is) and HEAD: changed, added or staged since, and untracked
 * files git does not ignore; deleted files are none. Paths come NUL-separated (`-z`), so names with
 * spaces, newlines or any Unicode arrive as they are.
 */
export async function changedFiles(cwd: string, base: string | undefined): Promise<Changed | GitFault> {
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
  let name = base;
  let commit: string | undefined;
  if (name !== undefined) {
    commit = await commitOf(name, root);
    if (commit === undefined) return { fault: 'bad_base', base: name };
  } else {
    for (const candidate of defaultBases) {
      commit = await commitOf(candidate, root);
      if (commit !== undefined) {
        name = candidate;
        break;
      }
    }
    if (commit === undefined || name === undefined) return { fault: 'no_default_branch' };
  }
  const merged = await git(['merge-base', commit, 'HEAD'], root);
  if (!merged.ok) return { fault: 'no_merge_base', base: name };
  return compare(root, merged.out.trim(), name);
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
