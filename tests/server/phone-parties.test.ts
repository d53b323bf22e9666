import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { engine } from './helpers.ts';
import { PhoneClient, startPhoneServer, statusLogs, until, type PhoneServer } from './phone-support.ts';

/**
 * Where seats meet on one call (issue 19): a three-way's third party sees the call and leaves it
 * (defect 2); an attended transfer consults the target while the customer holds, then completes
 * or cancels (as Flex and VICIdial offer it); and the bar answers a ringing call where the
 * switch can answer for the seat (the simulator's desk phones).
 */
let server: PhoneServer;

beforeAll(async () => {
  server = await startPhoneServer();
});
afterAll(async () => {
  await server?.close();
});

async function agentSocket(user: string, password: string, seat: string): Promise<PhoneClient> {
  const c = await PhoneClient.open(server, await server.login(user, password));
  await c.login(seat);
  return c;
}

/** An incoming call answered at `seat` (extension `ext`); its call id. */
async function talking(c: PhoneClient, seat: string, ext: string, phoneNo: string): Promise<string> {
  const callId = await server.sim.incoming({ extension: ext, seat, phoneNo });
  await c.next('CHANNEL_CREATE', (m) => m.callId === callId);
  await server.sim.answer(ext);
  await c.next('CHANNEL_ANSWER', (m) => m.callId === callId);
  return callId;
}

const ended = (callId: string) => until(async () => (await server.ctx.db.query<{ from: string; to: string }>(
  'SELECT transfer_from AS "from", transfer_to AS "to" FROM call_records WHERE call_id = $1 AND destroy_time IS NOT NULL', [callId]))[0], 8000, 'the record closed');

describe(`three-way (${engine})`, () => {
  test('the third party\'s bar sees the call with the number, answers, and leaves it; the agent stays with the customer', async () => {
    const agent = await agentSocket('agent1', 'agent123', '8101');
    const third = await agentSocket('agent2', 'agent123', '8102');
    const callId = await talking(agent, '8101', '1101', '13500135000');
    agent.send(`userSeatNo:8101,cmd:bgapi,para1:uuid_three,para2:1102,para3:in,para4:13500135000,para5:${callId}`);
    expect(await third.next('PARTY')).toEqual({ type: 'PARTY', callId, party: 'third' });
    expect(await third.next('CHANNEL_CREATE')).toMatchObject({ callId, phoneNum: '13500135000', agentNum: '8102' });
    await third.next('CHANNEL_ANSWER', (m) => m.callId === callId);
    await until(async () => (await statusLogs(server, '8102')).at(-1)?.status === 7, 5000, 'third party talking');
    expect(await third.login('8102')).toMatchObject({ callId, answered: true, party: 'third' });
    // The third party may not hold or transfer the customer; it may leave.
    third.send(`userSeatNo:8102,cmd:bgapi,para1:uuid_holdon,para2:${callId}`);
    expect(await third.next('ERROR')).toMatchObject({ code: 'NO_CALL' });
    third.send(`userSeatNo:8102,cmd:bgapi,para1:uuid_kill,para2:${callId}`);
    expect(await third.next('CHANNEL_DESTROY')).toMatchObject({ callId, next: 0 });
    await until(async () => (await statusLogs(server, '8102')).at(-1)?.status === 0, 5000, 'third party ready');
    expect(await agent.login('8101')).toMatchObject({ callId, answered: true, party: 'agent' });
    agent.send(`userSeatNo:8101,cmd:bgapi,para1:uuid_kill,para2:${callId}`);
    await agent.next('CHANNEL_DESTROY', (m) => m.callId === callId);
    await ended(callId);
    agent.close();
    third.close();
  });
});

