import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db, Queryable } from '../../server/db/index.ts';
import { openPostgres } from '../../server/db/postgres.ts';
import { rebuildCallRollup } from '../../server/db/call-rollup.ts';
import type { Conditions } from '../../server/lists/conditions.ts';
import type { ReportModel } from '../../server/reports/model.ts';
import { readsRollup, reportStatements, runReport } from '../../server/reports/sql.ts';
import { engine, openTestDb, startTestServer, type TestServer } from './helpers.ts';
import { FEB, generateMonth } from './generated-month.ts';
import { CALL_AFTER_LOGS, CALL_PART_COLUMNS, CALL_PARTS } from '../../schemas/reports/shared/kpi.ts';
import { isWholeDay } from '../../schemas/range.ts';

/**
 * The call rollup (migrations 050 and 052, issue 26 item 3): synthesis reports read per-seat,
 * per-hour sums instead of the calls when their period is whole hours, and those grouped by day or
 * coarser per-seat, per-day sums when it is whole days. These tests hold every such report's
 * answer from the rollup to its answer from the calls, over a generated month with post-call logs
 * still open, and the rollup (hours and days), after every kind of write, to the rollup built again
 * from the calls, also when two connections write one seat's hour at once.
 */
let s: TestServer;
beforeAll(async () => {
  s = await startTestServer();
  await generateMonth(s.ctx.db);
  // Post-call processing still running (its seconds run up to now) for two answered February calls.
  await s.ctx.db.query(`INSERT INTO seat_status_logs (user_seat_no, status, s_start_time)
    SELECT user_seat_no, 4, destroy_time FROM call_records
     WHERE answer_time IS NOT NULL AND call_time >= '2021-02-10' AND call_time < '2021-02-11' ORDER BY call_time LIMIT 2`);
}, 600_000);
afterAll(() => s?.close());

const withRollup = () => s.ctx.reports.filter((m) => m.rollup);
/** The report as it reads the calls: its rollup taken away. */
const fromCalls = (m: ReportModel): ReportModel => ({ ...m, rollup: undefined });

/** Conditions of a report's rollup, whole hours: the month, a day, three hours of a day; with a seat where it takes one. */
function periods(m: ReportModel): Conditions[] {
  const seat = m.rollup!.conditions.has('userSeatNo') ? [{ userSeatNo: '8101' }] : [];
  const base: Conditions[] = [
    { ...FEB },
    { startTime: '2021-02-10', endTime: '2021-02-10' },
    { startTime: '2021-02-10 09:00:00', endTime: '2021-02-10 11:59:59' },
  ];
  const paging = m.schema.paged ? { pageNo: 1, pageSize: 1000 } : {};
  return [...base, ...seat.map((x) => ({ ...base[0], ...x }))].map((c) => ({ ...c, ...paging }));
}

