import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { demoToken } from '../support/demo-logins.ts';
import { socketLimits } from '../../server/telephony/gateway/socket.ts';
import { PhoneClient, startPhonePair, until, type PhonePair } from './phone-support.ts';

/**
 * Phone sockets within their limits never load the database (issue 25 item 5): a heartbeat runs
 * no statement (the session watch pushes a logout to the socket), and one user's seat holds at
 * most a few sockets over every process, the one past them closed 4429 with the reason in the
 * socket's language, as an ERROR frame and as the close frame's reason.
 */
let pair: PhonePair;
beforeAll(async () => {
  pair = await startPhonePair();
});
afterAll(() => pair?.close());

/** Statements run on `db` while `fn` runs. */
async function statementsDuring(db: PhonePair['a']['ctx']['db'], fn: () => Promise<void>): Promise<string[]> {
  const seen: string[] = [];
  const original = db.query.bind(db);
  db.query = (async (sql: string, params?: readonly unknown[]) => {
    seen.push(sql);
    return original(sql, params);
  }) as typeof db.query;
  try {
    await fn();
  } finally {
    db.query = original;
  }
  return seen;
}

describe('heartbeats', () => {
  test('are answered without a statement on the database; a logout still closes the socket at once', async () => {
    const token = await demoToken(pair.a.app, 'agent1');
    const c = await PhoneClient.open({ url: pair.urls[0] }, token);
    await c.login('8101');
    const sent = socketLimits.commandsPerSecond - 2;
    const statements = await statementsDuring(pair.a.ctx.db, async () => {
      for (let i = 0; i < sent; i += 1) c.send(i % 2 ? 'herbert' : 'userSeatNo:8101,cmd:herbert');
      await until(() => c.messages.filter((m) => m.type === 'herbert').length === sent, undefined, 'every heartbeat answered');
    });
    // The session's check reads the sessions table: none ran (the presence lease and sweeper may, on their timers).
    expect(statements.filter((sql) => /\bsessions\b/.test(sql))).toEqual([]);
    // A logout through the other instance ends the socket on this one without a command from it.
    expect((await pair.b.app.inject({ method: 'POST', url: '/api/User/setLogout', headers: { authorization: `Bearer ${token}` }, payload: {} })).statusCode).toBe(200);
    expect(await c.closed()).toBe(4401);
  });
});

describe('sockets per user', () => {
  test('are capped at a few over both instances; the one past them is refused with the reason in its language', async () => {
    const max = socketLimits.maxSocketsPerUser;
    expect(max).toBeGreaterThanOrEqual(3);
    expect(max).toBeLessThanOrEqual(5);
    const tokenA = await demoToken(pair.a.app, 'agent2');
    const tokenB = await demoToken(pair.b.app, 'agent2');
    const open: PhoneClient[] = [];
    try {
      for (let i = 0; i < max; i += 1) {
        const c = await PhoneClient.open({ url: pair.urls[(i % 2) as 0 | 1] }, i % 2 ? tokenB : tokenA);
        await c.login('8102');
        open.push(c);
      }
      for (const [lang, url, token, why] of [
        ['en', pair.urls[0], tokenA, `Too many phone connections for this account (at most ${max}): close other tabs`],
        ['zh', pair.urls[1], tokenB, `此账号的电话连接过多（最多 ${max} 个），请关闭其他标签页`],
      ] as const) {
        const extra = await PhoneClient.open({ url }, token, lang);
        const reason = new Promise<string>((resolve) => extra.ws.once('close', (_code, r) => resolve(r.toString())));
        expect(await extra.closed()).toBe(4429);
        expect(await reason).toBe(why);
        expect(extra.messages).toEqual([{ type: 'ERROR', code: 'RATE', msg: why }]);
      }
      // Closing one frees its place, on either instance.
      open.shift()!.close();
      const again = await until(async () => {
        const c = await PhoneClient.open({ url: pair.urls[1] }, tokenB);
        c.send('userSeatNo:8102,cmd:login');
        const got = await until(() => c.closeCode ?? c.messages.find((m) => m.type === 'STATE'), 5000, 'STATE or close');
        return typeof got === 'number' ? undefined : c;
      }, undefined, 'a free place');
      open.push(again);
    } finally {
      for (const c of open) c.close();
    }
  });
});
