import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startWithLogins } from '../support/demo-logins.ts';
import type { TestServer } from './helpers.ts';
import { CALLS, DAY, insertFixture, reportSqlDuring } from './reports-fixture.ts';

let s: TestServer;
let tokens: Record<string, string>;
beforeAll(async () => ({ s, t: tokens } = await startWithLogins(['admin', 'supervisor', 'agent1'], { fixture: insertFixture })));
afterAll(() => s.close());

const report = (body: unknown, token = tokens.admin, action = 'getFullCallReport') =>
  s.call('POST', `/api/CallReport/${action}`, { token, body, headers: { 'accept-language': 'en' } });
const day = { startTime: DAY, endTime: DAY };

describe('getFullCallReport', () => {
  it('answers the day\'s calls newest first with the nine columns, the transfer\'s seats and the recording last, for admin and supervisor', async () => {
    for (const role of ['admin', 'supervisor']) {
      const res = await report({ ...day, pageSize: 20 }, tokens[role]);
      expect(res.status).toBe(200);
      expect(res.body.data.total).toBe(CALLS.length);
      expect(res.body.data.list.map((r: { callId: string }) => r.callId)).toEqual(CALLS.map((c) => c[0]).reverse());
      expect(Object.keys(res.body.data.list[0])).toEqual(
        ['callId', 'userSeatNo', 'phoneNo', 'callTime', 'answerTime', 'destroyTime', 'linkFlag', 'ringSeconds', 'callSeconds', 'transferFrom', 'transferTo', 'recording']);
    }
  });

  it('refuses agents (403) and callers without a token (401)', async () => {
    expect((await report(day, tokens.agent1)).status).toBe(403);
    expect((await s.call('POST', '/api/CallReport/getFullCallReport', { body: day })).status).toBe(401);
  });

  it('answers ring seconds above 60 as 60, and sorts by the capped figure', async () => {
    const res = await report({ ...day, sortField: 'ringSeconds', sortOrder: 'desc', pageSize: 2 });
    expect(res.body.data.list.map((r: { callId: string; ringSeconds: number }) => [r.callId, r.ringSeconds])).toEqual([['fx-3', 60], ['fx-5', 40]]);
    const stored = await s.ctx.db.query<{ ring_seconds: number }>(`SELECT ring_seconds FROM call_records WHERE call_id = 'fx-3'`);
    expect(stored[0]!.ring_seconds).toBe(90);
  });

  it('pages with the initial page size 10 and counts every row', async () => {
    const first = await report({ ...day, pageSize: 3, pageNo: 1 });
    const third = await report({ ...day, pageSize: 3, pageNo: 3 });
    expect(first.body.data.total).toBe(7);
    expect(first.body.data.list).toHaveLength(3);
    expect(third.body.data.list.map((r: { callId: string }) => r.callId)).toEqual(['fx-1']);
    expect((await report(day)).body.data.list).toHaveLength(7);
  });

  it('a later page that names the total an earlier page answered runs no count, unless its rows say there are more; a last page counts itself', async () => {
    const counts = (sql: string[]) => sql.filter((q) => /^SELECT count\(\*\) AS n\b/.test(q)).length;
    let res: Awaited<ReturnType<typeof report>> | undefined;
    // Page 2 of 3 rows, full: without knownTotal it counts; with it, it answers it as is.
    expect(counts(await reportSqlDuring(s.ctx.db, async () => { res = await report({ ...day, pageSize: 3, pageNo: 2 }); }))).toBe(1);
    expect(res!.body.data.total).toBe(7);
    expect(counts(await reportSqlDuring(s.ctx.db, async () => { res = await report({ ...day, pageSize: 3, pageNo: 2, knownTotal: 7 }); }))).toBe(0);
    expect(res!.body.data.total).toBe(7);
    expect(res!.body.data.list).toHaveLength(3);
    // A known total the rows contradict (6 rows already by page 2 of 3, and it says 5) is counted again.
    expect(counts(await reportSqlDuring(s.ctx.db, async () => { res = await report({ ...day, pageSize: 3, pageNo: 2, knownTotal: 5 }); }))).toBe(1);
    expect(res!.body.data.total).toBe(7);
    // The last page (1 row of 3) is the end: 6 + 1, whatever the known total said, and no count.
    expect(counts(await reportSqlDuring(s.ctx.db, async () => { res = await report({ ...day, pageSize: 3, pageNo: 3, knownTotal: 100 }); }))).toBe(0);
    expect(res!.body.data.total).toBe(7);
    // Page 1 ignores it: the first page's count is the one later pages trust.
    expect((await report({ ...day, pageSize: 3, pageNo: 1, knownTotal: 100 })).body.data.total).toBe(7);
    for (const bad of [-1, 1.5, 'seven', 2 ** 31]) expect((await report({ ...day, pageSize: 3, pageNo: 2, knownTotal: bad })).status).toBe(400);
  });

  it('filters by seat and by part of the customer number; an instant bound cuts within the day', async () => {
    expect((await report({ ...day, userSeatNo: '9102' })).body.data.total).toBe(3);
    expect((await report({ ...day, phoneNo: '00003' })).body.data.list.map((r: { callId: string }) => r.callId)).toEqual(['fx-3']);
    expect((await report({ startTime: `${DAY} 12:00:00`, endTime: `${DAY} 13:00:00` })).body.data.total).toBe(2);
  });
});