describe('reports over the call rollup', () => {
  it('five synthesis reports have a rollup; all but the one grouped by the hour of the day read its days too', () => {
    expect(withRollup().map((m) => m.schema.id).sort()).toEqual(
      ['agentCallSynthesis', 'agentCallSynthesisByConditions', 'callSynthesis', 'callSynthesisByHour', 'monthlyReport']);
    expect(withRollup().filter((m) => m.rollup!.daily).map((m) => m.schema.id).sort()).toEqual(
      ['agentCallSynthesis', 'agentCallSynthesisByConditions', 'callSynthesis', 'monthlyReport']);
  });

  it('each answers from the rollup what it answers from the calls: rows, group count and totals, open post-call logs included', async () => {
    let compared = 0;
    for (const m of withRollup()) {
      for (const c of periods(m)) {
        expect(readsRollup(m, c), `${m.schema.id} ${JSON.stringify(c)}`).toBe(true);
        // Whole days read the days where the report takes them, else the hours.
        const days = m.rollup!.daily !== undefined && isWholeDay(c.startTime) && isWholeDay(c.endTime);
        expect(reportStatements(m, c).rows.sql, `${m.schema.id} ${JSON.stringify(c)}`).toContain(days ? 'FROM call_day_stats c' : 'FROM call_hour_stats c');
        // One transaction: both read the same now, which the open post-call logs run up to.
        const [rolled, counted] = await s.ctx.db.transaction(async (tx) => [await runReport(tx, m, c), await runReport(tx, fromCalls(m), c)]);
        expect(rolled, `${m.schema.id} ${JSON.stringify(c)}`).toEqual(counted);
        if (rolled.list.length > 0) compared++;
      }
    }
    // Every report had rows in every period (the generated month has calls at every working hour).
    expect(compared).toBe(withRollup().reduce((n, m) => n + periods(m).length, 0));
  });

  it('the open post-call logs count in the rollup, up to now', async () => {
    const m = s.ctx.reports.find((r) => r.schema.id === 'agentCallSynthesis')!;
    const c = { startTime: '2021-02-10', endTime: '2021-02-10', pageNo: 1, pageSize: 1000 };
    for (const table of ['call_hour_stats', 'call_day_stats']) {
      const [{ open }] = await s.ctx.db.query<{ open: number }>(`SELECT sum(after_open_all)::int AS open FROM ${table} WHERE call_time >= '2021-02-10' AND call_time < '2021-02-11'`) as [{ open: number }];
      expect(open, table).toBe(2);
    }
    const answer = await runReport(s.ctx.db, m, c);
    // Years of post-call time: the two logs have run from February 2021 to the suite's now.
    expect(Number(answer.totals!.afterCallSeconds)).toBeGreaterThan(365 * 86_400);
  });

  it('after the seed and the generator (their triggers deferred, the rollup built at their end), it is what a rebuild gives', async () => {
    const r = await rollupAgainstRebuild(s.ctx.db);
    expect(r.kept.length).toBeGreaterThan(100);
    expect(r.kept).toEqual(r.rebuilt);
    expect(r.keptDays.length).toBeGreaterThan(10);
    expect(r.keptDays).toEqual(r.rebuiltDays);
  });

  it('a day of the rollup holds what its seat\'s calls of that day hold (counted from the calls, not from the hours)', async () => {
    const days = await s.ctx.db.query<{ day: string; seat: string; calls: number; answered: number }>(
      "SELECT to_char(call_time, 'YYYY-MM-DD') AS day, user_seat_no AS seat, calls, answered FROM call_day_stats WHERE call_time >= '2021-02-01' AND call_time < '2021-03-01' ORDER BY 1, 2");
    const calls = await s.ctx.db.query<{ day: string; seat: string; calls: number; answered: number }>(
      `SELECT to_char(call_time, 'YYYY-MM-DD') AS day, user_seat_no AS seat, count(*)::int AS calls, count(*) FILTER (WHERE direction = 'in' AND answer_time IS NOT NULL)::int AS answered
         FROM call_records WHERE call_time >= '2021-02-01' AND call_time < '2021-03-01' GROUP BY 1, 2 ORDER BY 1, 2`);
    expect(days.length).toBeGreaterThan(20);
    expect(days).toEqual(calls);
  });

  it('a period that is not whole hours, or a condition the rollup does not take, reads the calls; whole hours read the hours, whole days the days', () => {
    const m = s.ctx.reports.find((r) => r.schema.id === 'agentCallSynthesis')!;
    const page = { pageNo: 1, pageSize: 20 };
    expect(readsRollup(m, { startTime: '2021-02-10 09:30:00', endTime: '2021-02-10', ...page })).toBe(false);
    expect(readsRollup(m, { startTime: '2021-02-10', endTime: '2021-02-10 09:30:00', ...page })).toBe(false);
    expect(readsRollup(m, { startTime: '2021-02-10', endTime: '2021-02-10 09:59:59', ...page })).toBe(true);
    expect(readsRollup(m, { ...page })).toBe(true);
    expect(reportStatements(m, { startTime: '2021-02-10 09:30:00', ...page }).rows.sql).toContain('FROM call_records c');
    expect(reportStatements(m, { startTime: '2021-02-10', endTime: '2021-02-10 09:59:59', ...page }).rows.sql).toContain('FROM call_hour_stats c');
    expect(reportStatements(m, { startTime: '2021-02-10 00:00:00', endTime: '2021-02-10 23:59:59', ...page }).rows.sql).toContain('FROM call_hour_stats c');
    expect(reportStatements(m, { startTime: '2021-02-10', ...page }).rows.sql).toContain('FROM call_day_stats c');
    expect(reportStatements(m, { ...page }).rows.sql).toContain('FROM call_day_stats c');
    // Grouped by the hour of the day: whole days read the hours.
    const byHour = s.ctx.reports.find((r) => r.schema.id === 'callSynthesisByHour')!;
    expect(reportStatements(byHour, { startTime: '2021-02-10', endTime: '2021-02-11' }).rows.sql).toContain('FROM call_hour_stats c');
    const calls = s.ctx.reports.find((r) => r.schema.id === 'fullCallReport')!;
    expect(calls.rollup).toBeUndefined();
  });
});

