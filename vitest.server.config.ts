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
    // Files run side by side: each has its own database (PGlite in its process, or a database of
    // its own in the suite's PostgreSQL cluster), its own temporary folders and free ports, and
    // most of their time is spent waiting on sockets, timers and the database rather than on a
    // core. Vitest's default on 2 cores would be one file at a time. TEST_WORKERS=n overrides.
    maxWorkers: Number(process.env.TEST_WORKERS) || 3,
  },
});
