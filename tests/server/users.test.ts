import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startWithLogins } from '../support/demo-logins.ts';
import type { TestServer } from './helpers.ts';

let s: TestServer;
let admin: string;
const api = (path: string, body?: unknown, token = admin) => s.call('POST', `/api/userManagement/${path}`, { token, body: body ?? {}, headers: { 'accept-language': 'en' } });
const newUser = { userName: 'newagent', password: 'secret99', userChineseName: '新坐席', userSeatNo: '8120', fjh: '1120', roles: ['agent'], departId: 1, lineid: 2 };

beforeAll(async () => ({ s, t: { admin } } = await startWithLogins(['admin'])));
afterAll(() => s.close());

describe('users: generic actions', () => {
  it('creates a user who can then log in; the password is never returned', async () => {
    const res = await api('doEdit', newUser);
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ userName: 'newagent', userSeatNo: '8120', roles: ['agent'], pre: '8', companyId: 1, enabled: true });
    expect(res.body.data).not.toHaveProperty('password');
    expect(res.body.data).not.toHaveProperty('userSeatPwd');
    const token = await s.login('newagent', 'secret99');
    const info = await s.call('POST', '/api/default/GetUserInfo', { token });
    expect(info.body.data).toMatchObject({ userSeatNo: '8120', roles: ['agent'], departId: 1 });
  });

  it('refuses a taken user name or seat with 409 naming the field', async () => {
    const res = await api('doEdit', { ...newUser, userName: 'agent1', userSeatNo: '8101' });
    expect(res.status).toBe(409);
    expect(res.body.data.errors).toEqual({ userName: 'is already taken', userSeatNo: 'is already taken' });
    const seat = await api('doEdit', { userId: 3, userSeatNo: '8102' });
    expect(seat.status).toBe(409);
    expect(seat.body.data.errors).toEqual({ userSeatNo: 'is already taken' });
  });

  it('edits fields and roles; an edit without a password keeps the old one', async () => {
    // Its own user: the test does not depend on another test's leftovers.
    await api('doEdit', { ...newUser, userName: 'editagent', userSeatNo: '8121', fjh: '1121' });
    const id = (await api('getList', { userName: 'editagent', pageNo: 1, pageSize: 10 })).body.data.list[0].userId;
    const res = await api('doEdit', { userId: id, userChineseName: '新名字', roles: ['agent', 'supervisor'] });
    expect(res.body.data).toMatchObject({ userChineseName: '新名字', roles: ['agent', 'supervisor'] });
    expect(await s.login('editagent', 'secret99')).toBeTruthy();
    expect((await api('doEdit', { userId: id, roles: ['nosuchrole'] })).status).toBe(400);
    expect((await api('getList', { userId: id })).body.data.list[0].roles).toEqual(['agent', 'supervisor']);
  });

  it('a line or department that does not exist is a 400 naming the field, not a 500', async () => {
    for (const body of [{ userId: 3, lineid: 999 }, { userId: 3, departId: 999 }]) {
      const res = await api('doEdit', body);
      expect(res.status).toBe(400);
      expect(res.body.data.errors).toEqual({ [Object.keys(body)[1]!]: 'does not exist' });
    }
    expect((await api('getList', { userId: 3 })).body.data.list[0]).toMatchObject({ lineid: 1, departId: 1 });
  });

  it('filters, sorts and pages the list', async () => {
    // Expected values from the database: other tests may have added users by now.
    const seats = (await s.ctx.db.query<{ s: string }>('SELECT user_seat_no AS s FROM users ORDER BY user_seat_no, id')).map((r) => r.s);
    const page = await api('getList', { pageNo: 2, pageSize: 3, sortField: 'userSeatNo', sortOrder: 'asc' });
    expect(page.body.data.list.map((u: { userSeatNo: string }) => u.userSeatNo)).toEqual(seats.slice(3, 6));
    expect(page.body.data.total).toBe(seats.length);
    const like810 = seats.filter((x) => (x ?? '').includes('810')).length;
    expect(like810).toBeGreaterThan(0);
    expect((await api('getList', { userSeatNo: '810', pageNo: 1, pageSize: 50 })).body.data.total).toBe(like810);
    expect((await api('getList', { departId: 4 })).body.data.list.map((u: { userName: string }) => u.userName)).toEqual(['orders']);
    expect((await api('getList', { userName: '%' })).body.data.total).toBe(0);
    expect((await api('getListByDepartId', { departId: 2, pageNo: 1, pageSize: 10 })).body.data.list[0].userName).toBe('chat1');
    expect((await api('getListByDepartId', { pageNo: 1 })).status).toBe(400);
  });

  it('deletes a user (sessions go with it) but never your own account', async () => {
    const u = await api('doEdit', { ...newUser, userName: 'temp', userSeatNo: '8199' });
    const token = await s.login('temp', 'secret99');
    expect((await api('doDelete', { ids: [u.body.data.userId] })).body.data).toEqual({ deleted: 1 });
    expect((await s.call('POST', '/api/default/GetUserInfo', { token })).status).toBe(401);
    const self = await api('doDelete', { ids: [1] });
    expect(self.status).toBe(409);
    expect(self.body.msg).toMatch(/your own account/);
  });

  it('disabling a user ends the sessions and refuses new logins', async () => {
    const token = await s.login('agent5', 'agent123');
    expect((await api('doEdit', { userId: 7, enabled: false })).status).toBe(200);
    expect((await s.call('POST', '/api/default/GetUserInfo', { token })).status).toBe(401);
    expect((await s.call('POST', '/api/default/login', { body: { username: 'agent5', password: 'agent123' } })).status).toBe(401);
    await api('doEdit', { userId: 7, enabled: true });
  });
});

