import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { engine, startTestServer, type TestServer } from './helpers.ts';
import { multipart } from './upload-support.ts';
import { from, loginOn, postOn, twoInstances } from '../security/two-instances.ts';

/**
 * The personal center (issue 22 item 2) and the seat usage log (item 3): profile rules as the
 * form's, a password change that ends the user's other sessions on every process, a wrong current
 * password counted like a failed login, avatars told by their bytes, notification choices and
 * sessions kept on the server, and the log's own-seat rule.
 */
let s: TestServer;
beforeAll(async () => (s = await startTestServer({ maxSessionsPerUser: 100 })));
afterAll(() => s?.close());

const api = (action: string, body: unknown, token: string) =>
  s.call('POST', `/api/userManagement/${action}`, { token, body, headers: { 'accept-language': 'en' } });
const me = async (token: string) => (await s.call('POST', '/api/default/GetUserInfo', { token })).body.data;

describe(`a password change ends the other sessions on every process (${engine})`, () => {
  it('the session that changed it stays; the others, on either process, end; the new password signs in', async () => {
    const pair = await twoInstances({ maxSessionsPerUser: 100 });
    try {
      const here = await loginOn(pair.a, 'agent2');
      const there = await loginOn(pair.b, 'agent2');
      const alsoHere = await loginOn(pair.a, 'agent2');
      const { userId } = (await postOn(pair.a, '/api/default/GetUserInfo', here, {})).body.data;
      const change = await postOn(pair.a, '/api/userManagement/changePwdById', here, { userId, oldPassword: 'agent123', newPassword: 'Kestrel-42' });
      expect(change.status).toBe(200);
      expect((await postOn(pair.b, '/api/default/GetUserInfo', there, {})).status).toBe(401);
      expect((await postOn(pair.a, '/api/default/GetUserInfo', alsoHere, {})).status).toBe(401);
      expect((await postOn(pair.a, '/api/default/GetUserInfo', here, {})).status).toBe(200);
      expect((await from(pair.b.app, '127.0.0.1', 'POST', '/api/default/login', { username: 'agent2', password: 'agent123' })).status).toBe(401);
      expect(await loginOn(pair.b, 'agent2', 'Kestrel-42')).toBeTruthy();
    } finally {
      await pair.close();
    }
  });
});

describe('changePwdById', () => {
  it('a wrong current password changes nothing, ends nothing, and counts as a failed login of the user', async () => {
    const token = await s.login('agent5', 'agent123');
    const other = await s.login('agent5', 'agent123');
    const { userId } = await me(token);
    const hashOf = async () => (await s.ctx.db.query<{ h: string }>('SELECT password_hash AS h FROM users WHERE id = $1', [userId]))[0]!.h;
    const before = await hashOf();
    for (let i = 0; i < 5; i++) {
      const wrong = await api('changePwdById', { userId, oldPassword: `guess-${i}`, newPassword: 'Kestrel-42' }, token);
      expect(wrong.status).toBe(400);
      expect(wrong.body.data.errors).toEqual({ oldPassword: 'is not the current password' });
    }
    expect((await s.call('POST', '/api/default/GetUserInfo', { token: other })).status).toBe(200);
    // Five failures of the user: the next login with the right password is asked for the verification code.
    const login = await s.call('POST', '/api/default/login', { body: { username: 'agent5', password: 'agent123' }, headers: { 'accept-language': 'en' } });
    expect(login.status).toBe(401);
    expect(login.body.data).toEqual({ captchaRequired: true });
    expect(await hashOf()).toBe(before);
  });

  it('refuses one of the commonest passwords, in the form\'s words, and keeps the old one', async () => {
    const token = await s.login('agent1', 'agent123');
    const { userId } = await me(token);
    for (const common of ['12345678', 'Password1', 'qwerty123']) {
      const res = await api('changePwdById', { userId, oldPassword: 'agent123', newPassword: common }, token);
      expect(res.status).toBe(400);
      expect(res.body.data.errors).toEqual({ newPassword: expect.stringContaining('most common passwords') });
    }
    const short = await api('changePwdById', { userId, oldPassword: 'agent123', newPassword: 'abc' }, token);
    expect(short.body.data.errors).toEqual({ newPassword: 'password cannot be less than 6 characters' });
    expect(await s.login('agent1', 'agent123')).toBeTruthy();
  });
});

