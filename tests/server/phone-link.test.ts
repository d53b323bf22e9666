import { afterAll, beforeAll, expect, test, vi } from 'vitest';
import { EslClient } from '../../server/telephony/esl/client.ts';
import { startSimulator, type Simulator } from '../../server/telephony/sim/index.ts';
import { PhoneClient, startPhoneServer, until, type PhoneServer } from './phone-support.ts';

let server: PhoneServer;
let replacement: Simulator | undefined;

beforeAll(async () => {
  server = await startPhoneServer();
});
afterAll(async () => {
  await replacement?.close();
  await server?.close();
});

test('switch lost: LINK down, commands refused and never queued; switch back: LINK up, STATE, commands work', async () => {
  const c = await PhoneClient.open(server, await server.login('agent1', 'agent123'));
  await c.login('8101');
  const port = server.sim.port;

  await server.sim.close();
  expect(await c.next('LINK')).toEqual({ type: 'LINK', link: 'down' });
  const bgapi = vi.spyOn(EslClient.prototype, 'bgapi');
  try {
    c.send('userSeatNo:8101,cmd:originate,cid:1101,dest:13800138000,ext:1101,earlyMedia:false,timeout:30');
    expect(await c.next('ERROR')).toMatchObject({ code: 'LINK_DOWN', msg: 'The phone system is offline; try again when it is back' });
    expect(bgapi).not.toHaveBeenCalled();
    expect((await (await PhoneClient.open(server, await server.login('agent2', 'agent123'))).login('8102')).link).toBe('down');

    // The same switch address comes back: the client reconnects by itself, the gateway rebuilds and tells the seats.
    replacement = await startSimulator({ port, password: server.ctx.config.telephony.eslPassword, recordingsDir: server.ctx.config.telephony.recordingsDir, clock: server.ctx.clock });
    expect(await c.next('LINK', undefined, 40_000)).toEqual({ type: 'LINK', link: 'up' });
    expect(await c.next('STATE')).toMatchObject({ link: 'up', callId: '' });
    // Nothing sent while the link was down was re-sent after it came back.
    expect(bgapi).not.toHaveBeenCalled();
  } finally {
    bgapi.mockRestore();
  }
  const callId = await replacement.incoming({ extension: '1101', seat: '8101', phoneNo: '13800138000' });
  expect(await c.next('CHANNEL_CREATE')).toMatchObject({ callId });
  await replacement.hangup('1101');
  await c.next('CHANNEL_DESTROY');
  await until(async () => (await server.ctx.db.query('SELECT 1 FROM call_records WHERE call_id = $1 AND destroy_time IS NOT NULL', [callId])).length, 5000, 'record');
  c.close();
}, 60_000);
