/**
 * Toll fraud through the phone bar: a transfer or a three-way may bridge the caller only to a
 * seat's extension, the satisfaction survey (999999, transfers only) or an outside number under
 * a prefix the operator allowed (TRANSFER_EXTERNAL_PREFIXES). Anything else gets a localised
 * ERROR frame and a warning in the log, and no command reaches the switch. The server here
 * allows the prefixes 0755 and 400; the default (none) is checked on the rule itself.
 */
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, test, vi, type MockInstance } from 'vitest';
import { loadConfig } from '../../server/config.ts';
import { EslClient } from '../../server/telephony/esl/client.ts';
import * as build from '../../server/telephony/gateway/commands.ts';
import { targetKind } from '../../server/telephony/gateway/targets.ts';
import { engine } from '../server/helpers.ts';
import { PhoneClient, startPhoneServer, until, type PhoneServer } from '../server/phone-support.ts';

let server: PhoneServer;
let recordings: string;

beforeAll(async () => {
  recordings = fs.mkdtempSync(path.join(os.tmpdir(), 'cc-targets-'));
  const telephony = { ...loadConfig({ TRANSFER_EXTERNAL_PREFIXES: '0755, 400' }).telephony, simEslPort: 0, recordingsDir: recordings };
  server = await startPhoneServer({ telephony });
});
afterAll(async () => {
  await server?.close();
  fs.rmSync(recordings, { recursive: true, force: true });
});
afterEach(() => {
  vi.restoreAllMocks();
});

async function socket(user: string, password: string, seat: string, lang = 'en'): Promise<PhoneClient> {
  const c = await PhoneClient.open(server, await server.login(user, password), lang);
  await c.login(seat);
  return c;
}

/** An answered incoming call on the seat, and the socket that sees it. */
async function talking(user: string, password: string, seat: string, ext: string) {
  const c = await socket(user, password, seat);
  const callId = await server.sim.incoming({ extension: ext, seat, phoneNo: '13800138000' });
  await c.next('CHANNEL_CREATE', (m) => m.callId === callId);
  await server.sim.answer(ext);
  await c.next('CHANNEL_ANSWER', (m) => m.callId === callId);
  return { c, callId };
}

/** The lines sent to the switch that move or add a party (the answered call's uuid_record is neither). */
const moves = (bgapi: MockInstance<EslClient['bgapi']>) =>
  bgapi.mock.calls.map(([line]) => line).filter((line) => /^(uuid_transfer|originate) /.test(line));

const transfer = (seat: string, callId: string, target: string) => `userSeatNo:${seat},cmd:bgapi,para1:uuid_transfer,para2:${callId},para3:${target}`;
const threeWay = (seat: string, callId: string, target: string) =>
  `userSeatNo:${seat},cmd:bgapi,para1:uuid_three,para2:${target},para3:in,para4:13800138000,para5:${callId}`;

