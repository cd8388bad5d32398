import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    globalSetup: ['test/packed.setup.ts'],
    // fast-check's seed and path from FC_SEED and FC_PATH; a failure prints the command that replays it
    setupFiles: ['test/fast-check.setup.ts'],
    // type-only assertions live in *.test-d.ts: tsc checks them, nothing runs them
    typecheck: {
      enabled: true,
      include: ['src/**/*.test-d.ts', 'test/**/*.test-d.ts'],
      tsconfig: 'tsconfig.test-d.json',
    },
    // a file on every core: vitest's default, one core less, runs one file at a time on 2 cores, where the
    // second core had only the spawned commands, servers and browsers to run
    maxWorkers: availableParallelism(),
    testTimeout: 60_000,
    // starting Chromium or a server while the other suites load both cores can take more than 10 s
    hookTimeout: 60_000,
  },
});
