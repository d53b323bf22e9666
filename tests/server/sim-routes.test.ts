/**
 * /api/sim/incoming, /api/sim/answer, /api/sim/hangup: admin only, validated, 404 for an
 * unknown seat, 409 without a call or without a simulator (ESL_HOST set); what they do is
 * checked on the switch itself (show channels over a raw Event Socket connection).
 */
import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './helpers.ts';
import { PASSWORD, RawEsl } from './sim-support.ts';

let server: TestServer;
let admin: string;
let esl: RawEsl;
const en = { 'accept-language': 'en' };

beforeAll(async () => {
  server = await startTestServer();
  admin = await server.login('admin', 'admin123');
  esl = await RawEsl.connect(server.app.telephony.simulator!.port);
  await esl.login(PASSWORD, 'event plain CHANNEL_CREATE');
});

afterAll(async () => {
  esl?.close();
  await server?.close();
});

/** The live legs on the simulated switch whose destination is that extension. */
async function legsAt(extension: string): Promise<Array<Record<string, string>>> {
  const listed = JSON.parse(await esl.api('show channels as json')) as { rows?: Array<Record<string, string>> };
  return (listed.rows ?? []).filter((r) => r.dest === extension);
}

async function extensionOf(seat: string): Promise<string> {
  const rows = await server.ctx.db.query<{ fjh: string }>('SELECT fjh FROM users WHERE user_seat_no = $1', [seat]);
  return rows[0]!.fjh;
}

describe('simulator routes', () => {
  it('an admin rings a seat, answers and hangs up its simulated phone', async () => {
    const extension = await extensionOf('8101');
    const rung = await server.call('POST', '/api/sim/incoming', { token: admin, body: { userSeatNo: '8101', phoneNo: '13800138000', ivr: 'ivrcourt' } });
    expect(rung.status).toBe(200);
    const { callId } = rung.body.data as { callId: string };
    expect(callId).toMatch(/^[0-9a-f-]{36}$/);
    await esl.event('CHANNEL_CREATE', callId);
    const agentLeg = await esl.event('CHANNEL_CREATE');
    expect(agentLeg.headers).toMatchObject({ variable_cc_seat: '8101', variable_cc_ivr: 'ivrcourt', 'channel-call-uuid': callId });

    expect((await server.call('POST', '/api/sim/answer', { token: admin, body: { userSeatNo: '8101' } })).status).toBe(200);
    await expect.poll(async () => (await legsAt(extension)).map((r) => r.callstate).sort()).toEqual(['ACTIVE', 'ACTIVE']);
    expect((await server.call('POST', '/api/sim/hangup', { token: admin, body: { userSeatNo: '8101' } })).status).toBe(200);
    expect(await legsAt(extension)).toEqual([]);

    const again = await server.call('POST', '/api/sim/hangup', { token: admin, body: { userSeatNo: '8101' }, headers: en });
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({ code: 409, msg: 'This seat has no call' });
  });

  it('answering a seat where nothing rings is a 409 in the caller\'s language', async () => {
    const res = await server.call('POST', '/api/sim/answer', { token: admin, body: { userSeatNo: '8102' } });
    expect(res.status).toBe(409);
    expect(res.body.msg).toBe('该坐席没有正在振铃的来电');
  });

  it('refuses an unknown seat (404) and bad fields (400 naming the field) without ringing anything', async () => {
    const unknown = await server.call('POST', '/api/sim/incoming', { token: admin, body: { userSeatNo: '99999999', phoneNo: '13800138000' }, headers: en });
    expect(unknown.status).toBe(404);
    expect(unknown.body.msg).toBe('no user has this seat number');
    const extension = await extensionOf('8103');
    for (const body of [
      { userSeatNo: '8103', phoneNo: '138 0013 8000' },
      { userSeatNo: '8103', phoneNo: '13800138000}' },
      { userSeatNo: '8103', phoneNo: '13800138000', ivr: 'ivr court' },
      { userSeatNo: '8103' },
      { userSeatNo: 8103, phoneNo: '13800138000' },
      { userSeatNo: '8103', phoneNo: '13800138000', extra: 1 },
    ]) {
      const res = await server.call('POST', '/api/sim/incoming', { token: admin, body, headers: en });
      expect(res.status, JSON.stringify(body)).toBe(400);
      const field = Object.keys(body).find((k) => !['userSeatNo', 'phoneNo'].includes(k)) ?? (typeof body.userSeatNo === 'number' ? 'userSeatNo' : 'phoneNo');
      expect(res.body.msg, JSON.stringify(body)).toContain(field);
    }
    expect(await legsAt(extension)).toEqual([]);
  });

  it('is for admins only', async () => {
    const agent = await server.login('agent4', 'agent123');
    const supervisor = await server.login('supervisor', 'super123');
    const extension = await extensionOf('8104');
    for (const url of ['/api/sim/incoming', '/api/sim/answer', '/api/sim/hangup']) {
      const body = { userSeatNo: '8104', phoneNo: '13800138000' };
      expect((await server.call('POST', url, { token: agent, body })).status).toBe(403);
      expect((await server.call('POST', url, { token: supervisor, body })).status).toBe(403);
      expect((await server.call('POST', url, { body })).status).toBe(401);
    }
    expect(await legsAt(extension)).toEqual([]);
  });
});

describe('simulator routes with a real switch configured', () => {
  it('answer 409: there is no simulator when ESL_HOST is set', async () => {
    // A port with nothing behind it: the gateway's client just keeps backing off.
    const probe = net.createServer();
    await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
    const port = (probe.address() as net.AddressInfo).port;
    await new Promise<void>((resolve) => probe.close(() => resolve()));
    const real = await startTestServer({ telephony: { ...server.ctx.config.telephony, eslHost: '127.0.0.1', eslPort: port } });
    try {
      expect(real.app.telephony.simulator).toBeUndefined();
      const token = await real.login('admin', 'admin123');
      const requests = { incoming: { userSeatNo: '8101', phoneNo: '13800138000' }, answer: { userSeatNo: '8101' }, hangup: { userSeatNo: '8101' } };
      for (const [name, body] of Object.entries(requests)) {
        const url = `/api/sim/${name}`;
        const res = await real.call('POST', url, { token, body, headers: en });
        expect(res.status, url).toBe(409);
        expect(res.body.msg).toContain('ESL_HOST');
      }
    } finally {
      await real.close();
    }
  });
});
