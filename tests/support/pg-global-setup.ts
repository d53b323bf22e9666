import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { offsetOf, pinnedClock } from '../../server/clock.ts';
import { loadConfig } from '../../server/config.ts';
import { TEST_SERVER_ENV } from './test-config.ts';
import { SECRET_NAMES, newRsaPrivatePem } from '../../server/auth/secrets.ts';
import type { Db } from '../../server/db/index.ts';
import { migrate } from '../../server/db/migrate.ts';
import { pgliteDump } from '../../server/db/pglite.ts';
import { openPostgres } from '../../server/db/postgres.ts';
import { prepareDatabase } from '../../server/main.ts';
import { copyStrategy, startCluster } from './pg-cluster.ts';
import { TEST_NOW } from './test-clock.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    pgAdminUrl: string;
    /** TEST_DB=postgres: a migrated database the test databases are copied from (CREATE DATABASE … TEMPLATE). */
    pgTemplate: string;
    /** TEST_DB=postgres: a database prepared as a server's first start on the suite's clock prepares it (demo seed included). */
    pgSeededTemplate: string;
    /**
     * TEST_DB=pglite: dumps of a new database (`empty`), of a migrated one (`migrated`) and of one
     * prepared as a server's first start prepares it (`seeded`), files each test database starts from.
     */
    pgliteDumps: { empty: string; migrated: string; seeded: string };
  }
}

/** The databases the PostgreSQL test databases are copied from. */
const TEMPLATE = 'cc_migrated';
const SEEDED = 'cc_seeded';

/**
 * One RSA key pair for the suite's servers, in the migrated database they start from: a server
 * makes its own at its first start (a 2048-bit key, about 0.15 CPU-seconds), which each of the
 * suite's hundreds of servers did again. Servers on the new, empty database still make theirs.
 */
let suiteRsaKey: string | undefined;
const migrateWithKey = async (db: Db) => {
  await migrate(db);
  suiteRsaKey ??= newRsaPrivatePem();
  await db.query('INSERT INTO app_secrets (name, value) VALUES ($1, $2) ON CONFLICT (name) DO NOTHING', [SECRET_NAMES.rsaPrivate, suiteRsaKey]);
};

/**
 * A new cluster's two template databases, which the test databases never use (PGlite has one
 * session, on `postgres`): a third of each dump's bytes, which every test's PGlite unpacks (about
 * 0.1 CPU-seconds of a 0.55-second open, bench/RESULTS.md "PGlite dumps without the templates").
 */
const withoutTemplates = async (db: Db) => {
  await db.exec("UPDATE pg_database SET datistemplate = false WHERE datname IN ('template0', 'template1')");
  await db.exec('DROP DATABASE template0');
  await db.exec('DROP DATABASE template1');
};

/**
 * What a test server of the default configuration on the suite's clock starts from: the database
 * its first start would leave (demo data seeded at TEST_NOW, the report schemas tried, the menus
 * added), so that each of the suite's hundreds of servers does not seed and try them again.
 */
const prepareSeeded = async (db: Parameters<typeof prepareDatabase>[1]) => {
  // Held at TEST_NOW: a file's clock starts there when the file loads, so nothing seeded may be
  // later (a clock running since the setup began would seed the seconds it took into the future).
  const held = { ...pinnedClock(TEST_NOW), now: () => TEST_NOW.getTime(), date: () => new Date(TEST_NOW) };
  await prepareDatabase(loadConfig(TEST_SERVER_ENV), db, held);
};

/**
 * Once for the whole server suite, the start every test database shares: a new cluster's initdb
 * (most of a new PGlite's start) and the migrations. TEST_DB=postgres: one cluster, and a
 * migrated database each test file's database is copied from. TEST_DB=pglite: two dumps, of a new
 * and of a migrated database, each test's PGlite loads instead of running initdb (and the
 * migrations) again. Servers still run the migrations at start: with every one recorded, none
 * applies; tests of the migrations themselves start from the new, empty database. A third start,
 * `seeded`, is what a default server's first start on the suite's clock leaves (prepareSeeded):
 * every file's clock is that instant (TEST_SUITE_NOW, read by tests/support/test-clock.ts), so
 * its demo data is the data each server would have seeded for itself.
 */
export default async function setup(project: TestProject) {
  process.env.TEST_SUITE_NOW ??= TEST_NOW.toISOString();
  const session = { timeZone: loadConfig({}).timeZone, clockOffsetMs: offsetOf(pinnedClock(TEST_NOW)) };
  if (process.env.TEST_DB !== 'postgres') {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cc-pglite-dumps-'));
    const dumps = { empty: path.join(dir, 'empty.tar'), migrated: path.join(dir, 'migrated.tar'), seeded: path.join(dir, 'seeded.tar') };
    const write = async (file: string, dump: Blob) => fs.writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
    await write(dumps.empty, await pgliteDump(withoutTemplates));
    const migrated = await pgliteDump(async (db) => {
      await withoutTemplates(db);
      await migrateWithKey(db);
    });
    await write(dumps.migrated, migrated);
    await write(dumps.seeded, await pgliteDump(prepareSeeded, { dump: migrated, ...session }));
    project.provide('pgAdminUrl', '');
    project.provide('pgTemplate', '');
    project.provide('pgSeededTemplate', '');
    project.provide('pgliteDumps', dumps);
    return () => fs.rmSync(dir, { recursive: true, force: true });
  }
  const cluster = await startCluster();
  try {
    const admin = new pg.Client({ connectionString: cluster.url() });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${TEMPLATE}`);
    await admin.end();
    const db = await openPostgres(cluster.url(TEMPLATE), 'UTC');
    await migrateWithKey(db);
    await db.close();
    const copy = new pg.Client({ connectionString: cluster.url() });
    await copy.connect();
    await copy.query(`CREATE DATABASE ${SEEDED} TEMPLATE ${TEMPLATE}${await copyStrategy(copy)}`);
    await copy.end();
    const seeded = await openPostgres(cluster.url(SEEDED), session.timeZone, session.clockOffsetMs);
    await prepareSeeded(seeded);
    await seeded.close();
  } catch (err) {
    cluster.stop();
    throw err;
  }
  project.provide('pgAdminUrl', cluster.url());
  project.provide('pgTemplate', TEMPLATE);
  project.provide('pgSeededTemplate', SEEDED);
  project.provide('pgliteDumps', { empty: '', migrated: '', seeded: '' });
  return () => cluster.stop();
}
