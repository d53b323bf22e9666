import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest';
import { EslClient } from '../../server/telephony/esl/client.ts';
import { socketLimits } from '../../server/telephony/gateway/socket.ts';
import { PhoneClient, startPhoneServer, type PhoneServer } from './phone-support.ts';
import { until, WAIT_MS } from '../support/until.ts';

const CALL = '0f0e8a4c-1d2b-4c3d-8e9f-0a1b2c3d4e5f';
let server: PhoneServer;

beforeAll(async () => {
  server = await startPhoneServer();
});
afterAll(async () => {
  await server.close();
});

describe('/ws authentication and seat', () => {
  test('a bad or missing token gets an ERROR frame, then close 4401', async () => {
    for (const token of ['not-a-token', undefined]) {
      const c = await PhoneClient.open(server, token);
      expect(await c.closed()).toBe(4401);
      expect(c.messages).toEqual([{ type: 'ERROR', code: 'NOT_LOGGED_IN', msg: 'Please log in again' }]);
    }
  });

  test('a logged-out token is refused the same way', async () => {
    const token = await server.login('agent4', 'agent123');
    await server.call('POST', '/api/User/setLogout', { token, body: { userSeatNo: '8104' } });
    const c = await PhoneClient.open(server, token);
    expect(await c.closed()).toBe(4401);
  });

  test('login of its own seat answers STATE with the link up', async () => {
    const c = await PhoneClient.open(server, await server.login('agent1', 'agent123'));
    const state = await c.login('8101');
    expect(state).toMatchObject({ type: 'STATE', link: 'up', callId: '', answered: false });
    c.close();
  });

  test('another seat is refused, for an admin too, in the socket\'s language', async () => {
    const agent = await PhoneClient.open(server, await server.login('agent2', 'agent123'), 'zh');
    agent.send('userSeatNo:8101,cmd:login');
    expect(await agent.next('ERROR')).toEqual({ type: 'ERROR', code: 'OTHER_SEAT', msg: '只能操作自己的座席 8102' });
    const admin = await PhoneClient.open(server, await server.login('admin', 'admin123'));
    admin.send('userSeatNo:8101,cmd:login');
    expect(await admin.next('ERROR')).toMatchObject({ code: 'OTHER_SEAT', msg: 'You may only control your own seat 8000' });
    admin.send(`userSeatNo:8101,cmd:bgapi,para1:uuid_kill,para2:${CALL}`);
    expect(await admin.next('ERROR')).toMatchObject({ code: 'OTHER_SEAT' });
    agent.close();
    admin.close();
  });

  test('commands before login are refused', async () => {
    const c = await PhoneClient.open(server, await server.login('agent3', 'agent123'));
    c.send(`userSeatNo:8103,cmd:bgapi,para1:uuid_kill,para2:${CALL}`);
    expect(await c.next('ERROR')).toMatchObject({ code: 'NOT_LOGGED_IN' });
    c.close();
  });

  test('a user of a department without the phone bar is refused (4403) and nothing reaches the switch', async () => {
    const bgapi = vi.spyOn(EslClient.prototype, 'bgapi');
    try {
      // 'orders' (seat 8301) is in the work-order department, which has no phone bar.
      const c = await PhoneClient.open(server, await server.login('orders', 'orders123'));
      c.send('userSeatNo:8301,cmd:login');
      c.send('userSeatNo:8301,cmd:originate,cid:1301,dest:13800138000,ext:1301,earlyMedia:false,timeout:30');
      expect(await c.closed()).toBe(4403);
      expect(c.messages).toEqual([{ type: 'ERROR', code: 'OTHER_SEAT', msg: 'Your department has no phone bar' }]);
      expect(bgapi).not.toHaveBeenCalled();
    } finally {
      bgapi.mockRestore();
    }
  });

  test('herbert is answered with herbert', async () => {
    const c = await PhoneClient.open(server, await server.login('agent1', 'agent123'));
    c.send('herbert');
    await c.next('herbert');
    c.send('userSeatNo:8101,cmd:herbert');
    await c.next('herbert');
    c.close();
  });
});

