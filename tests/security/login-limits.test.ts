import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { hashGate } from '../../server/auth/password.ts';
import { engine, startTestServer, type TestServer } from '../server/helpers.ts';
import { from, twoInstances } from './two-instances.ts';

// Every password check (known or unknown user) is one hash through the gate: count them.
const checks = () => vi.spyOn(hashGate, 'run');
afterEach(() => vi.restoreAllMocks());

const wrong = (i: number) => ({ username: 'agent2', password: `wrong-${i}` });

describe(`login attempts are reserved before hashing (${engine})`, () => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startTestServer();
  });
  afterAll(() => s.close());

  it('40 concurrent wrong passwords for one user reach the password check at most 5 times', async () => {
    const spy = checks();
    const answers = await Promise.all(Array.from({ length: 40 }, (_, i) => from(s.app, '10.1.0.1', 'POST', '/api/default/login', wrong(i))));
    expect(spy.mock.calls.length).toBeLessThanOrEqual(5);
    expect(spy.mock.calls.length).toBeGreaterThan(0);
    expect(answers.map((r) => r.status).filter((st) => st !== 401 && st !== 429)).toEqual([]);
    // Each answer is a checked wrong password, a 429, or (a request that saw the per-user count
    // past its threshold while another's give-back was under way) a request for the code: none hashed.
    const checked = answers.filter((r) => r.status === 401 && !/验证码/.test(r.body.msg));
    expect(checked.length).toBe(spy.mock.calls.length);
    const refused = answers.filter((r) => r.status === 429);
    const askCode = answers.filter((r) => r.status === 401 && r.body.msg === '请输入验证码');
    expect(refused.length + askCode.length).toBe(40 - spy.mock.calls.length);
    expect(refused.length).toBeGreaterThan(0);
    for (const r of refused) expect(Number(r.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('keeps kinds apart: failed logins as the user "pwd:admin" do not limit admin\'s password change', async () => {
    for (const ip of ['10.2.0.1', '10.2.0.2', '10.2.0.3', '10.2.0.4']) {
      for (let i = 0; i < 5; i++) await from(s.app, ip, 'POST', '/api/default/login', { username: 'pwd:admin', password: `x-${i}` });
    }
    const token = await s.login('admin', 'admin123');
    const me = (await s.call('POST', '/api/default/GetUserInfo', { token })).body.data;
    const change = await s.call('POST', '/api/userManagement/changePwdById', {
      token, body: { userId: me.userId, oldPassword: 'not-the-password', newPassword: 'whatever1' },
    });
    expect(change.status).toBe(400);
    expect(change.body.data.errors).toHaveProperty('oldPassword');
  });
});

describe(`one limit for every process on one database (${engine})`, () => {
  it('40 concurrent wrong passwords spread over two instances reach the password check at most 5 times', async () => {
    const two = await twoInstances();
    try {
      const spy = checks();
      const answers = await Promise.all(Array.from({ length: 40 }, (_, i) =>
        from(i % 2 ? two.a.app : two.b.app, '10.3.0.1', 'POST', '/api/default/login', wrong(i))));
      expect(spy.mock.calls.length).toBeLessThanOrEqual(5);
      // Concurrent reservations never fail (no deadlock, no 500): every answer is a check or a refusal.
      expect(answers.map((r) => r.status).filter((st) => st !== 401 && st !== 429)).toEqual([]);
      const unchecked = answers.filter((r) => r.status === 429 || (r.status === 401 && r.body.msg === '请输入验证码'));
      expect(unchecked.length).toBe(40 - spy.mock.calls.length);
      // Both instances count on one table: further tries, on either, are checked only until the
      // shared count reaches the limit (5 checks in all), then both refuse.
      for (let i = 0; i < 5 && spy.mock.calls.length < 5; i++) await from(i % 2 ? two.a.app : two.b.app, '10.3.0.1', 'POST', '/api/default/login', wrong(100 + i));
      expect(spy.mock.calls.length).toBeLessThanOrEqual(5);
      expect((await from(two.a.app, '10.3.0.1', 'POST', '/api/default/login', wrong(99))).status).toBe(429);
      expect((await from(two.b.app, '10.3.0.1', 'POST', '/api/default/login', wrong(99))).status).toBe(429);
      expect(spy.mock.calls.length).toBeLessThanOrEqual(5);
    } finally {
      await two.close();
    }
  });
});
