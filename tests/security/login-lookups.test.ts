import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { engine, startTestServer, type TestServer } from '../server/helpers.ts';
import { from } from './two-instances.ts';

let s: TestServer;
beforeAll(async () => {
  s = await startTestServer();
});
afterAll(() => s.close());

describe(`the login page's open look-ups say little and are limited (${engine})`, () => {
  it('answer only the site title kind and the company name, in the same shape for unknown names', async () => {
    const ask = (url: string, username: string) => from(s.app, '10.5.0.1', 'POST', `/api/default/${url}`, { username });
    expect((await ask('GetUserInfoByLogin', 'orders')).body.data).toEqual({ siteTitle: 'workorder' });
    expect((await ask('GetUserInfoByLogin', 'agent1')).body.data).toEqual({ siteTitle: 'console' });
    expect((await ask('GetUserInfoByLogin', 'ghost-user')).body.data).toEqual({ siteTitle: 'console' });
    expect((await ask('GetCompanyInfoByLogin', 'agent1')).body.data).toEqual({ companyName: expect.any(String) });
    expect((await ask('GetCompanyInfoByLogin', 'ghost-user')).body.data).toEqual({ companyName: '' });
  });

  it('a burst from one address is refused with 429 and Retry-After; another address still gets answers', async () => {
    const burst = await Promise.all(Array.from({ length: 60 }, (_, i) =>
      from(s.app, '10.5.0.2', 'POST', i % 2 ? '/api/default/GetUserInfoByLogin' : '/api/default/GetCompanyInfoByLogin', { username: `u${i}` }, { 'accept-language': 'en' })));
    const refused = burst.filter((r) => r.status === 429);
    expect(refused.length).toBeGreaterThan(0);
    expect(burst.filter((r) => r.status === 200).length).toBeLessThan(60);
    expect(Number(refused[0]!.headers['retry-after'])).toBeGreaterThan(0);
    expect(refused[0]!.body.msg).toMatch(/Too many requests/);
    expect((await from(s.app, '10.5.0.3', 'POST', '/api/default/GetUserInfoByLogin', { username: 'agent1' })).status).toBe(200);
  });
});
