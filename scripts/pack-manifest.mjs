// npm's prepack and postpack scripts: the package.json that ships keeps no scripts, since none of them
// can run where the package is installed (their files stay in the repository) and npm would list the
// prepare script among a project's install scripts to approve. postpack puts the repository's back,
// with its modification time, so that packing does not make dist/ look older than its sources.
import { readFileSync, renameSync, statSync, utimesSync, writeFileSync } from 'node:fs';

const kept = 'package.repository.json';
if (process.argv[2] === 'strip') {
  const text = readFileSync('package.json', 'utf8');
  const { scripts, devDependencies, ...shipped } = JSON.parse(text);
  const { atimeMs, mtimeMs } = statSync('package.json');
  writeFileSync(kept, text);
  utimesSync(kept, atimeMs / 1000, mtimeMs / 1000);
  writeFileSync('package.json', `${JSON.stringify(shipped, null, 2)}\n`);
} else {
  renameSync(kept, 'package.json');
}
