// The packed package's command, run as a process in a folder, as a pipeline runs it.
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { inject } from 'vitest';

/** The command as the packed package installs it. */
export const bin = (): string => join(inject('consumer'), 'node_modules', '.bin', 'product-order-validate');

/** A clean environment: no colour or language settings of the machine running the tests. */
export const cleanEnv = { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '' };

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