describe('saveUserInfo', () => {
  it('takes the names, an 11-digit mobile starting with 1 and an e-mail; refuses the rest by field, changing nothing', async () => {
    const token = await s.login('chat1', 'agent123');
    const ok = await api('saveUserInfo', { userChineseName: '王小明', userEnglishName: 'Ming', mobile: '13800138000', email: 'ming@example.com' }, token);
    expect(ok.status).toBe(200);
    expect(await me(token)).toMatchObject({ userChineseName: '王小明', userEnglishName: 'Ming', mobile: '13800138000', email: 'ming@example.com' });
    const bad = await api('saveUserInfo', { userChineseName: 'Ming', mobile: '23800138000', email: 'not-mail' }, token);
    expect(bad.status).toBe(400);
    expect(bad.body.data.errors).toEqual({
      userChineseName: 'enter a Chinese name of 2-4 characters', mobile: 'enter the correct mobile number', email: 'enter a valid email address',
    });
    for (const mobile of ['1380013800', '138001380001']) expect((await api('saveUserInfo', { mobile }, token)).body.data.errors).toHaveProperty('mobile');
    expect((await api('saveUserInfo', { userSeatNo: '1' }, token)).status).toBe(400);
    expect(await me(token)).toMatchObject({ userChineseName: '王小明', mobile: '13800138000', email: 'ming@example.com', userSeatNo: '8201' });
  });
});

describe('avatar', () => {
  const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(64, 7)]);
  const send = (token: string, name: string, data: Buffer, type: string) => {
    const { body, contentType } = multipart(name, data, 'file', type);
    return s.app.inject({ method: 'POST', url: '/api/userManagement/uploadAvatar', headers: { authorization: `Bearer ${token}`, 'content-type': contentType, 'accept-language': 'en' }, payload: body });
  };

  it('a picture becomes the avatar of the user info and is served with its type', async () => {
    const token = await s.login('agent3', 'agent123');
    const res = await send(token, 'me.png', PNG, 'image/png');
    expect(res.statusCode).toBe(200);
    const { avatar } = res.json().data;
    expect(avatar).toMatch(/^\/api\/avatar\/[A-Za-z0-9_-]{22}$/);
    expect((await me(token)).avatar).toBe(avatar);
    const img = await s.app.inject({ method: 'GET', url: avatar });
    expect(img.statusCode).toBe(200);
    expect(img.headers['content-type']).toBe('image/png');
    expect(img.headers['x-content-type-options']).toBe('nosniff');
    expect(img.rawPayload.equals(PNG)).toBe(true);
  });

  it('a page labelled as a PNG is refused (415), a picture over the limit too (413); the avatar stays', async () => {
    const token = await s.login('agent4', 'agent123');
    const before = (await me(token)).avatar;
    const lying = await send(token, 'me.png', Buffer.from('<html><script>alert(1)</script></html>'), 'image/png');
    expect(lying.statusCode).toBe(415);
    expect(lying.json().msg).toContain('must be a picture');
    const pdf = await send(token, 'me.png', Buffer.from('%PDF-1.4 ...'), 'image/png');
    expect(pdf.statusCode).toBe(415);
    const big = await send(token, 'big.png', Buffer.concat([PNG, Buffer.alloc(300 * 1024)]), 'image/png');
    expect(big.statusCode).toBe(413);
    expect((await me(token)).avatar).toBe(before);
    expect((await s.app.inject({ method: 'GET', url: '/api/avatar/AAAAAAAAAAAAAAAAAAAAAA' })).statusCode).toBe(404);
    expect((await s.app.inject({ method: 'GET', url: '/api/avatar/..%2F..%2Fetc' })).statusCode).toBe(400);
  });
});

describe('notification choices and sessions follow the user', () => {
  it('notification choices are kept on the server and come with the user info', async () => {
    const token = await s.login('supervisor', 'super123');
    expect(await me(token)).toMatchObject({ notifySound: true, notifyDesktop: true });
    expect((await api('saveNotifyPrefs', { notifySound: false, notifyDesktop: true }, token)).status).toBe(200);
    const elsewhere = await s.login('supervisor', 'super123');
    expect(await me(elsewhere)).toMatchObject({ notifySound: false, notifyDesktop: true });
    expect((await api('getNotifyPrefs', {}, elsewhere)).body.data).toEqual({ notifySound: false, notifyDesktop: true });
    expect((await api('saveNotifyPrefs', { notifySound: 'no' }, token)).status).toBe(400);
    expect((await api('getNotifyPrefs', {}, token)).body.data).toEqual({ notifySound: false, notifyDesktop: true });
  });

  it('lists the own live sessions with device and last use; "log out elsewhere" ends all but this one', async () => {
    const mine = await s.call('POST', '/api/default/login', { body: { username: 'orders', password: 'orders123' }, headers: { 'user-agent': 'Desk Browser/1.0' } });
    const token = mine.body.data.token as string;
    const phone = await s.call('POST', '/api/default/login', { body: { username: 'orders', password: 'orders123' }, headers: { 'user-agent': 'Phone Browser/2.0' } });
    const list = (await api('getMySessions', {}, token)).body.data as Array<{ device: string; current: boolean; lastSeen: string; createTime: string }>;
    expect(list.map((x) => [x.device, x.current])).toEqual([['Desk Browser/1.0', true], ['Phone Browser/2.0', false]]);
    expect(list[0]!.lastSeen).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    expect((await api('logoutElsewhere', {}, token)).status).toBe(200);
    expect((await s.call('POST', '/api/default/GetUserInfo', { token: phone.body.data.token })).status).toBe(401);
    expect((await api('getMySessions', {}, token)).body.data.map((x: { current: boolean }) => x.current)).toEqual([true]);
  });
});

