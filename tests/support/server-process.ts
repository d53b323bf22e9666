import { spawn } from 'node:child_process';
import path from 'node:path';
import type { Db } from '../../server/db/index.ts';
import { openPglite } from '../../server/db/pglite.ts';

const root = path.resolve(import.meta.dirname, '../..');

/**
 * Waits until a server process answers /healthz. A limit for hangs: a first start (initdb,
 * migrations, the demo seed) takes seconds when idle, minutes on a machine loaded by other work.
 */
export async function waitHealthy(port: number, ms = 150_000): Promise<void> {
  const until = Date.now() + ms;
  while (Date.now() < until) {
    try {
      if ((await fetch(`http://127.0.0.1:${port}/healthz`)).ok) return;
    } catch {
      /* not listening yet */
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('server did not become healthy');
}

/** The real entry point (server/main.ts) as `npm start` runs it, in the project folder, with this environment over the test's. */
export function spawnServer(env: NodeJS.ProcessEnv) {
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], { cwd: root, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  child.stdout.on('data', (d) => (out += d));
  child.stderr.on('data', (d) => (out += d));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { child, exited, output: () => out };
}

/** The database a server process used, opened here once it stopped: its PostgreSQL database (`url`), else the PGlite files in its DATA_DIR. */
export async function openServerDb(dataDir: string, url?: string): Promise<Db> {
  if (!url) return openPglite(path.join(dataDir, 'pgdata'), 'UTC');
  const { openPostgres } = await import('../../server/db/postgres.ts');
  return openPostgres(url, 'UTC');
}
