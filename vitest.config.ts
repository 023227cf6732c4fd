import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    // Tests spawn real servers; give them room but never hang CI.
    testTimeout: 60_000,
    hookTimeout: 60_000,
    pool: 'forks',
    // Most test time is waiting on servers, so two files at once even on 2 cores (vitest's default is cores - 1).
    maxWorkers: 2,
    // describe.concurrent files (mutants, SDK servers) each run full suites; more at once only thrashes 2 cores.
    maxConcurrency: 4,
  },
});
