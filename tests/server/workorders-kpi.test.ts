import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addOrders } from '../../server/db/demo-orders-write.ts';
import { addBusinessSeconds, businessSeconds } from '../../server/workorders/business-hours.ts';
import { readSettings } from '../../server/workorders/settings.ts';
import { demoTokens } from '../support/demo-logins.ts';
import { holdClock } from '../support/test-clock.ts';
import { engine, startTestServer, type TestServer } from './helpers.ts';

/**
 * The work-order reports of docs/kpi.md "Work-order figures" (SLA compliance per clock, overdue
 * now, handling time, reopen rate; schemas/reports/work-order-*.ts) on generated orders
 * (server/db/demo-orders.ts) at a pinned "now": every row and total against plain SQL written
 * here from the columns' meaning, handling time also against the timeline, and each figure's
 * drill-down opening exactly the orders it counts.
 */
const NOW = new Date(2026, 10, 20, 15, 30); // a Friday afternoon, in the server's (the process's) zone
const PERIOD = { startTime: '2026-10-26', endTime: '2026-11-20' };
const FROM = '2026-10-26 00:00:00';
const TO = '2026-11-21 00:00:00';

let s: TestServer;
let t: Record<'supervisor' | 'agent1' | 'admin', string>;

beforeAll(async () => {
  s = await startTestServer({ clockNow: NOW });
  holdClock(s.ctx.clock, NOW);
  await addOrders(s.ctx.db, { count: 600, days: 30, now: NOW, timeZone: s.ctx.config.timeZone, seed: 11 });
  t = await demoTokens(s.app, ['supervisor', 'agent1', 'admin'] as const);
}, 300_000);
afterAll(() => s?.close());

type Row = Record<string, unknown>;
const report = async (action: string, body: Row = PERIOD, token = t.supervisor): Promise<{ list: Row[]; total: number; totals?: Row }> => {
  const res = await s.call('POST', `/api/WorkOrderReport/${action}`, { token, body });
  expect(res.status, `${action}: ${res.body.msg}`).toBe(200);
  return res.body.data;
};
const q = <T = Row>(sql: string, params: unknown[] = [FROM, TO]) => s.ctx.db.query<T & Row>(sql, params);
const num = (v: unknown) => (v === null || v === undefined ? null : Number(v));
const share = (a: number, b: number) => (b === 0 ? null : Math.round((10_000 * a) / b) / 10_000);
const key = (...parts: unknown[]) => parts.map(String).join('|');

/** Plain SQL: the orders created in the period with their department's and owner's names. */
const ORDERS = `FROM work_orders w JOIN departments dd ON dd.id = w.depart_id LEFT JOIN users uu ON uu.id = w.owner_id
  WHERE w.created_at >= $1 AND w.created_at < $2`;
const OWNER = `coalesce(uu.user_chinese_name, '—')`;

