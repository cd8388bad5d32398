// The packed package as the tests of the public API load it: through its exports map, ESM and CJS.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { inject } from 'vitest';

type Api = typeof import('../src/index.js');

const home = () => join(inject('consumer'), 'node_modules', 'product-order-validator');

export async function importEsm(): Promise<Api> {
  const manifest = JSON.parse(readFileSync(join(home(), 'package.json'), 'utf8'));
  return import(pathToFileURL(join(home(), manifest.exports['.'].import.default)).href);
}

/** The HTTP helpers of the packed package: its `./http` subpath, through the exports map. */
export async function importHttp(): Promise<typeof import('../src/http/index.js')> {
  const manifest = JSON.parse(readFileSync(join(home(), 'package.json'), 'utf8'));
  return import(pathToFileURL(join(home(), manifest.exports['./http'].import.default)).href);
}

export function requireCjs(): Api {
  return createRequire(join(inject('consumer'), 'package.json'))('product-order-validator');
}
