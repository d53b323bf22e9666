import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COMPANY, DEPARTMENTS, LINES, ROLES } from '../../server/db/demo-accounts.ts';
import { startWithLogins } from '../support/demo-logins.ts';
import { engine, openTestDb, type TestServer } from './helpers.ts';

let s: TestServer;
let admin: string;
beforeAll(async () => ({ s, t: { admin } } = await startWithLogins(['admin'])));
afterAll(() => s.close());

const api = (action: string, body?: unknown, token = admin) =>
  s.call('POST', `/api/${action}`, { token, body, headers: { 'accept-language': 'en' } });
const department = async (id: number) => (await api('departmentManagement/getList', { id })).body.data.list[0];
const userInfo = async (username: string, password: string) =>
  (await api('default/GetUserInfo', undefined, await s.login(username, password))).body.data;
const siteTitle = async (username: string) => (await s.call('POST', '/api/default/GetUserInfoByLogin', { body: { username } })).body.data.siteTitle;

/** A user of its own in the given department (or none), so no test depends on another's users. */
async function newUser(departId: number | null) {
  const userName = `dep${crypto.randomBytes(4).toString('hex')}`;
  const seat = String(crypto.randomInt(10_000_000, 99_999_999));
  const res = await api('userManagement/doEdit', { userName, password: 'secret123', userChineseName: '测试', userSeatNo: seat, roles: ['agent'], departId });
  expect(res.status, res.body.msg).toBe(200);
  return userName;
}

describe(`English names on ${engine}`, () => {
  it('seeded departments, roles and lines have their English names, and their options answer them beside the names', async () => {
    for (const d of DEPARTMENTS) expect(await department(d.id)).toMatchObject({ name: d.name, nameEn: d.nameEn });
    const departments = (await api('departmentManagement/getDepartmentOptions')).body.data as Array<{ label: string; labelEn: string; value: number }>;
    for (const d of DEPARTMENTS) expect(departments).toContainEqual(expect.objectContaining({ label: d.name, labelEn: d.nameEn, value: d.id }));
    const roles = (await api('roleManagement/getRoleOptions')).body.data;
    for (const r of ROLES) expect(roles).toContainEqual({ label: r.name, labelEn: r.nameEn, value: r.code });
    const lines = (await api('lineManagement/getLineOptions')).body.data;
    for (const l of LINES) expect(lines).toContainEqual({ label: l.lineName, labelEn: l.lineNameEn, value: l.id });
    // Where work orders may go, for the order form: the departments that take them, with their English names.
    const dispatch = (await api('WorkOrder/getDispatchOptions')).body.data.departments;
    expect(dispatch).toEqual(DEPARTMENTS.filter((d) => d.workOrders).map((d) => ({ label: d.name, labelEn: d.nameEn, value: d.id })));
  });

  it("migrations 047 and 049 give a database seeded before them the seed's English names, and leave a renamed row alone", async () => {
    const { db, drop } = await openTestDb(s.ctx.config.timeZone, 0, 'seeded');
    try {
      await db.query("UPDATE departments SET name_en = ''");
      await db.query("UPDATE roles SET name_en = ''");
      await db.query("UPDATE lines SET line_name_en = ''");
      await db.query("UPDATE departments SET name = '改名部' WHERE id = 6");
      const sql = fs.readFileSync(path.join('server/db/migrations', '047_english_names.sql'), 'utf8');
      await db.exec(sql.slice(sql.indexOf('UPDATE departments')));
      const names = await db.query<{ id: number; name_en: string }>('SELECT id, name_en FROM departments ORDER BY id');
      expect(names).toEqual(DEPARTMENTS.map((d) => ({ id: d.id, name_en: d.id === 6 ? '' : d.nameEn })));
      expect(await db.query('SELECT code, name_en FROM roles ORDER BY id')).toEqual(ROLES.map((r) => ({ code: r.code, name_en: r.nameEn })));
      expect(await db.query('SELECT id, line_name_en FROM lines ORDER BY id')).toEqual(LINES.map((l) => ({ id: l.id, line_name_en: l.lineNameEn })));
      // 049 does the same for the company.
      await db.query("UPDATE companies SET name_en = ''");
      const company = fs.readFileSync(path.join('server/db/migrations', '049_company_name_en.sql'), 'utf8');
      await db.exec(company.slice(company.indexOf('UPDATE companies')));
      expect(await db.query('SELECT id, name_en FROM companies')).toEqual([{ id: COMPANY.id, name_en: COMPANY.nameEn }]);
    } finally {
      await db.close();
      await drop();
    }
  });

  it("the call lists name a call's line in English for English readers, on the screen and in the export", async () => {
    const day = '2020-03-02';
    await s.ctx.db.query(
      `INSERT INTO call_records (call_id, direction, user_seat_no, phone_no, line_id, call_time, destroy_time, link_flag, ring_seconds, call_seconds)
       VALUES ('en-line-1', 'in', '8101', '13700000001', 1, $1::timestamp + interval '9 hours', $1::timestamp + interval '9 hours 2 minutes', 1, 5, 100)`, [day]);
    const path = '/api/CallReport/getCallservicedetailsByConditions';
    const ask = (lang: string) => s.call('POST', path, { token: admin, body: { startTime: day, endTime: day, pageNo: 1, pageSize: 10 }, headers: { 'accept-language': lang } });
    expect((await ask('en')).body.data.list).toEqual([expect.objectContaining({ callId: 'en-line-1', lineName: LINES[0]!.lineNameEn })]);
    expect((await ask('zh')).body.data.list).toEqual([expect.objectContaining({ callId: 'en-line-1', lineName: LINES[0]!.lineName })]);
    for (const [lang, name] of [['en', LINES[0]!.lineNameEn], ['zh', LINES[0]!.lineName]] as const) {
      const res = await s.app.inject({
        method: 'POST', url: '/api/export/CallReport/getCallservicedetailsByConditions?format=csv', payload: { startTime: day, endTime: day },
        headers: { authorization: `Bearer ${admin}`, 'accept-language': lang },
      });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.body).toContain(name);
    }
  });

  it('an English name longer than 64 characters is refused, and nothing changes', async () => {
    const res = await api('departmentManagement/doEdit', { id: 3, nameEn: 'x'.repeat(65) });
    expect(res.status).toBe(400);
    expect(await department(3)).toMatchObject({ nameEn: DEPARTMENTS[2]!.nameEn });
  });
});

