import fs from 'node:fs';
import path from 'node:path';
import { defineConfig } from 'vitest/config';
import { TEST_SERVER_ENV } from './tests/support/test-config.ts';

const DIRS = ['tests/server', 'tests/security'];
/**
 * Files whose first line says `@engine-independent` use no database of the suite's (the switch
 * simulator, the Event Socket client, PGlite's own statements on a PGlite of their own, schema
 * files): the same test on both suites, so they run once, in the PGlite suite, not again on
 * PostgreSQL. A file so marked that opens the suite's database is refused here, so that a wrong
 * mark cannot quietly take a test off PostgreSQL.
 */
const USES_SUITE_DB = /\b(startTestServer|openTestDb|startWithLogins|startPhoneServer|startPhonePair|spawnServer|openServerDb)\b/;
const engineIndependent = () => DIRS.flatMap((dir) => fs.readdirSync(dir, { recursive: true, encoding: 'utf8' })
  .filter((f) => f.endsWith('.test.ts'))
  .map((f) => path.join(dir, f))
  .filter((file) => {
    const text = fs.readFileSync(file, 'utf8');
    if (!text.startsWith('// @engine-independent')) return false;
    if (USES_SUITE_DB.test(text)) throw new Error(`${file} is marked @engine-independent but opens the suite's database`);
    return true;
  }));

/** Server tests: Node environment, a real database (TEST_DB=pglite|postgres). */
export default defineConfig({
  test: {
    include: DIRS.map((dir) => `${dir}/**/*.test.ts`),
    ...(process.env.TEST_DB === 'postgres' ? { exclude: ['**/node_modules/**', ...engineIndependent()] } : {}),
    environment: 'node',
    globalSetup: ['tests/support/pg-global-setup.ts'],
    // Also for the servers some tests start as processes of their own (tests/support/server-process.ts).
    env: { ...TEST_SERVER_ENV },
    // Limits for hangs, not speed claims: a file's first steps (a database, migrations, the
    // demo seed, logins) take seconds on an idle machine and can take a minute or more on one
    // loaded by other work, which the suite must survive (issue 18).
    testTimeout: 60_000,
    hookTimeout: 180_000,
    pool: 'forks',
    // A worker keeps its modules from one file to the next instead of importing the server
    // afresh for each file: the imports were 220-260 s of each server suite's CPU. Every file
    // still has its own servers, databases, folders and ports; spies are put back after each
    // test so none reaches the next file.
    isolate: false,
    restoreMocks: true,
    // Two files at a time: each has its own database (PGlite in its process, or a database of
    // its own in the suite's PostgreSQL cluster), its own temporary folders and free ports, and
    // much of a file's time is spent waiting on sockets, timers and the database. Vitest's
    // default on 2 cores would be one. More than one a core starved the files of a loaded
    // machine (three at a time with a load average of 20: hooks over a minute). TEST_WORKERS=n
    // overrides.
    maxWorkers: Number(process.env.TEST_WORKERS) || 2,
  },
});
