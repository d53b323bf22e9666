import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../server/helpers.ts';

/**
 * Never cached, never leaked: every /api answer (and /publicKey) says Cache-Control: no-store,
 * and a seat's SIP password (users.user_seat_pwd) reaches only its own user, in the login
 * answer or GetUserInfo: no list, look-up or other record carries anyone's.
 */
let s: TestServer;
let admin: string;
const marker = (id: number) => `sip-secret-${id}-x`;
beforeAll(async () => {
  s = await startTestServer();
  await s.ctx.db.query(`UPDATE users SET user_seat_pwd = 'sip-secret-' || id || '-x'`);
  admin = await s.login('admin', 'admin123');
});
afterAll(() => s.close());

// Bodies that make an action answer data rather than a 400 (the rest get {}).
const BODIES: Record<string, unknown> = {
  '/api/userManagement/getListByDepartId': { departId: 1 },
  '/api/userManagement/getUserInfoByUserId': { userSeatNo: '8101' },
  '/api/userManagement/getUserMobile': { userSeatNo: '8101' },
  '/api/userManagement/getUserSeatOptionsByDepartId': { departId: 1 },
  '/api/userManagement/getCurUserSeatOptionsByDepartId': { departId: 1 },
  '/api/userManagement/getDepartIdByUserSeatNo': { userSeatNo: '8101' },
  '/api/userManagement/getList': { pageSize: 1000 },
};
// Actions that would end the caller's session or change data with an empty body.
const SKIP = new Set(['/api/User/setLogout', '/api/default/login']);

describe('no-store and the SIP password', () => {
  it('every /api route answers no-store and carries no SIP password but the caller\'s own, and that only in GetUserInfo', async () => {
    const [me] = await s.ctx.db.query<{ id: number }>(`SELECT id FROM users WHERE user_name = 'admin'`);
    const others = (await s.ctx.db.query<{ id: number }>('SELECT id FROM users WHERE id <> $1', [me!.id])).map((r) => marker(r.id));
    const routes = s.app.routeTable.filter((r) => /^\/api\//i.test(r.url) && !r.url.includes('*') && !SKIP.has(r.url));
    expect(routes.length).toBeGreaterThan(20);
    let ownSeen = 0;
    for (const r of routes) {
      const res = await s.call(r.method, r.url, { token: admin, ...(r.method === 'POST' ? { body: BODIES[r.url] ?? {} } : {}) });
      expect(res.headers['cache-control'], r.url).toBe('no-store');
      const text = JSON.stringify(res.body);
      for (const m of others) expect(text.includes(m), `${r.url} leaks another user's SIP password`).toBe(false);
      if (text.includes(marker(me!.id))) {
        expect(r.url).toBe('/api/default/GetUserInfo');
        ownSeen++;
      }
    }
    expect(ownSeen).toBe(1);
  });

  it('the login answer gives the SIP password of the one who logs in, no-store', async () => {
    const res = await s.call('POST', '/api/default/login', { body: { username: 'agent1', password: 'agent123' } });
    expect(res.status).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const [agent] = await s.ctx.db.query<{ id: number }>(`SELECT id FROM users WHERE user_name = 'agent1'`);
    const info = await s.call('POST', '/api/default/GetUserInfo', { token: res.body.data.token });
    expect(info.body.data.userSeatPwd).toBe(marker(agent!.id));
  });

  it('refusals, unknown /api paths and /publicKey are no-store too; the console page is not', async () => {
    for (const [method, url, token] of [['POST', '/api/userManagement/getList', undefined], ['POST', '/api/nothing', admin], ['GET', '/publicKey', undefined], ['GET', '/API/default/getTest', admin]] as const) {
      const res = await s.call(method, url, { ...(token ? { token } : {}) });
      expect(res.headers['cache-control'], url).toBe('no-store');
    }
    const health = await s.call('GET', '/healthz');
    expect(health.headers['cache-control']).not.toBe('no-store');
  });
});