describe('the seat usage log report', () => {
  const log = (token: string, body: object) => s.call('POST', '/api/UserSeatLog/getUserSeatLogList', { token, body, headers: { 'accept-language': 'en' } });
  const seed = async () => {
    await s.ctx.db.query(`DELETE FROM seat_status_logs WHERE user_seat_no IN ('8101', '8102') AND s_start_time >= '2031-01-01'`);
    await s.ctx.db.query(
      `INSERT INTO seat_status_logs (user_seat_no, user_chinese_name, s_start_time, s_end_time, status) VALUES
         ('8101', '张一', '2031-01-02 09:00:00', '2031-01-02 09:15:00', 3),
         ('8101', '张一', '2031-01-02 09:15:00', '2031-01-02 10:15:00', 0),
         ('8102', '李二', '2031-01-02 09:00:00', '2031-01-02 09:30:00', 3)`);
  };
  const RANGE = { startTime: '2031-01-02', endTime: '2031-01-02' };

  it('an agent sees its own seat only, whatever seat it names; a supervisor every seat, with totals', async () => {
    await seed();
    const agent = await s.login('agent1', 'agent123');
    const own = await log(agent, { ...RANGE, pageNo: 1, pageSize: 20 });
    expect(own.status).toBe(200);
    expect(own.body.data.list.map((r: { userSeatNo: string; status: number; seconds: number }) => [r.userSeatNo, r.status, r.seconds]))
      .toEqual([['8101', 0, 3600], ['8101', 3, 900]]);
    expect(own.body.data.totals.seconds).toBe(4500);
    expect((await log(agent, { ...RANGE, userSeatNo: '8102' })).body.data.list).toEqual([]);
    const sup = await s.login('supervisor', 'super123');
    const all = await log(sup, { ...RANGE, status: 3 });
    expect(all.body.data.list.map((r: { userSeatNo: string; sStartTime: string; sEndTime: string }) => [r.userSeatNo, r.sStartTime, r.sEndTime]).sort())
      .toEqual([['8101', '2031-01-02 09:00:00', '2031-01-02 09:15:00'], ['8102', '2031-01-02 09:00:00', '2031-01-02 09:30:00']]);
    expect((await log(sup, { ...RANGE, status: 99 })).status).toBe(400);
    expect((await log(sup, { ...RANGE, userSeatNo: "8101' OR 1=1" })).status).toBe(400);
  });

  it('the export holds the same rows as the screen: an agent\'s own seat, statuses in words, the total last', async () => {
    await seed();
    const agent = await s.login('agent1', 'agent123');
    const res = await s.app.inject({
      method: 'POST', url: '/api/export/UserSeatLog/getUserSeatLogList?format=csv', payload: JSON.stringify(RANGE),
      headers: { authorization: `Bearer ${agent}`, 'accept-language': 'en', 'content-type': 'application/json' },
    });
    expect(res.statusCode).toBe(200);
    const lines = res.body.replace(/^\uFEFF/, '').trim().split(/\r?\n/);
    expect(lines[0]).toContain('Status');
    expect(lines.slice(1, 3).map((l) => l.split(',')[0])).toEqual(['8101', '8101']);
    expect(lines.slice(1, 3).map((l) => l.split(',')[4])).toEqual(['Ready', 'Break']);
    expect(res.body).not.toContain('8102');
    expect(lines).toHaveLength(4);
  });

  it('the spec\'s UserSeatLog writes still work beside the report', async () => {
    const agent = await s.login('agent2', 'agent123');
    const res = await s.call('POST', '/api/UserSeatLog/changeSeatStatus', { token: agent, body: { userSeatNo: '8102', status: 3 } });
    expect(res.status).toBe(200);
    const other = await s.call('POST', '/api/UserSeatLog/changeSeatStatus', { token: agent, body: { userSeatNo: '8101', status: 3 } });
    expect(other.status).toBe(403);
  });
});
