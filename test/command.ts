// The packed package's command, run as a process in a folder, as a pipeline runs it.
import { execFileSync, spawn, spawnSync } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { inject } from 'vitest';

/** The command as the packed package installs it. */
export const bin = (): string => join(inject('consumer'), 'node_modules', '.bin', 'product-order-validate');

/** A clean environment: no colour or language settings of the machine running the tests. */
/** A valid example order, as text. */
export const validOrder = readFileSync(join('examples', 'orders', 'valid', 'new-hvt-local-loop.json'), 'utf8');
/** An invalid example order, as text: one R-field violation at /category. */
export const invalidOrder = readFileSync(join('examples', 'orders', 'invalid', 'category-unknown.json'), 'utf8');

export const cleanEnv = { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '' };

/** git in `cwd`, with an author, and no settings of the machine's user (`home` holds none). */
export function gitIn(cwd: string, home: string, ...args: string[]): string {
  return execFileSync('git', args, {
    cwd,
    encoding: 'utf8',
    env: {
      ...cleanEnv,
      HOME: home,
      GIT_CONFIG_NOSYSTEM: '1',
      GIT_AUTHOR_NAME: 'Test',
      GIT_AUTHOR_EMAIL: 'test@example.com',
      GIT_COMMITTER_NAME: 'Test',
      GIT_COMMITTER_EMAIL: 'test@example.com',
    },
  });
}

export interface Run {
  readonly code: number | null;
  readonly stdout: string;
  readonly stderr: string;
}

export interface RunOptions {
  readonly input?: string | Buffer;
  readonly env?: Record<string, string>;
}

/** Runs the command with `args` in the folder `cwd()`, waiting for it to end. */
export function runner(cwd: () => string): (args: readonly string[], options?: RunOptions) => Run {
  return (args, options = {}) => {
    const run = spawnSync(bin(), args, {
      cwd: cwd(),
      input: options.input ?? '',
      env: { ...cleanEnv, ...options.env },
      encoding: 'utf8',
      timeout: 30_000, // the test's own timeout cannot stop a synchronous spawn: a command that hangs fails here
    });
    return { code: run.status, stdout: run.stdout, stderr: run.stderr };
  };
}

/** A run measured from outside: its output, and what it took. */
export interface Measured extends Run {
  /** Peak resident set size in bytes, as GNU time reports it for the process (its maximum RSS). */
  readonly maxRss: number;
  /** The bytes the test had handed to the command's stdin when it ended (more than it read: pipes hold some). */
  readonly given: number;
  /** The bytes handed to its stdin by the time its first output came; `undefined` when none came. */
  readonly givenAtOutput: number | undefined;
}

/** GNU time, which reports a process's peak memory; not on every system. */
const gnuTime = '/usr/bin/time';

/** Whether runs can be measured with GNU time. */
export const canMeasureRss = spawnSync(gnuTime, ['-f', '%M', 'true']).status === 0;

/**
 * Runs the command with `args` in `cwd` under GNU time, feeding stdin from `input` (chunks, taken
 * as the command reads them, without end if the iterable has none; nothing, when absent), counting
 * the bytes given. Resolves once the command ends, however much of the input it read; a command still running after
 * a minute is killed (its code is then `null`).
 */
export async function measured(
  cwd: string,
  args: readonly string[],
  options: { readonly input?: Iterable<Uint8Array>; readonly env?: Record<string, string> } = {},
): Promise<Measured> {
  const report = join(mkdtempSync(join(tmpdir(), 'pov-time-')), 'rss');
  const child = spawn(gnuTime, ['-f', '%M', '-o', report, bin(), ...args], {
    cwd,
    env: { ...cleanEnv, ...options.env },
    stdio: ['pipe', 'pipe', 'pipe'],
    detached: true, // a process group of its own, so that a command that never ends can be stopped with time
  });
  // a generous bound for a command that never ends (the fault this measures): it fails the test, not the suite
  const timer = setTimeout(() => process.kill(-(child.pid as number), 'SIGKILL'), 60_000);
  let given = 0;
  let givenAtOutput: number | undefined;
  const stdout: Buffer[] = [];
  const stderr: Buffer[] = [];
  child.stdout.on('data', (data: Buffer) => {
    givenAtOutput ??= given;
    stdout.push(data);
  });
  child.stderr.on('data', (data: Buffer) => stderr.push(data));
  child.stdin.on('error', () => {}); // the command stopped reading, as it should
  const closed = new Promise<number | null>((resolve) => child.on('close', resolve));
  let ended = false;
  void closed.then(() => {
    ended = true;
  });
  if (options.input) {
    for (const chunk of options.input) {
      if (ended || child.stdin.destroyed) break;
      given += chunk.length;
      if (!child.stdin.write(chunk)) {
        // an error (EPIPE: the command stopped reading) ends the wait as well as a drain
        await Promise.race([once(child.stdin, 'drain').catch(() => {}), closed]);
      }
    }
  }
  child.stdin.end();
  const code = await closed;
  clearTimeout(timer);
  const kb = Number(readFileSync(report, 'utf8').trim().split('\n').at(-1));
  rmSync(dirname(report), { recursive: true, force: true });
  return {
    code,
    stdout: Buffer.concat(stdout).toString('utf8'),
    stderr: Buffer.concat(stderr).toString('utf8'),
    maxRss: kb * 1024,
    given,
    givenAtOutput,
  };
}
