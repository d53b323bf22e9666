import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { loadConfig, type Config } from '../../server/config.ts';
import { openPostgres } from '../../server/db/postgres.ts';
import { createContext } from '../../server/main.ts';
import { buildApp } from '../../server/app.ts';
import type { AppContext } from '../../server/context.ts';
import { clockFrom, offsetOf } from '../../server/clock.ts';
import { openTestDb } from '../server/helpers.ts';
import { testClock } from '../support/test-clock.ts';

export interface Instance { app: FastifyInstance; ctx: AppContext }

/**
 * Two server instances on one database, each with its own DATA_DIR, as two processes behind a
 * balancer would be. On PostgreSQL each has its own connection pool; PGlite is one in-process
 * database, so there the two apps share it. Both run on this file's clock (testClock, as
 * startTestServer's servers do), or on one of their own pinned at `clockNow`.
 */
export async function twoInstances(overrides: Partial<Config> = {}): Promise<{ a: Instance; b: Instance; close: () => Promise<void> }> {
  const dirs = [0, 1].map(() => fs.mkdtempSync(path.join(os.tmpdir(), 'cc-two-')));
  const defaults = loadConfig({});
  // Each pair runs its own simulator on a free port (parallel runs must not fight over 8021) unless the test points both at one switch.
  const telephony = { ...defaults.telephony, simEslPort: 0, recordingsDir: path.join(dirs[0]!, 'recordings'), ...overrides.telephony };
  const base: Config = { ...defaults, staticDir: path.join(dirs[0]!, 'no-dist'), ...overrides, telephony };
  const clock = overrides.clockNow ? clockFrom(overrides.clockNow) : testClock;
  const { db, drop, url } = await openTestDb(base.timeZone, offsetOf(clock), 'migrated');
  const second = url ? await openPostgres(url, base.timeZone, offsetOf(clock)) : db;
  const make = async (dataDir: string, database: typeof db): Promise<Instance> => {
    const ctx = await createContext({ ...base, dataDir }, database, clock);
    const app = await buildApp(ctx, { logger: false });
    await app.ready();
    return { app, ctx };
  };
  const a = await make(dirs[0]!, db);
  const b = await make(dirs[1]!, second);
  return {
    a,
    b,
    async close() {
      await a.app.close();
      await b.app.close();
      if (second !== db) await second.close();
      await db.close();
      await drop();
      for (const d of dirs) fs.rmSync(d, { recursive: true, force: true });
    },
  };
}

/** A JSON request from a given client address (Fastify's inject sets req.ip from remoteAddress). */
export async function from(app: FastifyInstance, ip: string, method: 'GET' | 'POST', url: string, body?: unknown, headers: Record<string, string> = {}) {
  const res = await app.inject({ method, url, remoteAddress: ip, headers, ...(body === undefined ? {} : { payload: body as object }) });
  return { status: res.statusCode, body: res.json() as { code: number; msg: string; data: any }, headers: res.headers };
}

/** Logs `user` in on one instance (from 127.0.0.1) and returns the token; a failed login throws with the server's message. */
export async function loginOn(inst: Instance, user: string, password = 'agent123'): Promise<string> {
  const res = await from(inst.app, '127.0.0.1', 'POST', '/api/default/login', { username: user, password });
  if (res.status !== 200) throw new Error(`login ${user}: ${res.status} ${res.body.msg}`);
  return res.body.data.token as string;
}

/** A JSON POST as `token` on one instance (from 127.0.0.1), answered in English. */
export const postOn = (inst: Instance, url: string, token: string, body: unknown) =>
  from(inst.app, '127.0.0.1', 'POST', url, body, { authorization: `Bearer ${token}`, 'accept-language': 'en' });
