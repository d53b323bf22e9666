import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { inject } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { loadConfig, type Config } from '../../server/config.ts';
import { TEST_SERVER_ENV } from '../support/test-config.ts';
import { openPglite } from '../../server/db/pglite.ts';
import { openPostgres } from '../../server/db/postgres.ts';
import type { Db } from '../../server/db/index.ts';
import type { DbLimits } from '../../server/db/types.ts';
import { createContext } from '../../server/main.ts';
import { buildApp, type AppOptions } from '../../server/app.ts';
import type { AppContext } from '../../server/context.ts';
import { clockFrom, offsetOf } from '../../server/clock.ts';
import { testClock } from '../support/test-clock.ts';
import { copyStrategy } from '../support/pg-cluster.ts';

export const engine = process.env.TEST_DB === 'postgres' ? 'postgres' : 'pglite';

/**
 * The suite's PGlite dumps (tests/support/pg-global-setup.ts), read once a process. PGlite reads a
 * dump with `arrayBuffer()` only; a Blob's is a stream read in chunks and joined again, 50-90 ms of
 * a file's every new database (a third of a dump's restore), where a copy of the bytes read once
 * takes a few.
 */
const dumps = new Map<string, Buffer>();
const dumpOf = (file: string): Blob => {
  const bytes = dumps.get(file) ?? dumps.set(file, fs.readFileSync(file)).get(file)!;
  const copy = () => bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength);
  return { type: '', size: bytes.byteLength, arrayBuffer: async () => copy() } as Blob;
};

/**
 * A fresh database of this test's own: PGlite in memory, or a new database in the suite's
 * PostgreSQL cluster. Empty; `migrated`: every migration applied as at a server's first start;
 * `seeded`: as a default server's first start on the suite's clock leaves it, demo data included
 * (each copied from what tests/support/pg-global-setup.ts made once for the suite).
 */
export async function openTestDb(
  timeZone: string, clockOffsetMs = 0, start: 'empty' | 'migrated' | 'seeded' = 'empty', limits?: DbLimits,
): Promise<{ db: Db; drop: () => Promise<void>; url?: string }> {
  if (engine === 'pglite') {
    const db = await openPglite(undefined, timeZone, clockOffsetMs, dumpOf(inject('pgliteDumps')[start]));
    return { db, drop: async () => undefined };
  }
  const adminUrl = inject('pgAdminUrl');
  const name = `t_${crypto.randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  const template = { empty: '', migrated: inject('pgTemplate'), seeded: inject('pgSeededTemplate') }[start];
  await admin.query(`CREATE DATABASE ${name}${template ? ` TEMPLATE ${template}` : ''}${await copyStrategy(admin)}`);
  await admin.end();
  const url = adminUrl.replace(/\/[^/]*$/, `/${name}`);
  const db = await openPostgres(url, timeZone, clockOffsetMs, limits);
  return {
    db,
    url,
    drop: async () => {
      const c = new pg.Client({ connectionString: adminUrl });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await c.end();
    },
  };
}

export interface TestServer {
  app: FastifyInstance;
  ctx: AppContext;
  call: (method: string, url: string, opts?: { token?: string; body?: unknown; headers?: Record<string, string>; raw?: string }) =>
    Promise<{ status: number; body: { code: number; msg: string; data: any }; headers: Record<string, unknown> }>;
  login: (username: string, password: string) => Promise<string>;
  close: () => Promise<void>;
}

/**
 * A server on a fresh database, on this file's clock (testClock: pinned at TEST_NOW, shared with
 * the file's tests and generator runs); `clockNow` pins a server of its own elsewhere. Given a
 * database (`on`), the server starts on it as a later start of a deployment would, and its
 * close leaves the database to the test.
 */
export async function startTestServer(overrides: Partial<Config> = {}, opts: AppOptions = {}, on?: Db): Promise<TestServer> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cc-test-'));
  const base = loadConfig(TEST_SERVER_ENV);
  // Each test server gets its own simulator on a free port and its own recordings folder.
  const telephony = { ...base.telephony, simEslPort: 0, recordingsDir: path.join(dataDir, 'recordings'), ...overrides.telephony };
  const config: Config = { ...base, dataDir, staticDir: path.join(dataDir, 'no-dist'), ...overrides, telephony };
  const clock = overrides.clockNow ? clockFrom(overrides.clockNow) : testClock;
  // The suite's prepared database when this server would prepare the same one: the default
  // seed, time zone, entities and clock (other report folders are tried and added at start).
  const asSeeded = clock === testClock && config.seed && config.timeZone === base.timeZone && config.entityDirs === base.entityDirs;
  const { db, drop } = on ? { db: on, drop: async () => undefined } : await openTestDb(config.timeZone, offsetOf(clock), asSeeded ? 'seeded' : 'migrated', config.dbLimits);
  let ctx: AppContext;
  let app: FastifyInstance;
  try {
    ctx = await createContext(config, db, clock);
    app = await buildApp(ctx, { logger: false, ...opts });
    await app.ready();
  } catch (err) {
    if (!on) await db.close();
    await drop();
    throw err;
  }
  const call: TestServer['call'] = async (method, url, o = {}) => {
    const headers: Record<string, string> = { ...(o.headers ?? {}) };
    if (o.token) headers.authorization = `Bearer ${o.token}`;
    let payload: string | undefined = o.raw;
    if (payload === undefined && o.body !== undefined) {
      payload = JSON.stringify(o.body);
      headers['content-type'] ??= 'application/json';
    }
    const res = await app.inject({ method: method as 'GET', url, headers, ...(payload !== undefined ? { payload } : {}) });
    let body;
    try {
      body = res.json();
    } catch {
      body = { code: -1, msg: res.body, data: null };
    }
    return { status: res.statusCode, body, headers: res.headers };
  };
  return {
    app,
    ctx,
    call,
    async login(username, password) {
      const res = await call('POST', '/api/default/login', { body: { username, password } });
      if (res.status !== 200) throw new Error(`login ${username} failed: ${res.status} ${res.body.msg}`);
      return res.body.data.token as string;
    },
    async close() {
      await app.close();
      if (!on) await db.close();
      await drop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
