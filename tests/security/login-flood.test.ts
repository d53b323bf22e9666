import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { DEFAULT_HASH_COST, hashGate } from '../../server/auth/password.ts';
import { DEMO_USERS } from '../../server/db/demo-accounts.ts';
import { TEST_NOW } from '../support/test-clock.ts';
import { engine, startTestServer, type TestServer } from '../server/helpers.ts';
import { from } from './two-instances.ts';

let s: TestServer;
beforeAll(async () => {
  // At the default hash cost: a hash of the tests' cheap one ends before the next login reaches the gate.
  s = await startTestServer({ hashConcurrency: 1, hashQueue: 2, passwordHashCost: DEFAULT_HASH_COST });
});
afterAll(() => s.close());
afterEach(() => vi.restoreAllMocks());

describe(`a login flood does not queue without bound (${engine})`, () => {
  it('beyond the hashing queue, logins answer 503 with Retry-After at once; the rest are checked', async () => {
    const answers = await Promise.all(Array.from({ length: 20 }, (_, i) =>
      from(s.app, `10.20.0.${i + 1}`, 'POST', '/api/default/login', { username: `nobody-${i}`, password: 'x' }, { 'accept-language': 'en' })));
    const busy = answers.filter((r) => r.status === 503);
    expect(busy.length).toBeGreaterThan(0);
    expect(answers.filter((r) => r.status === 401).length).toBeGreaterThanOrEqual(3);
    expect(busy.length + answers.filter((r) => r.status === 401).length).toBe(20);
    expect(Number(busy[0]!.headers['retry-after'])).toBeGreaterThan(0);
    expect(busy[0]!.body.msg).toMatch(/busy/);
  });

  it('unknown user names pay the same password check as known ones', async () => {
    const spy = vi.spyOn(hashGate, 'run');
    await from(s.app, '10.21.0.1', 'POST', '/api/default/login', { username: 'agent1', password: 'wrong-one' });
    await from(s.app, '10.21.0.2', 'POST', '/api/default/login', { username: 'no-such-user', password: 'wrong-one' });
    expect(spy).toHaveBeenCalledTimes(2);
  });
});

describe(`a small login gate (${engine})`, () => {
  it('still lets a first start seed every demo user, whatever gate an earlier server of the process left', async () => {
    // A server of its own clock starts on an unseeded database, so it hashes the demo passwords
    // through the gate this file's server made small (1 running, 2 waiting).
    const fresh = await startTestServer({ hashConcurrency: 1, hashQueue: 2, clockNow: TEST_NOW });
    try {
      const [{ n } = { n: 0 }] = await fresh.ctx.db.query<{ n: number }>('SELECT count(*)::int AS n FROM users');
      expect(n).toBe(DEMO_USERS.length);
    } finally {
      await fresh.close();
    }
  });
});
