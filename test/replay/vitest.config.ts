// The suite's vitest configuration for the deliberately failing properties of test/replay.test.ts alone:
// the same setup files, no packed package to build.
import { defineConfig } from 'vitest/config';
import suite from '../../vitest.config.js';

export default defineConfig({
  test: {
    include: ['test/replay/*.property.ts'],
    setupFiles: suite.test?.setupFiles,
  },
});
