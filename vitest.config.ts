import { defineConfig } from 'vitest/config';

/**
 * Unit tests next to the sources share a worker process between files
 * (isolate: false): a fresh process per file costs about half a second of
 * CPU in module loading, more than most of these files take to run. Files
 * that mock a module, assert a module's state, or measure the heap of their
 * own process keep a process of their own, as every file under test/ does
 * (they spawn CLIs, open stores and measure memory).
 */
const OWN_PROCESS = [
  // asserts that its encoding is not loaded yet, which another file may have done
  'src/chunk/tokenizers/gpt-token-counter.test.ts',
  'src/ingest/heap-growth.test.ts',
  'src/parse/json/extract-string-nodes.test.ts',
  'src/parse/json/json-depth.test.ts',
];

const shared = {
  testTimeout: 120_000,
  hookTimeout: 120_000,
  pool: 'forks',
  setupFiles: ['test/support/fast-check-seed.ts'],
} as const;

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          ...shared,
          name: 'unit',
          include: ['src/**/*.test.ts'],
          exclude: OWN_PROCESS,
          isolate: false,
        },
      },
      {
        test: {
          ...shared,
          name: 'suite',
          include: ['test/**/*.test.ts', ...OWN_PROCESS],
        },
      },
    ],
  },
});
