/**
 * The phone bar's first status write (login 5, or the status a reload closed) is conditional:
 * `ifNoneOpen` writes it only when the seat still has no open status, decided under the seat's
 * lock (server/seats/status-log.ts). A status set elsewhere just before (another tab, the API)
 * survives; the answer says which log is open and that nothing was written.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { engine, startTestServer, type TestServer } from './helpers.ts';
import { arrangeSeat, busyOf, logsOf, openLogsOf } from './seat-fixtures.ts';

let s: TestServer;
const t = {} as Record<'agent1' | 'agent2' | 'agent3' | 'agent4' | 'admin', string>;
beforeAll(async () => {
  s = await startTestServer();
  for (const user of ['agent1', 'agent2', 'agent3', 'agent4'] as const) t[user] = await s.login(user, 'agent123');
  t.admin = await s.login('admin', 'admin123');
});
afterAll(() => s.close());

const post = (action: string, token: string, body: unknown) =>
  s.call('POST', `/api/${action}`, { token, body, headers: { 'accept-language': 'en' } });
const firstLogin = (token: string, seat: string) => post('User/setUserInfoLogin', token, { userSeatNo: seat, ifNoneOpen: true });

describe(`the phone bar's first status write (${engine})`, () => {
  it('logs the login (5) when the seat has no open status', async () => {
    await arrangeSeat(s.ctx.db, '8101', null);
    const res = await firstLogin(t.agent1, '8101');
    expect(res.status, res.body.msg).toBe(200);
    expect(res.body.data).toMatchObject({ userSeatNo: '8101', status: 5, changed: true, sEndTime: null });
    expect(await openLogsOf(s.ctx.db, '8101')).toEqual([expect.objectContaining({ status: 5, id: res.body.data.id })]);
    expect(await busyOf(s.ctx.db, '8101')).toBe(1);
  });

  it('a status set elsewhere before the login write survives, busy too, and the answer names it', async () => {
    await arrangeSeat(s.ctx.db, '8102', null, 1);
    // Another tab (or the API) makes the agent ready first.
    expect((await post('UserSeatLog/changeSeatStatus', t.agent2, { userSeatNo: '8102', status: 0 })).status).toBe(200);
    const before = await logsOf(s.ctx.db, '8102');
    const res = await firstLogin(t.agent2, '8102');
    expect(res.status, res.body.msg).toBe(200);
    expect(res.body.data).toMatchObject({ status: 0, changed: false });
    expect(await logsOf(s.ctx.db, '8102')).toEqual(before);
    expect(await busyOf(s.ctx.db, '8102')).toBe(0);
  });

  it('racing a status set at the same moment: whichever runs first, the set status is the one left open', async () => {
    for (let round = 0; round < 8; round++) {
      await arrangeSeat(s.ctx.db, '8103', null, 1);
      const ready = () => post('UserSeatLog/changeSeatStatus', t.agent3, { userSeatNo: '8103', status: 0 });
      const login = () => firstLogin(t.agent3, '8103');
      const answers = await Promise.all(round % 2 ? [ready(), login()] : [login(), ready()]);
      for (const a of answers) expect(a.status, a.body.msg).toBe(200);
      const open = await openLogsOf(s.ctx.db, '8103');
      expect(open, `round ${round}`).toEqual([expect.objectContaining({ status: 0 })]);
      expect(await busyOf(s.ctx.db, '8103')).toBe(0);
    }
  });

  it('the status a reload closed is reopened only when none is open (UserSeatLog/changeSeatStatus)', async () => {
    await arrangeSeat(s.ctx.db, '8104', null);
    const restored = await post('UserSeatLog/changeSeatStatus', t.agent4, { userSeatNo: '8104', status: 3, ifNoneOpen: true });
    expect(restored.body.data).toMatchObject({ status: 3, changed: true });
    await arrangeSeat(s.ctx.db, '8104', 11, 1);
    const before = await logsOf(s.ctx.db, '8104');
    const kept = await post('UserSeatLog/changeSeatStatus', t.agent4, { userSeatNo: '8104', status: 3, ifNoneOpen: true });
    expect(kept.status, kept.body.msg).toBe(200);
    expect(kept.body.data).toMatchObject({ status: 11, changed: false });
    expect(await logsOf(s.ctx.db, '8104')).toEqual(before);
  });

  it('without ifNoneOpen setUserInfoLogin still logs the login over an open status (the endpoint\'s old meaning)', async () => {
    await arrangeSeat(s.ctx.db, '8101', 0);
    const res = await post('User/setUserInfoLogin', t.agent1, { userSeatNo: '8101' });
    expect(res.body.data).toMatchObject({ status: 5, changed: true });
  });

  it.each([
    ['User/setUserInfoLogin', { userSeatNo: '8101', ifNoneOpen: 'yes' }],
    ['User/setUserInfoLogin', { userSeatNo: '8101', ifNoneOpen: 1 }],
    ['UserSeatLog/changeSeatStatus', { userSeatNo: '8101', status: 3, ifNoneOpen: null }],
  ])('%s: a non-boolean ifNoneOpen is a 400 naming it and changes nothing', async (action, body) => {
    await arrangeSeat(s.ctx.db, '8101', null);
    const before = await logsOf(s.ctx.db, '8101');
    const res = await post(action, t.agent1, body);
    expect(res.status).toBe(400);
    expect(res.body.code).toBe(400);
    expect(res.body.msg).toMatch(/ifNoneOpen/);
    expect(await logsOf(s.ctx.db, '8101')).toEqual(before);
  });

  it('another seat\'s first write is refused (403) for an agent and allowed for an administrator', async () => {
    await arrangeSeat(s.ctx.db, '8102', null);
    expect((await firstLogin(t.agent1, '8102')).status).toBe(403);
    expect(await openLogsOf(s.ctx.db, '8102')).toEqual([]);
    expect((await firstLogin(t.admin, '8102')).body.data).toMatchObject({ status: 5, changed: true });
  });
});
