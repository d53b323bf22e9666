/**
 * bench/admin: the user list through the HTTP API with 10,000 users — filtered, page 50.
 * Fills a fresh DATA_DIR (embedded database; with --postgres a throwaway PostgreSQL cluster) with
 * the demo seed plus 10,000 users, starts the real server on it, and drives
 * POST api/userManagement/getList with autocannon on loopback, 5 s per query shape: one client
 * (a supervisor paging through users: the latency target) and 10 concurrent clients.
 * Run: npm run bench:admin [-- --postgres]   (writes bench/out/admin[-postgres].json)
 */
import autocannon from 'autocannon';
import { loadConfig } from '../server/config.ts';
import { createContext } from '../server/main.ts';
import { hashPassword } from '../server/auth/password.ts';
import { benchDatabase, machine, startBenchServer, writeFigures } from './support/server.ts';

const USERS = 10_000;
const db = await benchDatabase('admin');
const { dataDir } = db;

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
const server = await startBenchServer(db);
const { port } = server;
try {
  const token = await server.login('admin', 'admin123');
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
    machine: machine(), engine: db.engine, users: total, shapes,
  };
  writeFigures(`admin${db.cluster ? '-postgres' : ''}`, figures);
} finally {
  await server.stop();
  db.remove();
}
