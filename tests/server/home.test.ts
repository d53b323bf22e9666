import os from 'node:os';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { HomeAnswer, HomeFigure, Health } from '../../schemas/home.ts';
import { HEALTH_LISTS, HOME_FIGURES } from '../../schemas/home.ts';
import { healthTiming } from '../../server/home/health.ts';
import { planHome } from '../../server/home/figures.ts';
import { CLOCK_NOW_SQL } from '../../schemas/clock-sql.ts';
import { startWithLogins } from '../support/demo-logins.ts';
import { until } from '../support/until.ts';
import { NOW, generateMonth } from './generated-month.ts';
import type { TestServer } from './helpers.ts';
import type { Db } from '../../server/db/index.ts';

/**
 * The home per role (issue 22 item 1) on generated data, with the server's day the generated
 * month's last: every figure equals its report's figure for the same period and conditions (the
 * report's own endpoint, read by a supervisor, narrowed to the agent's seat for an agent's
 * figures), an agent's home counts only their seat, the centre's chart is the hourly report of
 * today and of the same weekday last week, and the health is the administrators'.
 */
const saved = { ...healthTiming };
let s: TestServer;
let t: Record<'admin' | 'supervisor' | 'agent1' | 'agent2', string>;
beforeAll(async () => {
  healthTiming.heartbeatMs = 200;
  // Open status logs run up to now, so their seconds grow between two reads: closed here, the
  // home and the report read the same seconds whenever each asks.
  const fixture = async (db: Db) => {
    await generateMonth(db);
    await db.query('UPDATE seat_status_logs SET s_end_time = s_start_time WHERE s_end_time IS NULL');
  };
  ({ s, t } = await startWithLogins(['admin', 'supervisor', 'agent1', 'agent2'], { config: { clockNow: NOW }, fixture }));
});
afterAll(async () => {
  Object.assign(healthTiming, saved);
  await s?.close();
});

const home = async (token: string) => {
  const res = await s.call('POST', '/api/Home/getHome', { token, body: {} });
  expect(res.status).toBe(200);
  return res.body.data as HomeAnswer;
};

/** The figure as its report answers it, read by the supervisor (with the agent's seat as a condition for an agent's figure). */
async function fromReport(f: HomeFigure, seat?: string): Promise<number | null> {
  const model = s.ctx.reports.find((m) => m.schema.id === f.report)!;
  const body = { ...f.conditions, ...(seat ? { userSeatNo: seat } : {}), ...(model.schema.paged ? { pageNo: 1, pageSize: 10 } : {}) };
  const res = await s.call('POST', model.url, { token: t.supervisor, body });
  expect(res.status, `${f.report} ${res.body.msg}`).toBe(200);
  const a = res.body.data as { list: Record<string, unknown>[]; total: number; totals?: Record<string, unknown> };
  const def = [...HOME_FIGURES.agent, ...HOME_FIGURES.centre].find((d) => d.report === f.report && d.key === f.key)!;
  const v = def.value === 'total' ? a.total : (model.schema.totals ? a.totals : a.list[0])?.[def.value];
  // A summed total over no rows is empty in the report and 0 on the home.
  const sum = model.schema.totals && model.schema.columns.find((c) => c.key === def.value)?.total === 'sum';
  return v === null || v === undefined ? (sum ? 0 : null) : Number(v);
}

