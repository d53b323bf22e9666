import { decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestServer } from './helpers.ts';
import { insertCall, newCallId } from './callinfo-fixtures.ts';
import { bearer, RECORDING_SIZE as SIZE, recordedCall as recorded, recordingServer, type RecordingUsers } from './recording-fixtures.ts';
import { LINK_KINDS, LinkSigner } from '../../server/recordings/links.ts';

const LINK_TTL_SECONDS = LINK_KINDS.recording.ttlSeconds;

/** POST /api/recordings/link and the signed links it answers: who gets one, what they play, what is refused. */
let s: TestServer;
let t: RecordingUsers;
let logged: string[];
const en = { 'accept-language': 'en' };

beforeAll(async () => {
  ({ s, t, logged } = await recordingServer());
});
afterAll(() => s.close());

const recordedCall = (seat: string, file = true) => recorded(s.ctx, seat, file);
const get = (url: string, headers: Record<string, string> = {}) => s.app.inject({ method: 'GET', url, headers });
/** POST /api/recordings/link as `token`: the whole answer. */
const askLink = (token: string, body: unknown) =>
  s.app.inject({ method: 'POST', url: '/api/recordings/link', headers: bearer(token, en), payload: body as object });
/** A signed link's URL for `token`'s user (the request must succeed). */
async function linkFor(token: string, id: string): Promise<string> {
  const res = await askLink(token, { callId: id });
  expect(res.statusCode).toBe(200);
  return res.json().data.url as string;
}
/** The URL with one query parameter replaced. */
function withParam(url: string, name: string, value: string): string {
  const u = new URL(url, 'http://x');
  u.searchParams.set(name, value);
  return `${u.pathname}${u.search}`;
}

describe('signed links', () => {
  it('an agent gets a link for its own seat\'s call that plays it, seeks with ranges, and is valid about five minutes', async () => {
    const id = await recordedCall('8101');
    const before = Math.floor(Date.now() / 1000);
    const res = await askLink(t.agent1, { callId: id });
    expect(res.statusCode).toBe(200);
    const { url, exp, ttlSeconds } = res.json().data as { url: string; exp: number; ttlSeconds: number };
    // How long it lasts from the answer, for a browser to count on its own clock.
    expect(ttlSeconds).toBe(LINK_TTL_SECONDS);
    expect(url).toMatch(new RegExp(`^/api/recordings/${id}\\?uid=\\d+&exp=${exp}&sig=[A-Za-z0-9_-]{43}$`));
    expect(exp - before).toBeGreaterThanOrEqual(LINK_TTL_SECONDS);
    expect(exp - before).toBeLessThanOrEqual(LINK_TTL_SECONDS + 2);
    const whole = await get(url);
    expect(whole.statusCode).toBe(200);
    expect(whole.rawPayload).toHaveLength(SIZE);
    const part = await get(url, { range: 'bytes=10-19' });
    expect(part.statusCode).toBe(206);
    expect(part.headers['content-range']).toBe(`bytes 10-19/${SIZE}`);
    expect(part.rawPayload).toEqual(Buffer.from(Array.from({ length: 10 }, (_, i) => i + 10)));
  });

  it('supervisors and administrators get links for any seat\'s call', async () => {
    const id = await recordedCall('8102');
    for (const who of [t.supervisor, t.admin]) expect((await get(await linkFor(who, id), { range: 'bytes=0-0' })).statusCode).toBe(206);
  });

  it('an agent of another seat gets no link: 403', async () => {
    const id = await recordedCall('8101');
    const res = await askLink(t.agent2, { callId: id });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ code: 403, msg: 'Permission denied: you can only play recordings of calls taken at your own seat' });
  });

  it('no link for an unknown call, a call without a recording or a missing file (404); a bad body is a 400 naming the field', async () => {
    expect((await askLink(t.admin, { callId: newCallId('none') })).statusCode).toBe(404);
    const plain = await insertCall(s.ctx.db, { seat: '8101' });
    expect((await askLink(t.admin, { callId: plain })).json()).toMatchObject({ code: 404, msg: 'This call has no recording' });
    expect((await askLink(t.admin, { callId: await recordedCall('8101', false) })).json().msg).toBe('The recording file could not be found');
    for (const body of [{}, { callId: '../etc/passwd' }, { callId: 'c', token: t.admin }]) {
      const res = await askLink(t.admin, body);
      expect(res.statusCode).toBe(400);
      expect(Object.keys(res.json().data.errors)).toEqual([('token' in body ? 'token' : 'callId')]);
    }
    const anonymous = await s.app.inject({ method: 'POST', url: '/api/recordings/link', payload: { callId: plain } });
    expect(anonymous.statusCode).toBe(401);
  });

  it.each([
    ['sig', (sig: string) => `${sig.slice(0, -1)}${sig.endsWith('A') ? 'B' : 'A'}`],
    ['exp', (exp: string) => String(Number(exp) + 3600)],
    ['uid', (uid: string) => String(Number(uid) + 1)],
  ])('a link with its %s changed is 403', async (name, change) => {
    const url = await linkFor(t.agent1, await recordedCall('8101'));
    const res = await get(withParam(url, name, change(new URL(url, 'http://x').searchParams.get(name)!)), en);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ code: 403, msg: 'This recording link is not valid: play the recording again from the call list' });
  });

  it('a link is checked again on its user as they are now: moved to another seat or disabled, it stops at once', async () => {
    const id = await recordedCall('8101');
    const url = await linkFor(t.agent1, id);
    const set = (sql: string) => s.ctx.db.query(`UPDATE users SET ${sql} WHERE user_name = 'agent1'`);
    try {
      await set(`user_seat_no = '8199'`);
      const moved = await get(url, en);
      expect(moved.statusCode).toBe(403);
      expect(moved.json().msg).toMatch(/own seat/);
      await set(`user_seat_no = '8101', enabled = false`);
      const disabled = await get(url, en);
      expect(disabled.statusCode).toBe(403);
      expect(disabled.json().msg).toMatch(/disabled or deleted/);
    } finally {
      await set(`user_seat_no = '8101', enabled = true`);
    }
    expect((await get(url, { range: 'bytes=0-0' })).statusCode).toBe(206);
  });

  it('a link plays only its own call', async () => {
    const url = await linkFor(t.admin, await recordedCall('8101'));
    const other = await recordedCall('8101');
    const res = await get(url.replace(/^\/api\/recordings\/[^?]+/, `/api/recordings/${other}`));
    expect(res.statusCode).toBe(403);
  });

  it('an expired link is 403 saying so', async () => {
    const id = await recordedCall('8101');
    const links = new LinkSigner(s.ctx.secrets.jwtKey, 'recording');
    const userId = Number(new URL(await linkFor(t.agent1, id), 'http://x').searchParams.get('uid'));
    const old = links.sign(id, userId, decodeJwt(t.agent1!).jti!, Date.now() - (LINK_TTL_SECONDS + 1) * 1000);
    const res = await get(`/api/recordings/${id}?${old.query}`, { ...en, range: 'bytes=0-9' });
    expect(res.statusCode).toBe(403);
    expect(res.json().msg).toBe('This recording link has expired: press play again for a new one');
    const fresh = links.sign(id, userId, decodeJwt(t.agent1!).jti!, Date.now());
    expect((await get(`/api/recordings/${id}?${fresh.query}`, { range: 'bytes=0-9' })).statusCode).toBe(206);
  });

  it('a login token in the query is no longer accepted: 400 naming token, and never logged', async () => {
    const id = await recordedCall('8101');
    const res = await get(`/api/recordings/${id}?token=${encodeURIComponent(t.agent1)}`, { ...en, range: 'bytes=0-9' });
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json().data.errors)).toEqual(['token']);
    const url = await linkFor(t.agent1, id);
    expect((await get(`${url}&token=${encodeURIComponent(t.agent1)}`)).statusCode).toBe(400);
    expect(logged.join('')).toContain(`/api/recordings/${id}?token=***`);
    expect(logged.join('')).not.toContain(t.agent1);
  });

  it('a link\'s signature is masked in the log', async () => {
    const url = await linkFor(t.agent1, await recordedCall('8101'));
    await get(url, { range: 'bytes=0-0' });
    const sig = new URL(url, 'http://x').searchParams.get('sig')!;
    expect(logged.join('')).toContain(url.replace(sig, '***'));
    expect(logged.join('')).not.toContain(sig);
  });

  it('half a link (a signature without its user or expiry) is a 400 naming what is missing', async () => {
    const url = await linkFor(t.agent1, await recordedCall('8101'));
    const u = new URL(url, 'http://x');
    u.searchParams.delete('uid');
    const res = await get(`${u.pathname}${u.search}`, en);
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json().data.errors)).toContain('uid');
  });
});

