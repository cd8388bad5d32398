import { defineConfig } from 'tsup';

export default defineConfig({
  entry: ['src/index.ts'],
  format: ['esm', 'cjs'],
  // the Standard Schema types are inlined, so the declarations need no package of their own
  dts: { resolve: ['@standard-schema/spec'] },
  clean: true,
});
