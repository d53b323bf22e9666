import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { exportsRunning } from '../../server/reports/export-routes.ts';
import { until } from '../support/until.ts';
import { engine, startTestServer, type TestServer } from './helpers.ts';

/**
 * Exports whose reader stops reading (issue 25 item 1): ten of them never stall the server. The
 * export budget refuses what is past a user's and the process's share (429 with a reason in the
 * caller's language), /healthz and a cheap request answer while the admitted ones hang, and a
 * reader silent past EXPORT_WRITE_TIMEOUT_SECONDS has its download ended, its slot (and on
 * PostgreSQL its pooled connection) given back. On PostgreSQL every pooled connection carries
 * statement_timeout and idle_in_transaction_session_timeout.
 */

const DAY = '2020-05-01';
const ROWS = 150_000;
const EXPORT = '/api/export/CallReport/getFullCallReport?format=csv';

/** 150,000 call rows on one day (~13 MB of CSV): more than loopback's socket buffers hold, so a reader that stops leaves the server writing. */
async function bigDay(s: TestServer): Promise<void> {
  await s.ctx.db.query(
    `INSERT INTO call_records (call_id, direction, user_seat_no, phone_no, line_id, call_time, destroy_time, link_flag, ring_seconds, call_seconds)
     SELECT 'st-' || i, 'in', '9101', '13700000000', 1, $1::timestamp + make_interval(secs => i * 0.5), $1::timestamp + make_interval(secs => i * 0.5 + 30), 0, 5, 0
     FROM generate_series(1, $2::int) i`,
    [DAY, ROWS],
  );
  // The planner's figures, as autovacuum would gather them (export-stream's batches use the index).
  await s.ctx.db.query('ANALYZE call_records');
}

/** Export transactions open on PostgreSQL (their cursor's); PGlite holds none. */
const openExports = async (s: TestServer) => engine === 'postgres'
  ? (await s.ctx.db.query(
    "SELECT pid FROM pg_stat_activity WHERE datname = current_database() AND xact_start IS NOT NULL AND query LIKE '%report_export%' AND pid <> pg_backend_pid()",
  )).length
  : 0;

interface Stalled { status: number; body: string; headers: http.IncomingHttpHeaders; req: http.ClientRequest }

/** An export whose client reads its first chunk and then stops reading (a 429 is read in full). */
async function stalledExport(base: URL, token: string, lang = 'en'): Promise<Stalled> {
  const req = http.request({
    host: base.hostname, port: base.port, method: 'POST', agent: false, path: EXPORT,
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', 'accept-language': lang },
  });
  req.on('error', () => undefined);
  req.end(JSON.stringify({ startTime: DAY, endTime: DAY }));
  const res = await new Promise<http.IncomingMessage>((resolve) => req.once('response', resolve));
  if (res.statusCode !== 200) {
    const chunks: Buffer[] = [];
    for await (const c of res) chunks.push(c as Buffer);
    return { status: res.statusCode!, body: Buffer.concat(chunks).toString('utf8'), headers: res.headers, req };
  }
  await new Promise((resolve) => res.once('data', resolve));
  res.pause();
  return { status: 200, body: '', headers: res.headers, req };
}

