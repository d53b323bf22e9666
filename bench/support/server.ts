/**
 * What every benchmark does around its measurement: a fresh database (PGlite in a temporary
 * DATA_DIR; with --postgres a throwaway PostgreSQL cluster), the real server started on it as a
 * child process on a free loopback port, waiting for /healthz, logging in, and cleaning up.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort, startCluster, type Cluster } from '../../tests/support/pg-cluster.ts';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

export interface BenchDatabase {
  /** The DATA_DIR the server and the filling code use (PGlite's files, generated secrets). */
  dataDir: string;
  engine: 'pglite' | 'postgres';
  cluster?: Cluster;
  /** Stops the cluster and deletes the DATA_DIR. */
  remove(): void;
}

/**
 * A temporary DATA_DIR named after the benchmark and, when asked (by default: --postgres on the
 * command line), a PostgreSQL cluster whose URL is put in DATABASE_URL for this process and the
 * server it starts. `postgres: false` forces the embedded database whatever the environment says.
 */
export async function benchDatabase(name: string, postgres = process.argv.includes('--postgres')): Promise<BenchDatabase> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `cc-bench-${name}-`));
  const cluster = postgres ? await startCluster() : undefined;
  process.env.DATABASE_URL = cluster ? cluster.url() : '';
  return {
    dataDir,
    engine: cluster ? 'postgres' : 'pglite',
    ...(cluster ? { cluster } : {}),
    remove() {
      fs.rmSync(dataDir, { recursive: true, force: true });
      cluster?.stop();
    },
  };
}

export interface BenchServer {
  port: number;
  base: string;
  child: ChildProcess;
  /** Logs a user in through the API and answers the bearer token. */
  login(username: string, password: string): Promise<string>;
  /** What the server asked of its database so far and its CPU time (server/main.ts writes them on SIGUSR2). */
  counters(): Promise<ServerCounters>;
  /** SIGTERM, and waits for the process to exit. */
  stop(): Promise<void>;
}

/** Statements sent, ms the database was busy (PGlite: its one thread), and the process's CPU ms, since it started. */
export interface ServerCounters { statements: number; busyMs: number; cpuMs: number; bySql?: Record<string, { n: number; ms: number }> }

/** The statements that ran most between two readings of the counters (by count), with their share of the time. */
export function topStatements(a: ServerCounters, b: ServerCounters, count = 12): Array<{ sql: string; n: number; ms: number }> {
  return Object.entries(b.bySql ?? {}).map(([sql, v]) => ({ sql, n: v.n - (a.bySql?.[sql]?.n ?? 0), ms: Math.round(v.ms - (a.bySql?.[sql]?.ms ?? 0)) }))
    .filter((x) => x.n > 0).sort((x, y) => y.n - x.n).slice(0, count);
}

/** `b - a`, each figure rounded: what happened between two readings. */
export const countersBetween = (a: ServerCounters, b: ServerCounters): ServerCounters => ({
  statements: b.statements - a.statements, busyMs: Math.round(b.busyMs - a.busyMs), cpuMs: Math.round(b.cpuMs - a.cpuMs),
});

/**
 * Starts `server/main.ts` on the database (its stdout ignored, warnings and errors shown) and
 * waits until /healthz answers 200. `env` adds to or overrides the server's environment.
 */
export async function startBenchServer(db: Pick<BenchDatabase, 'dataDir'>, env: Record<string, string> = {}, timeoutMs = 60_000): Promise<BenchServer> {
  const port = await freePort();
  const countersFile = path.join(db.dataDir, `db-counters-${port}.json`);
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    cwd: root,
    // SIM_ESL_PORT 0: the server's simulated switch takes a free port, so a bench never meets a running console's.
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: db.dataDir, LOG_LEVEL: 'warn', SIM_ESL_PORT: '0', DB_COUNTERS_FILE: countersFile, ...env },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const base = `http://127.0.0.1:${port}`;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
    await exited;
  };
  const until = Date.now() + timeoutMs;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode} before it was ready`);
    try {
      if ((await fetch(`${base}/healthz`)).ok) break;
    } catch {
      // Not listening yet.
    }
    if (Date.now() > until) {
      await stop();
      throw new Error(`server not ready within ${timeoutMs / 1000} s`);
    }
    await new Promise((r) => setTimeout(r, 50));
  }
  return {
    port,
    base,
    child,
    async login(username, password) {
      const res = await fetch(`${base}/api/default/login`, {
        method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ username, password }),
      });
      const body = (await res.json()) as { data?: { token?: string } };
      if (!res.ok || !body.data?.token) throw new Error(`login as ${username} answered ${res.status}`);
      return body.data.token;
    },
    async counters() {
      fs.rmSync(countersFile, { force: true });
      child.kill('SIGUSR2');
      for (const end = Date.now() + 10_000; Date.now() < end; await new Promise((r) => setTimeout(r, 20))) {
        try {
          return JSON.parse(fs.readFileSync(countersFile, 'utf8')) as ServerCounters;
        } catch {
          // Not written (or not whole) yet.
        }
      }
      throw new Error('the server wrote no counters within 10 s');
    },
    stop,
  };
}

/** The machine a figure was measured on, written beside it. */
export const machine = () => ({ cpu: os.cpus()[0]?.model, cores: os.cpus().length, memoryGb: Math.round(os.totalmem() / 2 ** 30), node: process.version });

/** Writes bench/out/<name>.json and prints the figures. */
export function writeFigures(name: string, figures: object): void {
  fs.mkdirSync(path.join(root, 'bench/out'), { recursive: true });
  fs.writeFileSync(path.join(root, `bench/out/${name}.json`), JSON.stringify(figures, null, 2));
  console.log(JSON.stringify(figures, null, 2));
}
