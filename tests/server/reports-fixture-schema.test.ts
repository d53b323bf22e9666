import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ReportSchema } from '../../schemas/report-types.ts';
import fullCallReport from '../../schemas/reports/full-call-report.ts';
import { reportView } from '../../schemas/report-view.ts';
import { checkReportWords } from '../../server/reports/export-titles.ts';
import { loadReportSchemas, REPORTS_DIR } from '../../server/reports/load.ts';
import { buildReport, buildReports } from '../../server/reports/model.ts';
import { verifyReports } from '../../server/reports/verify.ts';
import { startTestServer, type TestServer } from './helpers.ts';
import { DAY, insertFixture } from './reports-fixture.ts';

// The fixture folder is added to the project's own: nothing else about "FixtureReport" exists anywhere.
let s: TestServer;
beforeAll(async () => {
  s = await startTestServer({ reportDirs: [REPORTS_DIR, path.resolve(import.meta.dirname, '../fixtures/reports')] });
  await insertFixture(s.ctx.db);
  await s.ctx.db.query(`INSERT INTO call_records (call_id, direction, user_seat_no, call_time, call_seconds) VALUES ('fx-own', 'in', '8101', $1::timestamp, 500)`, [`${DAY} 16:00:00`]);
});
afterAll(() => s.close());

const call = (body: unknown, token?: string) => s.call('POST', '/api/FixtureReport/getLongCalls', { token, body, headers: { 'accept-language': 'en' } });

describe('a report added by one schema file', () => {
  it('gets its endpoint: conditions with an x-sql fragment, sorting, totals', async () => {
    const token = await s.login('supervisor', 'super123');
    const res = await call({ startTime: DAY, endTime: DAY, minSeconds: 100, sortField: 'callSeconds', sortOrder: 'desc' }, token);
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({
      list: [{ callId: 'fx-own', userSeatNo: '8101', callSeconds: 500 }, { callId: 'fx-2', userSeatNo: '9101', callSeconds: 200 }, { callId: 'fx-1', userSeatNo: '9101', callSeconds: 100 }],
      total: 3, totals: { callSeconds: 800 },
    });
    expect((await call({ minSeconds: -1 }, token)).body.msg).toMatch(/minSeconds/);
    expect((await call({ minSeconds: '100 OR 1=1' }, token)).status).toBe(400);
  });

  it('shows an agent only the calls of their own seat (ownSeat), whatever the conditions say', async () => {
    const token = await s.login('agent1', 'agent123');
    const res = await call({ startTime: DAY, endTime: DAY }, token);
    expect(res.status).toBe(200);
    expect(res.body.data.list.map((r: { callId: string }) => r.callId)).toEqual(['fx-own']);
    expect(res.body.data.totals).toEqual({ callSeconds: 500 });
    expect((await call({ startTime: DAY })).status).toBe(401);
  });
});

describe('the same schema file gives a menu entry and an export', () => {
  type Route = { name: string; path: string; component: string; meta: { title: string }; children?: Route[] };
  const children = (routes: Route[]) => routes.flatMap((r) => r.children ?? []);

  it('shows in the menu of the roles its access rule names, mounted as its report screen', async () => {
    for (const [user, password] of [['supervisor', 'super123'], ['agent1', 'agent123']]) {
      const routes = (await s.call('POST', '/api/router/getList', { token: await s.login(user!, password!) })).body.data as Route[];
      const entry = children(routes).find((r) => r.component === 'reports/fixtureLongCalls');
      expect(entry, user).toMatchObject({ path: '/reportcall/fixture-long-calls', meta: { title: 'reports.fixtureLongCalls.title' } });
    }
  });

  it('exports the rows its endpoint answers, own seat included', async () => {
    const csv = async (token: string) => {
      const res = await s.app.inject({
        method: 'POST', url: '/api/export/FixtureReport/getLongCalls?format=csv',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', 'accept-language': 'en' },
        payload: JSON.stringify({ startTime: DAY, endTime: DAY, minSeconds: 100 }),
      });
      expect(res.statusCode).toBe(200);
      // The lines between the titles and the totals row, which sums the call lengths as the screen does.
      const lines = res.rawPayload.toString('utf8').slice(1).split('\r\n').filter(Boolean).map((l) => l.split(','));
      expect(lines.at(-1)![0]).toBe('Total');
      return lines.slice(1, -1);
    };
    const supervisor = await s.login('supervisor', 'super123');
    const answered = (await call({ startTime: DAY, endTime: DAY, minSeconds: 100 }, supervisor)).body.data.list as Record<string, unknown>[];
    expect(await csv(supervisor)).toEqual(answered.map((r) => [r.callId, r.userSeatNo, String(r.callSeconds)]));
    expect(await csv(await s.login('agent1', 'agent123'))).toEqual([['fx-own', '8101', '500']]);
  });
});

