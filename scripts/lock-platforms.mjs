// Records in package-lock.json the platform packages (esbuild-, rollup-, biome-style optional
// binaries) that npm left out because the registry did not serve them for other platforms; without
// them `npm ci` refuses the lock. npm skips each one whose os, cpu and libc do not match the machine.
// Run after every `npm install` that changes dependencies: `npm run lock:platforms`.
import { readFileSync, writeFileSync } from 'node:fs';

const systems = ['aix', 'android', 'darwin', 'freebsd', 'linux', 'netbsd', 'openbsd', 'openharmony', 'sunos', 'win32'];
const cpus = ['arm64', 'x64', 'ia32', 'arm', 'loong64', 'ppc64', 'riscv64', 's390x', 'mips64el', 'wasm32'];

const lock = JSON.parse(readFileSync('package-lock.json', 'utf8'));
const packages = lock.packages;
let added = 0;
for (const meta of Object.values(packages)) {
  for (const [name, version] of Object.entries(meta.optionalDependencies ?? {})) {
    const key = `node_modules/${name}`;
    if (packages[key]) continue;
    const parts = name.split('/').pop().split('-');
    const os = systems.find((s) => parts.includes(s));
    const cpu = cpus.find((c) => parts.includes(c)) ?? (parts.some((p) => p.endsWith('eabihf')) ? 'arm' : undefined);
    if (!os || !cpu) throw new Error(`cannot tell the platform of ${name}`);
    const entry = { version, dev: meta.dev, optional: true, os: [os], cpu: [cpu] };
    if (parts.some((p) => p.startsWith('musl'))) entry.libc = ['musl'];
    else if (parts.some((p) => p.startsWith('gnu') || p === 'msvc'))
      entry.libc = os === 'linux' ? ['glibc'] : undefined;
    packages[key] = entry;
    added++;
  }
}
lock.packages = Object.fromEntries(
  Object.entries(packages).sort(([a], [b]) => (a === '' ? -1 : b === '' ? 1 : a < b ? -1 : 1)),
);
writeFileSync('package-lock.json', `${JSON.stringify(lock, null, 2)}\n`);
console.log(`recorded ${added} platform package${added === 1 ? '' : 's'}`);
