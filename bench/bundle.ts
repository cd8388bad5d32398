// Browser bundle sizes: an entry bundled for the browser with esbuild, minified, then gzipped.
import { gzipSync } from 'node:zlib';
import { build } from 'esbuild';

export interface BundleSize {
  readonly minified: number;
  readonly gzipped: number;
}

/** The size of `entry` (module source) bundled for the browser from `resolveDir`. */
export async function bundleSize(entry: string, resolveDir: string): Promise<BundleSize> {
  const code = await bytesOf(entry, resolveDir);
  return { minified: code.length, gzipped: gzipSync(code, { level: 9 }).length };
}

/** The code of `entry` bundled for the browser from `resolveDir`, minified. */
export async function bundleOf(entry: string, resolveDir: string): Promise<string> {
  return new TextDecoder().decode(await bytesOf(entry, resolveDir));
}

async function bytesOf(entry: string, resolveDir: string): Promise<Uint8Array> {
  const result = await build({
    stdin: { contents: entry, resolveDir, loader: 'js' },
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