describe('bad conditions answer 400 naming the field and run no report SQL', () => {
  const cases: Array<[string, Record<string, unknown>, RegExp]> = [
    ['end before start', { startTime: '2020-03-05', endTime: '2020-03-04' }, /endTime must not be before startTime/],
    ['not a date', { startTime: 'yesterday' }, /startTime/],
    ['a date not on the calendar', { startTime: '2020-02-30' }, /startTime enter a date/],
    ['an hour past 23', { endTime: '2020-02-03 25:00:00' }, /endTime enter a date/],
    ['page size over 1000', { ...day, pageSize: 1001 }, /pageSize/],
    ['page 0', { ...day, pageNo: 0 }, /pageNo/],
    ['unknown key', { ...day, isAdmin: true }, /isAdmin is not an accepted field/],
    ['sort on an undeclared column', { ...day, sortField: 'phoneNo' }, /sortField/],
    ['sort field as SQL', { ...day, sortField: 'c.call_time; DROP TABLE call_records' }, /sortField/],
    ['sort order as SQL', { ...day, sortOrder: 'desc, (SELECT 1)' }, /sortOrder/],
    ['injection in the start', { startTime: "2020-03-02' OR '1'='1" }, /startTime/],
    ['injection in the end', { endTime: '2020-03-02; DELETE FROM call_records' }, /endTime/],
    ['injection in the seat', { userSeatNo: "9101' OR 1=1 --" }, /userSeatNo/],
    ['injection in the number', { phoneNo: "%' OR '1'='1" }, /phoneNo/],
    ['a number where text belongs', { userSeatNo: 9101 }, /userSeatNo/],
    ['a body that is a list', [day] as unknown as Record<string, unknown>, /body/],
  ];
  for (const [label, body, msg] of cases) {
    it(label, async () => {
      let res: Awaited<ReturnType<typeof report>> | undefined;
      const sql = await reportSqlDuring(s.ctx.db, async () => {
        res = await report(body);
      });
      expect(res!.status).toBe(400);
      expect(res!.body.code).toBe(400);
      expect(res!.body.msg).toMatch(msg);
      expect(sql).toEqual([]);
    });
  }

  it('names the field in Chinese by default', async () => {
    const res = await s.call('POST', '/api/CallReport/getFullCallReport', { token: tokens.admin, body: { startTime: '2020-03-05', endTime: '2020-03-04' } });
    expect(res.status).toBe(400);
    expect(res.body.msg).toMatch(/endTime 不能早于 startTime/);
  });

  it('after every refused injection the calls are all still there', async () => {
    expect((await s.ctx.db.query<{ n: number }>(`SELECT count(*) AS n FROM call_records WHERE call_id LIKE 'fx-%'`))[0]!.n).toBe(CALLS.length);
  });
});
