import crypto from 'node:crypto';
import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { excelSerial, readSheet } from '../support/xlsx-read.ts';
import { startWithLogins } from '../support/demo-logins.ts';
import { newCallId } from './callinfo-fixtures.ts';
import { CLOCK_NOW_SQL } from '../../schemas/clock-sql.ts';
import type { TestServer } from './helpers.ts';

/**
 * The screens and exports of the reports derived in code (schemas/reports/shared/derived.ts):
 * the archived call report exported through the report export route (only archived rows, the
 * page's rows in the page's order), the period comparison's export (KPI labels in the caller's
 * language, the endpoint's figures), who may export them, bad conditions, and their menu entries.
 */
const en = JSON.parse(fs.readFileSync(new URL('../../src/locales/en.json', import.meta.url), 'utf8')) as { reports: { columns: Record<string, string> } };
/** The call report's nine columns (the archive has no recording column). */
const CALL_KEYS = ['callId', 'userSeatNo', 'phoneNo', 'callTime', 'answerTime', 'destroyTime', 'linkFlag', 'ringSeconds', 'callSeconds'];

let s: TestServer;
let t: Record<'admin' | 'supervisor' | 'agent1', string>;
type Row = Record<string, unknown>;

beforeAll(async () => ({ s, t } = await startWithLogins(['admin', 'supervisor', 'agent1'])));
afterAll(() => s.close());

const data = async (path: string, body: unknown, token: string) => {
  const res = await s.call('POST', `/api/${path}`, { token, body, headers: { 'accept-language': 'en' } });
  expect(res.status, res.body.msg).toBe(200);
  return res.body.data as { list: Row[]; total: number };
};
const exportOf = (path: string, body: unknown, o: { token?: string | null; format?: string; lang?: string } = {}) =>
  s.app.inject({
    method: 'POST',
    url: `/api/export/${path}${o.format ? `?format=${o.format}` : ''}`,
    headers: { ...(o.token === null ? {} : { authorization: `Bearer ${o.token ?? t.supervisor}` }), 'accept-language': o.lang ?? 'en', 'content-type': 'application/json' },
    payload: JSON.stringify(body),
  });

const uniquePhone = () => `139${crypto.randomInt(10_000_000, 99_999_999)}`;
/** One answered inbound call of `seat` at `at` (an SQL timestamptz expression; the server's now is CLOCK_NOW_SQL). */
async function call(seat: string, at: string, phone: string, ring = 5) {
  await s.ctx.db.query(
    `INSERT INTO call_records (call_id, direction, user_seat_no, phone_no, call_time, answer_time, destroy_time, link_flag, ring_seconds, call_seconds)
     SELECT $1, 'in', $2, $3, x.at, x.at + make_interval(secs => $4::int), x.at + make_interval(secs => $4::int + 60), 1, $4::int, 60
     FROM (SELECT ${at} AS at) x`,
    [newCallId(seat), seat, phone, ring]);
}

