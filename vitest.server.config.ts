import { defineConfig } from 'vitest/config';

/** Server tests: Node environment, a real database (TEST_DB=pglite|postgres). */
export default defineConfig({
  test: {
    include: ['tests/server/**/*.test.ts', 'tests/security/**/*.test.ts'],
    environment: 'node',
    globalSetup: ['tests/support/pg-global-setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
  },
});
