import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { engine, startTestServer, type TestServer } from './helpers.ts';
import { twoInstances, type Instance } from '../security/two-instances.ts';
import { monitorTiming } from '../../server/monitor/routes.ts';
import { monitorReads } from '../../server/monitor/hub.ts';
import { SEAT_MONITOR_ONE } from '../../server/api/callinfo-lookups.ts';
import { setStatus } from './seat-fixtures.ts';
import { isSeat, MONITOR_PATH as PATH, openStream } from '../support/monitor-stream.ts';

/** The live seat monitor stream: changes within a second, agents' own seat only, resume, two processes. */
describe('seat monitor stream', () => {
  let s: TestServer;
  const t = {} as Record<'supervisor' | 'agent1', string>;
  beforeAll(async () => {
    s = await startTestServer();
    await s.app.listen({ port: 0, host: '127.0.0.1' });
    t.supervisor = await s.login('supervisor', 'super123');
    t.agent1 = await s.login('agent1', 'agent123');
  });
  afterAll(() => s.close());

  it('starts with the whole picture, then sends a seat change within a second of a status log insert', async () => {
    const st = await openStream(s.app, t.supervisor);
    expect(st.status).toBe(200);
    const snap = await st.next((e) => e.event === 'snapshot');
    expect(JSON.parse(snap.data).seats.map((r: { userSeatNo: string }) => r.userSeatNo)).toEqual(expect.arrayContaining(['8101', '8102']));
    await setStatus(s.ctx.db, '8102', 3);
    const change = JSON.parse((await st.next(isSeat('8102', 3))).data);
    expect(change.seat).toMatchObject({ userSeatNo: '8102', status: 3 });
    expect(change.seat.since).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/);
    st.close();
  });

  it('User/setLogout closing the open log shows up as the seat with no status', async () => {
    const agent2 = await s.login('agent2', 'agent123');
    await setStatus(s.ctx.db, '8102', 0);
    const st = await openStream(s.app, t.supervisor);
    await st.next((e) => e.event === 'snapshot');
    expect((await s.call('POST', '/api/User/setLogout', { token: agent2, body: {} })).status).toBe(200);
    const change = JSON.parse((await st.next((e) => isSeat('8102')(e) && JSON.parse(e.data).seat?.status === null)).data);
    expect(change.seat).toMatchObject({ userSeatNo: '8102', status: null, since: null });
    st.close();
  });

  it('an agent sees only its own seat', async () => {
    const st = await openStream(s.app, t.agent1);
    const snap = JSON.parse((await st.next((e) => e.event === 'snapshot')).data);
    expect(snap.seats.map((r: { userSeatNo: string }) => r.userSeatNo)).toEqual(['8101']);
    await setStatus(s.ctx.db, '8103', 4);
    await setStatus(s.ctx.db, '8101', 4);
    await st.next(isSeat('8101', 4));
    expect(st.seen.some(isSeat('8103'))).toBe(false);
    st.close();
  });

  it('401 without a token or with a bad one, 403 for an agent without a seat', async () => {
    expect((await openStream(s.app, undefined)).status).toBe(401);
    expect((await openStream(s.app, 'not-a-token')).status).toBe(401);
    const agent5 = await s.login('agent5', 'agent123');
    await s.ctx.db.query("UPDATE users SET user_seat_no = NULL WHERE user_name = 'agent5'");
    const refused = await s.call('GET', PATH, { token: agent5, headers: { accept: 'text/event-stream' } });
    expect(refused.status).toBe(403);
    expect(refused.body.code).toBe(403);
  });

  it('a request that does not accept an event stream gets a finished 406 answer, not an endless one', async () => {
    const res = await s.call('GET', PATH, { token: t.agent1, headers: { 'accept-language': 'en' } });
    expect(res.status).toBe(406);
    expect(res.body).toMatchObject({ code: 406, msg: expect.stringContaining('text/event-stream') });
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it('resumes from Last-Event-ID with the changes missed, or the whole picture when the id is unknown', async () => {
    const first = await openStream(s.app, t.supervisor);
    await first.next((e) => e.event === 'snapshot');
    await setStatus(s.ctx.db, '8104', 2);
    await first.next(isSeat('8104', 2));
    await new Promise((r) => setTimeout(r, 200)); // the update's and the insert's notifications both arrive
    const lastId = first.seen.at(-1)!.id!;
    first.close();
    await setStatus(s.ctx.db, '8104', 12);
    await setStatus(s.ctx.db, '8101', 11);
    await new Promise((r) => setTimeout(r, 300)); // the two changes reach the ring
    const again = await openStream(s.app, t.supervisor, lastId);
    await again.next(isSeat('8101', 11));
    const missed = again.seen.filter((e) => e.event === 'seat');
    expect(missed.every((e) => Number(e.id) > Number(lastId))).toBe(true);
    expect(missed.some(isSeat('8104', 12))).toBe(true);
    expect(again.seen.some((e) => e.event === 'snapshot')).toBe(false);
    again.close();
    const unknown = await openStream(s.app, t.supervisor, '99999999999');
    await unknown.next((e) => e.event === 'snapshot');
    unknown.close();
  });

  it('with nobody watching (the last client left longer ago than the resume grace) a change is not read, and a resume over it gets the whole picture', async () => {
    const grace = monitorReads.resumeGraceMs;
    const key = SEAT_MONITOR_ONE.replace(/\s+/g, ' ').trim().slice(0, 120);
    const reads = () => s.ctx.db.counters.bySql?.get(key)?.n ?? 0;
    s.ctx.db.counters.bySql = new Map();
    try {
      monitorReads.resumeGraceMs = 50;
      const first = await openStream(s.app, t.supervisor);
      await first.next((e) => e.event === 'snapshot');
      await setStatus(s.ctx.db, '8103', 2);
      await first.next(isSeat('8103', 2));
      expect(reads()).toBeGreaterThan(0);
      const lastId = first.seen.at(-1)!.id!;
      first.close();
      await new Promise((r) => setTimeout(r, 300)); // past the grace, and the stream's close reached the hub
      const before = reads();
      await setStatus(s.ctx.db, '8103', 12);
      await new Promise((r) => setTimeout(r, 300)); // the change's notifications reach the hub
      expect(reads()).toBe(before);
      // The change it missed was not read: it gets the whole picture, with the seat as it is now.
      const again = await openStream(s.app, t.supervisor, lastId);
      const snap = JSON.parse((await again.next((e) => e.event === 'snapshot')).data);
      expect(snap.seats.find((r: { userSeatNo: string }) => r.userSeatNo === '8103')).toMatchObject({ status: 12 });
      // Watched again: the next change is read and sent.
      await setStatus(s.ctx.db, '8103', 3);
      await again.next(isSeat('8103', 3));
      again.close();
    } finally {
      monitorReads.resumeGraceMs = grace;
      delete s.ctx.db.counters.bySql;
    }
  });

  it('ends the stream when the session is revoked', async () => {
    const before = monitorTiming.heartbeatMs;
    monitorTiming.heartbeatMs = 100;
    try {
      const agent4 = await s.login('agent4', 'agent123');
      const st = await openStream(s.app, agent4);
      await st.next((e) => e.event === 'snapshot');
      expect((await s.call('POST', '/api/User/setLogout', { token: agent4, body: {} })).status).toBe(200);
      const end = await st.next((e) => e.event === 'end');
      expect(JSON.parse(end.data)).toEqual({ reason: 'session' });
      await st.ended;
    } finally {
      monitorTiming.heartbeatMs = before;
    }
  });
});

// PostgreSQL only: PGlite is in the process and has no listening connection to lose.
if (engine === 'postgres') {
  describe('the listening connection drops', () => {
    let s: TestServer;
    beforeAll(async () => {
      s = await startTestServer();
      await s.app.listen({ port: 0, host: '127.0.0.1' });
    });
    afterAll(() => s.close());

    it('is connected again, every client gets the whole picture, and later changes flow', async () => {
      const st = await openStream(s.app, await s.login('supervisor', 'super123'));
      await st.next((e) => e.event === 'snapshot');
      const ended = await s.ctx.db.query<{ ok: boolean }>(
        `SELECT pg_terminate_backend(pid) AS ok FROM pg_stat_activity WHERE datname = current_database() AND query LIKE 'LISTEN%'`);
      expect(ended.map((r) => r.ok)).toEqual([true]);
      await st.next(() => st.seen.filter((e) => e.event === 'snapshot').length === 2);
      await setStatus(s.ctx.db, '8101', 13);
      await st.next(isSeat('8101', 13));
      st.close();
    });
  });
}

describe('two server instances on one database', () => {
  let a: Instance;
  let b: Instance;
  let close: () => Promise<void>;
  beforeAll(async () => {
    ({ a, b, close } = await twoInstances());
    await b.app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(() => close());

  it('a change written through one reaches a stream of the other', async () => {
    const login = await a.app.inject({ method: 'POST', url: '/api/default/login', payload: { username: 'agent3', password: 'agent123' } });
    const agentToken = login.json().data.token as string;
    const sup = await b.app.inject({ method: 'POST', url: '/api/default/login', payload: { username: 'supervisor', password: 'super123' } });
    const st = await openStream(b.app, sup.json().data.token as string);
    await st.next((e) => e.event === 'snapshot');
    await setStatus(a.ctx.db, '8103', 5);
    await st.next(isSeat('8103', 5));
    // An endpoint of instance a writing the log (setLogout closes it) reaches instance b's client too.
    expect((await a.app.inject({ method: 'POST', url: '/api/User/setLogout', headers: { authorization: `Bearer ${agentToken}` }, payload: {} })).statusCode).toBe(200);
    await st.next((e) => isSeat('8103')(e) && JSON.parse(e.data).seat?.status === null);
    st.close();
  });
});
