import { defineConfig } from 'vitest/config';

/** Tests that sweep whole corpora in ../shared/corpora: minutes, not seconds. */
const CORPUS = [
  'test/**/*-corpus.test.ts',
  'test/chunk/real-data.test.ts',
  'test/ids/corpora.test.ts',
  'test/eval/shipped-gold-sets.test.ts',
  'test/eval/squad-eval.test.ts',
  'test/parse/markdown-oracle.test.ts',
];
/** Tests that drive chromium. */
const BROWSER = ['test/**/*.browser.test.ts'];

/**
 * Three projects, all run by `vitest run` (and so `npm test`); one alone is
 * `vitest run --project unit` (or corpus, browser) for a quick loop.
 */
export default defineConfig({
  test: {
    testTimeout: 120_000,
    hookTimeout: 120_000,
    pool: 'forks',
    // Vitest's default is one fork per core but one, which is a single fork on CI's 2 cores; many
    // files wait on child processes, PostgreSQL or a browser, so two forks overlap that waiting.
    maxWorkers: 2,
    setupFiles: ['test/support/fast-check-seed.ts'],
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
          exclude: [...CORPUS, ...BROWSER],
        },
      },
      { extends: true, test: { name: 'corpus', include: CORPUS } },
      { extends: true, test: { name: 'browser', include: BROWSER } },
    ],
  },
});
