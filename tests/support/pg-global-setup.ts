import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { migrate } from '../../server/db/migrate.ts';
import { pgliteDump } from '../../server/db/pglite.ts';
import { openPostgres } from '../../server/db/postgres.ts';
import { startCluster } from './pg-cluster.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    pgAdminUrl: string;
    /** TEST_DB=postgres: a migrated database the test databases are copied from (CREATE DATABASE … TEMPLATE). */
    pgTemplate: string;
    /** TEST_DB=pglite: dumps of a new database (`empty`) and of a migrated one (`migrated`), files each test database starts from. */
    pgliteDumps: { empty: string; migrated: string };
  }
}

/** The database the PostgreSQL test databases are copied from. */
const TEMPLATE = 'cc_migrated';

/**
 * Once for the whole server suite, the start every test database shares: a new cluster's initdb
 * (most of a new PGlite's start) and the migrations. TEST_DB=postgres: one cluster, and a
 * migrated database each test file's database is copied from. TEST_DB=pglite: two dumps, of a new
 * and of a migrated database, each test's PGlite loads instead of running initdb (and the
 * migrations) again. Servers still run the migrations at start: with every one recorded, none
 * applies; tests of the migrations themselves start from the new, empty database.
 */
export default async function setup(project: TestProject) {
  if (process.env.TEST_DB !== 'postgres') {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cc-pglite-dumps-'));
    const dumps = { empty: path.join(dir, 'empty.tar'), migrated: path.join(dir, 'migrated.tar') };
    const write = async (file: string, dump: Blob) => fs.writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
    await write(dumps.empty, await pgliteDump(async () => undefined));
    await write(dumps.migrated, await pgliteDump(migrate));
    project.provide('pgAdminUrl', '');
    project.provide('pgTemplate', '');
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
    await migrate(db);
    await db.close();
  } catch (err) {
    cluster.stop();
    throw err;
  }
  project.provide('pgAdminUrl', cluster.url());
  project.provide('pgTemplate', TEMPLATE);
  project.provide('pgliteDumps', { empty: '', migrated: '' });
  return () => cluster.stop();
}
