import { defineConfig } from 'tsup';

export default defineConfig([
  // Node and bundlers: ESM and CJS; the Standard Schema types are inlined into the declarations
  {
    entry: { index: 'src/index.ts', http: 'src/http/index.ts' },
    format: ['esm', 'cjs'],
    dts: { resolve: ['@standard-schema/spec'] },
    clean: ['!browser.js'],
  },
  // Browsers: one self-contained ES module, minified but for whitespace, which would drop the
  // annotations that let bundlers tree-shake it
  {
    entry: { browser: 'src/index.ts' },
    format: ['esm'],
    platform: 'browser',
    esbuildOptions: (options) => Object.assign(options, { minifySyntax: true, minifyIdentifiers: true }),
  },
]);
