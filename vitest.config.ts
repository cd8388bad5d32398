import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    globalSetup: ['test/packed.setup.ts'],
    testTimeout: 60_000,
    // starting Chromium or a server while the other suites load both cores can take more than 10 s
    hookTimeout: 60_000,
  },
});
