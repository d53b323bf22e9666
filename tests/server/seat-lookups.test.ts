import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startWithLogins } from '../support/demo-logins.ts';
import type { TestServer } from './helpers.ts';
import { arrangeSeat, openLogsOf } from './seat-fixtures.ts';

/** The phone bar's look-ups (idle agents, extension, Changchun flag) and the page-leave beacon. */
let s: TestServer;
let t: Record<'admin' | 'supervisor' | 'agent1' | 'agent2' | 'agent3', string>;
const en = { 'accept-language': 'en' };
beforeAll(async () => ({ s, t } = await startWithLogins(['admin', 'supervisor', 'agent1', 'agent2', 'agent3'])));
afterAll(() => s.close());

const post = (action: string, token: string | undefined, body: unknown, headers: Record<string, string> = {}) =>
  s.call('POST', `/api/${action}`, { ...(token ? { token } : {}), body, headers });

const ROLES = ['admin', 'supervisor', 'agent1'] as const;

describe('User/getIdleUserInfo', () => {
  it('lists the ready seats of logged-in users whose phone bar is there, not the caller, with name and extension', async () => {
    await arrangeSeat(s.ctx.db, '8101', 0);
    await arrangeSeat(s.ctx.db, '8102', 0);
    await arrangeSeat(s.ctx.db, '8103', 3);
    // agent4 never logs in here: ready, but nobody is there to take a transfer.
    await arrangeSeat(s.ctx.db, '8104', 0);
    // Logged in and ready, but no phone bar open (its browser went away): not offered either.
    const presence = s.app.telephony.presence;
    for (const seat of ['8101', '8102', '8103']) await presence.opened(seat);
    expect((await post('User/getIdleUserInfo', t.agent1, {})).body.data.map((a: { userSeatNo: string }) => a.userSeatNo)).toEqual(['8102']);
    await arrangeSeat(s.ctx.db, '8102', 0);
    await s.ctx.db.query("DELETE FROM phone_sockets WHERE user_seat_no = '8102'");
    expect((await post('User/getIdleUserInfo', t.agent1, {})).body.data).toEqual([]);
    await presence.opened('8102');
    const res = await post('User/getIdleUserInfo', t.agent1, {});
    expect(res.status).toBe(200);
    const seats = res.body.data.map((a: { userSeatNo: string }) => a.userSeatNo);
    expect(seats).toContain('8102');
    expect(seats).not.toContain('8101');
    expect(seats).not.toContain('8103');
    expect(seats).not.toContain('8104');
    expect(res.body.data.find((a: { userSeatNo: string }) => a.userSeatNo === '8102')).toEqual({ userChineseName: expect.any(String), fjh: '1102', userSeatNo: '8102' });
  });

  it.each(ROLES)('answers %s; a body with fields is a 400', async (who) => {
    expect((await post('User/getIdleUserInfo', t[who], undefined)).status).toBe(200);
    const bad = await post('User/getIdleUserInfo', t[who], { userSeatNo: '8101' }, en);
    expect(bad.status).toBe(400);
    expect(bad.body.data.errors).toHaveProperty('userSeatNo');
  });
});

describe('User/getFjhByUserSeatNo', () => {
  it.each(ROLES)('%s reads a seat\'s extension as a bare string', async (who) => {
    const res = await post('User/getFjhByUserSeatNo', t[who], { userSeatNo: '8102' });
    expect(res.body).toMatchObject({ code: 200, data: '1102' });
  });

  it('an unknown seat is 404, a bad one 400 naming userSeatNo', async () => {
    expect((await post('User/getFjhByUserSeatNo', t.agent1, { userSeatNo: '7777' })).status).toBe(404);
    const bad = await post('User/getFjhByUserSeatNo', t.agent1, { userSeatNo: '1;DROP' }, en);
    expect(bad.status).toBe(400);
    expect(bad.body.msg).toContain('userSeatNo');
  });
});