describe('ten exports whose reader stops', () => {
  let s: TestServer;
  let base: URL;
  const tokens: Record<string, string> = {};
  beforeAll(async () => {
    // Two exports a user, three in the process: ten asked by two users leave three running.
    s = await startTestServer({ exports: { perUser: 2, perProcess: 3, writeTimeoutMs: 600_000 } });
    await bigDay(s);
    tokens.admin = await s.login('admin', 'admin123');
    tokens.supervisor = await s.login('supervisor', 'super123');
    base = new URL(await s.app.listen({ port: 0, host: '127.0.0.1' }));
  }, 120_000);
  afterAll(() => s.close());

  /** The admin's export of a day without calls is admitted (read in full at once): their two slots are not both taken. */
  const admittedAgain = async () => (await s.app.inject({
    method: 'POST', url: EXPORT, headers: { authorization: `Bearer ${tokens.admin}`, 'content-type': 'application/json' },
    payload: JSON.stringify({ startTime: '2020-05-02', endTime: '2020-05-02' }),
  })).statusCode === 200;

  it('admits three, refuses seven with a reason, and the server keeps answering', async () => {
    const asked: Stalled[] = [];
    try {
      for (let i = 0; i < 10; i += 1) asked.push(await stalledExport(base, i % 2 ? tokens.supervisor! : tokens.admin!, i % 4 === 3 ? 'zh' : 'en'));
      expect(asked.map((a) => a.status).sort()).toEqual([200, 200, 200, 429, 429, 429, 429, 429, 429, 429]);
      const refused = asked.filter((a) => a.status === 429);
      for (const r of refused) {
        expect(r.headers['retry-after']).toBe('10');
        expect(JSON.parse(r.body).msg).toMatch(/You already have 2 exports downloading|The server is already running 3 exports|您已有 2 个导出正在下载|服务器正在进行 3 个导出/);
      }
      expect(refused.some((r) => /[\u4e00-\u9fff]/.test(JSON.parse(r.body).msg))).toBe(true);
      if (engine === 'postgres') expect(await until(async () => (await openExports(s)) === 3 && 3, undefined, 'three export transactions')).toBe(3);

      // With three readers silent, the rest of the server answers (a hang fails the test by its timeout).
      const health = await s.call('GET', '/healthz');
      expect([health.status, health.body.data.database.ok]).toEqual([200, true]);
      const cheap = await s.call('GET', '/api/default/getTest', { token: tokens.supervisor });
      expect(cheap.status).toBe(200);
      const report = await s.call('POST', '/api/CallReport/getFullCallReport', { token: tokens.admin, body: { startTime: DAY, endTime: DAY, pageNo: 1, pageSize: 10 } });
      expect([report.status, report.body.data.total]).toEqual([200, ROWS]);
    } finally {
      for (const a of asked) a.req.destroy();
    }
    // Cancelled downloads give their slots back.
    await until(admittedAgain, undefined, 'an export admitted again');
    await until(async () => (await openExports(s)) === 0 || undefined, undefined, 'no export transaction');
  }, 120_000);

  it('ends the downloads of readers silent past the write timeout, and their slots are free again', async () => {
    s.ctx.config.exports.writeTimeoutMs = 300;
    const silent: Stalled[] = [];
    try {
      silent.push(await stalledExport(base, tokens.admin!), await stalledExport(base, tokens.admin!), await stalledExport(base, tokens.supervisor!));
      expect(silent.map((a) => a.status)).toEqual([200, 200, 200]);
      // The readers never read again nor go away: the server ends their downloads itself, each
      // when its own timer fires: all three slots are given back, not only one of the admin's.
      await until(async () => exportsRunning(s.ctx) === 0 || undefined, undefined, 'every export slot given back');
      await until(admittedAgain, undefined, 'an export admitted again');
      await until(async () => (await openExports(s)) === 0 || undefined, undefined, 'no export transaction');
      const more = [await stalledExport(base, tokens.admin!), await stalledExport(base, tokens.supervisor!)];
      silent.push(...more);
      expect(more.map((a) => a.status)).toEqual([200, 200]);
    } finally {
      s.ctx.config.exports.writeTimeoutMs = 600_000;
      for (const a of silent) a.req.destroy();
    }
    await until(admittedAgain, undefined, 'an export admitted again');
  }, 120_000);

  it('a refused export changes nothing and is answered before any report statement', async () => {
    const asked = [await stalledExport(base, tokens.admin!), await stalledExport(base, tokens.admin!)];
    try {
      expect(asked.map((a) => a.status)).toEqual([200, 200]);
      const statements: string[] = [];
      const original = s.ctx.db.query.bind(s.ctx.db);
      s.ctx.db.query = (async (sql: string, params?: readonly unknown[]) => {
        statements.push(sql);
        return original(sql, params);
      }) as typeof s.ctx.db.query;
      try {
        const third = await stalledExport(base, tokens.admin!, 'zh');
        expect([third.status, JSON.parse(third.body).msg]).toEqual([429, '您已有 2 个导出正在下载。请等待其中一个完成（或取消）后，10 秒后再导出。']);
      } finally {
        s.ctx.db.query = original;
      }
      // (The two admitted exports go on reading their batches meanwhile: counted are the statements an export starts with.)
      expect(statements.filter((q) => /count\(/i.test(q))).toEqual([]);
    } finally {
      for (const a of asked) a.req.destroy();
    }
  }, 60_000);
});

// PostgreSQL only: the limits are PostgreSQL settings of each pooled connection (PGlite is one
// session in this process, which no client of the server holds).
if (engine === 'postgres') {
  describe("PostgreSQL's own limits", () => {
    let s: TestServer;
    beforeAll(async () => {
      s = await startTestServer({ dbLimits: { statementTimeoutMs: 60_000, idleInTransactionMs: 1500 }, exports: { perUser: 2, perProcess: 4, writeTimeoutMs: 600_000 } });
      await bigDay(s);
    }, 120_000);
    afterAll(() => s.close());

    it('every pooled connection carries statement_timeout and idle_in_transaction_session_timeout, and JIT off', async () => {
      const [row] = await s.ctx.db.query<{ st: string; idle: string; jit: string }>(
        "SELECT current_setting('statement_timeout') AS st, current_setting('idle_in_transaction_session_timeout') AS idle, current_setting('jit') AS jit");
      // JIT off as well: it cost a month's report over a million calls 1.4 s of compiling (server/db/postgres.ts).
      expect(row).toEqual({ st: '1min', idle: '1500ms', jit: 'off' });
    });

    it('ends the transaction of an export whose reader stopped, and the server stays up', async () => {
      const base = new URL(await s.app.listen({ port: 0, host: '127.0.0.1' }));
      const token = await s.login('admin', 'admin123');
      const stalled = await stalledExport(base, token);
      try {
        expect(stalled.status).toBe(200);
        await until(async () => (await openExports(s)) === 1 || undefined, undefined, 'the export transaction open');
        // PostgreSQL ends the idle transaction itself (the write timeout is ten minutes).
        await until(async () => (await openExports(s)) === 0 || undefined, undefined, 'the export transaction ended by PostgreSQL');
        const health = await s.call('GET', '/healthz');
        expect([health.status, health.body.data.database.ok]).toEqual([200, true]);
      } finally {
        stalled.req.destroy();
      }
      // The export's connection, ended under it, was dropped from the pool: exports work again.
      await until(async () => (await s.app.inject({
        method: 'POST', url: EXPORT, headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        payload: JSON.stringify({ startTime: '2020-05-02', endTime: '2020-05-02' }),
      })).statusCode === 200, undefined, 'an export admitted again');
    }, 60_000);
  });
}
