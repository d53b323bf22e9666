/**
 * Attacks on the phone bar's socket (/ws): a socket outliving its login (logout, remote logout,
 * disabled account, the user moved to another seat), many sockets per user, another seat's call,
 * a forged caller ID, oversized and binary frames, injection in every field of every command.
 */
import { afterAll, afterEach, beforeAll, describe, expect, test, vi } from 'vitest';
import { EslClient } from '../../server/telephony/esl/client.ts';
import { socketLimits } from '../../server/telephony/gateway/socket.ts';
import { BGAPI_OPS, ORIGINATE_FIELDS } from '../../schemas/protocol/phone.ts';
import { announceUsersChanged } from '../../server/auth/tokens.ts';
import { engine } from '../server/helpers.ts';
import { PhoneClient, startPhoneServer, until, type PhoneServer } from '../server/phone-support.ts';
import { WAIT_MS } from '../support/until.ts';

let server: PhoneServer;
const limits = { ...socketLimits };

beforeAll(async () => {
  server = await startPhoneServer({ maxSessionsPerUser: 100 });
});
afterAll(async () => {
  await server.close();
});
afterEach(() => {
  Object.assign(socketLimits, limits);
  vi.restoreAllMocks();
});

async function loggedIn(user: string, password: string, seat: string) {
  const token = await server.login(user, password);
  const c = await PhoneClient.open(server, token);
  await c.login(seat);
  return { c, token };
}

const setEnabled = (user: string, on: boolean) => server.ctx.db.query('UPDATE users SET enabled = $2 WHERE user_name = $1', [user, on]);

describe(`/ws: a socket does not outlive its login (${engine})`, () => {
  test('logged out while the socket is open: the next command is refused and the socket closed', async () => {
    const bgapi = vi.spyOn(EslClient.prototype, 'bgapi');
    const { c, token } = await loggedIn('agent1', 'agent123', '8101');
    expect((await server.call('POST', '/api/User/setLogout', { token, body: {} })).status).toBe(200);
    c.send('userSeatNo:8101,cmd:originate,cid:1101,dest:13800138000,ext:1101,earlyMedia:false,timeout:30');
    expect(await c.next('ERROR')).toMatchObject({ code: 'NOT_LOGGED_IN', msg: 'Please log in again' });
    expect(await c.closed()).toBe(4401);
    expect(bgapi).not.toHaveBeenCalled();
  });

  test('an administrator\'s remote logout of the seat closes its socket at the next command', async () => {
    const { c } = await loggedIn('agent2', 'agent123', '8102');
    const admin = await server.login('admin', 'admin123');
    expect((await server.call('POST', '/api/User/setLogout', { token: admin, body: { userSeatNo: '8102' } })).status).toBe(200);
    c.send('userSeatNo:8102,cmd:login');
    expect(await c.next('ERROR')).toMatchObject({ code: 'NOT_LOGGED_IN' });
    expect(await c.closed()).toBe(4401);
  });

  test('a disabled user\'s socket is closed at once, without waiting for a command (heartbeats never read the login)', async () => {
    const { c } = await loggedIn('agent3', 'agent123', '8103');
    // As the user administration's save does: the change, then the announcement every process hears.
    await setEnabled('agent3', false);
    await announceUsersChanged(server.ctx.db, [(await server.ctx.db.query<{ id: number }>("SELECT id FROM users WHERE user_name = 'agent3'"))[0]!.id]);
    try {
      expect(await c.next('ERROR')).toMatchObject({ code: 'NOT_LOGGED_IN' });
      expect(await c.closed()).toBe(4401);
    } finally {
      await setEnabled('agent3', true);
    }
  });

  test('a user disabled behind the server\'s back (no announcement) is closed by the recheck timer, heartbeats or not', async () => {
    socketLimits.recheckMs = 200;
    const { c } = await loggedIn('agent3', 'agent123', '8103');
    await setEnabled('agent3', false);
    try {
      c.send('herbert');
      expect(await c.closed()).toBe(4401);
      expect(c.messages.find((m) => m.type === 'ERROR')).toMatchObject({ code: 'NOT_LOGGED_IN' });
    } finally {
      await setEnabled('agent3', true);
    }
  });

  test('a user moved to another seat: the old seat\'s socket is closed, it cannot command the seat it left', async () => {
    const bgapi = vi.spyOn(EslClient.prototype, 'bgapi');
    const { c } = await loggedIn('agent4', 'agent123', '8104');
    await server.ctx.db.query(`UPDATE users SET user_seat_no = '8194' WHERE user_name = 'agent4'`);
    try {
      c.send('userSeatNo:8104,cmd:bgapi,para1:uuid_kill,para2:0f0e8a4c-1d2b-4c3d-8e9f-0a1b2c3d4e5f');
      expect(await c.next('ERROR')).toMatchObject({ code: 'OTHER_SEAT', msg: 'Your seat has changed: please log in again' });
      expect(await c.closed()).toBe(4403);
      expect(bgapi).not.toHaveBeenCalled();
    } finally {
      await server.ctx.db.query(`UPDATE users SET user_seat_no = '8104' WHERE user_name = 'agent4'`);
    }
  });

  test('a quiet socket whose session ended is closed without sending anything, and gets no more events', async () => {
    socketLimits.recheckMs = 200;
    const { c, token } = await loggedIn('agent5', 'agent123', '8105');
    await server.call('POST', '/api/User/setLogout', { token, body: {} });
    expect(await c.closed(3000)).toBe(4401);
    const before = c.frames.length;
    await server.sim.incoming({ extension: '1105', seat: '8105', phoneNo: '13800138005' });
    await new Promise((r) => setTimeout(r, 1000));
    expect(c.frames.length).toBe(before);
    await server.sim.hangup('1105').catch(() => undefined);
  });
});

