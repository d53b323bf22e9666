import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoTokens } from '../support/demo-logins.ts';
import { holdClock } from '../support/test-clock.ts';
import { engine, startTestServer, type TestServer } from './helpers.ts';

/**
 * The work-order report (schemas/reports/work-orders-by-day.ts) against docs/kpi.md's
 * "Work-order figures", each computed here with its own plain SQL over orders made through the
 * API on two days (on time and late replies, solved and open, two kinds, two departments).
 */
const DAY1 = new Date('2026-09-28T10:00:00+08:00'); // a Monday
const DAY2 = new Date('2026-09-29T10:00:00+08:00');
const H = 3600_000;

let s: TestServer;
let t: Record<'agent1' | 'supervisor', string>;
let clock: ReturnType<typeof holdClock>;

beforeAll(async () => {
  s = await startTestServer({ clockNow: DAY1 });
  clock = holdClock(s.ctx.clock, DAY1);
  t = await demoTokens(s.app, ['agent1', 'supervisor'] as const);
  // The demo seed's orders (server/db/demo-orders.ts) may fall on these days in some zones: the figures are checked on this file's orders alone.
  await s.ctx.db.query('DELETE FROM work_orders');
  const api = async (action: string, body: unknown) => {
    const res = await s.call('POST', `/api/WorkOrder/${action}`, { token: t.agent1, body });
    expect(res.status, res.body.msg).toBe(200);
    return res.body.data;
  };
  const order = async (day: Date, o: { kind?: string; departId: number; priority?: string; replyAfterH?: number; solveAfterH?: number }) => {
    clock.set(day);
    const made = await api('create', { kind: o.kind ?? 'consult', title: 'Report row', source: 'phone', departId: o.departId, priority: o.priority ?? 'high',
      ...(o.kind === 'court' ? { fields: { caseNo: 'R1', court: 'C1' } } : {}) });
    if (o.replyAfterH !== undefined) {
      clock.set(new Date(day.getTime() + o.replyAfterH * H));
      await api('addNote', { id: made.id, body: 'Answered', internal: false });
    }
    if (o.solveAfterH !== undefined) {
      clock.set(new Date(day.getTime() + o.solveAfterH * H));
      const cur = (await api('getById', { id: made.id })).order;
      await api('update', { id: made.id, version: cur.version, state: 'resolved' });
    }
  };
  // High priority: first response within 1 business hour, solution within 9.
  await order(DAY1, { departId: 4, replyAfterH: 0.5, solveAfterH: 2 });
  await order(DAY1, { departId: 4, replyAfterH: 3, solveAfterH: 30 });
  await order(DAY1, { departId: 4 });
  await order(DAY1, { departId: 5, kind: 'court', replyAfterH: 0.25 });
  await order(DAY2, { departId: 4, replyAfterH: 2, solveAfterH: 1 + 2 / 60 });
  await order(DAY2, { departId: 5, kind: 'court' });
}, 120_000);
afterAll(() => s?.close());

describe(`work orders by day on ${engine}`, () => {
  it('every row and the totals are the dictionary\'s figures, by plain SQL', async () => {
    const res = await s.call('POST', '/api/WorkOrderReport/getOrdersByDay', { token: t.supervisor, body: { startTime: '2026-09-28', endTime: '2026-09-29' } });
    expect(res.status, res.body.msg).toBe(200);
    const rows = res.body.data.list as Array<Record<string, unknown>>;
    const expected = await s.ctx.db.query<Record<string, unknown>>(
      `SELECT to_char(o.created_at, 'YYYY-MM-DD') AS day, o.kind, d.name AS department,
              count(*)::integer AS created,
              sum(CASE WHEN o.state IN ('resolved', 'closed', 'merged') THEN 0 ELSE 1 END)::integer AS unsolved,
              sum(CASE WHEN o.so_met_at IS NULL THEN 0 ELSE 1 END)::integer AS solved,
              sum(CASE WHEN o.fr_met_at IS NOT NULL AND NOT o.fr_late THEN 1 ELSE 0 END)::integer AS fr_ok,
              sum(CASE WHEN o.fr_met_at IS NOT NULL THEN 1 ELSE 0 END)::integer AS fr_all,
              sum(CASE WHEN o.so_met_at IS NOT NULL AND NOT o.so_late THEN 1 ELSE 0 END)::integer AS so_ok
         FROM work_orders o JOIN departments d ON d.id = o.depart_id
        WHERE o.created_at >= '2026-09-28' AND o.created_at < '2026-09-30'
        GROUP BY 1, 2, 3 ORDER BY 1, 2, 3`);
    expect(rows.length).toBe(expected.length);
    expect(expected.length).toBe(4);
    const pct = (a: number, b: number) => (b === 0 ? null : Math.round((10_000 * a) / b) / 10_000);
    for (const e of expected) {
      const row = rows.find((r) => String(r.day) === e.day && r.kind === e.kind && r.department === e.department);
      expect(row, JSON.stringify(e)).toBeDefined();
      expect(row).toMatchObject({ created: e.created, unsolved: e.unsolved, solved: e.solved });
      expect(row!.firstResponseOnTime === null ? null : Number(row!.firstResponseOnTime)).toBe(pct(Number(e.fr_ok), Number(e.fr_all)));
      expect(row!.solutionOnTime === null ? null : Number(row!.solutionOnTime)).toBe(pct(Number(e.so_ok), Number(e.solved)));
    }
    // The fixture's own counts: on DAY1 department 4 made 3 orders, 2 solved (one late), 2 answered (one late).
    const d1 = rows.find((r) => String(r.day) === '2026-09-28' && r.kind === 'consult')!;
    expect(d1).toMatchObject({ created: 3, unsolved: 1, solved: 2 });
    expect(Number(d1.firstResponseOnTime)).toBe(0.5);
    expect(Number(d1.solutionOnTime)).toBe(0.5);
    const totals = res.body.data.totals as Record<string, unknown>;
    expect(totals).toMatchObject({ created: 6, unsolved: 3, solved: 3 });
  });
});