type AsRebuilt = { kept: unknown[]; rebuilt: unknown[]; keptDays: unknown[]; rebuiltDays: unknown[] };
/** The rollup (hours and days) as it is, and as it is after being built again from the calls (rolled back: the rollup stays as the triggers left it). */
async function rollupAgainstRebuild(db: Db): Promise<AsRebuilt> {
  const read = (q: Queryable, table: string) => q.query(`SELECT * FROM ${table} ORDER BY call_time, user_seat_no`);
  let seen: AsRebuilt | undefined;
  const undo = new Error('roll back the rebuild');
  await db.transaction(async (tx) => {
    const kept = await read(tx, 'call_hour_stats');
    const keptDays = await read(tx, 'call_day_stats');
    await rebuildCallRollup(tx);
    seen = { kept, keptDays, rebuilt: await read(tx, 'call_hour_stats'), rebuiltDays: await read(tx, 'call_day_stats') };
    throw undo;
  }).catch((err: unknown) => { if (err !== undo) throw err; });
  return seen!;
}

/** The rollup rows of the seats the first writes test uses (8101-8103). */
const mine = (rows: unknown[]) => (rows as Array<{ user_seat_no: string }>).filter((x) => ['8101', '8102', '8103'].includes(x.user_seat_no));

const insertCall = (db: Queryable, id: string, seat: string, at: string, answered: boolean) => db.query(
  `INSERT INTO call_records (call_id, direction, user_seat_no, phone_no, call_time, answer_time, destroy_time, ring_seconds, call_seconds)
   VALUES ($1, 'in', $2, '13900000001', $3::timestamp, CASE WHEN $4 THEN $3::timestamp + interval '8 seconds' END, $3::timestamp + interval '70 seconds', 8, CASE WHEN $4 THEN 62 ELSE 0 END)`,
  [id, seat, at, answered],
);

