// Starts an example server (examples/<name>/server.mjs) as it ships in the packed tarball, with node from the folder that
// installed it, on an ephemeral loopback port, as a user of the package would run it.
import { type ChildProcess, spawn } from 'node:child_process';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';

/** A running example server: its base address, what it printed, and how to read its memory and stop it. */
export interface ExampleServer {
  readonly base: string;
  readonly port: number;
  readonly output: string[];
  readonly process: ChildProcess;
}

/** Starts `example` (default the node:http one) from the consumer folder, with `env` added. */
export async function startExampleServer(
  consumer: string,
  env: Record<string, string> = {},
  example = 'server',
): Promise<ExampleServer> {
  const file = join('node_modules/product-order-validator/examples', example, 'server.mjs');
  const child = spawn(process.execPath, [file], { cwd: consumer, env: { ...process.env, PORT: '0', ...env } });
  const output: string[] = [];
  const base = await new Promise<string>((resolve, reject) => {
    child.on('exit', (code) => reject(new Error(`server exited with ${code}: ${output.join('')}`)));
    child.stderr?.on('data', (chunk) => output.push(String(chunk)));
    child.stdout?.on('data', (chunk) => {
      output.push(...String(chunk).split('\n'));
      const url = /listening on (http:\/\/127\.0\.0\.1:\d+)/.exec(output.join('\n'))?.[1];
      if (url) resolve(url);
    });
  });
  return { base, port: Number(new URL(base).port), output, process: child };
}

/** The example's module as it ships in the packed tarball, to start it in this process with callbacks of the test's own. */
export async function importExampleServer(consumer: string, example = 'server') {
  const file = join(consumer, 'node_modules/product-order-validator/examples', example, 'server.mjs');
  return import(pathToFileURL(file).href);
}
