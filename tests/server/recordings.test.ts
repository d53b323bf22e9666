import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestServer } from './helpers.ts';
import { insertCall, newCallId } from './callinfo-fixtures.ts';
import { bearer, RECORDING_SIZE as SIZE, recordedCall as recorded, recordingServer, type RecordingUsers } from './recording-fixtures.ts';
import { byteRange } from '../../server/api/recordings.ts';

/** GET /api/recordings/<callId> with the login token in the Authorization header (API callers): who may play which call, range requests, what is refused. Signed links: recording-links.test.ts. */
let s: TestServer;
let t: RecordingUsers;
const en = { 'accept-language': 'en' };

beforeAll(async () => {
  ({ s, t } = await recordingServer());
});
afterAll(() => s.close());

const recordedCall = (seat: string, file = true) => recorded(s.ctx, seat, file);
const get = (url: string, headers: Record<string, string> = {}) => s.app.inject({ method: 'GET', url, headers });

describe('playing a recording', () => {
  it('without a range: 200, the whole file as audio/wav, ranges offered', async () => {
    const id = await recordedCall('8101');
    const res = await get(`/api/recordings/${id}`, bearer(t.admin));
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('audio/wav');
    expect(res.headers['accept-ranges']).toBe('bytes');
    expect(Number(res.headers['content-length'])).toBe(SIZE);
    expect(res.rawPayload).toHaveLength(SIZE);
  });

  it('Range 0-99: 206 with Content-Range and those bytes', async () => {
    const id = await recordedCall('8101');
    const res = await get(`/api/recordings/${id}`, bearer(t.supervisor, { range: 'bytes=0-99' }));
    expect(res.statusCode).toBe(206);
    expect(res.headers['content-range']).toBe(`bytes 0-99/${SIZE}`);
    expect(res.rawPayload).toEqual(Buffer.from(Array.from({ length: 100 }, (_, i) => i)));
  });

  it('a seek into the middle and a suffix range', async () => {
    const id = await recordedCall('8101');
    const middle = await get(`/api/recordings/${id}`, bearer(t.admin, { range: 'bytes=500-' }));
    expect(middle.statusCode).toBe(206);
    expect(middle.headers['content-range']).toBe(`bytes 500-999/${SIZE}`);
    expect(middle.rawPayload[0]).toBe(500 % 251);
    const tail = await get(`/api/recordings/${id}`, bearer(t.admin, { range: 'bytes=-10' }));
    expect(tail.headers['content-range']).toBe(`bytes 990-999/${SIZE}`);
    expect(tail.rawPayload).toHaveLength(10);
  });

  it('a range beyond the end: 416 with Content-Range */size, in the envelope', async () => {
    const id = await recordedCall('8101');
    const res = await get(`/api/recordings/${id}`, bearer(t.admin, { range: `bytes=${SIZE}-`, ...en }));
    expect(res.statusCode).toBe(416);
    expect(res.headers['content-range']).toBe(`bytes */${SIZE}`);
    expect(res.json()).toMatchObject({ code: 416, msg: `The requested range lies outside the recording (${SIZE} bytes)` });
  });

  it('an agent of another seat gets 403 with its login token', async () => {
    const id = await recordedCall('8101');
    const res = await get(`/api/recordings/${id}`, bearer(t.agent2, en));
    expect(res.statusCode).toBe(403);
    expect(res.json().msg).toBe('Permission denied: you can only play recordings of calls taken at your own seat');
  });

  it('no credentials is 401 saying how to play; a bad bearer token is 401', async () => {
    const id = await recordedCall('8101');
    const none = await get(`/api/recordings/${id}`, en);
    expect(none.statusCode).toBe(401);
    expect(none.json().msg).toContain('POST /api/recordings/link');
    expect((await get(`/api/recordings/${id}`, bearer('forged'))).statusCode).toBe(401);
  });
});