describe('the rollup is kept as calls and post-call logs are written', () => {
  it('its parts read only the call columns whose change refreshes an hour (CALL_PART_COLUMNS)', () => {
    // The key (seat and hour of call_time), and what the parts read.
    const read = new Set(['user_seat_no', 'call_time', ...[...[...Object.values(CALL_PARTS), CALL_AFTER_LOGS].join(' ').matchAll(/\bc\.([a-z_]+)/g)].map((m) => m[1])]);
    expect([...read].sort()).toEqual([...CALL_PART_COLUMNS].sort());
  });

  let t: { db: Db; drop: () => Promise<void>; url?: string };
  beforeAll(async () => { t = await openTestDb('Asia/Shanghai', 0, 'migrated'); });
  afterAll(async () => { await t?.db.close(); await t?.drop(); });

  it('after inserts, updates, post-call logs opened and closed, a call moved to another seat and hour, and deletes, it is what a rebuild gives', async () => {
    const db = t.db;
    await insertCall(db, 'w1', '8101', '2026-03-02 10:15:00', true);
    await insertCall(db, 'w2', '8101', '2026-03-02 10:45:00', false);
    await insertCall(db, 'w3', '8102', '2026-03-02 10:20:00', true);
    await db.query("UPDATE call_records SET satisfaction = 5 WHERE call_id = 'w1'");
    // w1's post-call processing opens at its hang-up, then closes 30 s later.
    await db.query("INSERT INTO seat_status_logs (user_seat_no, status, s_start_time) SELECT user_seat_no, 4, destroy_time FROM call_records WHERE call_id = 'w1'");
    expect(await rollupAgainstRebuild(db)).toMatchObject({ kept: expect.arrayContaining([expect.objectContaining({ user_seat_no: '8101', calls: 2, after_open_all: 1 })]) });
    await db.query("UPDATE seat_status_logs SET s_end_time = s_start_time + interval '30 seconds' WHERE status = 4 AND s_end_time IS NULL");
    let r = await rollupAgainstRebuild(db);
    expect(r.kept).toEqual(r.rebuilt);
    expect(r.keptDays).toEqual(r.rebuiltDays);
    expect(r.kept).toContainEqual(expect.objectContaining({ user_seat_no: '8101', calls: 2, after_closed_all: 30, after_open_all: 0, satisfied: 1 }));
    expect(r.keptDays).toContainEqual(expect.objectContaining({ user_seat_no: '8101', calls: 2, after_closed_all: 30, satisfied: 1 }));
    // w3 moves to another seat and hour: its old key loses it, its new key gains it.
    await db.query("UPDATE call_records SET user_seat_no = '8103', call_time = call_time + interval '2 hours' WHERE call_id = 'w3'");
    await db.query("DELETE FROM call_records WHERE call_id = 'w2'");
    r = await rollupAgainstRebuild(db);
    expect(r.kept).toEqual(r.rebuilt);
    expect(r.keptDays).toEqual(r.rebuiltDays);
    // This test's seats only: the file's other test writes seat 8104 on the same database, before or after this one.
    expect(mine(r.kept).map((x) => x.user_seat_no)).toEqual(['8101', '8103']);
    // The log deleted: w1 has no post-call time any more.
    await db.query("DELETE FROM seat_status_logs WHERE status = 4 AND user_seat_no = '8101'");
    r = await rollupAgainstRebuild(db);
    expect(r.kept).toEqual(r.rebuilt);
    expect(r.keptDays).toEqual(r.rebuiltDays);
    expect(mine(r.kept).find((x) => x.user_seat_no === '8101')).toMatchObject({ after_closed_all: 0, handled_all: 1 });
    expect(mine(r.keptDays).map((x) => x.user_seat_no)).toEqual(['8101', '8103']);
  });

  it('two connections writing one seat\'s hour at once: the second waits for the first and counts both calls', async () => {
    const at = '2026-03-03 14:10:00';
    if (engine === 'postgres') {
      // A second pool on the same database: another backend, as a second server process has.
      const other = await openPostgres(t.url!, 'Asia/Shanghai', 0);
      try {
        let release!: () => void;
        const gate = new Promise<void>((done) => { release = done; });
        let inserted!: () => void;
        const first = new Promise<void>((done) => { inserted = done; });
        const one = t.db.transaction(async (tx) => {
          await insertCall(tx, 'p1', '8104', at, true);
          inserted();
          await gate;
        });
        await first;
        const two = other.transaction((tx) => insertCall(tx, 'p2', '8104', '2026-03-03 14:40:00', false));
        // The second writer's refresh waits on the key's lock while the first holds it.
        for (let i = 0; i < 600; i++) {
          const [w] = await other.query<{ n: number }>("SELECT count(*)::int AS n FROM pg_locks WHERE locktype = 'advisory' AND NOT granted");
          if (w!.n > 0) break;
          await new Promise((done) => setTimeout(done, 50));
        }
        const [waiting] = await other.query<{ n: number }>("SELECT count(*)::int AS n FROM pg_locks WHERE locktype = 'advisory' AND NOT granted");
        expect(waiting!.n).toBe(1);
        release();
        await Promise.all([one, two]);
      } finally {
        await other.close();
      }
    } else {
      // PGlite has one connection: the writers take turns by construction.
      await Promise.all([
        t.db.transaction((tx) => insertCall(tx, 'p1', '8104', at, true)),
        t.db.transaction((tx) => insertCall(tx, 'p2', '8104', '2026-03-03 14:40:00', false)),
      ]);
    }
    const r = await rollupAgainstRebuild(t.db);
    expect(r.kept).toEqual(r.rebuilt);
    expect(r.keptDays).toEqual(r.rebuiltDays);
    expect(r.kept).toContainEqual(expect.objectContaining({ user_seat_no: '8104', calls: 2, answered: 1, abandoned: 1 }));
    expect(r.keptDays).toContainEqual(expect.objectContaining({ user_seat_no: '8104', calls: 2, answered: 1, abandoned: 1 }));
  });
});
