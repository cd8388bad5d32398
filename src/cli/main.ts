#!/usr/bin/env node
// The `product-order-validate` command. The same file runs the worker threads.
import { readFileSync } from 'node:fs';
import { isMainThread } from 'node:worker_threads';
import { exit } from './exit.js';
import { cliWords } from './languages.js';
import { parseCommand } from './options.js';
import { cores, serve } from './pool.js';
import { visible } from './report.js';
import { run } from './run.js';

async function main(args: readonly string[]): Promise<number> {
  const command = parseCommand(args, process.env, cores());
  if ('usage' in command) {
    process.stderr.write(
      `product-order-validate: ${visible(command.usage)}\n${cliWords[command.lang].usage.seeHelp}\n`,
    );
    return exit.usage;
  }
  if ('help' in command) {
    process.stdout.write(cliWords[command.help].help(version(), cores()));
    return exit.valid;
  }
  if ('version' in command) {
    process.stdout.write(`${version()}\n`);
    return exit.valid;
  }
  process.stdout.on('error', (error: NodeJS.ErrnoException) => {
    // the reader of the output went away (`| head`): nothing more can be reported
    if (error.code !== 'EPIPE') {
      // a full disk or a closed stdout: the report is lost, which must not read as a verdict
      const reason = error.code ?? error.message;
      process.stderr.write(
        `product-order-validate: ${cliWords[command.run.lang].usage.cannotWrite('stdout', reason)}\n`,
      );
    }
    process.exit(exit.usage);
  });
  return run(command.run, {
    stdout: process.stdout,
    stderr: process.stderr,
    env: process.env,
    script: new URL(import.meta.url),
    version: version(),
  });
}

/** The package's version; the built command sits in dist/, beside the package.json one folder up. */
function version(): string {
  return JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')).version;
}

if (isMainThread) {
  process.exitCode = await main(process.argv.slice(2)).catch((error: unknown) => {
    process.stderr.write(
      `product-order-validate: ${visible(error instanceof Error ? error.message : String(error))}\n`,
    );
    return exit.usage;
  });
} else serve();
