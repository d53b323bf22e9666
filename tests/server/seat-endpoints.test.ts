import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startWithLogins } from '../support/demo-logins.ts';
import type { TestServer } from './helpers.ts';
import { arrangeSeat, busyOf, logsOf, openLogsOf } from './seat-fixtures.ts';

/** User and UserSeatLog endpoints that change a seat (spec sections 4 and 7): who may, what they write. */
let s: TestServer;
let t: Record<'admin' | 'supervisor' | 'agent1' | 'agent2', string>;
const en = { 'accept-language': 'en' };
beforeAll(async () => ({ s, t } = await startWithLogins(['admin', 'supervisor', 'agent1', 'agent2'])));
afterAll(() => s.close());

const post = (action: string, token: string | undefined, body: unknown, headers: Record<string, string> = {}) =>
  s.call('POST', `/api/${action}`, { ...(token ? { token } : {}), body, headers });

// Every changing endpoint with a body for seat `seat` that changes something from the arranged state (seat at ready, busy 0).
const CHANGES: Array<[action: string, body: (seat: string) => Record<string, unknown>]> = [
  ['User/editBusy', (seat) => ({ userSeatNo: seat, busy: 1 })],
  ['User/setUserInfoLogin', (seat) => ({ userSeatNo: seat })],
  ['User/editUserStatus', (seat) => ({ userSeatNo: seat, status: 12 })],
  ['User/setStatus3', (seat) => ({ userSeatNo: seat })],
  ['UserSeatLog/addUserSeatLogByUserSeat', (seat) => ({ userSeatNo: seat, userChineseName: 'x', status: 11 })],
  ['UserSeatLog/changeSeatStatus', (seat) => ({ userSeatNo: seat, status: 13 })],
  ['UserSeatLog/editUserSeatLogByUserSeat', (seat) => ({ userSeatNo: seat })],
];

const snapshot = async (seat: string) => ({ logs: await logsOf(s.ctx.db, seat), busy: await busyOf(s.ctx.db, seat) });

describe('who may change a seat', () => {
  it.each(CHANGES)('%s: an agent changes its own seat', async (action, body) => {
    await arrangeSeat(s.ctx.db, '8101', 0);
    const before = await snapshot('8101');
    const res = await post(action, t.agent1, body('8101'));
    expect(res.status, res.body.msg).toBe(200);
    expect(await snapshot('8101')).not.toEqual(before);
  });

  it.each(CHANGES)('%s: an agent naming another seat gets 403 and nothing changes', async (action, body) => {
    await arrangeSeat(s.ctx.db, '8102', 0);
    const before = await snapshot('8102');
    const res = await post(action, t.agent1, body('8102'), en);
    expect(res.status).toBe(403);
    expect(res.body.msg).toBe('Permission denied: you can only use your own seat');
    expect(await snapshot('8102')).toEqual(before);
  });

  it.each(CHANGES)('%s: a supervisor changes only its own seat', async (action, body) => {
    await arrangeSeat(s.ctx.db, '8102', 0);
    const before = await snapshot('8102');
    expect((await post(action, t.supervisor, body('8102'))).status).toBe(403);
    expect(await snapshot('8102')).toEqual(before);
    await arrangeSeat(s.ctx.db, '8001', 0);
    expect((await post(action, t.supervisor, body('8001'))).status).toBe(200);
  });

  it.each(CHANGES)('%s: an administrator changes any seat; an unknown seat is 404', async (action, body) => {
    await arrangeSeat(s.ctx.db, '8103', 0);
    const before = await snapshot('8103');
    expect((await post(action, t.admin, body('8103'))).status).toBe(200);
    expect(await snapshot('8103')).not.toEqual(before);
    const missing = await post(action, t.admin, body('7777'), en);
    expect(missing.status).toBe(404);
    expect(missing.body.msg).toBe('no user has this seat number');
  });

  it.each(CHANGES)('%s: 401 without a token', async (action, body) => {
    expect((await post(action, undefined, body('8101'))).status).toBe(401);
  });
});