describe('the same schema file gives the console its page (the report catalogue)', () => {
  type View = ReturnType<typeof reportView>;
  const catalogue = async (token?: string) => s.call('GET', '/api/reports/catalogue', { token });

  it('describes the report to every signed-in user, with its own words and without any SQL', async () => {
    expect((await catalogue()).status).toBe(401);
    for (const [user, password] of [['supervisor', 'super123'], ['agent1', 'agent123']]) {
      const res = await catalogue(await s.login(user!, password!));
      expect(res.status, user).toBe(200);
      const reports = res.body.data.reports as View[];
      const fixture = reports.find((r) => r.id === 'fixtureLongCalls')!;
      expect(fixture).toMatchObject({
        endpoint: { module: 'FixtureReport', action: 'getLongCalls' },
        menu: { path: '/reportcall/fixture-long-calls' },
        words: { en: { title: 'Long calls (fixture)' } },
        columns: [{ key: 'callId', format: 'text' }, { key: 'userSeatNo', format: 'text' }, { key: 'callSeconds', format: 'duration', total: 'sum' }],
        conditions: { properties: { minSeconds: { type: 'integer', minimum: 0 }, startTime: { 'x-filter': { op: 'range', bound: 'from' } } } },
      });
      // The project's reports and the archived call report are there too; no SQL of any leaves the server.
      expect(reports.map((r) => r.id)).toEqual(expect.arrayContaining(['fullCallReport', 'oldAllCallReportByPage']));
      const text = JSON.stringify(reports);
      for (const sql of ['call_records', 'x-sql', '"sql":', '"from":', '"where":', '"groupBy":', 'ownSeat', 'tieBreak', 'c.call_seconds']) expect(text, sql).not.toContain(sql);
    }
  });

  it('titles the export with the words of the schema', async () => {
    const token = await s.login('supervisor', 'super123');
    for (const [lang, header] of [['en', 'Call ID,Seat extension,Call length'], ['zh', '通话时长']] as const) {
      const res = await s.app.inject({
        method: 'POST', url: '/api/export/FixtureReport/getLongCalls?format=csv',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', 'accept-language': lang },
        payload: JSON.stringify({ startTime: DAY, endTime: DAY }),
      });
      expect(res.rawPayload.toString('utf8').slice(1).split('\r\n')[0]).toContain(header);
    }
  });
});