describe(`department flags on ${engine}`, () => {
  it('are seeded as the spec says: 4 and 5 show the work-order title, 4, 5 and 6 have no phone bar', async () => {
    for (const d of DEPARTMENTS) {
      expect(await department(d.id)).toMatchObject({ id: d.id, workOrderTitle: [4, 5].includes(d.id), phoneBar: ![4, 5, 6].includes(d.id) });
    }
  });

  it("reach the session user: the work-order agent gets the title and no phone bar, a phone agent the opposite", async () => {
    expect(await userInfo('orders', 'orders123')).toMatchObject({ departId: 4, workOrderTitle: true, phoneBar: false });
    expect(await userInfo('agent1', 'agent123')).toMatchObject({ departId: 1, workOrderTitle: false, phoneBar: true });
    expect(await siteTitle('orders')).toBe('workorder');
  });

  it('an administrator creates a second work-order department whose users get the work-order title', async () => {
    const created = await api('departmentManagement/doEdit', { name: `第二工单部${crypto.randomBytes(2).toString('hex')}`, workOrderTitle: true, phoneBar: false });
    expect(created.status, created.body.msg).toBe(200);
    expect(created.body.data).toMatchObject({ workOrderTitle: true, phoneBar: false });
    const user = await newUser(created.body.data.id);
    expect(await userInfo(user, 'secret123')).toMatchObject({ workOrderTitle: true, phoneBar: false });
    expect(await siteTitle(user)).toBe('workorder');
    // The flags are data: switching them off changes what the same user gets at the next GetUserInfo.
    expect((await api('departmentManagement/doEdit', { id: created.body.data.id, workOrderTitle: false, phoneBar: true })).status).toBe(200);
    expect(await userInfo(user, 'secret123')).toMatchObject({ workOrderTitle: false, phoneBar: true });
    expect(await siteTitle(user)).toBe('console');
  });

  it('default to no work-order title and a phone bar, for a new department and for a user without one', async () => {
    const created = await api('departmentManagement/doEdit', { name: `普通部门${crypto.randomBytes(2).toString('hex')}` });
    expect(created.body.data).toMatchObject({ workOrderTitle: false, phoneBar: true });
    expect(await userInfo(await newUser(null), 'secret123')).toMatchObject({ departId: null, workOrderTitle: false, phoneBar: true });
  });

  it('refuse a value that is not a boolean with a 400 naming the field, changing nothing', async () => {
    const before = await department(5);
    for (const body of [{ id: 5, workOrderTitle: 'yes' }, { id: 5, phoneBar: 1 }, { id: 5, phoneBar: null }]) {
      const res = await api('departmentManagement/doEdit', body);
      expect(res.status).toBe(400);
      expect(Object.keys(res.body.data.errors)).toEqual([Object.keys(body)[1]]);
    }
    expect(await department(5)).toEqual(before);
  });

  it('may be changed only by an administrator', async () => {
    const supervisor = await s.login('supervisor', 'super123');
    expect((await api('departmentManagement/doEdit', { id: 4, workOrderTitle: false }, supervisor)).status).toBe(403);
    expect(await department(4)).toMatchObject({ workOrderTitle: true });
  });
});
