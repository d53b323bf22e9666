/**
 * A throwaway PostgreSQL cluster on loopback for tests and benchmarks: initdb into a temp
 * directory, start on a free port, remove everything on stop. PostgreSQL refuses to run as
 * root, so as root the server runs as the `postgres` system user (Debian's package creates it).
 */
import { execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

export function findPgBin(): string | undefined {
  const candidates: string[] = [];
  try {
    candidates.push(execFileSync('pg_config', ['--bindir'], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim());
  } catch {
    /* pg_config absent: look in Debian's layout */
  }
  const base = '/usr/lib/postgresql';
  if (fs.existsSync(base)) {
    for (const v of fs.readdirSync(base).sort((a, b) => Number(b) - Number(a))) candidates.push(path.join(base, v, 'bin'));
  }
  return candidates.find((dir) => fs.existsSync(path.join(dir, 'initdb')) && fs.existsSync(path.join(dir, 'pg_ctl')));
}

/**
 * FILE_COPY: a new database's files copied as files, not written page by page through the WAL
 * (PostgreSQL 15's default, WAL_LOG): half the CPU and the time on the suite's cluster, which
 * runs without fsync. Older servers copy files anyway and know no STRATEGY. For the end of a
 * CREATE DATABASE, once a process.
 */
let strategy: string | undefined;
export const copyStrategy = async (admin: { query: (sql: string) => Promise<{ rows: Array<Record<string, unknown>> }> }): Promise<string> =>
  (strategy ??= Number((await admin.query("SELECT current_setting('server_version_num') AS v")).rows[0]?.v) >= 150_000 ? ' STRATEGY FILE_COPY' : '');

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
  });
}

export interface Cluster { url: (db?: string) => string; stop: () => void }

export async function startCluster(): Promise<Cluster> {
  const bin = findPgBin();
  if (!bin) throw new Error('PostgreSQL binaries not found (Debian: apt-get install -y postgresql)');
  const asRoot = process.getuid?.() === 0;
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cc-pg-'));
  const pgdata = path.join(dir, 'data');
  if (asRoot) execFileSync('chown', ['-R', 'postgres:postgres', dir]);
  const run = (cmd: string, args: string[]) => {
    const [file, argv] = asRoot ? ['runuser', ['-u', 'postgres', '--', path.join(bin, cmd), ...args]] : [path.join(bin, cmd), args];
    const res = spawnSync(file, argv as string[], { encoding: 'utf8', cwd: dir });
    if (res.status !== 0) throw new Error(`${cmd} failed: ${res.stderr || res.stdout}`);
  };
  const user = asRoot ? 'postgres' : os.userInfo().username;
  const port = await freePort();
  run('initdb', ['-D', pgdata, '-U', user, '-A', 'trust', '-E', 'UTF8', '--no-sync']);
  run('pg_ctl', ['-D', pgdata, '-l', path.join(dir, 'log'), '-w', '-o',
    `-c listen_addresses=127.0.0.1 -p ${port} -k ${dir} -c fsync=off -c synchronous_commit=off -c full_page_writes=off -c max_connections=300`, 'start']);
  let stopped = false;
  return {
    url: (db = 'postgres') => `postgres://${user}@127.0.0.1:${port}/${db}`,
    stop() {
      if (stopped) return;
      stopped = true;
      try {
        run('pg_ctl', ['-D', pgdata, '-m', 'immediate', '-w', 'stop']);
      } finally {
        fs.rmSync(dir, { recursive: true, force: true });
      }
    },
  };
}