describe('a broken report schema stops the server', () => {
  const base = fullCallReport as unknown as ReportSchema;
  const broken = (patch: Partial<ReportSchema>) => ({ ...base, ...patch }) as ReportSchema;
  it('is refused when it names what does not exist', () => {
    expect(() => buildReport(broken({ sorters: ['nope'] }))).toThrow(/sorter "nope" is not a column/);
    expect(() => buildReport(broken({ chart: { type: 'line', x: 'callTime', y: ['nope'] } }))).toThrow(/chart "nope"/);
    expect(() => buildReport(broken({ endpoint: { module: 'CallReport', action: 'get x' } }))).toThrow(/not a plain name/);
    expect(() => buildReport(broken({ from: 'call_records c; DROP TABLE users' }))).toThrow(/";"/);
    const twoDollars = { ...base.conditions, properties: { ...base.conditions.properties, x: { type: 'string', 'x-sql': 'c.phone_no = $ OR c.call_id = $' } } };
    expect(() => buildReport(broken({ conditions: twoDollars }))).toThrow(/exactly one \$/);
    const none = { ...base.conditions, properties: { ...base.conditions.properties, x: { type: 'string' } } };
    expect(() => buildReport(broken({ conditions: none }))).toThrow(/exactly one of x-sql and x-filter/);
    expect(() => buildReports([base, broken({ id: 'other' })])).toThrow(/two reports answer/);
    expect(() => buildReports([broken({ drill: { callId: { report: 'missing', conditions: {} } } })])).toThrow(/unknown report "missing"/);
    // A menu icon the console does not bundle, a code table that does not exist.
    expect(() => buildReport(broken({ menu: { parent: 'reportcall', path: '/x', icon: 'RocketOutlined' as never, order: 1 } }))).toThrow(/menu icon "RocketOutlined" is not one of the console's icons \(ApartmentOutlined, /);
    expect(() => buildReport(broken({ columns: [{ key: 'callId', sql: 'c.call_id', format: 'text', codes: 'colours' as never }] }))).toThrow(/unknown code table "colours"/);
    // A drill that drops a condition of its report that the opened report also takes.
    const other = { ...base, id: 'other', endpoint: { module: 'CallReport', action: 'getOther' } } as ReportSchema;
    expect(() => buildReports([other, broken({ drill: { callId: { report: 'other', conditions: { startTime: 'conditions.startTime' } } } })]))
      .toThrow(/does not carry the condition\(s\) endTime, userSeatNo, phoneNo, direction, answered/);
  });

  it('is refused at start under a menu parent the console does not have, naming its file', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cc-parent-'));
    try {
      const file = path.join(dir, 'lost.ts');
      const menu = { parent: 'reports', path: '/reports/lost', icon: 'PhoneOutlined', order: 1 };
      fs.writeFileSync(file, `export default ${JSON.stringify({ ...base, id: 'lostReport', endpoint: { module: 'Lost', action: 'getLost' }, menu })};\n`);
      const [schema] = await loadReportSchemas([dir]);
      expect(() => buildReports([schema!])).toThrow(`${file}: report lostReport: menu parent "reports" is not one of the console's menu groups (reportcall, system; no parent: the top level)`);
      expect(() => buildReports([{ ...schema!, menu: { ...menu, parent: 'reportcall' as const, icon: 'PhoneOutlined' as const } }])).not.toThrow();
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it('is refused when a word of its page is missing in either language', () => {
    const words = { zh: { title: '无词报表' }, en: { title: 'Wordless', columns: { callId: 'Call' } } };
    const view = (patch: Partial<ReportSchema>) => reportView(broken({ id: 'wordless', ...patch }));
    expect(() => checkReportWords([view({ words })])).not.toThrow();
    expect(() => checkReportWords([view({})])).toThrow(/report wordless: no zh words for reports.wordless.title/);
    const newColumn = [...base.columns, { key: 'brandNew', sql: 'c.call_id', format: 'text' } as const];
    expect(() => checkReportWords([view({ words, columns: newColumn })])).toThrow(/no zh words for column brandNew/);
    const newCondition = { ...base.conditions, properties: { ...base.conditions.properties, brandNew: { type: 'string', 'x-sql': 'c.call_id = $' } } };
    expect(() => checkReportWords([view({ words, conditions: newCondition })])).toThrow(/no zh words for condition brandNew/);
  });

  it('is refused when its SQL does not run against the database', async () => {
    const model = buildReport(broken({ id: 'badColumn', columns: [...base.columns, { key: 'oops', sql: 'c.no_such_column', format: 'text' }] }));
    await expect(verifyReports(s.ctx.db, [model])).rejects.toThrow(/report badColumn: its SQL does not run/);
  });

  it('is tried once per database and schema: a later start skips it, a changed column tries it again', async () => {
    const model = buildReport(broken({ id: 'onceOnly', columns: [...base.columns, { key: 'extra', sql: 'c.ivr_extra_note', format: 'text' }] }));
    await s.ctx.db.exec('ALTER TABLE call_records ADD COLUMN ivr_extra_note text');
    const tried = () => s.ctx.db.query<{ n: number }>('SELECT count(*)::int AS n FROM report_checks').then((r) => r[0]!.n);
    const before = await tried();
    await verifyReports(s.ctx.db, [model]);
    expect(await tried()).toBe(before + 1);
    // The same statements on the same columns: recorded, so not tried again (and nothing added).
    const statements: string[] = [];
    const watched = { ...s.ctx.db, query: (sql: string, params?: readonly unknown[]) => (statements.push(sql), s.ctx.db.query(sql, params)) } as typeof s.ctx.db;
    await verifyReports(watched, [model]);
    expect(statements.filter((sql) => sql.includes('LIMIT 0'))).toEqual([]);
    expect(await tried()).toBe(before + 1);
    // The column goes: the fingerprint changes, the statements are tried again and the server would not start.
    await s.ctx.db.exec('ALTER TABLE call_records DROP COLUMN ivr_extra_note');
    await expect(verifyReports(s.ctx.db, [model])).rejects.toThrow(/report onceOnly: its SQL does not run/);
    expect(await tried()).toBe(before + 1);
  });
});
