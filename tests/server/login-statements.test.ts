import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { engine, startTestServer, type TestServer } from './helpers.ts';

/**
 * What a successful login costs the database (issue 26 item 4: it ran 13 statements, half of them
 * the limiter's; the target is 3). The first login after a start pays the password hash: the user
 * with the limiter's counts (one statement: whether the account is pending, its seat, whether the
 * seat's phone bar is gone), the attempt reserved (one), and the session opened with the user's
 * oldest beyond the cap ended and the limiter settled (one). A login whose password this server
 * verified before, under every limit, reserves nothing: the user and counts, then the session (two).
 * No transaction, since nothing of an earlier visit is left to close. The limiter's answers and the
 * session cap are the other tests' (login-limits, login-flood, sessions).
 */
let s: TestServer;
beforeAll(async () => {
  s = await startTestServer();
});
afterAll(() => s?.close());

describe(`a successful login's statements (${engine})`, () => {
  it('runs three statements when it hashes the password, two when the password was verified before, and signs the account in', async () => {
    const login = async () => {
      const before = s.ctx.db.counters.statements;
      const res = await s.call('POST', '/api/default/login', { body: { username: 'agent1', password: 'agent123' } });
      expect(res.status, res.body.msg).toBe(200);
      return { token: res.body.data.token as string, statements: s.ctx.db.counters.statements - before };
    };
    await login(); // the first closes what an earlier visit left (a transaction of its own), as a shift's first login does
    // A background timer's statement may land inside one login: the fewest is the login's own.
    const counts: number[] = [];
    for (let i = 0; i < 5; i++) counts.push((await login()).statements);
    expect(Math.min(...counts)).toBe(2);
    // The same login when the verified credentials are gone (another process, a restart): the hash, three statements.
    const hashed: number[] = [];
    for (let i = 0; i < 3; i++) {
      (s.ctx.verified as unknown as { entries: Map<string, number> }).entries.clear();
      hashed.push((await login()).statements);
    }
    expect(Math.min(...hashed)).toBe(3);
    const { token } = await login();
    expect((await s.call('POST', '/api/default/GetUserInfo', { token })).status).toBe(200);
    // The success gave its attempt back and ended the (user, address) count.
    const rows = await s.ctx.db.query<{ kind: string; hits: number }>(
      "SELECT kind, hits FROM rate_limits WHERE kind LIKE 'login%' AND (key = 'agent1' OR key LIKE '[\"agent1\",%') ORDER BY kind");
    expect(rows.map((r) => [r.kind, Number(r.hits)])).toEqual([['login_user', 0]]);
  });
});