describe('AudienceData/getChangChunFlag', () => {
  it.each([
    ['13043101234', 'true'],
    ['+8613504391234', 'true'],
    ['13800101234', 'false'],
    ['19999999999', 'false'],
    ['043188886666', 'true'],
    ['013800101234', 'true'],
    ['1101', 'true'],
  ])('%s answers the string %s', async (mobile, flag) => {
    const res = await post('AudienceData/getChangChunFlag', t.agent1, { mobile });
    expect(res.body).toMatchObject({ code: 200, data: flag });
  });

  it.each(ROLES)('answers %s', async (who) => {
    expect((await post('AudienceData/getChangChunFlag', t[who], { mobile: '13043101234' })).body.data).toBe('true');
  });

  it.each([[''], ['130 4310 1234'], ['1304310\n1234'], ['abc'], [13043101234]])('a bad mobile %j is a 400 naming mobile', async (mobile) => {
    const res = await post('AudienceData/getChangChunFlag', t.agent1, { mobile }, en);
    expect(res.status).toBe(400);
    expect(Object.keys(res.body.data.errors)).toEqual(['mobile']);
  });
});

describe('UserSeatLog/editUserSeatLogByUserSeat as the page-leave beacon', () => {
  const url = '/api/UserSeatLog/editUserSeatLogByUserSeat';
  // navigator.sendBeacon(url, string) sends text/plain;charset=UTF-8 and no Authorization header.
  const beacon = (body: unknown, query = '') =>
    s.app.inject({ method: 'POST', url: `${url}${query}`, headers: { 'content-type': 'text/plain;charset=UTF-8' }, payload: JSON.stringify(body) });

  it('closes the open log with the token in the body', async () => {
    await arrangeSeat(s.ctx.db, '8102', 4);
    const res = await beacon({ token: t.agent2, userSeatNo: '8102', status: 4 });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual({ userSeatNo: '8102', closed: 1 });
    expect(await openLogsOf(s.ctx.db, '8102')).toEqual([]);
  });

  it('closes the open log with the token in the query', async () => {
    await arrangeSeat(s.ctx.db, '8102', 0);
    const res = await beacon({ userSeatNo: '8102' }, `?token=${encodeURIComponent(t.agent2)}`);
    expect(res.statusCode).toBe(200);
    expect(await openLogsOf(s.ctx.db, '8102')).toEqual([]);
  });

  it('leaves a newer status open when the beacon names another', async () => {
    await arrangeSeat(s.ctx.db, '8102', 0);
    const res = await beacon({ token: t.agent2, userSeatNo: '8102', status: 3 });
    expect(res.json().data.closed).toBe(0);
    expect(await openLogsOf(s.ctx.db, '8102')).toHaveLength(1);
  });

  it('without a token, or with a bad one, answers 401 and closes nothing', async () => {
    await arrangeSeat(s.ctx.db, '8102', 0);
    expect((await beacon({ userSeatNo: '8102' })).statusCode).toBe(401);
    expect((await beacon({ token: 'not-a-token', userSeatNo: '8102' })).statusCode).toBe(401);
    expect((await beacon({ userSeatNo: '8102' }, '?token=x.y.z')).statusCode).toBe(401);
    expect(await openLogsOf(s.ctx.db, '8102')).toHaveLength(1);
  });

  it('another agent\'s token is refused (403) and closes nothing', async () => {
    await arrangeSeat(s.ctx.db, '8102', 0);
    expect((await beacon({ token: t.agent1, userSeatNo: '8102' })).statusCode).toBe(403);
    expect(await openLogsOf(s.ctx.db, '8102')).toHaveLength(1);
  });

  it('a text body that is not JSON is a 400', async () => {
    const res = await s.app.inject({ method: 'POST', url, headers: { 'content-type': 'text/plain', 'accept-language': 'en' }, payload: 'status=0' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 400, msg: 'the request body is not valid JSON' });
  });

  it('a token in the body of another endpoint is refused, not read', async () => {
    const res = await post('UserSeatLog/changeSeatStatus', undefined, { token: t.agent2, userSeatNo: '8102', status: 0 });
    expect(res.status).toBe(401);
  });
});
