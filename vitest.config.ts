import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    // Tests spawn real servers; give them room but never hang CI.
    testTimeout: 60_000,
    hookTimeout: 60_000,
    pool: 'forks',
  },
});
