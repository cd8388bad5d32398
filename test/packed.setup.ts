// Builds dist/ when it is older than its sources, then packs the package and installs the tarball
// into a fresh folder, as a user would get it.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import type { TestProject } from 'vitest/node';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A folder whose node_modules holds the packed package. */
    consumer: string;
  }
}

/** What dist/ is built from: a change to any of them, tests aside, makes it stale. */
const sources = ['src', 'schemas', 'package.json', 'tsconfig.json', 'tsup.config.ts'];

/** The files under `path` (itself, if a file), with their modification times. */
function times(path: string): { file: string; mtime: number }[] {
  if (!existsSync(path)) return [];
  const stat = statSync(path);
  if (!stat.isDirectory()) return [{ file: path, mtime: stat.mtimeMs }];
  return (readdirSync(path, { recursive: true }) as string[]).flatMap((name) => {
    const file = join(path, name);
    const entry = statSync(file);
    return entry.isDirectory() ? [] : [{ file, mtime: entry.mtimeMs }];
  });
}

/**
 * Why dist/ under `root` must be built before it is packed: it is missing, or a source is newer than
 * its oldest file (the build writes every file); undefined when it is fresh.
 */
export function staleBuild(root: string): string | undefined {
  const built = times(join(root, 'dist'));
  if (built.length === 0) return 'dist/ is missing';
  const oldest = Math.min(...built.map((b) => b.mtime));
  const newer = sources
    .flatMap((s) => times(join(root, s)))
    .find((s) => s.mtime > oldest && !/\.test(-d)?\.ts$/.test(s.file));
  return newer && `${newer.file.slice(root.length + 1)} is newer than dist/`;
}

export default function setup(project: TestProject) {
  // a single file's run packs what dist/ holds: build it first when it is stale, or the suites test old code
  const stale = staleBuild(resolve('.'));
  if (stale) {
    process.stderr.write(`${stale}: building it first (tsup)\n`);
    execFileSync(resolve('node_modules/.bin/tsup'), ['--silent'], { stdio: 'inherit' });
  }
  const consumer = mkdtempSync(join(tmpdir(), 'pov-consumer-'));
  const quiet = { stdio: ['ignore', 'pipe', 'pipe'] as ('ignore' | 'pipe')[] };
  const packed = execFileSync('npm', ['pack', '--json', '--pack-destination', consumer], quiet).toString();
  const tarball = join(consumer, JSON.parse(packed)[0].filename);
  writeFileSync(join(consumer, 'package.json'), '{ "name": "consumer", "private": true }\n');
  execFileSync('npm', ['install', '--offline', '--no-audit', '--no-fund', tarball], { ...quiet, cwd: consumer });
  // the frameworks the adapters serve and the form libraries a page uses, beside the package as an
  // application has them: linked to this repository's copies, since an offline install cannot
  // resolve their dependencies anew
  for (const name of [
    'express',
    'fastify',
    'hono',
    '@hono/node-server',
    '@types/express',
    '@types/node',
    '@tanstack/form-core',
    '@tanstack/react-form',
    'react',
    'react-dom',
    'react-hook-form',
    'ajv',
    'ajv-formats',
    '@types/react',
    '@hookform/resolvers',
    '@standard-schema/utils',
    '@standard-schema/spec',
    'openapi-fetch',
    'openapi-typescript-helpers',
    // what docs/testing.md's property tests import beside the package
    'fast-check',
    'vitest',
  ]) {
    mkdirSync(dirname(join(consumer, 'node_modules', name)), { recursive: true });
    symlinkSync(resolve('node_modules', name), join(consumer, 'node_modules', name), 'dir');
  }
  project.provide('consumer', consumer);
  return () => rmSync(consumer, { recursive: true, force: true });
}
