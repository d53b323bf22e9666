/**
 * The live seat monitor's stream outlives no login: whichever process ends it (logout, remote
 * logout, newer login, password change, disabled or deleted account), the stream sends `end` and
 * closes at once. The streams stay quiet (no seat changes) and the heartbeat, which also
 * re-checks the session, is raised from its 15 s to 10 minutes here: only the announcement can
 * end them within BEFORE_HEARTBEAT_MS, a limit for hangs that a busy machine does not reach.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decodeJwt } from 'jose';
import { monitorTiming } from '../../server/monitor/routes.ts';
import { engine, startTestServer } from '../server/helpers.ts';
import { setStatus } from '../server/seat-fixtures.ts';
import { isSeat, openStream, type Stream } from '../support/monitor-stream.ts';
import { from, twoInstances, type Instance, loginOn, postOn } from './two-instances.ts';

/** Live sessions per user: a user's stream ends after this many newer logins. */
const CAP = 2;
/** How long a test waits for the stream to end: seconds on a busy machine, far short of the quiet heartbeat. */
const BEFORE_HEARTBEAT_MS = 15_000;
const QUIET_HEARTBEAT_MS = 10 * 60_000;
const defaultHeartbeat = monitorTiming.heartbeatMs;
let pair: Awaited<ReturnType<typeof twoInstances>>;