describe('export of the archived call report', () => {
  it('holds only the archived calls, as the page lists them, ring seconds at most 60', async () => {
    const phone = uniquePhone();
    await call('9611', "'2019-03-04 09:00:00'::timestamptz", phone, 75);
    await call('9612', "'2019-03-05 10:30:00'::timestamptz", phone);
    await call('9611', CLOCK_NOW_SQL, phone);
    const { list } = await data('CallReport/getOldAllCallReportByPage', { phoneNo: phone, pageSize: 100 }, t.supervisor);
    expect(list.map((r) => r.userSeatNo)).toEqual(['9612', '9611']);

    const res = await exportOf('CallReport/getOldAllCallReportByPage', { phoneNo: phone }, { format: 'xlsx' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['x-export-rows']).toBe('2');
    expect(decodeURIComponent(String(res.headers['content-disposition']))).toContain('Archived call report-');
    const { rows } = readSheet(res.rawPayload);
    expect(rows[0]).toEqual(CALL_KEYS.map((key) => en.reports.columns[key]));
    expect(rows.slice(1, -1).map((r) => [r[0], r[1], r[2], r[3], r[7]])).toEqual(
      list.map((r) => [r.callId, r.userSeatNo, phone, excelSerial(String(r.callTime)), Math.min(Number(r.ringSeconds), 60)]));
    expect(rows[2]![7]).toBe(60);
    // Then the totals row: both calls counted, their ring time (at most 60 s a call) summed.
    expect([rows.at(-1)![0], rows.at(-1)![7]]).toEqual(['Total (2 rows)', rows[1]![7] as number + 60]);

    const csv = await exportOf('CallReport/getOldAllCallReportByPage', { phoneNo: phone }, { format: 'csv', lang: 'zh-CN' });
    expect(csv.statusCode).toBe(200);
    const lines = csv.body.replace(/^\uFEFF/, '').trim().split('\r\n');
    expect(lines).toHaveLength(4);
    expect(lines[3]).toMatch(/^合计（2 条）,/);
    expect(lines[0]).toContain('通话ID');
  });

  it('is refused to agents and strangers, and refuses bad conditions naming the field', async () => {
    expect((await exportOf('CallReport/getOldAllCallReportByPage', {}, { token: t.agent1 })).statusCode).toBe(403);
    expect((await exportOf('CallReport/getOldAllCallReportByPage', {}, { token: null })).statusCode).toBe(401);
    for (const [body, field] of [[{ archived: true }, 'archived'], [{ startTime: '2019-02-30' }, 'startTime'], [{ phoneNo: "1' OR '1'='1" }, 'phoneNo']] as const) {
      const res = await exportOf('CallReport/getOldAllCallReportByPage', body);
      expect(res.statusCode).toBe(400);
      expect(res.json().msg).toContain(field);
    }
    expect((await exportOf('CallReport/getOldAllCallReportByPage', {}, { format: 'pdf' })).statusCode).toBe(400);
  });
});

describe('export of the period comparison', () => {
  const ranges = { startTime: '2019-07-01', endTime: '2019-07-31', compareStartTime: '2019-06-01', compareEndTime: '2019-06-30' };

  it('writes one row per KPI with its label in the caller\'s language and the endpoint\'s figures', async () => {
    const seat = `97${crypto.randomInt(10, 99)}`;
    await call(seat, "'2019-07-02 09:00:00'::timestamptz", uniquePhone());
    await call(seat, "'2019-07-03 09:00:00'::timestamptz", uniquePhone());
    await call(seat, "'2019-06-03 09:00:00'::timestamptz", uniquePhone());
    const body = { ...ranges, userSeatNo: seat };
    const { list } = await data('CallInfo/getComparisonByConditions', body, t.supervisor);
    const en = await exportOf('CallInfo/getComparisonByConditions', body, { format: 'xlsx' });
    expect(en.statusCode).toBe(200);
    expect(en.headers['x-export-rows']).toBe(String(list.length));
    const { rows } = readSheet(en.rawPayload);
    expect(rows[0]).toEqual(['Indicator', 'Current period', 'Comparison period', 'Change']);
    // An empty cell is a figure the range has none of (no calls: no average), null in the answer.
    expect(rows.slice(1).map((r) => [r[1] ?? null, r[2] ?? null, r[3] ?? null])).toEqual(list.map((r) => [r.current, r.previous, r.change]));
    const calls = rows.slice(1)[list.findIndex((r) => r.kpi === 'calls')]!;
    expect(calls).toEqual(['Calls (in + out)', 2, 1, 1]);

    const zh = await exportOf('CallInfo/getComparisonByConditions', body, { format: 'csv', lang: 'zh-CN' });
    expect(zh.statusCode).toBe(200);
    const lines = zh.body.replace(/^\uFEFF/, '').trim().split('\r\n');
    expect(lines[0]).toBe('指标,本期,对比期,变化');
    expect(lines).toHaveLength(list.length + 1);
    expect(decodeURIComponent(String(zh.headers['content-disposition']))).toContain('时段对比-');
  });

  it('gives an agent its own seat\'s figures, refuses strangers and bad conditions', async () => {
    const agent = await data('CallInfo/getComparisonByConditions', ranges, t.agent1);
    const res = await exportOf('CallInfo/getComparisonByConditions', ranges, { token: t.agent1, format: 'xlsx' });
    expect(res.statusCode).toBe(200);
    expect(readSheet(res.rawPayload).rows.slice(1).map((r) => r[1] ?? null)).toEqual(agent.list.map((r) => r.current));
    expect((await exportOf('CallInfo/getComparisonByConditions', ranges, { token: null })).statusCode).toBe(401);
    for (const [body, field] of [
      [{ ...ranges, compareStartTime: undefined }, 'compareStartTime'],
      [{ ...ranges, compareEndTime: '2019-05-01' }, 'compareEndTime'],
      [{ ...ranges, sortField: 'x; DROP TABLE users' }, 'sortField'],
    ] as const) {
      const bad = await exportOf('CallInfo/getComparisonByConditions', body);
      expect(bad.statusCode).toBe(400);
      expect(bad.json().msg).toContain(field);
    }
  });
});

describe('menu entries of the derived screens', () => {
  interface Route { path: string; component: string; children?: Route[] }
  const flat = (routes: Route[]): Route[] => routes.flatMap((r) => [r, ...flat(r.children ?? [])]);
  const routesOf = async (token: string) => flat((await s.call('POST', '/api/router/getList', { token })).body.data as Route[]);

  it('places the archive and the comparison under the reports for supervisors and admins, not agents', async () => {
    for (const token of [t.admin, t.supervisor]) {
      const routes = await routesOf(token);
      expect(routes).toContainEqual(expect.objectContaining({ path: '/reportcall/archive', component: 'reports/oldAllCallReportByPage' }));
      expect(routes).toContainEqual(expect.objectContaining({ path: '/reportcall/comparison', component: 'ComparisonReport' }));
    }
    const agent = (await routesOf(t.agent1)).map((r) => r.path);
    expect(agent).not.toContain('/reportcall/archive');
    expect(agent).not.toContain('/reportcall/comparison');
  });
});
