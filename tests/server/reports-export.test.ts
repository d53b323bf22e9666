import fs from 'node:fs';
import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { excelSerial as serial, readSheet } from '../support/xlsx-read.ts';
import { engine, startTestServer, type TestServer } from './helpers.ts';
import { CALLS, DAY, insertFixture, reportSqlDuring } from './reports-fixture.ts';

/**
 * Report export (POST api/export/<module>/<action>): files read back without exceljs — a small
 * unzip (node:zlib) and a read of the sheet's XML, tests/support/xlsx-read.ts — and compared with the report's own
 * rows; CSV with its byte-order mark and Chinese titles; roles, own seat, bad conditions, the cap.
 */

/** The call list's column titles as the browser words them (src/locales), which the export must repeat. */
const CALL_KEYS = ['callId', 'userSeatNo', 'phoneNo', 'callTime', 'answerTime', 'destroyTime', 'linkFlag', 'ringSeconds', 'callSeconds', 'transferFrom', 'transferTo', 'recording'];
const titles = (lang: 'zh' | 'en') => {
  const words = JSON.parse(fs.readFileSync(new URL(`../../src/locales/${lang}.json`, import.meta.url), 'utf8'));
  return CALL_KEYS.map((k) => words.reports.columns[k] as string);
};

let s: TestServer;
const tokens: Record<string, string> = {};
/** Many calls on one day, so an export spans several of PGlite's batches. */
const BIG_DAY = '2020-04-01';
const BIG = 2_345;

beforeAll(async () => {
  s = await startTestServer();
  await insertFixture(s.ctx.db);
  await s.ctx.db.query(
    `INSERT INTO call_records (call_id, direction, user_seat_no, phone_no, line_id, call_time, answer_time, destroy_time, link_flag, ring_seconds, call_seconds)
     SELECT 'bx-' || i, 'in', CASE WHEN i % 3 = 0 THEN '8101' ELSE '8102' END, '139' || lpad(i::text, 8, '0'), 1,
            $1::timestamp + make_interval(secs => i * 7), $1::timestamp + make_interval(secs => i * 7 + 5), $1::timestamp + make_interval(secs => i * 7 + 65),
            1, i % 90, 60
     FROM generate_series(1, $2::int) i`,
    [BIG_DAY, BIG],
  );
  tokens.admin = await s.login('admin', 'admin123');
  tokens.supervisor = await s.login('supervisor', 'super123');
  tokens.agent = await s.login('agent1', 'agent123');
}, 60_000);
afterAll(() => s.close());

const exportOf = (path: string, body: unknown, o: { token?: string; format?: string; lang?: string } = {}) =>
  s.app.inject({
    method: 'POST',
    url: `/api/export/${path}${o.format ? `?format=${o.format}` : ''}`,
    headers: { authorization: `Bearer ${o.token ?? tokens.admin}`, 'accept-language': o.lang ?? 'en', 'content-type': 'application/json' },
    payload: JSON.stringify(body),
  });

/** Every row of the report through its own paged endpoint. */
async function reportRows(body: Record<string, unknown>): Promise<Record<string, unknown>[]> {
  const rows: Record<string, unknown>[] = [];
  for (let pageNo = 1; ; pageNo += 1) {
    const res = await s.call('POST', '/api/CallReport/getFullCallReport', { token: tokens.admin, body: { ...body, pageNo, pageSize: 1000 } });
    rows.push(...res.body.data.list);
    if (res.body.data.list.length < 1000) return rows;
  }
}