describe('the home per role', () => {
  it("the centre's figures are the reports' for today: the call synthesis' offered, answered, service level, ASA and abandon rate", async () => {
    const h = await home(t.supervisor);
    expect(h.panel).toBe('centre');
    expect(h.day).toBe('2021-03-10');
    expect(h.figures.map((f) => f.key)).toEqual(['offered', 'answered', 'serviceLevel', 'asa', 'abandonRate']);
    for (const f of h.figures) {
      expect(f.conditions).toMatchObject({ startTime: '2021-03-10', endTime: '2021-03-10' });
      expect(f.value, f.key).toBe(await fromReport(f));
    }
    // Generated calls up to noon: there is something to show.
    expect(h.figures.find((f) => f.key === 'offered')!.value).toBeGreaterThan(0);
    // The synthesis' row for the day says the same.
    const synthesis = await s.call('POST', '/api/CallReport/getCallSynthesis', { token: t.supervisor, body: { startTime: '2021-03-10', endTime: '2021-03-10' } });
    const row = synthesis.body.data.list[0] as Record<string, unknown>;
    expect(Number(row.serviceLevel)).toBe(h.figures.find((f) => f.key === 'serviceLevel')!.value);
  });

  it("the centre's chart is the hourly report of today and of the same weekday last week, adding up to the day's figures", async () => {
    const h = await home(t.supervisor);
    expect(h.today!.conditions).toEqual({ startTime: '2021-03-10', endTime: '2021-03-10' });
    expect(h.lastWeek!.conditions).toEqual({ startTime: '2021-03-03', endTime: '2021-03-03' });
    const offered = h.figures.find((f) => f.key === 'offered')!.value;
    expect(h.today!.rows.reduce((n, r) => n + r.offered, 0)).toBe(offered);
    const byHour = await s.call('POST', '/api/CallReport/getCallSynthesisByHour', { token: t.supervisor, body: h.lastWeek!.conditions });
    expect(h.lastWeek!.rows).toEqual((byHour.body.data.list as Record<string, unknown>[]).map((r) => ({ hour: Number(r.hour), offered: Number(r.offered), answered: Number(r.answered) })));
    expect(h.lastWeek!.rows.length).toBeGreaterThan(0);
  });

  it("the centre's longest waiting chat is the open chat queued longest, up to now", async () => {
    await s.ctx.db.query(`INSERT INTO chats (client_chat_id, state, access_time, queued_at) VALUES ('home-wait', 'on', ${CLOCK_NOW_SQL} - interval '90 seconds', ${CLOCK_NOW_SQL} - interval '90 seconds')`);
    try {
      const wait = (await home(t.supervisor)).longestChatWaitSeconds!;
      const [{ upper }] = await s.ctx.db.query<{ upper: number }>(`SELECT extract(epoch FROM ${CLOCK_NOW_SQL} - queued_at)::float8 AS upper FROM chats WHERE client_chat_id = 'home-wait'`) as [{ upper: number }];
      expect(wait).toBeGreaterThanOrEqual(90);
      expect(wait).toBeLessThanOrEqual(Math.round(upper));
      // Taken by an agent, it waits no more.
      await s.ctx.db.query("UPDATE chats SET queued_at = NULL, user_seat_no = '8201' WHERE client_chat_id = 'home-wait'");
      const after = (await home(t.supervisor)).longestChatWaitSeconds;
      expect(after ?? 0).toBeLessThan(90);
    } finally {
      await s.ctx.db.query("DELETE FROM chats WHERE client_chat_id = 'home-wait'");
    }
  });

  it("the hourly report is the centre's: an agent is refused it", async () => {
    const res = await s.call('POST', '/api/CallReport/getCallSynthesisByHour', { token: t.agent1, body: { startTime: '2021-03-10', endTime: '2021-03-10' } });
    expect(res.status).toBe(403);
  });

  it('an administrator sees the centre too', async () => {
    expect((await home(t.admin)).panel).toBe('centre');
  });

  it("an agent's figures are the reports' for their own seat only", async () => {
    const mine = await home(t.agent1);
    expect(mine.panel).toBe('agent');
    expect(mine.today).toBeUndefined();
    expect(mine.longestChatWaitSeconds).toBeUndefined();
    expect(mine.figures.map((f) => f.key)).toEqual(HOME_FIGURES.agent.map((d) => d.key));
    for (const f of mine.figures) expect(f.value, f.key).toBe(await fromReport(f, '8101'));
    // Another agent's are theirs, and the centre's are more than one seat's.
    const other = await home(t.agent2);
    for (const f of other.figures) expect(f.value, f.key).toBe(await fromReport(f, '8102'));
    const centre = await home(t.supervisor);
    const callsIn = (h: HomeAnswer) => h.figures.find((f) => f.key === 'callsIn')!.value!;
    expect(callsIn(mine)).toBeGreaterThan(0);
    expect(callsIn(mine) + callsIn(other)).toBeLessThanOrEqual(centre.figures.find((f) => f.key === 'offered')!.value!);
    expect(mine.figures.find((f) => f.key === 'readySeconds')!.value).toBeGreaterThan(0);
  });

  it("every agent figure opens something the agent may read: its report, or the list of its entries on their own seat", async () => {
    const mine = await home(t.agent1);
    const read = async (report: string, conditions: Record<string, unknown>) => {
      const model = s.ctx.reports.find((m) => m.schema.id === report)!;
      return s.call('POST', model.url, { token: t.agent1, body: { ...conditions, ...(model.schema.paged ? { pageNo: 1, pageSize: 1000 } : {}) } });
    };
    let lists = 0;
    for (const f of mine.figures) {
      if ((await read(f.report, f.conditions)).status === 200) continue;
      expect(f.list, `${f.key}: its report is closed to agents, so it needs a list`).toBeDefined();
      const res = await read(f.list!.report, f.list!.conditions);
      expect(res.status, `${f.key}: ${f.list!.report} ${res.body.msg}`).toBe(200);
      expect(f.list!.conditions).toMatchObject({ startTime: mine.day, endTime: mine.day });
      const rows = res.body.data.list as Array<{ userSeatNo?: string; status?: number }>;
      for (const r of rows) expect(r.userSeatNo, f.key).toBe('8101');
      const status = f.list!.conditions.status;
      if (status !== undefined) for (const r of rows) expect(r.status, f.key).toBe(status);
      lists += 1;
    }
    // The time per status (five figures) and the web chats open their lists.
    expect(lists).toBe(6);
    // The ready time's list holds the entries its seconds come from.
    const ready = mine.figures.find((f) => f.key === 'readySeconds')!;
    expect(((await read(ready.list!.report, ready.list!.conditions)).body.data.list as unknown[]).length).toBeGreaterThan(0);
    // The web chats' list answers the figure's count.
    const web = mine.figures.find((f) => f.key === 'webChats')!;
    expect(Number((await read(web.list!.report, web.list!.conditions)).body.data.totals?.chats ?? 0)).toBe(web.value);
  });

  it("the agent's missed calls to call back leave out the numbers the centre reached since, and its list holds the same calls", async () => {
    const missed = async () => (await home(t.agent1)).figures.find((f) => f.key === 'missedCalls')!;
    const before = await missed();
    expect(before.conditions).toMatchObject({ direction: 'in', answered: false, calledBack: false });
    // Calls of this test only (numbers the generator never uses), minutes before the server's now.
    const call = (id: string, seat: string, phone: string, direction: 'in' | 'out', answeredCall: boolean, minutesAgo: number) => s.ctx.db.query(
      `INSERT INTO call_records (call_id, direction, user_seat_no, phone_no, line_id, call_time, answer_time, destroy_time, link_flag, ring_seconds, call_seconds)
       SELECT $1, $2, $3, $4, 1, x.t, CASE WHEN $5::boolean THEN x.t + interval '5 seconds' END, x.t + interval '40 seconds', CASE WHEN $5::boolean THEN 1 ELSE 0 END, 5, CASE WHEN $5::boolean THEN 35 ELSE 0 END
         FROM (SELECT ${CLOCK_NOW_SQL} - make_interval(mins => $6::int) AS t) x`,
      [id, direction, seat, phone, answeredCall, minutesAgo]);
    const ids = ['home-cb-1', 'home-cb-2', 'home-cb-3', 'home-cb-4', 'home-cb-5', 'home-cb-6', 'home-cb-7'];
    try {
      // Called back by another seat (not answered: someone tried): not one to call back.
      await call(ids[0]!, '8101', '19900000001', 'in', false, 30);
      await call(ids[1]!, '8102', '19900000001', 'out', false, 20);
      // The customer called again and another seat answered: not one to call back.
      await call(ids[2]!, '8101', '19900000002', 'in', false, 30);
      await call(ids[3]!, '8103', '19900000002', 'in', true, 10);
      // Called again and missed again: both are to call back.
      await call(ids[4]!, '8101', '19900000003', 'in', false, 30);
      await call(ids[5]!, '8101', '19900000003', 'in', false, 10);
      // An outbound call before the miss is no callback.
      await call(ids[6]!, '8102', '19900000003', 'out', true, 40);
      const after = await missed();
      expect(after.value).toBe(before.value! + 2);
      // The list the figure opens is exactly those calls, and plain SQL counts them the same way.
      const model = s.ctx.reports.find((m) => m.schema.id === after.report)!;
      const res = await s.call('POST', model.url, { token: t.agent1, body: { ...after.conditions, pageNo: 1, pageSize: 1000 } });
      expect(res.status, res.body.msg).toBe(200);
      const listed = (res.body.data.list as Array<{ callId: string; phoneNo: string }>).map((r) => r.callId);
      expect(listed.filter((id) => id.startsWith('home-cb-')).sort()).toEqual([ids[4], ids[5]]);
      expect(res.body.data.total).toBe(after.value);
      const [plain] = await s.ctx.db.query<{ n: number }>(
        `SELECT count(*)::int AS n FROM call_records c
          WHERE c.user_seat_no = '8101' AND c.direction = 'in' AND c.answer_time IS NULL AND c.call_id = ANY($1::text[])
            AND NOT EXISTS (SELECT 1 FROM call_records r WHERE r.phone_no = c.phone_no AND r.call_time > c.call_time AND (r.direction = 'out' OR r.answer_time IS NOT NULL))`,
        [ids]);
      expect(plain!.n).toBe(2);
    } finally {
      await s.ctx.db.query('DELETE FROM call_records WHERE call_id = ANY($1::text[])', [ids]);
    }
    expect((await missed()).value).toBe(before.value);
  });

  it('takes no conditions: a seat or a day in the body is a 400 and nothing else is answered', async () => {
    const res = await s.call('POST', '/api/Home/getHome', { token: t.agent1, body: { userSeatNo: '8102' }, headers: { 'accept-language': 'en' } });
    expect(res.status).toBe(400);
    expect((await s.call('POST', '/api/Home/getHome', { body: {} })).status).toBe(401);
  });
});

