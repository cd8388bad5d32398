// Packs the built package and installs the tarball into a fresh folder, as a user would get it.
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import type { TestProject } from 'vitest/node';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A folder whose node_modules holds the packed package. */
    consumer: string;
  }
}

export default function setup(project: TestProject) {
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
    'react',
    'react-dom',
    'react-hook-form',
    'ajv',
    'ajv-formats',
    '@types/react',
    '@hookform/resolvers',
    '@standard-schema/utils',
    '@standard-schema/spec',
  ]) {
    mkdirSync(dirname(join(consumer, 'node_modules', name)), { recursive: true });
    symlinkSync(resolve('node_modules', name), join(consumer, 'node_modules', name), 'dir');
  }
  project.provide('consumer', consumer);
  return () => rmSync(consumer, { recursive: true, force: true });
}
