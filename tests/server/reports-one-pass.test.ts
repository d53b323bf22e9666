import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Queryable } from '../../server/db/index.ts';
import type { Conditions } from '../../server/lists/conditions.ts';
import type { ReportModel } from '../../server/reports/model.ts';
import { inLanguage, reportStatements, runReport } from '../../server/reports/sql.ts';
import type { Language } from '../../server/http/language.ts';
import { startTestServer, type TestServer } from './helpers.ts';
import { DAY, insertFixture, reportSqlDuring } from './reports-fixture.ts';

/**
 * Grouped reports answer their page, group count and totals row from one statement over the data
 * (GROUPING SETS). These tests hold that answer to the three plain statements the engine still
 * builds (rows, count, totals: the export and the startup check use them), on the hand-counted
 * day and on the whole seeded range, for every sort and for pages inside and past the end.
 */
let s: TestServer;
beforeAll(async () => {
  s = await startTestServer();
  await insertFixture(s.ctx.db);
});
afterAll(() => s.close());

const model = (id: string) => s.ctx.reports.find((m) => m.schema.id === id)!;

/** The answer of the three separate statements, as the engine answered before the one-pass statement. */
async function separately(m: ReportModel, c: Conditions, db: Queryable = s.ctx.db, lang: Language = 'zh') {
  const st = reportStatements(m, c);
  // A column's English words (ReportColumn.english) take the value's place for an English reader, as runReport does.
  const list = inLanguage(m, await db.query<Record<string, unknown>>(st.rows.sql, st.rows.params), lang);
  const [{ n }] = await db.query<{ n: number }>(st.count.sql, st.count.params) as [{ n: number }];
  const totals = st.totals ? (await db.query<Record<string, unknown>>(st.totals.sql, st.totals.params))[0] : undefined;
  return { list, total: n, ...(totals ? { totals } : {}) };
}

/** The report's own statements: over the calls, or over their rollup (by hour or by day) for a period of whole days (ReportSchema.rollup). */
const OWN = /FROM (call_records|call_hour_stats|call_day_stats) c WHERE c\.call_time/;

/** Grouped reports with nothing required beyond the date range: the ones these tests can call with any range. */
const groupedReports = () => s.ctx.reports.filter((m) => m.schema.groupBy?.length
  && (m.schema.conditions.required ?? []).every((k) => k === 'startTime' || k === 'endTime'));