describe(`work-order reports in English on ${engine}`, () => {
  const asked = (path: string, body: unknown, lang: string) =>
    s.call('POST', path, { token: t.supervisor, body, headers: { 'accept-language': lang } });
  const PERIOD = { startTime: '2026-09-28', endTime: '2026-09-29' };

  it("name the departments in English, with the same figures, and a drill-down by the English name finds the same orders", async () => {
    const zh = (await asked('/api/WorkOrderReport/getOrdersByDay', PERIOD, 'zh')).body.data;
    const en = (await asked('/api/WorkOrderReport/getOrdersByDay', PERIOD, 'en')).body.data;
    const names = await s.ctx.db.query<{ name: string; name_en: string }>('SELECT name, name_en FROM departments WHERE id IN (4, 5) ORDER BY id');
    expect(names.map((n) => n.name_en)).toEqual(['Work Orders', 'Court Orders']);
    const english = new Map(names.map((n) => [n.name, n.name_en]));
    // Row for row the same, but the department's name; no extra key reaches the wire.
    expect(en.list).toEqual(zh.list.map((r: Record<string, unknown>) => ({ ...r, department: english.get(String(r.department)) })));
    expect(en.totals).toEqual(zh.totals);
    for (const r of en.list) expect(Object.keys(r).some((k) => k.endsWith('__en'))).toBe(false);

    // The handling report (grouped by department and owner), then its drill-down to the orders, as an English screen passes it.
    const handling = (await asked('/api/WorkOrderReport/getHandlingTime', PERIOD, 'en')).body.data.list as Array<{ department: string }>;
    expect(new Set(handling.map((r) => r.department))).toEqual(new Set(['Work Orders', 'Court Orders']));
    const byEnglish = (await asked('/api/WorkOrderReport/getOrderList', { ...PERIOD, department: 'Work Orders' }, 'en')).body.data;
    const byName = (await asked('/api/WorkOrderReport/getOrderList', { ...PERIOD, department: '工单处理部' }, 'zh')).body.data;
    expect(byEnglish.total).toBe(4);
    expect(byEnglish.list.map((o: { orderNo: string }) => o.orderNo)).toEqual(byName.list.map((o: { orderNo: string }) => o.orderNo));
    expect(new Set(byEnglish.list.map((o: { department: string }) => o.department))).toEqual(new Set(['Work Orders']));
    expect(new Set(byName.list.map((o: { department: string }) => o.department))).toEqual(new Set(['工单处理部']));
  });

  it('export the English names in an English export, and the names in a Chinese one', async () => {
    for (const [lang, name] of [['en', 'Court Orders'], ['zh', '法院工单部']] as const) {
      const res = await s.app.inject({
        method: 'POST', url: '/api/export/WorkOrderReport/getOrdersByDay?format=csv', payload: PERIOD,
        headers: { authorization: `Bearer ${t.supervisor}`, 'accept-language': lang },
      });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.body).toContain(name);
      expect(res.body).not.toContain('__en');
    }
  });
});