describe('/ws strict parsing: refused frames never reach the switch', () => {
  test('malformed frames get ERROR frames naming the problem and send nothing to the switch', async () => {
    const bgapi = vi.spyOn(EslClient.prototype, 'bgapi');
    const api = vi.spyOn(EslClient.prototype, 'api');
    try {
      const c = await PhoneClient.open(server, await server.login('agent5', 'agent123'));
      await c.login('8105');
      const frames: Array<[string, string, RegExp]> = [
        ['userSeatNo:8105,cmd:originate,cid:1105,dest:138\n0013,ext:1105,earlyMedia:false,timeout:30', 'FIELD', /dest/],
        ['userSeatNo:8105,cmd:originate,cid:1105,dest:1380013}{,ext:1105,earlyMedia:false,timeout:30', 'FIELD', /dest/],
        ['userSeatNo:8105,cmd:originate,cid:1105,dest:13800 13,ext:1105,earlyMedia:false,timeout:30', 'FIELD', /dest/],
        ['userSeatNo:8105,cmd:originate,cid:1105,dest:138|0013,ext:1105,earlyMedia:false,timeout:30', 'FIELD', /dest/],
        [`userSeatNo:8105,cmd:bgapi,para1:uuid_transfer,para2:${CALL},para3:1102 XML public`, 'FIELD', /para3/],
        [`userSeatNo:8105,cmd:bgapi,para1:uuid_bridge,para2:${CALL}`, 'UNKNOWN', /para1/],
        ['userSeatNo:8105,cmd:shutdown', 'UNKNOWN', /cmd/],
        ['cmd:login,userSeatNo:8105', 'FORMAT', /Malformed/],
        ['x'.repeat(600), 'FORMAT', /Malformed/],
        ['{"cmd":"login"}', 'FORMAT', /Malformed/],
      ];
      for (const [frame, code, msg] of frames) {
        c.send(frame);
        const e = await c.next('ERROR');
        expect(e.code, frame).toBe(code);
        expect(e.msg, frame).toMatch(msg);
      }
      c.ws.send(Buffer.from([0, 1, 2]), { binary: true });
      expect(await c.next('ERROR')).toMatchObject({ code: 'FORMAT' });
      c.send('herbert');
      await c.next('herbert'); // still open and answering after all that
      expect(bgapi).not.toHaveBeenCalled();
      expect(api).not.toHaveBeenCalled();
      c.close();
    } finally {
      bgapi.mockRestore();
      api.mockRestore();
    }
  });

  test('a call that is not the seat\'s current call is refused with NO_CALL', async () => {
    const c = await PhoneClient.open(server, await server.login('agent3', 'agent123'));
    await c.login('8103');
    for (const op of ['uuid_kill', 'uuid_holdon', 'uuid_killthree2']) {
      c.send(`userSeatNo:8103,cmd:bgapi,para1:${op},para2:${CALL}`);
      expect(await c.next('ERROR')).toMatchObject({ code: 'NO_CALL' });
    }
    c.close();
  });

  test('a dial-out from another extension than the seat\'s is refused', async () => {
    const c = await PhoneClient.open(server, await server.login('agent4', 'agent123'));
    await c.login('8104');
    c.send('userSeatNo:8104,cmd:originate,cid:1104,dest:13800138000,ext:1101,earlyMedia:false,timeout:30');
    expect(await c.next('ERROR')).toMatchObject({ code: 'FIELD', msg: "The extension is not this seat's: use 1104" });
    c.close();
  });

  test('over the rate limit a socket gets one ERROR RATE and the extra frames are dropped', async () => {
    const c = await PhoneClient.open(server, await server.login('agent2', 'agent123'));
    for (let i = 0; i < socketLimits.commandsPerSecond + 10; i++) c.send('herbert');
    await c.next('ERROR', (m) => m.code === 'RATE');
    // The admitted frames are answered one after another (each re-checks the login), so on a
    // busy machine they may come well after the refusal: wait for them, then give any frame
    // that slipped through a moment to show up before counting.
    const herberts = () => c.messages.filter((m) => m.type === 'herbert').length;
    await until(() => herberts() >= socketLimits.commandsPerSecond, WAIT_MS, 'the admitted frames');
    await new Promise((r) => setTimeout(r, 300));
    expect(c.messages.filter((m) => m.type === 'herbert')).toHaveLength(socketLimits.commandsPerSecond);
    expect(c.messages.filter((m) => m.type === 'ERROR')).toHaveLength(1);
    c.close();
  });

  test('a frame over the size limit closes the socket with 1009', async () => {
    const c = await PhoneClient.open(server, await server.login('agent2', 'agent123'));
    c.send('h'.repeat(socketLimits.maxFrameBytes + 1));
    expect(await c.closed()).toBe(1009);
  });
});