describe(`work-order reports on ${engine}`, () => {
  it('the generated orders are varied enough to test every figure', async () => {
    const [n] = await q<{ orders: number; states: number; late: number; reopened: number; overdue: number }>(
      `SELECT count(*)::int AS orders, count(DISTINCT w.state)::int AS states, count(*) FILTER (WHERE w.fr_late)::int AS late,
              count(*) FILTER (WHERE EXISTS (SELECT 1 FROM work_order_events e WHERE e.order_id = w.id AND e.type = 'reopen'))::int AS reopened,
              count(*) FILTER (WHERE w.next_due_at <= $3)::int AS overdue ${ORDERS}`, [FROM, TO, NOW]);
    expect(n!.orders).toBeGreaterThan(300);
    expect(n!.states).toBeGreaterThanOrEqual(5);
    expect(n!.late).toBeGreaterThan(0);
    expect(n!.reopened).toBeGreaterThan(0);
    expect(n!.overdue).toBeGreaterThan(0);
  });

  it('SLA compliance: per day and department, each clock met on time, late or not met, and the share on time', async () => {
    const { list, totals } = await report('getSlaCompliance');
    const clocks = [['firstResponse', 'fr'], ['update', 'up'], ['solution', 'so']] as const;
    const cols = clocks.map(([, p]) => `
      sum(CASE WHEN w.${p}_met_at IS NOT NULL AND w.${p}_late = false THEN 1 ELSE 0 END)::int AS ${p}_ok,
      sum(CASE WHEN w.${p}_met_at IS NOT NULL AND w.${p}_late THEN 1 ELSE 0 END)::int AS ${p}_late,
      sum(CASE WHEN w.${p}_met_at IS NULL THEN 1 ELSE 0 END)::int AS ${p}_no`).join(',');
    const expected = await q(`SELECT to_char(w.created_at, 'YYYY-MM-DD') AS day, dd.name AS department, count(*)::int AS created, ${cols}
      ${ORDERS} GROUP BY 1, 2 ORDER BY 1, 2`);
    expect(list.length).toBe(expected.length);
    for (const e of expected) {
      const row = list.find((r) => String(r.day) === e.day && r.department === e.department);
      expect(row, JSON.stringify(e)).toBeDefined();
      expect(row!.created).toBe(e.created);
      for (const [c, p] of clocks) {
        const [ok, late, no] = [Number(e[`${p}_ok`]), Number(e[`${p}_late`]), Number(e[`${p}_no`])];
        expect([row![`${c}OnTime`], row![`${c}Late`], row![`${c}NotMet`]], `${c} ${JSON.stringify(e)}`).toEqual([ok, late, no]);
        expect(ok + late + no).toBe(e.created);
        expect(num(row![`${c}Compliance`])).toBe(share(ok, ok + late));
      }
    }
    const sum = (k: string) => expected.reduce((a, e) => a + Number(e[k]), 0);
    expect(totals).toMatchObject({ created: sum('created'), firstResponseOnTime: sum('fr_ok'), solutionLate: sum('so_late'), updateNotMet: sum('up_no') });
    expect(num(totals!.solutionCompliance)).toBe(share(sum('so_ok'), sum('so_ok') + sum('so_late')));
  });

  it('overdue now: per department and owner, the open orders past a running deadline or a reminder, by clock', async () => {
    const { list, totals } = await report('getOverdue', {});
    const expected = await q(`SELECT dd.name AS department, ${OWNER} AS owner, count(*)::int AS open,
        sum(CASE WHEN least(w.fr_due_at, w.up_due_at, w.so_due_at) <= $1 OR (w.state = 'pending_reminder' AND w.pending_until <= $1) THEN 1 ELSE 0 END)::int AS overdue,
        sum(CASE WHEN w.fr_due_at <= $1 THEN 1 ELSE 0 END)::int AS fr, sum(CASE WHEN w.up_due_at <= $1 THEN 1 ELSE 0 END)::int AS up,
        sum(CASE WHEN w.so_due_at <= $1 THEN 1 ELSE 0 END)::int AS so,
        sum(CASE WHEN w.state = 'pending_reminder' AND w.pending_until <= $1 THEN 1 ELSE 0 END)::int AS reminders
      FROM work_orders w JOIN departments dd ON dd.id = w.depart_id LEFT JOIN users uu ON uu.id = w.owner_id
      WHERE w.state <> 'closed' AND w.state <> 'merged' GROUP BY 1, 2`, [NOW]);
    expect(list.length).toBe(expected.length);
    for (const e of expected) {
      const row = list.find((r) => r.department === e.department && r.owner === e.owner);
      expect(row, JSON.stringify(e)).toMatchObject({ open: e.open, overdue: e.overdue, firstResponseOverdue: e.fr, updateOverdue: e.up, solutionOverdue: e.so, remindersDue: e.reminders });
    }
    expect(Number(totals!.overdue)).toBe(expected.reduce((a, e) => a + Number(e.overdue), 0));
    expect(Number(totals!.overdue)).toBeGreaterThan(0);
    // The same rule as the order list's "overdue" overview.
    const overview = await s.call('POST', '/api/WorkOrder/getList', { token: t.supervisor, body: { view: 'overdue', pageNo: 1, pageSize: 1 } });
    expect(overview.body.data.total).toBe(Number(totals!.overdue));
  });

  it('handling time: per department and owner, mean business seconds to the first reply and to solved', async () => {
    const { list } = await report('getHandlingTime');
    const expected = await q(`SELECT dd.name AS department, ${OWNER} AS owner, count(*)::int AS created,
        sum(CASE WHEN w.fr_met_at IS NULL THEN 0 ELSE 1 END)::int AS responded, round(avg(CASE WHEN w.fr_met_at IS NULL THEN NULL ELSE w.fr_used_s END)) AS fr,
        sum(CASE WHEN w.so_met_at IS NULL THEN 0 ELSE 1 END)::int AS solved, round(avg(CASE WHEN w.so_met_at IS NULL THEN NULL ELSE w.so_used_s END)) AS so
      ${ORDERS} GROUP BY 1, 2`);
    expect(list.length).toBe(expected.length);
    for (const e of expected) {
      const row = list.find((r) => r.department === e.department && r.owner === e.owner);
      expect(row, JSON.stringify(e)).toMatchObject({ created: e.created, responded: e.responded, solved: e.solved });
      expect([num(row!.firstResponseSeconds), num(row!.solutionSeconds)]).toEqual([num(e.fr), num(e.so)]);
    }
    // First response in business time is the calendar's working time from creation to the first public reply (generated orders answer before any pause).
    const cal = (await readSettings(s.ctx.db)).calendar;
    const replies = await q<{ created: Date; reply: Date; used: number }>(`SELECT (extract(epoch FROM w.created_at) * 1000)::float8 AS created,
        (extract(epoch FROM min(e.at)) * 1000)::float8 AS reply, w.fr_used_s AS used
      FROM work_orders w JOIN work_order_events e ON e.order_id = w.id AND e.type = 'reply' ${ORDERS.slice(ORDERS.indexOf('WHERE'))} GROUP BY w.id`);
    expect(replies.length).toBeGreaterThan(100);
    for (const r of replies) expect(Number(r.used)).toBe(businessSeconds(cal, new Date(Number(r.created)), new Date(Number(r.reply))));
  });

  it('reopen rate: per department, orders reopened over orders solved at least once', async () => {
    const { list, totals } = await report('getReopenRate');
    const expected = await q(`SELECT department, sum(ever)::int AS ever, sum(re)::int AS re FROM (
        SELECT dd.name AS department,
               CASE WHEN EXISTS (SELECT 1 FROM work_order_events e WHERE e.order_id = w.id AND e.type = 'reopen') THEN 1 ELSE 0 END AS re,
               CASE WHEN w.so_met_at IS NOT NULL OR EXISTS (SELECT 1 FROM work_order_events e WHERE e.order_id = w.id AND e.type = 'reopen') THEN 1 ELSE 0 END AS ever
        ${ORDERS}) x GROUP BY 1`);
    expect(list.length).toBe(expected.length);
    for (const e of expected) {
      const row = list.find((r) => r.department === e.department)!;
      expect(row, JSON.stringify(e)).toMatchObject({ solvedEver: e.ever, reopened: e.re });
      expect(num(row.reopenRate)).toBe(share(Number(e.re), Number(e.ever)));
    }
    expect(Number(totals!.reopened)).toBeGreaterThan(0);
  });

  it('every figure\'s drill-down opens exactly the orders it counts', async () => {
    const res = await s.call('GET', '/api/reports/catalogue', { token: t.supervisor });
    const reports = (res.body.data.reports as Array<{ id: string; endpoint: { action: string }; drill?: Record<string, { report: string; conditions: Record<string, unknown> }> }>)
      .filter((r) => r.id.startsWith('workOrder') && r.drill);
    expect(reports.map((r) => r.id).sort()).toEqual(['workOrderHandling', 'workOrderOverdue', 'workOrderReopens', 'workOrderSla']);
    const mismatches: string[] = [];
    let followed = 0;
    for (const r of reports) {
      const conditions = r.id === 'workOrderOverdue' ? {} : PERIOD;
      const { list } = await report(r.endpoint.action, conditions);
      for (const [column, drill] of Object.entries(r.drill!)) {
        for (const row of list.slice(0, 6)) {
          const body: Row = { pageSize: 1 };
          for (const [k, from] of Object.entries(drill.conditions)) {
            const v = typeof from === 'object' ? (from as { const: unknown }).const : String(from).startsWith('row.') ? row[String(from).slice(4)] : (conditions as Row)[String(from).slice(11)];
            if (v !== undefined && v !== null && v !== '') body[k] = v;
          }
          const opened = await report('getOrderList', body);
          followed += 1;
          if (opened.total !== Number(row[column] ?? 0)) mismatches.push(`${r.id}.${column} ${JSON.stringify(row)}: ${JSON.stringify(body)} = ${opened.total}`);
        }
      }
    }
    expect(mismatches).toEqual([]);
    expect(followed).toBeGreaterThan(60);
  });

  it('a calendar change moves every running deadline and writes nothing else', async () => {
    const snapshot = () => q(`SELECT id, version, (extract(epoch FROM fr_due_at) * 1000)::float8 AS fr_due_at, up_due_at, so_due_at, fr_used_s, so_target_s, fr_met_at, so_met_at,
        (extract(epoch FROM fr_since) * 1000)::float8 AS fr_since, fr_target_s FROM work_orders ORDER BY id`, []);
    const before = await snapshot();
    const cal = (await readSettings(s.ctx.db)).calendar;
    const moved = { ...cal, holidays: [...cal.holidays, '2026-11-23', '2026-11-24'] };
    const res = await s.call('POST', '/api/WorkOrder/saveCalendar', { token: t.admin, body: moved });
    expect(res.status, res.body.msg).toBe(200);
    try {
      const after = await snapshot();
      const running = before.filter((r) => r.fr_since !== null);
      expect(running.length).toBeGreaterThan(0);
      for (const [i, b] of before.entries()) {
        const a = after[i]!;
        // Nothing but running deadlines moves: versions, use, targets and met times stay.
        expect([a.id, a.version, a.fr_used_s, a.so_target_s, a.fr_met_at, a.so_met_at]).toEqual([b.id, b.version, b.fr_used_s, b.so_target_s, b.fr_met_at, b.so_met_at]);
        if (b.fr_since === null) expect(a.fr_due_at).toEqual(b.fr_due_at);
        else expect(Number(a.fr_due_at)).toBe(addBusinessSeconds(moved, new Date(Number(b.fr_since)), Number(b.fr_target_s) - Number(b.fr_used_s))!.getTime());
      }
    } finally {
      expect((await s.call('POST', '/api/WorkOrder/saveCalendar', { token: t.admin, body: cal })).status).toBe(200);
    }
    expect(await snapshot()).toEqual(before);
  });

  it('exports, refuses agents and bad conditions without a 500', async () => {
    const exported = await s.app.inject({
      method: 'POST', url: '/api/export/WorkOrderReport/getSlaCompliance?format=csv', payload: JSON.stringify(PERIOD),
      headers: { authorization: `Bearer ${t.supervisor}`, 'content-type': 'application/json', 'accept-language': 'en' },
    });
    expect(exported.statusCode).toBe(200);
    expect(exported.body).toContain('First response on time');
    const agent = await s.call('POST', '/api/WorkOrderReport/getOverdue', { token: t.agent1, body: {} });
    expect(agent.status).toBe(403);
    const bad = await s.call('POST', '/api/WorkOrderReport/getOrderList', { token: t.supervisor, body: { overdue: 'soon' } });
    expect(bad.status).toBe(400);
    const unknown = await s.call('POST', '/api/WorkOrderReport/getReopenRate', { token: t.supervisor, body: { ...PERIOD, depart: 'x' } });
    expect(unknown.status).toBe(400);
  });
});