describe('users: account actions', () => {
  it('dosEdit changes department and line of several users at once', async () => {
    const res = await api('dosEdit', { ids: [4, 5], departId: 3, lineid: 2 });
    expect(res.body.data).toEqual({ updated: 2 });
    const rows = (await api('getList', { userId: [4, 5] })).body.data.list;
    expect(rows.map((u: { departId: number; lineid: number }) => [u.departId, u.lineid])).toEqual([[3, 2], [3, 2]]);
  });

  it('allocDis moves users to a department, which must exist', async () => {
    expect((await api('allocDis', { ids: [4, 5], departId: 1 })).body.data).toEqual({ updated: 2 });
    expect((await api('allocDis', { ids: [4], departId: 999 })).status).toBe(400);
  });

  it('doReset gives a new password once and ends the user sessions', async () => {
    const token = await s.login('agent2', 'agent123');
    const res = await api('doReset', { userId: 4 });
    expect(res.body.data.password).toMatch(/^[A-Za-z2-9]{12}$/);
    expect((await s.call('POST', '/api/default/GetUserInfo', { token })).status).toBe(401);
    expect(await s.login('agent2', res.body.data.password)).toBeTruthy();
  });

  it('changePwdById needs the current password and works only on your own account', async () => {
    const token = await s.login('agent3', 'agent123');
    expect((await api('changePwdById', { userId: 5, oldPassword: 'wrong!!', newPassword: 'newpass1' }, token)).body.data.errors)
      .toEqual({ oldPassword: 'is not the current password' });
    expect((await api('changePwdById', { userId: 4, oldPassword: 'agent123', newPassword: 'newpass1' }, token)).status).toBe(403);
    expect((await api('changePwdById', { userId: 5, oldPassword: 'agent123', newPassword: '123' }, token)).status).toBe(400);
    expect((await api('changePwdById', { userId: 5, oldPassword: 'agent123', newPassword: 'newpass1' }, token)).status).toBe(200);
    expect((await s.call('POST', '/api/default/GetUserInfo', { token })).status).toBe(200);
    expect(await s.login('agent3', 'newpass1')).toBeTruthy();
  });

  it('saveUserInfo and doEmailMsgEdit change only the caller (or, for an admin, anyone)', async () => {
    const token = await s.login('agent4', 'agent123');
    expect((await api('saveUserInfo', { mobile: '13912345678', userEnglishName: 'Jing' }, token)).status).toBe(200);
    expect((await api('saveUserInfo', { userSeatNo: '1' }, token)).status).toBe(400);
    expect((await api('saveUserInfo', { mobile: '12345' }, token)).status).toBe(400);
    expect((await api('doEmailMsgEdit', { userId: 6, email: 'jing@example.com' }, token)).status).toBe(200);
    expect((await api('doEmailMsgEdit', { userId: 3, email: 'x@example.com' }, token)).status).toBe(403);
    expect((await api('doEmailMsgEdit', { userId: 6, email: 'not-an-email' }, token)).status).toBe(400);
    const me = (await api('getUserInfoByUserId', { userId: 6 }, token)).body.data;
    expect(me).toMatchObject({ mobile: '13912345678', userEnglishName: 'Jing', email: 'jing@example.com', roles: ['agent'] });
    expect((await api('getUserInfoByUserId', { userId: 3 }, token)).status).toBe(403);
    expect((await api('getUserInfoByUserId', { userId: 3 })).body.data.userName).toBe('agent1');
    expect((await api('getUserMobile', { userSeatNo: '8104' }, token)).body.data).toEqual({ mobile: '13912345678', userSeatNo: '8104' });
  });
});

