/**
 * bench/test-db: what a server test pays for its database before the server's own start-up
 * (the demo seed, schema menus, report checks, which are the same either way): a new PGlite
 * (initdb) plus the migrations, against one loaded from the suite's migrated dump
 * (tests/support/pg-global-setup.ts); and with `--postgres`, CREATE DATABASE plus the migrations
 * against CREATE DATABASE … TEMPLATE of a migrated database. Then what a default test server's
 * preparation (prepareDatabase: the demo seed, report checks, menus) costs from the migrated copy,
 * against from the copy of a database prepared once (the suite's `seeded` start), where it finds
 * nothing left to do. Then a test server's own start on the prepared copy (createContext, buildApp,
 * ready), as the second and later starts of one process (a test worker's) pay it: the route
 * schemas' validators are compiled once a process (server/http/validate.ts). Median and worst of N rounds,
 * alternated so that load from other work falls on both alike; CPU seconds of this process too.
 * Run: npm run bench:test-db [-- --postgres] [-- --rounds 6]
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { pinnedClock } from '../server/clock.ts';
import { loadConfig } from '../server/config.ts';
import type { Db } from '../server/db/index.ts';
import { migrate } from '../server/db/migrate.ts';
import { buildApp } from '../server/app.ts';
import { createContext, prepareDatabase } from '../server/main.ts';
import { openPglite, pgliteDump } from '../server/db/pglite.ts';
import { openPostgres } from '../server/db/postgres.ts';
import { startCluster } from '../tests/support/pg-cluster.ts';

const args = process.argv.slice(2);
const rounds = Number(args[args.indexOf('--rounds') + 1]) || 6;
const postgres = args.includes('--postgres');

interface Figure { wallMs: number[]; cpuMs: number[] }
const figures = new Map<string, Figure>();
async function timed(name: string, fn: () => Promise<void>): Promise<void> {
  const cpu = process.cpuUsage();
  const t0 = performance.now();
  await fn();
  const wall = performance.now() - t0;
  const used = process.cpuUsage(cpu);
  const f = figures.get(name) ?? figures.set(name, { wallMs: [], cpuMs: [] }).get(name)!;
  f.wallMs.push(wall);
  f.cpuMs.push((used.user + used.system) / 1000);
}
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

// A folder of its own for the servers' secrets and recordings, a free port for their simulated switch.
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cc-bench-test-db-'));
const base = loadConfig({});
const config = { ...base, dataDir, staticDir: path.join(dataDir, 'no-dist'), telephony: { ...base.telephony, simEslPort: 0, recordingsDir: path.join(dataDir, 'recordings') } };
const clock = pinnedClock(new Date());
const prepare = async (db: Db) => {
  await prepareDatabase(config, db, clock);
};
const dump = await pgliteDump(migrate);
const seeded = await pgliteDump(prepare, { dump, timeZone: config.timeZone, clockOffsetMs: 0 });
for (let i = 0; i < rounds; i++) {
  await timed('PGlite: new (initdb) + migrations', async () => {
    const db = await openPglite(undefined, 'UTC');
    await migrate(db);
    await db.close();
  });
  await timed('PGlite: from the migrated dump', async () => {
    const db = await openPglite(undefined, 'UTC', 0, dump);
    await migrate(db);
    await db.close();
  });
  await timed('PGlite: migrated dump + preparation', async () => {
    const db = await openPglite(undefined, config.timeZone, 0, dump);
    await prepare(db);
    await db.close();
  });
  await timed('PGlite: prepared dump + preparation', async () => {
    const db = await openPglite(undefined, config.timeZone, 0, seeded);
    await prepare(db);
    await db.close();
  });
}

// One start first, so the figures are those of a worker's later test servers.
const appOn = async () => {
  const db = await openPglite(undefined, config.timeZone, 0, seeded);
  const ctx = await createContext(config, db, clock);
  const app = await buildApp(ctx, { logger: false });
  await app.ready();
  await app.close();
  await db.close();
};
await appOn();
for (let i = 0; i < rounds; i++) await timed('PGlite: prepared dump + a server started on it', appOn);

if (postgres) {
  const cluster = await startCluster();
  try {
    const admin = new pg.Client({ connectionString: cluster.url() });
    await admin.connect();
    await admin.query('CREATE DATABASE bench_template');
    const template = await openPostgres(cluster.url('bench_template'), 'UTC');
    await migrate(template);
    await template.close();
    await admin.query('CREATE DATABASE bench_seeded TEMPLATE bench_template');
    const prepared = await openPostgres(cluster.url('bench_seeded'), config.timeZone);
    await prepare(prepared);
    await prepared.close();
    const fresh = async (name: string, sql: string, then: (db: Db) => Promise<unknown> = migrate) => {
      await admin.query(sql);
      const db = await openPostgres(cluster.url(name), config.timeZone);
      await then(db);
      await db.close();
      await admin.query(`DROP DATABASE ${name}`);
    };
    for (let i = 0; i < rounds; i++) {
      await timed('PostgreSQL: CREATE DATABASE + migrations', () => fresh(`b_new_${i}`, `CREATE DATABASE b_new_${i}`));
      await timed('PostgreSQL: CREATE DATABASE … TEMPLATE', () => fresh(`b_tpl_${i}`, `CREATE DATABASE b_tpl_${i} TEMPLATE bench_template`));
      await timed('PostgreSQL: migrated template + preparation', () => fresh(`b_mp_${i}`, `CREATE DATABASE b_mp_${i} TEMPLATE bench_template`, prepare));
      await timed('PostgreSQL: prepared template + preparation', () => fresh(`b_pp_${i}`, `CREATE DATABASE b_pp_${i} TEMPLATE bench_seeded`, prepare));
      // What the suite does (tests/support/pg-cluster.ts, copyStrategy): the files copied, not logged.
      await timed('PostgreSQL: the same, STRATEGY FILE_COPY', () => fresh(`b_fc_${i}`, `CREATE DATABASE b_fc_${i} TEMPLATE bench_seeded STRATEGY FILE_COPY`, prepare));
    }
    await admin.end();
  } finally {
    cluster.stop();
  }
}

console.log(`| ${'database for one test server'.padEnd(42)} | wall median | wall worst | CPU median (this process) |`);
console.log(`|${'-'.repeat(44)}|---|---|---|`);
for (const [name, f] of figures) {
  console.log(`| ${name.padEnd(42)} | ${median(f.wallMs).toFixed(0)} ms | ${Math.max(...f.wallMs).toFixed(0)} ms | ${median(f.cpuMs).toFixed(0)} ms |`);
}
fs.rmSync(dataDir, { recursive: true, force: true });