beforeAll(async () => {
  expect(defaultHeartbeat).toBeGreaterThanOrEqual(15_000);
  monitorTiming.heartbeatMs = QUIET_HEARTBEAT_MS;
  pair = await twoInstances({ maxSessionsPerUser: CAP });
  for (const { app } of [pair.a, pair.b]) await app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(async () => {
  monitorTiming.heartbeatMs = defaultHeartbeat;
  await pair.close();
});

const login = loginOn;
const post = postOn;
const userId = async (name: string) => {
  const [row] = await pair.a.ctx.db.query<{ id: number }>('SELECT id FROM users WHERE user_name = $1', [name]);
  return row!.id;
};

/** A stream of `token` on instance a, its first picture received: quiet from here on. */
async function quietStream(token: string): Promise<Stream> {
  expect(monitorTiming.heartbeatMs).toBe(QUIET_HEARTBEAT_MS);
  const st = await openStream(pair.a.app, token);
  expect(st.status).toBe(200);
  await st.next((e) => e.event === 'snapshot');
  return st;
}

/**
 * `act` ends the stream's login: after its answer the stream says `end` (with `reason`) and
 * closes, pushed rather than found at the 15 s heartbeat's re-check: the wait ends before that
 * re-check could come (a hang limit, not a speed claim: a busy machine may take seconds).
 */
async function endsAtOnce(st: Stream, act: () => Promise<void>, reason = 'session') {
  try {
    await act();
    const end = await st.next((e) => e.event === 'end', BEFORE_HEARTBEAT_MS);
    expect(JSON.parse(end.data)).toEqual({ reason });
    await st.ended;
  } finally {
    st.close();
  }
}

describe(`a login's end ends its seat monitor stream at once (${engine})`, () => {
  it.each([['the same process', 'a', 'agent1'], ['the other process', 'b', 'agent2']] as const)('logout on %s', async (_, where, user) => {
    const token = await login(pair.a, user);
    const st = await quietStream(token);
    await endsAtOnce(st, async () => {
      expect((await post(pair[where], '/api/User/setLogout', token, {})).status).toBe(200);
    });
  });

  it('an administrator\'s remote logout of the seat on the other process', async () => {
    const st = await quietStream(await login(pair.a, 'agent3'));
    const admin = await login(pair.b, 'admin', 'admin123');
    await endsAtOnce(st, async () => {
      expect((await post(pair.b, '/api/User/setLogout', admin, { userSeatNo: '8103' })).status).toBe(200);
    });
  });

  it('newer logins on the other process, beyond the per-user cap', async () => {
    const st = await quietStream(await login(pair.a, 'supervisor', 'super123'));
    await endsAtOnce(st, async () => {
      for (let i = 0; i < CAP; i++) await login(pair.b, 'supervisor', 'super123');
    });
  });

  it('a password change on the other process ends the other logins\' streams and keeps the changing login\'s', async () => {
    const ended = await quietStream(await login(pair.a, 'agent4'));
    const mine = await login(pair.b, 'agent4');
    const kept = await quietStream(mine);
    try {
      await endsAtOnce(ended, async () => {
        const res = await post(pair.b, '/api/userManagement/changePwdById', mine, { userId: await userId('agent4'), oldPassword: 'agent123', newPassword: 'changed123' });
        expect(res.status, res.body.msg).toBe(200);
      });
      // The changing login's stream was checked too, and still serves.
      await setStatus(pair.a.ctx.db, '8104', 6);
      await kept.next(isSeat('8104', 6));
      expect(kept.seen.some((e) => e.event === 'end')).toBe(false);
    } finally {
      kept.close();
    }
  });

  it('an account disabled on the other process', async () => {
    const st = await quietStream(await login(pair.a, 'agent5'));
    const admin = await login(pair.b, 'admin', 'admin123');
    const id = await userId('agent5');
    try {
      await endsAtOnce(st, async () => {
        const res = await post(pair.b, '/api/userManagement/dosEdit', admin, { ids: [id], enabled: false });
        expect(res.status, res.body.msg).toBe(200);
      });
    } finally {
      await pair.a.ctx.db.query('UPDATE users SET enabled = true WHERE id = $1', [id]);
    }
  });

  it('a user deleted on the other process', async () => {
    const admin = await login(pair.b, 'admin', 'admin123');
    const made = await post(pair.b, '/api/userManagement/doEdit', admin, {
      userName: 'leaver', userChineseName: '离职', password: 'secret99', userSeatNo: '8198', fjh: '1198', departId: 1, lineid: 2, roles: ['agent'],
    });
    expect(made.status, made.body.msg).toBe(200);
    const st = await quietStream(await login(pair.a, 'leaver', 'secret99'));
    await endsAtOnce(st, async () => {
      expect((await post(pair.b, '/api/userManagement/doDelete', admin, { ids: [made.body.data.userId] })).body.data).toEqual({ deleted: 1 });
    });
  });

  it('an agent given another seat on the other process: the old seat\'s stream ends (reason "seat")', async () => {
    const st = await quietStream(await login(pair.a, 'chat1'));
    const admin = await login(pair.b, 'admin', 'admin123');
    const id = await userId('chat1');
    try {
      await endsAtOnce(st, async () => {
        const res = await post(pair.b, '/api/userManagement/doEdit', admin, { userId: id, userSeatNo: '8291' });
        expect(res.status, res.body.msg).toBe(200);
      }, 'seat');
    } finally {
      await pair.a.ctx.db.query(`UPDATE users SET user_seat_no = '8201' WHERE id = $1`, [id]);
    }
  });

  it('a supervisor given another seat keeps the stream: it shows every seat', async () => {
    const st = await quietStream(await login(pair.a, 'supervisor', 'super123'));
    const admin = await login(pair.b, 'admin', 'admin123');
    const id = await userId('supervisor');
    try {
      const res = await post(pair.b, '/api/userManagement/doEdit', admin, { userId: id, userSeatNo: '8091' });
      expect(res.status, res.body.msg).toBe(200);
      // Still served after the announcement, and not ended in the half second after (the agent's stream ends within a second).
      await setStatus(pair.a.ctx.db, '8102', 7);
      await st.next(isSeat('8102', 7));
      await expect(st.next((e) => e.event === 'end', 500)).rejects.toThrow(/no matching event/);
    } finally {
      st.close();
      await pair.a.ctx.db.query(`UPDATE users SET user_seat_no = '8001' WHERE id = $1`, [id]);
    }
  });
});

describe(`the heartbeat re-checks the session as a backstop (${engine})`, () => {
  it('a session revoked without announcement (the notification lost) ends the stream at the next beat', async () => {
    const before = monitorTiming.heartbeatMs;
    monitorTiming.heartbeatMs = 100;
    try {
      const token = await login(pair.a, 'agent1');
      const st = await openStream(pair.a.app, token);
      await st.next((e) => e.event === 'snapshot');
      // No pg_notify: only the recheck can find this.
      await pair.a.ctx.db.query(`UPDATE sessions SET revoked_at = now(), revoked_reason = 'logout' WHERE jti = $1`, [decodeJwt(token).jti]);
      expect(JSON.parse((await st.next((e) => e.event === 'end', BEFORE_HEARTBEAT_MS)).data)).toEqual({ reason: 'session' });
      await st.ended;
    } finally {
      monitorTiming.heartbeatMs = before;
    }
  });
});

describe(`an expiring login ends its stream when it expires (${engine})`, () => {
  it('about a second after the token\'s expiry, not at the heartbeat', async () => {
    const s = await startTestServer({ tokenTtlSeconds: 2 });
    try {
      await s.app.listen({ port: 0, host: '127.0.0.1' });
      const loggedIn = Date.now();
      const st = await openStream(s.app, await s.login('agent1', 'agent123'));
      const end = await st.next((e) => e.event === 'end', BEFORE_HEARTBEAT_MS);
      expect(JSON.parse(end.data)).toEqual({ reason: 'session' });
      expect(Date.now() - loggedIn).toBeGreaterThanOrEqual(1000);
    } finally {
      await s.close();
    }
  });
});
