// Bundles the benchmark for node (the package itself stays external, loaded from dist/) and runs it.
// `node bench/build.mjs` runs bench/run.ts; `node bench/build.mjs profile N` profiles corpus N;
// `node bench/build.mjs cli` runs bench/cli.ts, the command line's benchmark; `services` runs bench/services.ts,
// `body` only its first table, the body path's (bench/body-only.ts).
import { execFileSync } from 'node:child_process';
import { build } from 'esbuild';

await build({
  entryPoints: ['bench/run.ts', 'bench/profile.ts', 'bench/cli.ts', 'bench/services.ts', 'bench/body-only.ts'],
  outdir: 'bench/.out',
  outExtension: { '.js': '.mjs' },
  bundle: true,
  platform: 'node',
  format: 'esm',
  packages: 'external',
  logLevel: 'warning',
});
const [mode, corpus = '0'] = process.argv.slice(2);
const run = (args) => execFileSync(process.execPath, args, { stdio: 'inherit' });
if (mode === 'profile') {
  run(['bench/.out/profile.mjs', corpus]);
  run(['--cpu-prof', '--cpu-prof-dir=bench/.out', 'bench/.out/profile.mjs', corpus, 'run']);
} else if (mode === 'cli') run(['bench/.out/cli.mjs']);
else if (mode === 'services') run(['bench/.out/services.mjs']);
else if (mode === 'body') run(['bench/.out/body-only.mjs']);
else run(['bench/.out/run.mjs']);
