import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEPARTMENTS } from '../../server/db/demo-accounts.ts';
import { startWithLogins } from '../support/demo-logins.ts';
import { engine, type TestServer } from './helpers.ts';

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
