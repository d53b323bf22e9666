import fs from 'node:fs';
import { loadConfig, type Config } from './config.ts';
import { openDatabase } from './db/index.ts';
import { migrate } from './db/migrate.ts';
import { ensureCallPartitions } from './db/partitions.ts';
import { seedIfEmpty, seedMenusIfEmpty } from './db/seed.ts';
import { loadSecrets } from './auth/secrets.ts';
import { TokenService } from './auth/tokens.ts';
import { RsaLogin } from './auth/rsa.ts';
import { Limiter } from './auth/limiter.ts';
import { VerifiedCache, hashGate, setHashCost } from './auth/password.ts';
import { buildApp, type AppOptions } from './app.ts';
import type { AppContext } from './context.ts';
import { clockFrom, offsetOf, type Clock } from './clock.ts';
import type { Db } from './db/index.ts';
import { loadEntitySchemas } from './entities/load.ts';
import { buildModel } from './entities/model.ts';
import { ensureTable } from './entities/table.ts';
import { syncSchemaMenus } from './menus/schema-menus.ts';
import { reportMenuSources } from '../schemas/menu-sources.ts';
import { SCREEN_MENUS } from './menus/screen-menus.ts';
import { loadReports } from './reports/index.ts';

/**
 * Brings a database to what this configuration serves: the migrations, this month's call
 * partitions, on first run the demo seed, the entity schemas' tables, the report schemas (tried
 * against it, once per schema) and the menus they add. Idempotent: a database prepared before
 * (by an earlier start, or a copy of one) costs a few queries.
 */
export async function prepareDatabase(config: Config, database: Db, clock: Clock): Promise<Pick<AppContext, 'entities' | 'reports'>> {
  await migrate(database);
  // The demo seed hashes its users' passwords at the configured cost.
  setHashCost(config.passwordHashCost);
  const now = clock.date();
  await ensureCallPartitions(database, new Date(now.getFullYear(), now.getMonth() - 1, 1), new Date(now.getFullYear(), now.getMonth() + 2, 1));
  if (config.seed) {
    await seedIfEmpty(database, now, { timeZone: config.timeZone });
    await seedMenusIfEmpty(database);
  }
  const entities = (await loadEntitySchemas(config.entityDirs)).map(buildModel);
  for (const model of entities) await ensureTable(database, model);
  const reports = await loadReports(database, config.reportDirs);
  await syncSchemaMenus(database, [...entities.map((m) => m.res), ...reportMenuSources(reports.map((r) => r.schema)), ...SCREEN_MENUS]);
  return { entities, reports };
}

/** Opens (and prepares: prepareDatabase) the database and wires the services. */
export async function createContext(config: Config, db?: Db, clock: Clock = clockFrom(config.clockNow)): Promise<AppContext> {
  // The gate is the process's; sized first, since the demo seed hashes its users' passwords through it.
  hashGate.concurrency = config.hashConcurrency;
  hashGate.queue = config.hashQueue;
  setHashCost(config.passwordHashCost);
  const database = db ?? (await openDatabase(config, offsetOf(clock)));
  const { entities, reports } = await prepareDatabase(config, database, clock);
  const secrets = await loadSecrets(config.dataDir, database, config.jwtSecret);
  return {
    config,
    clock,
    db: database,
    secrets,
    tokens: new TokenService(secrets.jwtKey, config.tokenTtlSeconds, config.maxSessionsPerUser),
    rsa: new RsaLogin(secrets.rsaPrivatePem),
    limiter: new Limiter(database, config.limits),
    verified: new VerifiedCache(),
    entities,
    reports,
  };
}

export async function start(config = loadConfig(), opts: AppOptions = {}) {
  const ctx = await createContext(config);
  const app = await buildApp(ctx, opts);
  app.addHook('onClose', async () => {
    await ctx.db.close();
  });
  await app.listen({ port: config.port, host: config.host });
  return { app, ctx };
}

/** Starts the server and closes it cleanly (database included) on SIGTERM or SIGINT. */
export async function runServer(config = loadConfig()): Promise<void> {
  const { app, ctx } = await start(config);
  // Benchmarks read what the process asked of the database: SIGUSR2 writes the counters there.
  const countersFile = process.env.DB_COUNTERS_FILE;
  if (countersFile) {
    // Each statement's share too (DbCounters.bySql), so a benchmark can say which statements its load runs.
    ctx.db.counters.bySql = new Map();
    process.on('SIGUSR2', () => {
      const cpu = process.cpuUsage();
      const { bySql, ...totals } = ctx.db.counters;
      fs.writeFileSync(countersFile, JSON.stringify({ ...totals, cpuMs: (cpu.user + cpu.system) / 1000, bySql: Object.fromEntries(bySql ?? []) }));
    });
  }
  let closing = false;
  const shutdown = (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    const force = setTimeout(() => process.exit(1), 10_000);
    force.unref();
    app.close().then(
      () => process.exit(0),
      (err) => {
        app.log.error({ err }, 'shutdown failed');
        process.exit(1);
      },
    );
  };
  process.on('SIGTERM', () => shutdown('SIGTERM'));
  process.on('SIGINT', () => shutdown('SIGINT'));
}

const isEntry = process.argv[1] && import.meta.url === new URL(`file://${process.argv[1]}`).href;
if (isEntry) await runServer();