describe('bad bodies', () => {
  it.each([
    ['User/editBusy', { userSeatNo: '8101', busy: 2 }, 'busy'],
    ['User/editBusy', { userSeatNo: '8101', busy: '0' }, 'busy'],
    ['User/editBusy', { userSeatNo: '8101' }, 'busy'],
    ['User/setStatus3', { userSeatNo: '81a1' }, 'userSeatNo'],
    ['User/setStatus3', {}, 'userSeatNo'],
    ['User/setUserInfoLogin', { userSeatNo: '8101', extra: 1 }, 'extra'],
    ['User/editUserStatus', { userSeatNo: '8101', status: 'ready' }, 'status'],
    ['User/editUserStatus', { userSeatNo: '8101', status: 7 }, 'status'],
    ['UserSeatLog/changeSeatStatus', { userSeatNo: '8101', status: 6 }, 'status'],
    ['UserSeatLog/changeSeatStatus', { userSeatNo: '8101', status: 1 }, 'status'],
    ['UserSeatLog/addUserSeatLogByUserSeat', { userSeatNo: '8101' }, 'status'],
    ['UserSeatLog/addUserSeatLogByUserSeat', { userSeatNo: '8101', status: 0, sStartTime: 'yesterday' }, 'sStartTime'],
    ['UserSeatLog/editUserSeatLogByUserSeat', { userSeatNo: "8101' OR 1=1" }, 'userSeatNo'],
    ['UserSeatLog/editUserSeatLogByUserSeat', { userSeatNo: '8101', id: -1 }, 'id'],
  ])('%s %j answers 400 naming %s and changes nothing', async (action, body, field) => {
    await arrangeSeat(s.ctx.db, '8101', 0);
    const before = await snapshot('8101');
    const res = await post(action, t.agent1, body, en);
    expect(res.status).toBe(400);
    expect(Object.keys(res.body.data.errors)).toContain(field);
    expect(res.body.msg).toContain(field);
    expect(await snapshot('8101')).toEqual(before);
  });

  it('a call status is refused in the agent\'s words, in Chinese by default', async () => {
    const res = await post('UserSeatLog/changeSeatStatus', t.agent1, { userSeatNo: '8101', status: 7 });
    expect(res.body.data.errors.status).toBe('为通话中由电话系统设置的状态，不能手动选择');
  });
});

describe('what the changes write', () => {
  it('editBusy sets the flag; choosing ready sets busy 0, any other status busy 1', async () => {
    await arrangeSeat(s.ctx.db, '8101', 0);
    expect((await post('User/editBusy', t.agent1, { userSeatNo: '8101', busy: 1 })).body.data).toEqual({ userSeatNo: '8101', busy: 1 });
    expect(await busyOf(s.ctx.db, '8101')).toBe(1);
    await post('UserSeatLog/changeSeatStatus', t.agent1, { userSeatNo: '8101', status: 3 });
    await post('UserSeatLog/changeSeatStatus', t.agent1, { userSeatNo: '8101', status: 0 });
    expect(await busyOf(s.ctx.db, '8101')).toBe(0);
    await post('UserSeatLog/changeSeatStatus', t.agent1, { userSeatNo: '8101', status: 12 });
    expect(await busyOf(s.ctx.db, '8101')).toBe(1);
  });

  it('setStatus3 (toilet break) opens a status-3 log and closes the previous one when it begins', async () => {
    await arrangeSeat(s.ctx.db, '8101', 0);
    const [ready] = await openLogsOf(s.ctx.db, '8101');
    const res = await post('User/setStatus3', t.agent1, { userSeatNo: '8101' });
    expect(res.body.data).toMatchObject({ userSeatNo: '8101', status: 3, sEndTime: null, changed: true });
    expect(res.body.data.sStartTime).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    const logs = await logsOf(s.ctx.db, '8101');
    const closed = logs.find((l) => l.id === ready!.id)!;
    expect(closed.open).toBe(false);
    expect(closed.end).toBe(res.body.data.sStartTime);
    expect(await openLogsOf(s.ctx.db, '8101')).toEqual([expect.objectContaining({ id: res.body.data.id, status: 3 })]);
  });

  it('changeSeatStatus writes a log only when the status changes', async () => {
    await arrangeSeat(s.ctx.db, '8101', 0);
    const count = (await logsOf(s.ctx.db, '8101')).length;
    const first = await post('UserSeatLog/changeSeatStatus', t.agent1, { userSeatNo: '8101', status: 11 });
    const again = await post('UserSeatLog/changeSeatStatus', t.agent1, { userSeatNo: '8101', status: 11 });
    expect(first.body.data.changed).toBe(true);
    expect(again.body.data).toMatchObject({ changed: false, id: first.body.data.id });
    expect(await logsOf(s.ctx.db, '8101')).toHaveLength(count + 1);
    // The same holds across the endpoints that choose a status.
    await post('User/editUserStatus', t.agent1, { userSeatNo: '8101', status: 11 });
    await post('UserSeatLog/addUserSeatLogByUserSeat', t.agent1, { userSeatNo: '8101', status: 11 });
    expect(await logsOf(s.ctx.db, '8101')).toHaveLength(count + 1);
  });

  it('setUserInfoLogin marks the login with a status-5 log', async () => {
    await arrangeSeat(s.ctx.db, '8101', null);
    await post('User/setUserInfoLogin', t.agent1, { userSeatNo: '8101' });
    expect(await openLogsOf(s.ctx.db, '8101')).toEqual([expect.objectContaining({ status: 5 })]);
  });
});
