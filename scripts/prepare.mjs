// npm's prepare script: builds dist/ with tsup, so that an install from a git clone gets the command
// (pre-commit installs its hooks so, and so does `npm install github:…`). dist/ is not committed.
// npm runs it after `npm install` and `npm ci` here, before `npm pack` and `npm publish`, and in
// the clone of a git dependency after installing its devDependencies; never for a registry tarball.
//
// A global install from git (`npm install -g git+…`, which pre-commit 4.6.1 and later runs) prepares
// the clone without its devDependencies on npm 11 and older (npm/cli#8440; pacote 22.0.0 passes
// --global=false there). Then, and only then, this installs them into the clone from
// package-lock.json itself before building; any other install without tsup stops with a message.
import { spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';
import { join } from 'node:path';

const root = process.cwd();

const require = createRequire(join(root, 'package.json'));

/** The file of tsup's command, or undefined when the devDependencies are not installed. */
function tsup() {
  try {
    const manifest = require.resolve('tsup/package.json');
    return join(manifest, '..', require(manifest).bin.tsup);
  } catch {
    return undefined;
  }
}

function run(command, args) {
  const { status, error } = spawnSync(command, args, { cwd: root, stdio: 'inherit' });
  if (error) throw error;
  if (status !== 0) process.exit(status ?? 1);
}

if (!tsup()) {
  const npm = process.env.npm_execpath;
  if (process.env.npm_config_global !== 'true' || !npm) {
    console.error('prepare builds dist/ with tsup, a devDependency: install the devDependencies first (npm ci).');
    process.exit(1);
  }
  const local = ['--global=false', `--prefix=${root}`, '--include=dev', '--ignore-scripts', '--no-audit', '--no-fund'];
  run(process.execPath, [npm, 'ci', ...local]);
}
run(process.execPath, [tsup(), '--silent']);