describe(`attended transfer (${engine})`, () => {
  test('consult while the customer holds, then complete: the consulted seat takes the call, the agent is ready', async () => {
    const agent = await agentSocket('agent3', 'agent123', '8103');
    const target = await agentSocket('agent4', 'agent123', '8104');
    const callId = await talking(agent, '8103', '1103', '13400134000');
    agent.send(`userSeatNo:8103,cmd:bgapi,para1:uuid_consult,para2:${callId},para3:1104`);
    await agent.next('CHANNEL_HOLD', (m) => m.callId === callId);
    expect(await agent.next('CONSULT')).toEqual({ type: 'CONSULT', callId, state: 'ringing' });
    expect(await target.next('PARTY')).toEqual({ type: 'PARTY', callId, party: 'consult' });
    expect(await target.next('CHANNEL_CREATE')).toMatchObject({ callId, phoneNum: '13400134000' });
    await target.next('CHANNEL_ANSWER', (m) => m.callId === callId);
    expect(await agent.next('CONSULT', (m) => m.state === 'talking')).toMatchObject({ callId });
    agent.send(`userSeatNo:8103,cmd:bgapi,para1:uuid_consult_done,para2:${callId}`);
    expect(await agent.next('CHANNEL_DESTROY', (m) => m.callId === callId)).toMatchObject({ next: 0 });
    expect(await target.next('PARTY', (m) => m.party === 'agent')).toMatchObject({ callId });
    await target.next('TRANSFER', (m) => m.callId === callId);
    expect(await target.login('8104')).toMatchObject({ callId, answered: true, held: false, party: 'agent' });
    // The new agent has the normal controls.
    target.send(`userSeatNo:8104,cmd:bgapi,para1:uuid_holdon,para2:${callId}`);
    await target.next('CHANNEL_HOLD', (m) => m.callId === callId);
    target.send(`userSeatNo:8104,cmd:bgapi,para1:uuid_kill,para2:${callId}`);
    await target.next('CHANNEL_DESTROY', (m) => m.callId === callId);
    expect(await ended(callId)).toEqual({ from: '8103', to: '8104' });
    await until(async () => (await statusLogs(server, '8103')).at(-1)?.status === 0, 5000, 'agent ready');
    await until(async () => (await statusLogs(server, '8104')).at(-1)?.status === 0, 5000, 'target ready');
    agent.close();
    target.close();
  });

  test('consult, then cancel: the consulted seat is released, the customer comes off hold, back with the agent', async () => {
    const agent = await agentSocket('agent5', 'agent123', '8105');
    const target = await agentSocket('supervisor', 'super123', '8001');
    const callId = await talking(agent, '8105', '1105', '13300133000');
    agent.send(`userSeatNo:8105,cmd:bgapi,para1:uuid_consult,para2:${callId},para3:1001`);
    await target.next('CHANNEL_ANSWER', (m) => m.callId === callId);
    await agent.next('CONSULT', (m) => m.state === 'talking');
    agent.send(`userSeatNo:8105,cmd:bgapi,para1:uuid_consult_cancel,para2:${callId}`);
    await target.next('CHANNEL_DESTROY', (m) => m.callId === callId);
    await agent.next('CONSULT', (m) => m.state === 'ended');
    await agent.next('CHANNEL_UNHOLD', (m) => m.callId === callId);
    expect(await agent.login('8105')).toMatchObject({ callId, answered: true, held: false, party: 'agent' });
    agent.send(`userSeatNo:8105,cmd:bgapi,para1:uuid_kill,para2:${callId}`);
    await agent.next('CHANNEL_DESTROY', (m) => m.callId === callId);
    expect(await ended(callId)).toEqual({ from: '', to: '' });
    agent.close();
    target.close();
  });
});

describe(`answering from the bar (${engine})`, () => {
  test('a ringing call says the bar can answer it; uuid_answer from the bar answers it', async () => {
    const c = await agentSocket('admin', 'admin123', '8000');
    const callId = await server.sim.incoming({ extension: '1000', seat: '8000', phoneNo: '13200132000' });
    expect(await c.next('CHANNEL_CREATE', (m) => m.callId === callId)).toMatchObject({ answer: 'bar' });
    c.send(`userSeatNo:8000,cmd:bgapi,para1:uuid_answer,para2:${callId}`);
    await c.next('CHANNEL_ANSWER', (m) => m.callId === callId);
    expect(await c.next('JOB', (m) => m.cmd === 'uuid_answer')).toMatchObject({ ok: true });
    await until(async () => (await statusLogs(server, '8000')).at(-1)?.status === 7, 5000, 'talking');
    c.send(`userSeatNo:8000,cmd:bgapi,para1:uuid_kill,para2:${callId}`);
    await c.next('CHANNEL_DESTROY', (m) => m.callId === callId);
    c.close();
  });
});
