#!/usr/bin/env node
// The `product-order-validate` command. The same file runs the worker threads.
import { readFileSync } from 'node:fs';
import { isMainThread } from 'node:worker_threads';
import type { Lang } from '../messages/index.js';
import { exit } from './exit.js';
import { cliWords } from './languages.js';
import { envLang, parseCommand } from './options.js';
import { cores, serve } from './pool.js';
import { visible } from './report.js';
import { run } from './run.js';

/** Writes a usage error to stderr; returns the exit code of one. */
function usageError(command: { readonly usage: string; readonly lang: Lang }): number {
  process.stderr.write(`product-order-validate: ${visible(command.usage)}\n${cliWords[command.lang].usage.seeHelp}\n`);
  return exit.usage;
}

/**
 * `product-order-validate sample`: the chunk beside this file (dist/cli-sample.js, built from
 * ./sample.ts with fast-check in it), loaded here alone, so that a check never loads it.
 */
async function sample(args: readonly string[]): Promise<number> {
  const chunk: typeof import('./sample.js') = await import(sampleChunk);
  const command = chunk.parseSample(args, envLang(process.env), cliWords);
  if ('usage' in command) return usageError(command);
  if ('help' in command) {
    process.stdout.write(cliWords[command.help].sample.help(version()));
    return exit.valid;
  }
  const words = cliWords[command.sample.lang];
  process.stdout.on('error', (error: NodeJS.ErrnoException) => {
    // the reader took what it wanted (`| head`): nothing it asked for is lost
    if (error.code === 'EPIPE') process.exit(exit.valid);
    process.stderr.write(`product-order-validate: ${words.usage.cannotWrite('stdout', error.code ?? error.message)}\n`);
    process.exit(exit.usage);
  });
  return chunk.runSample(command.sample, { stdout: process.stdout, stderr: process.stderr, words });
}

/** The sample chunk, named so that the bundler leaves it a file of its own. */
const sampleChunk = new URL('./cli-sample.js', import.meta.url).href;

async function main(args: readonly string[]): Promise<number> {
  if (args[0] === 'sample') return sample(args.slice(1));
  const command = parseCommand(args, process.env, cores());
  if ('usage' in command) return usageError(command);
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
