/**
 * Logging in the seeded demo accounts (server/db/demo-accounts.ts), so that tests name the
 * users they need and the passwords are written down once, where the seed takes them from.
 */
import type { FastifyInstance } from 'fastify';
import type { Config } from '../../server/config.ts';
import { DEMO_USERS } from '../../server/db/demo-accounts.ts';
import type { Db } from '../../server/db/types.ts';
import { startTestServer, type TestServer } from '../server/helpers.ts';
import { until, WAIT_MS } from './until.ts';

/** A token for the demo user `user`, through the login route; fails the test if the login does. */
export async function demoToken(app: FastifyInstance, user: string): Promise<string> {
  const account = DEMO_USERS.find((u) => u.userName === user);
  if (!account) throw new Error(`${user} is not a demo account`);
  const res = await app.inject({ method: 'POST', url: '/api/default/login', payload: { username: user, password: account.password } });
  if (res.statusCode !== 200) throw new Error(`login ${user} failed: ${res.statusCode} ${res.body}`);
  return res.json().data.token as string;
}

/** Tokens for several demo users at once, by user name. */
export async function demoTokens<U extends string>(app: FastifyInstance, users: readonly U[]): Promise<Record<U, string>> {
  const tokens = {} as Record<U, string>;
  // One after another, as the tests did by hand: each login writes the user's session rows.
  for (const user of users) tokens[user] = await demoToken(app, user);
  return tokens;
}

/**
 * A test server (on its own fresh database) with the demo users `users` logged in: what most
 * route tests start with, as `beforeAll(async () => ({ s, t } = await startWithLogins([...])))`.
 * `fixture` writes the rows the file's tests read, before the logins; `config` as startTestServer's.
 */
export async function startWithLogins<U extends string>(
  users: readonly U[],
  options: { config?: Partial<Config>; fixture?: (db: Db) => Promise<void> } = {},
): Promise<{ s: TestServer; t: Record<U, string> }> {
  const s = await startTestServer(options.config);
  try {
    // The link's first rebuild closes the calls the switch does not have (settleEnded): it is
    // over before the fixture or a test writes an open call.
    if (s.app.hasDecorator('telephony')) await until(() => s.app.telephony.gateway.rebuilt, WAIT_MS, 'the switch link and its call picture');
    await options.fixture?.(s.ctx.db);
    return { s, t: await demoTokens(s.app, users) };
  } catch (err) {
    await s.close();
    throw err;
  }
}
