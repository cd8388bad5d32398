import { defineConfig } from 'tsup';

export default defineConfig({
  entry: { index: 'src/index.ts', http: 'src/http/index.ts' },
  format: ['esm', 'cjs'],
  dts: true,
  clean: true,
});