describe('users: look-ups and options', () => {
  it('answers the option lists', async () => {
    const seats = (await api('getUserSeatOptions')).body.data;
    expect(seats).toContainEqual({ label: '8101', value: '8101' });
    expect((await api('getUserSeatOptions0')).body.data).toContainEqual({ label: '李娜 (8101)', value: '8101' });
    const phone = (await api('getSeatUserSeatOptions')).body.data.map((o: { value: string }) => o.value);
    expect(phone).toContain('8101');
    expect(phone).not.toContain('8301');
    expect((await api('getUserSeatOptionsByDepartId', { departId: 4 })).body.data).toEqual([{ label: '周婷 (8301)', value: '8301' }]);
    await s.login('chat1', 'agent123');
    expect((await api('getCurUserSeatOptions')).body.data.map((o: { value: string }) => o.value)).toContain('8201');
    expect((await api('getCurUserSeatOptionsByDepartId', { departId: 2 })).body.data).toEqual([{ label: '赵敏 (8201)', value: '8201' }]);
    expect((await api('getUserChineseNameOptions')).body.data).toContainEqual({ label: '李娜', value: 3 });
    expect((await api('getUserRoleList')).body.data).toEqual([
      { label: '管理员', labelEn: 'Administrator', value: 'admin' }, { label: '班长', labelEn: 'Supervisor', value: 'supervisor' },
      { label: '坐席', labelEn: 'Agent', value: 'agent' }]);
    expect((await api('getDepartIdByUserSeatNo', { userSeatNo: '8301' })).body.data).toEqual({ departId: 4 });
    expect((await api('getDepartIdByUserSeatNo', { userSeatNo: '9999' })).status).toBe(404);
  });

  it('offers as phone-bar seats those whose department has the phone_bar flag, not a list of ids', async () => {
    const dept = async (name: string, phoneBar: boolean) =>
      (await s.call('POST', '/api/departmentManagement/doEdit', { token: admin, body: { name, phoneBar } })).body.data.id as number;
    const [without, withBar] = [await dept('无话务条部门', false), await dept('有话务条部门', true)];
    expect((await api('doEdit', { ...newUser, userName: 'nobar', userSeatNo: '8130', fjh: '1130', departId: without })).status).toBe(200);
    expect((await api('doEdit', { ...newUser, userName: 'withbar', userSeatNo: '8131', fjh: '1131', departId: withBar })).status).toBe(200);
    const seats = (await api('getSeatUserSeatOptions')).body.data.map((o: { value: string }) => o.value);
    expect(seats).not.toContain('8130');
    expect(seats).toContain('8131');
  });
});
