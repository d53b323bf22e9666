import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './helpers.ts';

let s: TestServer;
beforeAll(async () => {
  s = await startTestServer();
});
afterAll(() => s.close());

const concrete = (url: string) => url.replace(/:(\w+)/g, '1').replace(/\*/g, 'x');

describe('route access', () => {
  it('every route that is not open answers 401 without a token', async () => {
    const guarded = s.app.routeTable.filter((r) => r.access !== undefined && r.access !== 'open');
    expect(guarded.length).toBeGreaterThanOrEqual(3);
    for (const r of guarded) {
      const res = await s.call(r.method, concrete(r.url), r.method === 'GET' ? {} : { body: {} });
      expect({ route: `${r.method} ${r.url}`, status: res.status, code: res.body.code }).toEqual({
        route: `${r.method} ${r.url}`, status: 401, code: 401,
      });
    }
  });

  it('every /api route declares its access', () => {
    const api = s.app.routeTable.filter((r) => /^\/api\//i.test(r.url));
    expect(api.length).toBeGreaterThan(0);
    for (const r of api) expect(r.access, `${r.method} ${r.url}`).toBeDefined();
  });

  it('refuses to start with an /api route that declares no roles', async () => {
    await expect(
      startTestServer({}, { extraRoutes: [async (app) => void app.post('/api/Sneaky/undeclared', async () => ({}))] }),
    ).rejects.toThrow(/declares no access/);
  });

  it('matches paths case-insensitively, as the spec writes Api/ and api/', async () => {
    for (const url of ['/api/default/login', '/Api/Default/Login', '/API/DEFAULT/LOGIN']) {
      const res = await s.call('POST', url, { body: { username: 'admin', password: 'admin123' } });
      expect(res.status, url).toBe(200);
    }
  });

  it('answers an agent 403 on a route for other roles, naming the missing role', async () => {
    const { roles } = await import('../../server/http/access.ts');
    const t = await startTestServer({}, {
      extraRoutes: [async (app) => void app.post('/api/Probe/adminOnly', { config: { access: roles('admin', 'supervisor') } }, async () => ({ code: 200, msg: 'ok', data: 1 }))],
    });
    try {
      const token = await t.login('agent1', 'agent123');
      const agent = await t.call('POST', '/api/Probe/adminOnly', { token, body: {}, headers: { 'accept-language': 'en' } });
      expect(agent.status).toBe(403);
      expect(agent.body.msg).toBe('permission denied: requires role admin or supervisor');
      // Chinese is the default language, and the refusal speaks it too.
      const zh = await t.call('POST', '/api/Probe/adminOnly', { token, body: {} });
      expect(zh.body.msg).toBe('无权限：需要 角色 admin或supervisor');
      const sup = await t.call('POST', '/api/Probe/adminOnly', { token: await t.login('supervisor', 'super123'), body: {} });
      expect(sup.status).toBe(200);
    } finally {
      await t.close();
    }
  });
});

describe('health', () => {
  it('/healthz reports the database', async () => {
    const res = await s.call('GET', '/healthz');
    expect(res.status).toBe(200);
    expect(res.body.data.database).toEqual({ engine: s.ctx.db.engine, ok: true });
  });

  it("/healthz tells the server's business time, the pinned clock's and not the machine's", async () => {
    const pinned = await startTestServer({ clockNow: new Date('2021-03-04T05:06:07Z') });
    try {
      const before = pinned.ctx.clock.now();
      const res = await pinned.call('GET', '/healthz');
      const time = Date.parse(res.body.data.time);
      expect(time).toBeGreaterThanOrEqual(before);
      expect(time).toBeLessThanOrEqual(pinned.ctx.clock.now());
      expect(res.body.data.time).toMatch(/^2021-03-04T05:06:/);
    } finally {
      await pinned.close();
    }
  });
});