describe('grouped reports in one pass', () => {
  it('agent synthesis reads its rows once and answers what the three statements answer', async () => {
    const m = model('agentCallSynthesis');
    expect(reportStatements(m, {}).combined).toBeDefined();
    const c = { startTime: DAY, endTime: DAY, pageNo: 1, pageSize: 1 };
    let answer: unknown;
    const sql = await reportSqlDuring(s.ctx.db, async () => { answer = await runReport(s.ctx.db, m, c); });
    // Only the report's own statements (background work, such as the seat monitor's, may read the tables meanwhile).
    const own = sql.filter((q) => OWN.test(q));
    expect(own, own.join('\n')).toHaveLength(1);
    expect(answer).toEqual(await separately(m, c));
    // Two seats on the day: the count is of groups, not of calls, and the totals are the whole day's.
    expect(answer).toMatchObject({ total: 2, totals: { offered: 5, answered: 3, satisfaction: 0.6667 } });
  });

  it('a page asked with its chart (withChart) comes with the first 1000 rows in its order, from the same one statement', async () => {
    const m = model('agentCallSynthesis');
    const c = { startTime: DAY, endTime: DAY, sortField: 'offered', sortOrder: 'desc' };
    let answer: Awaited<ReturnType<typeof runReport>> | undefined;
    const sql = await reportSqlDuring(s.ctx.db, async () => { answer = await runReport(s.ctx.db, m, { ...c, pageNo: 2, pageSize: 1, withChart: true }); });
    expect(sql.filter((q) => OWN.test(q))).toHaveLength(1);
    const all = await separately(m, { ...c, pageNo: 1, pageSize: 1000 });
    expect(answer).toEqual({ ...(await separately(m, { ...c, pageNo: 2, pageSize: 1 })), chart: all.list });
    expect(answer!.chart).toHaveLength(2);
    // A page past the chart's rows is read on its own beside them: two statements, the same answers.
    const past = { ...c, pageNo: 51, pageSize: 20 };
    const sqlPast = await reportSqlDuring(s.ctx.db, async () => { answer = await runReport(s.ctx.db, m, { ...past, withChart: true }); });
    expect(sqlPast.filter((q) => OWN.test(q))).toHaveLength(2);
    expect(answer).toEqual({ ...(await separately(m, past)), chart: all.list });
  });

  it('withChart is taken by paged reports with a chart only, as a boolean', async () => {
    const token = await s.login('supervisor', 'super123');
    const post = (action: string, body: object) => s.call('POST', `/api/CallReport/${action}`, { token, body, headers: { 'accept-language': 'en' } });
    const ok = await post('getAgentcallsynthesis', { startTime: DAY, endTime: DAY, pageSize: 1, withChart: true });
    expect(ok.status).toBe(200);
    expect(ok.body.data.list).toHaveLength(1);
    expect(ok.body.data.chart).toHaveLength(2);
    expect((await post('getAgentcallsynthesis', { startTime: DAY, endTime: DAY, withChart: 'yes' })).status).toBe(400);
    // The call list has no chart: the key is not one of its conditions.
    const refused = await post('getFullCallReport', { startTime: DAY, endTime: DAY, withChart: true });
    expect(refused.status).toBe(400);
    expect(refused.body.msg).toMatch(/withChart/);
  });

  it('a page past the last group is empty and still has the count and the totals', async () => {
    const m = model('agentCallSynthesis');
    const c = { startTime: DAY, endTime: DAY, pageNo: 3, pageSize: 1 };
    const answer = await runReport(s.ctx.db, m, c);
    expect(answer.list).toEqual([]);
    expect(answer).toEqual(await separately(m, c));
    expect(answer).toMatchObject({ total: 2, totals: { offered: 5 } });
  });

  it('a range without calls: no rows, no groups, totals of nothing', async () => {
    const m = model('agentCallSynthesis');
    const c = { startTime: '2001-01-01', endTime: '2001-01-01' };
    const answer = await runReport(s.ctx.db, m, c);
    expect(answer).toEqual(await separately(m, c));
    expect(answer).toMatchObject({ list: [], total: 0, totals: { offered: 0, satisfaction: null } });
  });

  it('every grouped report, every sort and direction, pages 1 and 2: the same answer as the three statements', async () => {
    const reports = groupedReports();
    expect(reports.map((m) => m.schema.id)).toEqual(expect.arrayContaining(['agentCallSynthesis', 'callSynthesis']));
    for (const m of reports) {
      const dates = m.schema.conditions.properties.startTime ? { startTime: '2000-01-01', endTime: '2099-12-31' } : {};
      for (const sortField of m.schema.sorters?.length ? m.schema.sorters : [m.schema.defaultSort.field]) {
        for (const sortOrder of ['asc', 'desc']) {
          for (const pageNo of m.schema.paged ? [1, 2] : [1]) {
            const c: Conditions = { ...dates, sortField, sortOrder, ...(m.schema.paged ? { pageNo, pageSize: 3 } : {}) };
            // One transaction: now() (open status logs count up to it) is the same for both.
            const [one, three] = await s.ctx.db.transaction(async (tx) => [await runReport(tx, m, c), await separately(m, c, tx)]);
            expect(one, `${m.schema.id} ${sortField} ${sortOrder} page ${pageNo}`).toEqual(three);
            if (sortOrder === 'asc' && pageNo === 1) {
              // In English too: the one statement carries the English words (a line's, a department's) as the three do.
              const [en, enThree] = await s.ctx.db.transaction(async (tx) => [await runReport(tx, m, c, undefined, 'en'), await separately(m, c, tx, 'en')]);
              expect(en, `${m.schema.id} ${sortField} in English`).toEqual(enThree);
            }
          }
        }
      }
    }
  });
});

describe('ungrouped reports', () => {
  it('past the first page the rows and the count run together and answer as before', async () => {
    const m = model('fullCallReport');
    const c = { startTime: '2000-01-01', endTime: '2099-12-31', pageNo: 2, pageSize: 3 };
    expect(reportStatements(m, c).combined).toBeUndefined();
    const answer = await runReport(s.ctx.db, m, c);
    expect(answer).toEqual(await separately(m, c));
    expect(answer.list).toHaveLength(3);
  });

  it('a first page that is not full counts its rows instead of running the count', async () => {
    const m = model('fullCallReport');
    const c = { startTime: DAY, endTime: DAY, pageNo: 1, pageSize: 50 };
    let answer: { total: number } | undefined;
    const sql = await reportSqlDuring(s.ctx.db, async () => { answer = await runReport(s.ctx.db, m, c); });
    expect(answer!.total).toBe(7);
    expect(sql.some((q) => /count\(\*\) AS n/.test(q))).toBe(false);
  });
});
