// Browser bundle sizes: an entry bundled for the browser with esbuild, minified, then gzipped.
import { gzipSync } from 'node:zlib';
import { build, type Plugin } from 'esbuild';

export interface BundleSize {
  readonly minified: number;
  readonly gzipped: number;
}

/** The size of `entry` (module source) bundled for the browser from `resolveDir`. */
export async function bundleSize(entry: string, resolveDir: string, plugins: Plugin[] = []): Promise<BundleSize> {
  const code = await bytesOf(entry, resolveDir, plugins);
  return { minified: code.length, gzipped: gzipSync(code, { level: 9 }).length };
}

/** The code of `entry` bundled for the browser from `resolveDir`, minified. */
export async function bundleOf(entry: string, resolveDir: string): Promise<string> {
  return new TextDecoder().decode(await bytesOf(entry, resolveDir));
}

async function bytesOf(entry: string, resolveDir: string, plugins: Plugin[] = []): Promise<Uint8Array> {
  const result = await build({
    stdin: { contents: entry, resolveDir, loader: 'js' },
    plugins,
    bundle: true,
    minify: true,
    format: 'esm',
    platform: 'browser',
    write: false,
    logLevel: 'silent',
  });
  return result.outputFiles[0].contents;
}

/** What a form imports: the validator alone, the Standard Schema, the schema with German labels and the date helper. */
export const formEntries = {
  validate: `export { validateProductOrder } from 'product-order-validator';`,
  schema: `export { productOrderSchema } from 'product-order-validator';`,
  labelled: `export { createProductOrderSchema, labelsDe, toDateTime } from 'product-order-validator';`,
} as const;

/** What a browser user of validateProductOrder ships: the function with its rules and both languages. */
export const validatorEntry = formEntries.validate;

/** What a team would ship to validate with ajv instead. */
export const ajvEntry = `
import Ajv2020 from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import addErrors from 'ajv-errors';
export { Ajv2020, addFormats, addErrors };
`;

/** The partner's client, as it ships: it checks orders and changes with the package's validators. */
export const clientEntry = `export { createProductOrderClient } from 'product-order-validator/client';`;

/** The client from its source with the validators it checks with left out: its own code. */
export const clientOwnEntry = `export { createProductOrderClient } from './src/client/index.ts';`;

/** Replaces the modules of the order's and the change's validators with empty ones. */
export const withoutValidators: Plugin = {
  name: 'without-validators',
  setup(context) {
    context.onResolve({ filter: /\/(validate|inflight)\.js$/ }, (args) => ({ path: args.path, namespace: 'stub' }));
    context.onLoad({ filter: /.*/, namespace: 'stub' }, () => ({
      contents:
        'export const validateProductOrder = () => ({}); export const validateInflightChangeProductOrder = () => ({}); export const errorText = String;',
      loader: 'js',
    }));
  },
};