describe(`/ws: limits and other seats (${engine})`, () => {
  test('a socket that answers no ping is cut at once: a browser whose network went away does not wait out the idle time', async () => {
    socketLimits.pingMs = 300;
    const dead = await PhoneClient.open(server, await server.login('agent2', 'agent123'), 'en', { autoPong: false });
    await dead.login('8102');
    const alive = await PhoneClient.open(server, await server.login('agent3', 'agent123'));
    await alive.login('8103');
    // Cut (no close handshake: 1006) after two pings in a row unanswered, long before the 120 s idle time.
    expect(await dead.closed(5000)).toBe(1006);
    expect(alive.closeCode).toBeUndefined();
    alive.close();
  });

  test('sockets per user are capped; closing one frees its place', async () => {
    socketLimits.maxSocketsPerUser = 2;
    const token = await server.login('supervisor', 'super123');
    const a = await PhoneClient.open(server, token);
    const b = await PhoneClient.open(server, token);
    await a.login('8001');
    await b.login('8001');
    const third = await PhoneClient.open(server, token);
    expect(await third.closed()).toBe(4429);
    expect(third.messages).toEqual([{ type: 'ERROR', code: 'RATE', msg: 'Too many phone connections for this account (at most 2): close other tabs' }]);
    a.close();
    await a.closed();
    // The server frees the place when it sees the close: try until a new socket logs in.
    const again = await until(async () => {
      const c = await PhoneClient.open(server, token);
      c.send('userSeatNo:8001,cmd:login');
      const got = await until(() => c.closeCode ?? c.messages.find((m) => m.type === 'STATE'), 3000, 'STATE or close');
      return typeof got === 'number' ? undefined : c;
    }, WAIT_MS, 'a free place');
    again.close();
    b.close();
  });

  test('another seat\'s call cannot be hung up, held or transferred', async () => {
    const victim = await loggedIn('agent1', 'agent123', '8101');
    const callId = await server.sim.incoming({ extension: '1101', seat: '8101', phoneNo: '13800138001' });
    await victim.c.next('CHANNEL_CREATE', (m) => m.callId === callId);
    const bgapi = vi.spyOn(EslClient.prototype, 'bgapi');
    const { c } = await loggedIn('agent2', 'agent123', '8102');
    for (const cmd of [
      `userSeatNo:8102,cmd:bgapi,para1:uuid_kill,para2:${callId}`,
      `userSeatNo:8102,cmd:bgapi,para1:uuid_holdon,para2:${callId}`,
      `userSeatNo:8102,cmd:bgapi,para1:uuid_transfer,para2:${callId},para3:1102`,
      `userSeatNo:8102,cmd:bgapi,para1:uuid_three,para2:1102,para3:in,para4:13800138001,para5:${callId}`,
    ]) {
      c.send(cmd);
      expect(await c.next('ERROR'), cmd).toMatchObject({ code: 'NO_CALL' });
    }
    c.send(`userSeatNo:8101,cmd:bgapi,para1:uuid_kill,para2:${callId}`);
    expect(await c.next('ERROR')).toMatchObject({ code: 'OTHER_SEAT' });
    expect(bgapi).not.toHaveBeenCalled();
    expect(server.app.telephony.gateway.book.callOf('8101')?.callId).toBe(callId);
    await server.sim.hangup('1101');
    await victim.c.next('CHANNEL_DESTROY');
    victim.c.close();
    c.close();
  });

  test('a dial-out cannot show a caller ID that is not the seat\'s', async () => {
    const bgapi = vi.spyOn(EslClient.prototype, 'bgapi');
    const { c } = await loggedIn('agent3', 'agent123', '8103');
    c.send('userSeatNo:8103,cmd:originate,cid:110,dest:13800138000,ext:1103,earlyMedia:false,timeout:30');
    expect(await c.next('ERROR')).toMatchObject({ code: 'FIELD', msg: "The caller ID must be one of this seat's: 1103, 02788886666" });
    expect(bgapi).not.toHaveBeenCalled();
    c.close();
  });

  test('a frame over the socket\'s limit closes it (1009); a frame over the server ceiling too', async () => {
    const { c } = await loggedIn('agent4', 'agent123', '8104');
    c.send('herbert'.padEnd(socketLimits.maxFrameBytes + 1, ' '));
    expect(await c.closed()).toBe(1009);
    const big = await PhoneClient.open(server, await server.login('agent4', 'agent123'));
    big.ws.send(Buffer.alloc(100 * 1024, 0x41));
    expect(await big.closed()).toBe(1009);
  });
});