describe('xlsx export', () => {
  it('holds every filtered row (not a page) as the report answers them, with real dates and numbers', async () => {
    const body = { startTime: BIG_DAY, endTime: BIG_DAY, pageNo: 2, pageSize: 10 };
    const res = await exportOf('CallReport/getFullCallReport', body, { format: 'xlsx' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    const { rows, styles, numFmts } = readSheet(res.rawPayload);
    const expected = await reportRows({ startTime: BIG_DAY, endTime: BIG_DAY });
    expect(expected).toHaveLength(BIG);
    expect(rows[0]).toEqual(titles('en'));
    const asCells = expected.map((r) => [r.callId, r.userSeatNo, r.phoneNo, serial(r.callTime as string), serial(r.answerTime as string),
      serial(r.destroyTime as string), r.linkFlag ? 'Yes' : 'No', r.ringSeconds, r.callSeconds, r.transferFrom, r.transferTo, r.recording]);
    expect(rows.slice(1, -1)).toEqual(asCells);
    expect(Math.max(...rows.slice(1, -1).map((r) => r[7] as number))).toBe(60);
    // Last, the totals row the screen shows: the calls counted, ring (at most 60 s a call) and talk
    // summed, as the database sums them on its own.
    const [own] = await s.ctx.db.query<{ n: number; ring: number; talk: number }>(
      `SELECT count(*) AS n, sum(least(ring_seconds, 60)) AS ring, sum(call_seconds) AS talk FROM call_records
        WHERE call_time >= $1::date AND call_time < $1::date + 1`, [BIG_DAY]);
    expect(own!.n).toBe(BIG);
    const last = rows.at(-1)!;
    expect([last[0], last[7], last[8]]).toEqual([`Total (${BIG} rows)`, Number(own!.ring), Number(own!.talk)]);
    expect(last.slice(1, 7).filter((cell) => cell !== null && cell !== undefined && cell !== '')).toEqual([]);
    expect(numFmts.get(styles[1]![3]!)).toBe('yyyy-mm-dd hh:mm:ss');
    expect(typeof rows[1]![8]).toBe('number');
    // No cursor outlives the file (PGlite's grouped reports read through a WITH HOLD cursor, which would).
    expect(await s.ctx.db.query("SELECT name FROM pg_cursors WHERE name LIKE 'report_export%'")).toEqual([]);
  });

  it('names the file after the report and the day, RFC 5987 for the Chinese title', async () => {
    const res = await exportOf('CallReport/getFullCallReport', { startTime: DAY, endTime: DAY }, { lang: 'zh-CN' });
    expect(res.statusCode).toBe(200);
    const cd = String(res.headers['content-disposition']);
    expect(cd).toMatch(/^attachment; filename="[\x20-\x7e]+\.xlsx"; filename\*=UTF-8''/);
    expect(decodeURIComponent(cd.split("UTF-8''")[1]!)).toMatch(/^通话报表-\d{4}-\d{2}-\d{2}\.xlsx$/);
    // Titles, the calls, the totals row.
    expect(readSheet(res.rawPayload).rows).toHaveLength(CALLS.length + 2);
  });
});

describe('batches resume where the last one ended', () => {
  // 4,500 calls (more than two of PGlite's 2,000-row batches), a third never answered (NULL
  // answer times: first descending, last ascending) and answer times and capped ring seconds
  // shared by many calls: the file must hold the report's rows in the report's order.
  const day = '2020-06-01';
  beforeAll(async () => {
    await s.ctx.db.query(
      `INSERT INTO call_records (call_id, direction, user_seat_no, phone_no, line_id, call_time, answer_time, destroy_time, link_flag, ring_seconds, call_seconds)
       SELECT 'kx-' || i, 'in', '9101', '13600000000', 1, $1::timestamp + make_interval(secs => i),
              CASE WHEN i % 3 <> 0 THEN $1::timestamp + make_interval(secs => (i / 7) * 7 + 0.25) END,
              $1::timestamp + make_interval(secs => i + 90), CASE WHEN i % 3 <> 0 THEN 1 ELSE 0 END, i % 120, 10
       FROM generate_series(1, 4500) i`,
      [day],
    );
  });
  // The calls' ids: the lines between the titles and the totals row.
  const csvIds = (payload: Buffer) => payload.toString('utf8').slice(1).split('\r\n').filter(Boolean).slice(1, -1).map((l) => l.split(',')[0]);
  for (const [sortField, sortOrder] of [['answerTime', 'asc'], ['answerTime', 'desc'], ['ringSeconds', 'asc'], ['callTime', 'desc']] as const) {
    it(`sorted by ${sortField} ${sortOrder}`, async () => {
      const body = { startTime: day, endTime: day, sortField, sortOrder };
      const res = await exportOf('CallReport/getFullCallReport', body, { format: 'csv' });
      expect(res.statusCode).toBe(200);
      const expected = (await reportRows(body)).map((r) => r.callId);
      expect(expected).toHaveLength(4500);
      expect(csvIds(res.rawPayload)).toEqual(expected);
    });
  }
});

describe('csv export', () => {
  it('starts with a byte-order mark, titles in Chinese, ring seconds capped at 60', async () => {
    const res = await exportOf('CallReport/getFullCallReport', { startTime: DAY, endTime: DAY, sortField: 'ringSeconds', sortOrder: 'desc' }, { format: 'csv', lang: 'zh-CN,zh;q=0.9' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect([...res.rawPayload.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const lines = res.rawPayload.toString('utf8').slice(1).split('\r\n');
    expect(lines[0]).toBe(titles('zh').join(','));
    expect(lines[0]).toMatch(/[\u4e00-\u9fff]/);
    expect(lines[1]).toBe(`fx-3,9102,13800000003,${DAY} 11:00:00,${DAY} 11:01:30,${DAY} 11:02:30,是,60,60,,,`);
    expect(lines.filter(Boolean)).toHaveLength(CALLS.length + 2);
    expect(lines.filter(Boolean).at(-1)).toMatch(new RegExp(`^合计（${CALLS.length} 条）,`));
  });
});

describe('the totals row', () => {
  it('ends the export of every report that shows one on screen, worded as the screen words it', async () => {
    const withTotals = s.ctx.reports.filter((m) => m.schema.totals && m.schema.export && !(m.schema.conditions as { required?: readonly string[] }).required?.length);
    expect(withTotals.length).toBeGreaterThan(10);
    for (const { schema } of withTotals) {
      const dated = 'startTime' in schema.conditions.properties ? { startTime: DAY, endTime: DAY } : {};
      const res = await exportOf(`${schema.endpoint.module}/${schema.endpoint.action}`, dated, { format: 'csv' });
      expect(res.statusCode, schema.id).toBe(200);
      const last = res.rawPayload.toString('utf8').split('\r\n').filter(Boolean).at(-1)!;
      // The first cell names the row unless the first column has a figure of its own.
      const head = schema.columns[0]!;
      if (head.total === 'count' || !head.total) expect(last.split(',')[0], schema.id).toMatch(/^"?Total/);
    }
  });
});

describe('who may export what', () => {
  it('refuses agents on CallReport (403) and callers without a token (401)', async () => {
    expect((await exportOf('CallReport/getFullCallReport', { startTime: DAY, endTime: DAY }, { token: tokens.agent })).statusCode).toBe(403);
    const anonymous = await s.app.inject({ method: 'POST', url: '/api/export/CallReport/getFullCallReport', payload: {} });
    expect(anonymous.statusCode).toBe(401);
  });

  it('gives an agent only their own seat on CallInfo exports, whatever seat they ask for', async () => {
    const own = await exportOf('CallInfo/getCallInfoByCondition', { startTime: BIG_DAY, endTime: BIG_DAY }, { token: tokens.agent, format: 'csv' });
    expect(own.statusCode).toBe(200);
    const seats = own.rawPayload.toString('utf8').split('\r\n').slice(1).filter(Boolean).map((l) => l.split(',')[1]);
    expect(seats).toHaveLength(Math.floor(BIG / 3));
    expect(new Set(seats)).toEqual(new Set(['8101']));
    const other = await exportOf('CallInfo/getCallInfoByCondition', { startTime: BIG_DAY, endTime: BIG_DAY, userSeatNo: '8102' }, { token: tokens.agent, format: 'csv' });
    expect(other.rawPayload.toString('utf8').split('\r\n').filter(Boolean)).toHaveLength(1);
    const supervisor = await exportOf('CallInfo/getCallInfoByCondition', { startTime: BIG_DAY, endTime: BIG_DAY }, { token: tokens.supervisor, format: 'csv' });
    expect(supervisor.rawPayload.toString('utf8').split('\r\n').filter(Boolean)).toHaveLength(BIG + 1);
  });

  it('offers no export of a report whose schema does not ask for one', async () => {
    expect((await exportOf('CallReport/getAllCallReportTotal', {})).statusCode).toBe(404);
  });
});

describe('a download the client abandons', () => {
  /**
   * An export still reading. PostgreSQL: its transaction holding the cursor is open. PGlite:
   * keyset batches, each its own statement, so "reading" is a batch statement run in the last
   * half second (counted by wrapping the database's query while the test runs).
   */
  let batches = 0;
  let lastBatch = 0;
  const reading = async () => engine === 'pglite'
    ? (batches > 0 && Date.now() - lastBatch < 500 ? 1 : 0)
    : (await s.ctx.db.query(
      "SELECT pid FROM pg_stat_activity WHERE datname = current_database() AND xact_start IS NOT NULL AND query LIKE '%report_export%' AND pid <> pg_backend_pid()",
    )).length;

  // 150,000 rows (~13 MB of CSV): more than loopback's socket buffers hold, so the server is still
  // writing when the client goes.
  it('stops reading: no batch after the client went (PGlite), its transaction ends (PostgreSQL)', async () => {
    const day = '2020-05-01';
    await s.ctx.db.query(
      `INSERT INTO call_records (call_id, direction, user_seat_no, phone_no, line_id, call_time, destroy_time, link_flag, ring_seconds, call_seconds)
       SELECT 'ax-' || i, 'in', '9101', '13700000000', 1, $1::timestamp + make_interval(secs => i), $1::timestamp + make_interval(secs => i + 30), 0, 5, 0
       FROM generate_series(1, 150000) i`,
      [day],
    );
    // The planner's figures for the new rows, as PostgreSQL's autovacuum would gather them (PGlite
    // has none): without them PGlite sorts the whole day for each batch, seconds each on a busy
    // machine, instead of reading its 2,000 rows in the (call_time, call_id) index's order.
    await s.ctx.db.query('ANALYZE call_records');
    const original = s.ctx.db.query.bind(s.ctx.db);
    s.ctx.db.query = (async (sql: string, params?: readonly unknown[]) => {
      if (!(sql.includes('json_build_array') && sql.includes('call_records'))) return original(sql, params);
      batches += 1;
      lastBatch = Date.now();
      // PGlite runs a statement on this thread: "the last half second" counts from its end too.
      return original(sql, params).finally(() => void (lastBatch = Date.now()));
    }) as typeof s.ctx.db.query;
    const address = new URL(await s.app.listen({ port: 0, host: '127.0.0.1' }));
    // A plain HTTP request without keep-alive, destroyed after the first chunk: the browser's cancel.
    const req = http.request({
      host: address.hostname, port: address.port, method: 'POST', agent: false,
      path: '/api/export/CallReport/getFullCallReport?format=csv',
      headers: { authorization: `Bearer ${tokens.admin}`, 'content-type': 'application/json' },
    });
    try {
      req.end(JSON.stringify({ startTime: day, endTime: day }));
      const res = await new Promise<http.IncomingMessage>((resolve) => req.once('response', resolve));
      expect(res.statusCode).toBe(200);
      await new Promise((resolve) => res.once('data', resolve));
      res.pause();
      // The first chunk (the title row) can come before reading starts; on a busy machine the
      // server may take seconds to notice the closed socket: wait up to 15 s.
      const until = async (n: number) => {
        let open = await reading();
        for (let i = 0; i < 300 && open !== n; i += 1) {
          await new Promise((r) => setTimeout(r, 50));
          open = await reading();
        }
        return open;
      };
      try {
        expect(await until(1)).toBe(1);
      } finally {
        req.destroy();
      }
      expect(await until(0)).toBe(0);
      // PGlite: no batch a second later, and it stopped well before the 75 batches of the whole export.
      const seen = batches;
      await new Promise((r) => setTimeout(r, 1000));
      if (engine === 'pglite') expect([batches, batches < 75]).toEqual([seen, true]);
    } finally {
      s.ctx.db.query = original;
    }
    // The server goes on answering, exports included.
    expect((await exportOf('CallReport/getFullCallReport', { startTime: DAY, endTime: DAY }, { format: 'csv' })).statusCode).toBe(200);
  }, 60_000);
});

describe('refusals before the file starts', () => {
  const cases: Array<[string, string, Record<string, unknown>, RegExp]> = [
    ['end before start', '', { startTime: '2020-03-05', endTime: '2020-03-04' }, /endTime must not be before startTime/],
    ['not a date', '', { startTime: 'yesterday' }, /startTime/],
    ['unknown key', '', { isAdmin: true }, /isAdmin is not an accepted field/],
    ['injection in a sort field', '', { sortField: 'c.call_time; DROP TABLE call_records' }, /sortField/],
    ['injection in the seat', '', { userSeatNo: "9101' OR '1'='1" }, /userSeatNo/],
    ['an unknown format', 'pdf', { startTime: DAY }, /format must be xlsx or csv/],
  ];
  for (const [what, format, body, msg] of cases) {
    it(`${what}: 400 naming the field, no report SQL`, async () => {
      let res: Awaited<ReturnType<typeof exportOf>> | undefined;
      const sql = await reportSqlDuring(s.ctx.db, async () => {
        res = await exportOf('CallReport/getFullCallReport', body, { format });
      });
      expect(res!.statusCode).toBe(400);
      expect(res!.json().msg).toMatch(msg);
      expect(sql).toEqual([]);
    });
  }

  it('answers 400 over EXPORT_MAX_ROWS, having only counted', async () => {
    const before = s.ctx.config.exportMaxRows;
    s.ctx.config.exportMaxRows = CALLS.length - 1;
    try {
      let res: Awaited<ReturnType<typeof exportOf>> | undefined;
      const sql = await reportSqlDuring(s.ctx.db, async () => {
        res = await exportOf('CallReport/getFullCallReport', { startTime: DAY, endTime: DAY }, { format: 'csv' });
      });
      expect(res!.statusCode).toBe(400);
      expect(res!.json().msg).toContain(`${CALLS.length} rows, more than the ${CALLS.length - 1} allowed`);
      expect(sql).toHaveLength(1);
      expect(sql[0]).toMatch(/^SELECT count\(\*\)/);
      s.ctx.config.exportMaxRows = CALLS.length;
      expect((await exportOf('CallReport/getFullCallReport', { startTime: DAY, endTime: DAY }, { format: 'csv' })).statusCode).toBe(200);
    } finally {
      s.ctx.config.exportMaxRows = before;
    }
  });
});
