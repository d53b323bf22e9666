import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { engine, startTestServer, type TestServer } from './helpers.ts';

/**
 * What a successful login costs the database (issue 26 item 4: it ran 13 statements, half of them
 * the limiter's; the target is 3): the limiter's attempt (one statement), the user (one, with
 * whether the account is pending, its seat and whether the seat's phone bar is gone), and the
 * session opened with the user's oldest beyond the cap ended and the limiter settled (one). No
 * transaction, since nothing of an earlier visit is left to close. The limiter's answers and the
 * session cap are the other tests' (login-limits, login-flood, sessions).
 */
let s: TestServer;
beforeAll(async () => {
  s = await startTestServer();
});
afterAll(() => s?.close());

describe(`a successful login's statements (${engine})`, () => {
  it('runs three statements, and the account is signed in with its rows as before', async () => {
    const login = async () => {
      const before = s.ctx.db.counters.statements;
      const res = await s.call('POST', '/api/default/login', { body: { username: 'agent1', password: 'agent123' } });
      expect(res.status, res.body.msg).toBe(200);
      return { token: res.body.data.token as string, statements: s.ctx.db.counters.statements - before };
    };
    await login(); // the first pays the password hash; the rest use the verified cache, as a busy login page does
    const counts: number[] = [];
    for (let i = 0; i < 5; i++) counts.push((await login()).statements);
    // A background timer's statement may land inside one login: the fewest is the login's own.
    expect(Math.min(...counts)).toBe(3);
    const { token } = await login();
    expect((await s.call('POST', '/api/default/GetUserInfo', { token })).status).toBe(200);
    // The success gave its attempt back and ended the (user, address) count.
    const rows = await s.ctx.db.query<{ kind: string; hits: number }>(
      "SELECT kind, hits FROM rate_limits WHERE kind LIKE 'login%' AND (key = 'agent1' OR key LIKE '[\"agent1\",%') ORDER BY kind");
    expect(rows.map((r) => [r.kind, Number(r.hits)])).toEqual([['login_user', 0]]);
  });
});