describe('recordSrc', () => {
  it('the session user\'s recordSrc is the base a call id is appended to', async () => {
    const id = await recordedCall('8101');
    const info = await s.call('POST', '/api/default/GetUserInfo', { token: t.agent1 });
    expect(info.body.data.recordSrc).toBe('/api/recordings/');
    expect((await get(`${info.body.data.recordSrc}${id}`, bearer(t.agent1))).statusCode).toBe(200);
  });
});

describe('the recording column', () => {
  it('the call report and my calls (/call) give the path that plays a call, \'\' for a call without one', async () => {
    const played = await recordedCall('8101');
    const silent = await insertCall(s.ctx.db, { seat: '8101' });
    const recordingOf = (list: Array<{ callId: string; recording: string }>, id: string) => list.find((r) => r.callId === id)?.recording;
    const full = (await s.call('POST', '/api/CallReport/getFullCallReport', { token: t.supervisor, body: { phoneNo: '13800000000', pageSize: 1000 } })).body.data.list;
    expect(recordingOf(full, played)).toBe(`/api/recordings/${played}`);
    expect(recordingOf(full, silent)).toBe('');
    const mine = (await s.call('POST', '/api/CallInfo/getCallInfoDataByCondition', { token: t.agent1, body: { pageSize: 1000 } })).body.data.list;
    expect(recordingOf(mine, played)).toBe(`/api/recordings/${played}`);
    const theirs = (await s.call('POST', '/api/CallInfo/getCallInfoDataByCondition', { token: t.agent2, body: { pageSize: 1000 } })).body.data.list;
    expect(recordingOf(theirs, played)).toBeUndefined();
  });
});

describe('what is refused', () => {
  it.each(['..%2F..%2Fetc%2Fpasswd', '%2E%2E%2F%2E%2E%2Fetc%2Fpasswd', 'a%00b', 'x%20y'])('path traversal or junk in the call id (%s) is a 400 naming callId', async (bad) => {
    const res = await get(`/api/recordings/${bad}`, bearer(t.admin, en));
    expect(res.statusCode).toBe(400);
    expect(res.json().data.errors).toHaveProperty('callId');
  });

  it('an unknown call, a call without a recording and a missing file are 404', async () => {
    expect((await get(`/api/recordings/${newCallId('none')}`, bearer(t.admin))).statusCode).toBe(404);
    const plain = await insertCall(s.ctx.db, { seat: '8101' });
    const none = await get(`/api/recordings/${plain}`, bearer(t.admin, en));
    expect(none.statusCode).toBe(404);
    expect(none.json().msg).toBe('This call has no recording');
    const lost = await recordedCall('8101', false);
    const missing = await get(`/api/recordings/${lost}`, bearer(t.admin, en));
    expect(missing.statusCode).toBe(404);
    expect(missing.json().msg).toBe('The recording file could not be found');
  });

  it('a record path that leaves the recordings folder is never served', async () => {
    const id = await insertCall(s.ctx.db, { seat: '8101' });
    await s.ctx.db.query('UPDATE call_records SET record_path = $2 WHERE call_id = $1', [id, '../../../../etc/hostname']);
    expect((await get(`/api/recordings/${id}`, bearer(t.admin))).statusCode).toBe(404);
  });
});

describe('byteRange', () => {
  it.each([
    [undefined, null],
    ['bytes=0-99', { start: 0, end: 99 }],
    ['bytes=990-2000', { start: 990, end: 999 }],
    ['bytes=-2000', { start: 0, end: 999 }],
    ['bytes=1000-', 'unsatisfiable'],
    ['bytes=-0', 'unsatisfiable'],
    ['bytes=50-10', null],
    ['bytes=0-1,5-9', null],
    ['items=0-1', null],
    ['bytes=-', null],
  ])('%s of 1000 bytes -> %j', (header, expected) => {
    expect(byteRange(header, 1000)).toEqual(expected);
  });
});