describe(`transfer and three-way targets (${engine})`, () => {
  test('an outside number, a short code and a disabled agent\'s extension are refused, logged, and never reach the switch', async () => {
    const { c, callId } = await talking('agent1', 'agent123', '8101', '1101');
    const bgapi = vi.spyOn(EslClient.prototype, 'bgapi');
    const warn = vi.spyOn(server.app.log, 'warn');
    await server.ctx.db.query("UPDATE users SET enabled = false WHERE user_name = 'agent5'");
    try {
      for (const target of ['13800138000', '0085212345678', '110', '0755', '1105']) {
        c.send(transfer('8101', callId, target));
        expect(await c.next('ERROR'), target).toEqual({
          type: 'ERROR', code: 'FIELD',
          msg: `The call cannot be transferred to ${target}: choose an agent's extension, the satisfaction survey (999999) or an allowed outside number`,
        });
        expect(warn).toHaveBeenCalledWith(expect.objectContaining({ user: 'agent1', seat: '8101', op: 'uuid_transfer', target }), 'transfer target refused');
      }
      // The survey is an IVR: it can take the call over, not join it.
      for (const target of ['13800138000', '999999', '1105']) {
        c.send(threeWay('8101', callId, target));
        expect(await c.next('ERROR'), target).toEqual({
          type: 'ERROR', code: 'FIELD', msg: `${target} cannot be brought into the call: choose an agent's extension or an allowed outside number`,
        });
        expect(warn).toHaveBeenCalledWith(expect.objectContaining({ user: 'agent1', seat: '8101', op: 'uuid_three', target }), 'transfer target refused');
      }
      const zh = await socket('agent1', 'agent123', '8101', 'zh');
      zh.send(transfer('8101', callId, '13800138000'));
      expect(await zh.next('ERROR')).toEqual({ type: 'ERROR', code: 'FIELD', msg: '不能转接到 13800138000：请选择坐席分机、满意度评价（999999）或允许的外线号码' });
      zh.close();
    } finally {
      await server.ctx.db.query("UPDATE users SET enabled = true WHERE user_name = 'agent5'");
    }
    expect(moves(bgapi)).toEqual([]);
    expect(server.app.telephony.gateway.book.callOf('8101')?.callId).toBe(callId);
    await server.sim.hangup('1101');
    await c.next('CHANNEL_DESTROY', (m) => m.callId === callId);
    c.close();
  });

  test('a target of 17 digits does not parse, even under an allowed prefix', async () => {
    const c = await socket('agent2', 'agent123', '8102');
    const bgapi = vi.spyOn(EslClient.prototype, 'bgapi');
    const callId = '0f8e5c3a-1b2d-4c6e-8f90-a1b2c3d4e5f6';
    for (const target of ['13800138000123456', '07551234567890123']) {
      c.send(transfer('8102', callId, target));
      expect(await c.next('ERROR')).toEqual({ type: 'ERROR', code: 'FIELD', msg: 'Invalid value for para3' });
      c.send(threeWay('8102', callId, target));
      expect(await c.next('ERROR')).toEqual({ type: 'ERROR', code: 'FIELD', msg: 'Invalid value for para2' });
    }
    expect(bgapi).not.toHaveBeenCalled();
    c.close();
  });

  test('a seat\'s extension is allowed: the customer is transferred to it', async () => {
    const { c, callId } = await talking('agent3', 'agent123', '8103', '1103');
    const bgapi = vi.spyOn(EslClient.prototype, 'bgapi');
    c.send(transfer('8103', callId, '1104'));
    expect(await c.next('JOB')).toEqual({ type: 'JOB', cmd: 'uuid_transfer', callId, ok: true, cause: '' });
    expect(moves(bgapi)).toEqual([expect.stringMatching(/^uuid_transfer [0-9a-f-]{36} 1104 XML default$/)]);
    await c.next('CHANNEL_DESTROY', (m) => m.callId === callId);
    await until(() => server.app.telephony.gateway.book.callOf('8104')?.callId === callId, 5000, 'the call ringing 8104');
    await server.sim.hangup('1104');
    await until(() => !server.app.telephony.gateway.book.callOf('8104'), 5000, 'the transferred call to end');
    c.close();
  });

  test('999999 is allowed: the caller goes to the satisfaction survey', async () => {
    const { c, callId } = await talking('supervisor', 'super123', '8001', '1001');
    const bgapi = vi.spyOn(EslClient.prototype, 'bgapi');
    c.send(transfer('8001', callId, '999999'));
    expect(await c.next('JOB')).toEqual({ type: 'JOB', cmd: 'uuid_transfer', callId, ok: true, cause: '' });
    expect(moves(bgapi)).toEqual([expect.stringMatching(/^uuid_transfer [0-9a-f-]{36} -bleg 999999 XML default$/)]);
    expect(await c.next('CHANNEL_DESTROY', (m) => m.callId === callId)).toMatchObject({ next: 4 });
    c.close();
  });

  test('an outside number under an allowed prefix: transferred through the dialplan', async () => {
    const { c, callId } = await talking('agent4', 'agent123', '8104', '1104');
    const bgapi = vi.spyOn(EslClient.prototype, 'bgapi');
    c.send(transfer('8104', callId, '075512345678'));
    expect(await c.next('JOB')).toEqual({ type: 'JOB', cmd: 'uuid_transfer', callId, ok: true, cause: '' });
    expect(moves(bgapi)).toEqual([expect.stringMatching(/^uuid_transfer [0-9a-f-]{36} 075512345678 XML default$/)]);
    await c.next('CHANNEL_DESTROY', (m) => m.callId === callId);
    // The simulator rings the number as a phone of its own: hang it up.
    await server.sim.hangup('075512345678');
    c.close();
  });

  test('an outside number under an allowed prefix: brought into a three-way through the seat\'s trunk', async () => {
    const { c, callId } = await talking('agent5', 'agent123', '8105', '1105');
    const bgapi = vi.spyOn(EslClient.prototype, 'bgapi');
    c.send(threeWay('8105', callId, '4008001234'));
    expect(await c.next('JOB', undefined, 10_000)).toEqual({ type: 'JOB', cmd: 'uuid_three', callId, ok: true, cause: '' });
    expect(moves(bgapi)).toEqual([expect.stringMatching(/^originate \{[^}]*cc_three_of=[0-9a-f-]{36}[^}]*\}sofia\/gateway\/[\w.-]+\/4008001234 &three_way\([0-9a-f-]{36}\)$/)]);
    c.send(`userSeatNo:8105,cmd:bgapi,para1:uuid_killthree,para2:${callId}`);
    await c.next('CHANNEL_DESTROY', (m) => m.callId === callId);
    c.close();
  });

  test('a trunk name with dial-string syntax never reaches a three-way line', () => {
    const call = { callId: randomUUID(), customerLeg: randomUUID(), agentLeg: randomUUID() };
    const party = { uuid: randomUUID(), seat: '8105', target: '4008001234', phone: '13800138000' };
    expect(build.threeWay(call, { ...party, gateway: 'carrier-b.2_x' })[0]).toContain('}sofia/gateway/carrier-b.2_x/4008001234 &three_way(');
    for (const gateway of ['a/b', 'x}user/110', 'gw,cc_seat=1', '']) {
      expect(() => build.threeWay(call, { ...party, gateway }), gateway).toThrow(build.UnsafeValueError);
    }
  });

  test('TRANSFER_EXTERNAL_PREFIXES: no outside number by default; digits only', async () => {
    const none = loadConfig({}).telephony.transferExternalPrefixes;
    expect(none).toEqual([]);
    expect(await targetKind(server.ctx.db, '075512345678', 'transfer', none)).toBeNull();
    expect(await targetKind(server.ctx.db, '075512345678', 'transfer', ['0755'])).toBe('external');
    expect(await targetKind(server.ctx.db, '1101', 'threeWay', none)).toBe('seat');
    expect(await targetKind(server.ctx.db, '999999', 'transfer', none)).toBe('survey');
    expect(loadConfig({ TRANSFER_EXTERNAL_PREFIXES: ' 0755 ,,400 ' }).telephony.transferExternalPrefixes).toEqual(['0755', '400']);
    for (const bad of ['+86', '0755;00', '07 55']) {
      expect(() => loadConfig({ TRANSFER_EXTERNAL_PREFIXES: bad }), bad).toThrow(/TRANSFER_EXTERNAL_PREFIXES/);
    }
  });
});
