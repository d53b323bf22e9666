import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { freePort } from '../support/pg-cluster.ts';
import { engine, openTestDb } from './helpers.ts';
import { clockEnv } from '../support/test-clock.ts';
import { openServerDb, spawnServer, waitHealthy } from '../support/server-process.ts';
import { DEMO_USERS } from '../../server/db/demo-accounts.ts';

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cc-proc-'));
afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

// The real entry point as `npm start` runs it, in a fresh DATA_DIR, on the suite's engine.
describe(`server process on ${engine}`, () => {
  it('creates DATA_DIR, serves, logs JSON lines, and closes the database cleanly on SIGTERM', async () => {
    const port = await freePort();
    // On PostgreSQL: an empty database of the suite's cluster, closed here so the server owns it.
    const pgTest = engine === 'postgres' ? await openTestDb('UTC') : undefined;
    await pgTest?.db.close();
    const { child, exited, output } = spawnServer({ ...clockEnv(), PORT: String(port), DATA_DIR: dataDir, LOG_LEVEL: 'info', DATABASE_URL: pgTest?.url ?? '' });
    await waitHealthy(port);
    const login = await fetch(`http://127.0.0.1:${port}/api/default/login`, {
      method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ username: 'admin', password: 'admin123' }),
    });
    expect(login.status).toBe(200);
    child.kill('SIGTERM');
    expect(await exited).toBe(0);
    const out = output();
    const lines = out.trim().split('\n').filter(Boolean);
    expect(lines.length).toBeGreaterThan(0);
    for (const line of lines) expect(() => JSON.parse(line), line).not.toThrow();
    expect(out).toContain('shutting down');
    expect(out).not.toContain('admin123');
    // The token key and the RSA key live in the database (shared by processes), not in DATA_DIR files.
    expect(fs.existsSync(path.join(dataDir, 'jwt-secret'))).toBe(false);
    expect(fs.existsSync(path.join(dataDir, 'rsa-private.pem'))).toBe(false);
    // The database closed cleanly: it opens again with every seeded user.
    const db = await openServerDb(dataDir, pgTest?.url);
    const [row] = await db.query<{ n: number }>('SELECT count(*) AS n FROM users');
    expect(row!.n).toBe(DEMO_USERS.length);
    const secrets = await db.query<{ name: string }>('SELECT name FROM app_secrets ORDER BY name');
    expect(secrets.map((r) => r.name)).toEqual(['jwt-secret', 'rsa-private.pem']);
    await db.close();
    await pgTest?.drop();
  }, 180_000);
});
