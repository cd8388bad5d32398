import { defineConfig } from 'tsup';

export default defineConfig([
  // Node and bundlers: ESM and CJS; the Standard Schema types are inlined into the declarations.
  // The other builds' files are left alone, since all builds run at once.
  {
    entry: { index: 'src/index.ts', http: 'src/http/index.ts' },
    format: ['esm', 'cjs'],
    dts: { resolve: ['@standard-schema/spec'] },
    clean: ['!browser.js', '!cli.js'],
  },
  // Browsers: one self-contained ES module, minified but for whitespace, which would drop the
  // annotations that let bundlers tree-shake it
  {
    entry: { browser: 'src/index.ts' },
    format: ['esm'],
    platform: 'browser',
    esbuildOptions: (options) => Object.assign(options, { minifySyntax: true, minifyIdentifiers: true }),
  },
  // The command: one ESM file that keeps the #! line of src/cli/main.ts and also runs the worker threads
  { entry: { cli: 'src/cli/main.ts' }, format: ['esm'], platform: 'node', target: 'node18' },
]);
