import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    testTimeout: 120_000,
    hookTimeout: 120_000,
    pool: 'forks',
    // Vitest's default is one fork per core but one, which is a single fork on CI's 2 cores; many
    // files wait on child processes, PostgreSQL or a browser, so two forks overlap that waiting.
    maxWorkers: 2,
    setupFiles: ['test/support/fast-check-seed.ts'],
  },
});