describe('LinkSigner.check', () => {
  const links = new LinkSigner(new TextEncoder().encode('a test key'), 'recording');
  const start = Date.UTC(2026, 10, 23, 12);
  const session = '6f1d2c3b-0000-4000-8000-000000000001';
  const live = [{ jti: 'another-login', live: true }, { jti: session, live: true }];
  const { query, exp } = links.sign('call-1', 7, session, start);
  const sig = new URLSearchParams(query).get('sig')!;

  it('holds until LINK_TTL_SECONDS have passed on the given clock, then is expired', () => {
    expect(links.check({ subject: 'call-1', userId: 7, exp }, sig, live, start)).toBe('ok');
    expect(links.check({ subject: 'call-1', userId: 7, exp }, sig, live, start + LINK_TTL_SECONDS * 1000 - 1)).toBe('ok');
    expect(links.check({ subject: 'call-1', userId: 7, exp }, sig, live, start + LINK_TTL_SECONDS * 1000)).toBe('expired');
  });

  it('ends with the login it was signed under', () => {
    expect(links.check({ subject: 'call-1', userId: 7, exp }, sig, [{ jti: session, live: false }], start)).toBe('ended');
    expect(links.check({ subject: 'call-1', userId: 7, exp }, sig, [{ jti: 'another-login', live: true }], start)).toBe('forged');
  });

  it('is forged for another call, user, expiry, key, kind, a signature of the wrong length, or an expiry past the kind\'s lifetime', () => {
    expect(links.check({ subject: 'call-2', userId: 7, exp }, sig, live, start)).toBe('forged');
    expect(links.check({ subject: 'call-1', userId: 8, exp }, sig, live, start)).toBe('forged');
    expect(links.check({ subject: 'call-1', userId: 7, exp: exp + 1 }, sig, live, start)).toBe('forged');
    expect(new LinkSigner(new TextEncoder().encode('another key'), 'recording').check({ subject: 'call-1', userId: 7, exp }, sig, live, start)).toBe('forged');
    expect(new LinkSigner(new TextEncoder().encode('a test key'), 'file').check({ subject: 'call-1', userId: 7, exp }, sig, live, start)).toBe('forged');
    expect(links.check({ subject: 'call-1', userId: 7, exp }, sig.slice(1), live, start)).toBe('forged');
    // Signed (with this key) to expire a day ahead: no link of this kind lives that long.
    const far = links.sign('call-1', 7, session, start + 86_400_000);
    expect(links.check({ subject: 'call-1', userId: 7, exp: far.exp }, new URLSearchParams(far.query).get('sig')!, live, start)).toBe('forged');
  });
});
