// npm's prepack and postpack scripts: the package.json that ships keeps no scripts, since none of them
// can run where the package is installed (their files stay in the repository) and npm would list the
// prepare script among a project's install scripts to approve. postpack puts the repository's back.
import { readFileSync, renameSync, writeFileSync } from 'node:fs';

const kept = 'package.repository.json';
if (process.argv[2] === 'strip') {
  const text = readFileSync('package.json', 'utf8');
  const { scripts, devDependencies, ...shipped } = JSON.parse(text);
  writeFileSync(kept, text);
  writeFileSync('package.json', `${JSON.stringify(shipped, null, 2)}\n`);
} else {
  renameSync(kept, 'package.json');
}
