/**
 * bench/admin: the user list through the HTTP API with 10,000 users — filtered, page 50.
 * Fills a fresh DATA_DIR (embedded database; with --postgres a throwaway PostgreSQL cluster) with
 * the demo seed plus 10,000 users, starts the real server on it, and drives
 * POST api/userManagement/getList with autocannon on loopback, 5 s per query shape: one client
 * (a supervisor paging through users: the latency target) and 10 concurrent clients.
 * Run: npm run bench:admin [-- --postgres]   (writes bench/out/admin[-postgres].json)
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { loadConfig } from '../server/config.ts';
import { createContext } from '../server/main.ts';
import { hashPassword } from '../server/auth/password.ts';
import { freePort, startCluster } from '../tests/support/pg-cluster.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cc-bench-admin-'));
const USERS = 10_000;
const cluster = process.argv.includes('--postgres') ? await startCluster() : undefined;
if (cluster) process.env.DATABASE_URL = cluster.url();

async function fill(): Promise<void> {
  const ctx = await createContext({ ...loadConfig(), dataDir });
  const hash = await hashPassword('bench-pass');
  await ctx.db.query(
    `INSERT INTO users (user_name, password_hash, user_chinese_name, user_seat_no, fjh, lineid, depart_id, company_id, mobile)
     SELECT 'user' || lpad(i::text, 5, '0'), $1, '用户' || chr(19968 + i % 500), (20000 + i)::text, (30000 + i)::text,
            1 + i % 2, 1 + i % 6, 1, '139' || lpad(i::text, 8, '0')
       FROM generate_series(1, $2::int) AS i`,
    [hash, USERS],
  );
  await ctx.db.query(`INSERT INTO user_roles (user_id, role_id) SELECT u.id, r.id FROM users u, roles r WHERE r.code = 'agent' AND u.user_name LIKE 'user%'`);
  await ctx.db.query('ANALYZE');
  await ctx.db.close();
}

async function run(port: number, token: string, name: string, body: object, connections: number) {
  const r = await autocannon({
    url: `http://127.0.0.1:${port}/api/userManagement/getList`, method: 'POST', connections, duration: 5,
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` }, body: JSON.stringify(body),
  });
  return { name, connections, body, p50: r.latency.p50, p99: r.latency.p99, rps: r.requests.average, non2xx: r.non2xx, errors: r.errors };
}

await fill();
const port = await freePort();
const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
  cwd: root, env: { ...process.env, PORT: String(port), DATA_DIR: dataDir, LOG_LEVEL: 'warn' }, stdio: ['ignore', 'ignore', 'inherit'],
});
try {
  for (let i = 0; ; i++) {
    try {
      if ((await fetch(`http://127.0.0.1:${port}/healthz`)).ok) break;
    } catch {
      if (i > 600) throw new Error('server did not start');
    }
    await new Promise((r) => setTimeout(r, 50));
  }
  const login = await fetch(`http://127.0.0.1:${port}/api/default/login`, {
    method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ username: 'admin', password: 'admin123' }),
  });
  const token = ((await login.json()) as { data: { token: string } }).data.token;
  const check = await fetch(`http://127.0.0.1:${port}/api/userManagement/getList`, {
    method: 'POST', headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` }, body: '{"pageNo":1,"pageSize":1}',
  });
  const total = ((await check.json()) as { data: { total: number } }).data.total;
  const queries: Array<[string, object]> = [
    ['department filter, page 50', { pageNo: 1, pageSize: 50, departId: 3 }],
    ['name contains + department, page 50', { pageNo: 1, pageSize: 50, userName: 'user0', departId: 2 }],
    ['seat contains, sorted by seat desc, page 20 of 50', { pageNo: 20, pageSize: 50, userSeatNo: '2', sortField: 'userSeatNo', sortOrder: 'desc' }],
  ];
  const shapes = [];
  for (const connections of [1, 10]) for (const [name, body] of queries) shapes.push(await run(port, token, name, body, connections));
  const figures = {
    date: new Date().toISOString(),
    machine: { cpu: os.cpus()[0]?.model, cores: os.cpus().length, memoryGb: Math.round(os.totalmem() / 2 ** 30), node: process.version },
    engine: process.env.DATABASE_URL ? 'postgres' : 'pglite', users: total, shapes,
  };
  fs.mkdirSync(path.join(root, 'bench/out'), { recursive: true });
  fs.writeFileSync(path.join(root, `bench/out/admin${cluster ? '-postgres' : ''}.json`), JSON.stringify(figures, null, 2));
  console.log(JSON.stringify(figures, null, 2));
} finally {
  child.kill('SIGTERM');
  await new Promise((r) => child.once('exit', r));
  fs.rmSync(dataDir, { recursive: true, force: true });
  cluster?.stop();
}