describe('the system health', () => {
  it('answers administrators only', async () => {
    for (const who of ['supervisor', 'agent1'] as const) {
      const res = await s.call('POST', '/api/Home/getHealth', { token: t[who], body: {}, headers: { 'accept-language': 'en' } });
      expect(res.status, who).toBe(403);
    }
    expect((await s.call('POST', '/api/Home/getHealth', { body: {} })).status).toBe(401);
    expect((await s.call('POST', '/api/Home/getHealth', { token: t.admin, body: { x: 1 } })).status).toBe(400);
  });

  it('reads the database, the switch link, the processes, the sockets, the last hour of errors and the recordings disk', async () => {
    const read = async () => (await s.call('POST', '/api/Home/getHealth', { token: t.admin, body: {} })).body.data as Health;
    const h = await read();
    expect(h.database).toMatchObject({ engine: s.ctx.db.engine, ok: true });
    expect(typeof h.switchLink).toBe('string');
    expect(h.processes).toBe(1);
    expect(h.recordings.freeBytes).toBeGreaterThan(0);
    expect(h.recordings.totalBytes).toBeGreaterThanOrEqual(h.recordings.freeBytes!);
    // A 5xx answer is counted (by any process: it is a row), an old one is not.
    const before = h.errorsLastHour;
    await s.ctx.db.query("INSERT INTO server_errors (status, at) VALUES (500, now() - interval '2 hours')");
    await s.ctx.db.query('INSERT INTO server_errors (status) VALUES (502)');
    expect((await read()).errorsLastHour).toBe(before + 1);
    // A process that stopped refreshing its heartbeat is no longer seen.
    await s.ctx.db.query("INSERT INTO server_processes (id, host, pid, last_seen) VALUES (gen_random_uuid(), 'other', 1, now() - interval '1 hour')");
    await s.ctx.db.query("INSERT INTO server_processes (id, host, pid) VALUES (gen_random_uuid(), 'second', 2)");
    expect((await read()).processes).toBe(2);
    // Each process's own switch link: the health counts the live ones whose link is up, and the
    // processes' list (which the processes figure opens) shows each one's.
    await s.ctx.db.query("UPDATE server_processes SET switch_link = 'backoff' WHERE host = 'second'");
    // This process's row says its link as soon as the link is up (a state change is written at
    // once, not at the next beat); the stale process and the one in backoff are not counted.
    await until(() => s.app.telephony.link() === 'ready', undefined, 'the switch link');
    await until(async () => (await read()).linkedProcesses === 1, undefined, 'this process counted as linked, and only it');
    const list = async (report: string) => {
      const model = s.ctx.reports.find((m) => m.schema.id === report)!;
      const res = await s.call('POST', model.url, { token: t.admin, body: model.schema.paged ? { pageNo: 1, pageSize: 1000 } : {} });
      expect(res.status, res.body.msg).toBe(200);
      return res.body.data as { list: Array<Record<string, unknown>>; total: number };
    };
    const processes = await list(HEALTH_LISTS.processes);
    expect(processes.list.map((p) => [p.host, p.switchLink]).sort()).toEqual([[os.hostname(), 'ready'], ['other', 'closed'], ['second', 'backoff']].sort());
    // The errors' list is the rows the count reads (the last day's; the count, the last hour's).
    const errors = await list(HEALTH_LISTS.errors);
    const [kept] = await s.ctx.db.query<{ n: number }>("SELECT count(*)::int AS n FROM server_errors WHERE at > now() - interval '1 day'");
    expect(errors.total).toBe(kept!.n);
    expect(errors.list[0]).toMatchObject({ status: 502 });
    // Both lists are the administrators': a supervisor is refused.
    for (const report of Object.values(HEALTH_LISTS)) {
      const model = s.ctx.reports.find((m) => m.schema.id === report)!;
      expect((await s.call('POST', model.url, { token: t.supervisor, body: model.schema.paged ? { pageNo: 1, pageSize: 10 } : {} })).status, report).toBe(403);
    }
    await s.ctx.db.query("DELETE FROM server_processes WHERE host IN ('other', 'second')");
    // Its own heartbeat keeps it seen, and writes its link.
    await s.ctx.db.query('UPDATE server_processes SET switch_link = $1', ['unknown']);
    await until(async () => (await s.ctx.db.query<{ n: number }>("SELECT count(*)::int AS n FROM server_processes WHERE last_seen > now() - interval '150 milliseconds' AND switch_link <> 'unknown'"))[0]!.n === 1, 10_000, 'heartbeat refreshed');
    expect((await read()).processes).toBe(1);
  });
});

describe('the home plan', () => {
  it("refuses at start an agent's figure from a report that does not narrow to the agent's seat", () => {
    const figures = { agent: [{ key: 'all', report: 'callSynthesis', value: 'offered', group: 'calls' }], centre: [] };
    expect(() => planHome(s.ctx.reports, figures)).toThrow(/has no ownSeat/);
    expect(() => planHome(s.ctx.reports, { agent: [], centre: [{ key: 'x', report: 'nope', value: 'offered', group: 'calls' }] })).toThrow(/unknown report "nope"/);
    expect(() => planHome(s.ctx.reports, { agent: [], centre: [{ key: 'x', report: 'callSynthesis', value: 'day', group: 'calls' }] })).toThrow(/not a figure of the whole period/);
    const listed = (list: { report: string; conditions?: Record<string, number> }) => ({ agent: [{ key: 'r', report: 'seatStatus', value: 'readySeconds', group: 'status', list }], centre: [] });
    expect(() => planHome(s.ctx.reports, listed({ report: 'callSynthesis' }))).toThrow(/agent\.r's list: report callSynthesis has no ownSeat/);
    expect(() => planHome(s.ctx.reports, listed({ report: 'userSeatLog', conditions: { status: 99 } }))).toThrow();
  });
});