describe(`/ws: injection in every field never reaches the switch (${engine})`, () => {
  const EVIL = ['1\n\nbgapi status', '1}{a=b', '1,cmd:login', '1 2', '1|2', '1%0a2', '１２３', '', '1\r2', '1;2', '../1', '1\u00002'];
  const GOOD: Record<string, string> = { uuid: '0f0e8a4c-1d2b-4c3d-8e9f-0a1b2c3d4e5f', number: '13800138000', extension: '1105', direction: 'in', flag: 'false', timeout: '30' };

  test('originate and every bgapi operation, each field in turn', async () => {
    const bgapi = vi.spyOn(EslClient.prototype, 'bgapi');
    const api = vi.spyOn(EslClient.prototype, 'api');
    const { c } = await loggedIn('agent5', 'agent123', '8105');
    const forms: Array<{ head: string; fields: ReadonlyArray<readonly [string, string]> }> = [
      { head: 'userSeatNo:8105,cmd:originate', fields: ORIGINATE_FIELDS },
      ...Object.entries(BGAPI_OPS).map(([op, fields]) => ({ head: `userSeatNo:8105,cmd:bgapi,para1:${op}`, fields })),
    ];
    let sent = 0;
    for (const { head, fields } of forms) {
      for (let i = 0; i < fields.length; i++) {
        for (const evil of EVIL) {
          const parts = fields.map(([k, kind], j) => `${k}:${j === i ? evil : GOOD[kind]}`);
          c.send([head, ...parts].join(','));
          sent++;
          // Paced under the socket's command rate: a second after the server answered the last 15
          // (so after they arrived: on a busy machine frames sent a second apart can arrive together).
          if (sent % 15 === 0) {
            const answered = sent;
            await until(() => c.messages.filter((m) => m.type === 'ERROR').length >= answered, 30_000, 'an ERROR per frame so far');
            await new Promise((r) => setTimeout(r, 1000));
          }
        }
      }
    }
    for (const seat of ['8105\n', '8105 ', '81O5']) c.send(`userSeatNo:${seat},cmd:login`);
    sent += 3;
    await until(() => c.messages.filter((m) => m.type === 'ERROR').length >= sent, 30_000, 'an ERROR per frame');
    const errors = c.messages.filter((m) => m.type === 'ERROR');
    expect(errors.every((e) => ['FIELD', 'FORMAT'].includes(e.code))).toBe(true);
    expect(bgapi).not.toHaveBeenCalled();
    expect(api).not.toHaveBeenCalled();
    c.send('herbert');
    await c.next('herbert');
    c.close();
  }, 60_000);
});
