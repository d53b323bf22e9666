/**
 * Attacks on the phone's HTTP side: the page-leave beacon posted cross-site (it takes its token
 * from the body or the query, never from a cookie, so a forged post has no token to send),
 * status codes out of range, and recordings asked with traversal paths and hostile ranges.
 */
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { engine, startTestServer, type TestServer } from '../server/helpers.ts';
import { insertCall } from '../server/callinfo-fixtures.ts';
import { setStatus } from '../server/chat-client.ts';

let s: TestServer;
const en = { 'accept-language': 'en' };
const SIZE = 1000;

beforeAll(async () => {
  s = await startTestServer({ maxSessionsPerUser: 100 });
});
afterAll(() => s.close());

const openLog = async (seat: string) =>
  (await s.ctx.db.query<{ id: number; status: number }>('SELECT id, status FROM seat_status_logs WHERE user_seat_no = $1 AND s_end_time IS NULL', [seat]))[0];
const BEACON = '/api/UserSeatLog/editUserSeatLogByUserSeat';

describe(`the page-leave beacon (${engine})`, () => {
  it('a cross-site form or text/plain post without a token closes nothing (401)', async () => {
    await setStatus(s.ctx.db, '8101', 0);
    const before = await openLog('8101');
    for (const [type, payload] of [
      ['application/x-www-form-urlencoded', 'userSeatNo=8101'],
      ['text/plain', JSON.stringify({ userSeatNo: '8101' })],
      ['multipart/form-data; boundary=x', '--x\r\nContent-Disposition: form-data; name="userSeatNo"\r\n\r\n8101\r\n--x--\r\n'],
    ] as const) {
      const res = await s.call('POST', BEACON, { raw: payload, headers: { 'content-type': type, ...en } });
      expect(res.status, type).toBeGreaterThanOrEqual(400);
      expect(res.status, type).toBeLessThan(500);
      expect(res.body.code, type).toBe(res.status);
    }
    expect(await openLog('8101')).toEqual(before);
  });

  it('a token in the body closes only its own seat; naming another seat is 403', async () => {
    await setStatus(s.ctx.db, '8102', 0);
    await setStatus(s.ctx.db, '8103', 0);
    const token = await s.login('agent2', 'agent123');
    const other = await s.call('POST', BEACON, { raw: JSON.stringify({ userSeatNo: '8103', token }), headers: { 'content-type': 'text/plain', ...en } });
    expect(other.status).toBe(403);
    expect(await openLog('8103')).toBeDefined();
    const own = await s.call('POST', `${BEACON}?token=${encodeURIComponent(token)}`, { raw: JSON.stringify({ userSeatNo: '8102', status: 0 }), headers: { 'content-type': 'text/plain' } });
    expect(own.status).toBe(200);
    expect(own.body.data).toEqual({ userSeatNo: '8102', closed: 1 });
    expect(await openLog('8102')).toBeUndefined();
  });

  it('a forged or foreign token in the body is 401, and a supervisor\'s token cannot close an agent\'s seat', async () => {
    await setStatus(s.ctx.db, '8104', 0);
    const forged = await s.call('POST', BEACON, { raw: JSON.stringify({ userSeatNo: '8104', token: 'eyJhbGciOiJub25lIn0.e30.' }), headers: { 'content-type': 'text/plain' } });
    expect(forged.status).toBe(401);
    const sup = await s.login('supervisor', 'super123');
    const res = await s.call('POST', BEACON, { raw: JSON.stringify({ userSeatNo: '8104', token: sup }), headers: { 'content-type': 'text/plain' } });
    expect(res.status).toBe(403);
    expect(await openLog('8104')).toBeDefined();
  });
});

describe(`status codes out of range (${engine})`, () => {
  it.each([-1, 100, 1e20, 1.5, '0', null, 1, 6, 7])('status %j is a 400 naming status, nothing written', async (status) => {
    const token = await s.login('agent5', 'agent123');
    await setStatus(s.ctx.db, '8105', 3);
    const before = await openLog('8105');
    for (const action of ['UserSeatLog/changeSeatStatus', 'UserSeatLog/addUserSeatLogByUserSeat', 'User/editUserStatus']) {
      const res = await s.call('POST', `/api/${action}`, { token, body: { userSeatNo: '8105', status }, headers: en });
      expect(res.status, action).toBe(400);
      expect(Object.keys(res.body.data.errors), action).toEqual(['status']);
    }
    expect(await openLog('8105')).toEqual(before);
  });
});

describe(`recordings: traversal and hostile ranges (${engine})`, () => {
  let id: string;
  let admin: string;
  beforeAll(async () => {
    admin = await s.login('admin', 'admin123');
    id = await insertCall(s.ctx.db, { seat: '8101' });
    const relative = `2026/11/24/${id}.wav`;
    await s.ctx.db.query('UPDATE call_records SET record_path = $2 WHERE call_id = $1', [id, relative]);
    const full = path.join(s.ctx.config.telephony.recordingsDir, relative);
    fs.mkdirSync(path.dirname(full), { recursive: true });
    fs.writeFileSync(full, Buffer.alloc(SIZE, 7));
  });
  const get = (url: string, headers: Record<string, string> = {}) =>
    s.app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${admin}`, ...en, ...headers } });

  it.each([
    '..%2F..%2F..%2Fetc%2Fpasswd', '%2e%2e%2f%2e%2e%2fetc%2fpasswd', '..%5C..%5Cwindows', 'x%00.wav', '%252e%252e%252f', `${'a'.repeat(65)}`,
  ])('callId %s is refused without touching the disk', async (callId) => {
    const res = await get(`/api/recordings/${callId}`);
    expect([400, 404]).toContain(res.statusCode);
    expect(res.headers['content-type']).toMatch(/json/);
    expect(res.json().code).toBe(res.statusCode);
  });

  it('a path outside the recordings folder planted in the call record is never served', async () => {
    const planted = await insertCall(s.ctx.db, { seat: '8101' });
    for (const p of ['../../../../../../etc/passwd', '/etc/passwd', `2026/../../${path.basename(s.ctx.config.dataDir)}`]) {
      await s.ctx.db.query('UPDATE call_records SET record_path = $2 WHERE call_id = $1', [planted, p]);
      const res = await get(`/api/recordings/${planted}`);
      expect(res.statusCode, p).toBe(404);
    }
  });

  it.each([
    ['bytes=0-1,5-9', 200, undefined],
    ['bytes=0-99999999999999999999999999', 206, `bytes 0-${SIZE - 1}/${SIZE}`],
    ['bytes=-99999999999999999999999999', 206, `bytes 0-${SIZE - 1}/${SIZE}`],
    [`bytes=${'9'.repeat(400)}-`, 416, `bytes */${SIZE}`],
    ['bytes=1e3-', 200, undefined],
    ['bytes=0x10-0x20', 200, undefined],
    ['bytes= 5-6', 200, undefined],
    ['bytes=5-6 ', 206, `bytes 5-6/${SIZE}`],
    [`bytes=${'0,'.repeat(2000)}0`, 200, undefined],
  ])('Range %s -> %i', async (range, status, contentRange) => {
    const res = await get(`/api/recordings/${id}`, { range });
    expect(res.statusCode).toBe(status);
    expect(res.headers['content-range']).toBe(contentRange);
    if (status === 200) expect(res.rawPayload.length).toBe(SIZE);
    if (status === 206) expect(Number(res.headers['content-length'])).toBe(res.rawPayload.length);
  });
});
