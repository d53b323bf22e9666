// @vitest-environment node
import { describe, expect, test } from 'vitest';
import {
  MAX_COMMAND_LENGTH, formatCommand, formatMessage, parseCommand, parseMessage,
  type PhoneCommand, type PhoneMessage,
} from '../../schemas/protocol/phone.ts';

const CALL = '0f0e8a4c-1d2b-4c3d-8e9f-0a1b2c3d4e5f';

/** Every command of the grammar, once. */
const COMMANDS: PhoneCommand[] = [
  { cmd: 'login', userSeatNo: '8101' },
  { cmd: 'herbert' },
  { cmd: 'herbert', userSeatNo: '8101' },
  { cmd: 'bgapi', userSeatNo: '8101', op: 'uuid_kill', callId: CALL },
  { cmd: 'bgapi', userSeatNo: '8101', op: 'uuid_killthree', callId: CALL },
  { cmd: 'bgapi', userSeatNo: '8101', op: 'uuid_killthree2', callId: CALL },
  { cmd: 'bgapi', userSeatNo: '8101', op: 'uuid_holdon', callId: CALL },
  { cmd: 'bgapi', userSeatNo: '8101', op: 'uuid_holdoff', callId: CALL },
  { cmd: 'bgapi', userSeatNo: '8101', op: 'uuid_transfer', callId: CALL, target: '1102' },
  { cmd: 'bgapi', userSeatNo: '8101', op: 'uuid_transfer', callId: CALL, target: '999999' },
  { cmd: 'bgapi', userSeatNo: '8101', op: 'uuid_three', target: '1102', direction: 'in', phone: '13800138000', callId: CALL },
  { cmd: 'originate', userSeatNo: '8101', cid: '02588886666', dest: '+8613800138000', ext: '1101', earlyMedia: false, timeout: 30 },
  { cmd: 'originate', userSeatNo: '8101', cid: '1101', dest: '1102', ext: '1101', earlyMedia: true, timeout: 60 },
  { cmd: 'bgapi', userSeatNo: '8101', op: 'uuid_consult', callId: CALL, target: '1102' },
  { cmd: 'bgapi', userSeatNo: '8101', op: 'uuid_consult_done', callId: CALL },
  { cmd: 'bgapi', userSeatNo: '8101', op: 'uuid_consult_cancel', callId: CALL },
  { cmd: 'bgapi', userSeatNo: '8101', op: 'uuid_answer', callId: CALL },
];

describe('phone commands: the spec texts', () => {
  test('each command formats to the spec form and parses back to itself', () => {
    for (const c of COMMANDS) {
      const text = formatCommand(c);
      expect(parseCommand(text)).toEqual({ ok: true, command: c });
    }
  });

  test('the exact texts of the spec', () => {
    expect(formatCommand(COMMANDS[0]!)).toBe('userSeatNo:8101,cmd:login');
    expect(formatCommand(COMMANDS[1]!)).toBe('herbert');
    expect(formatCommand(COMMANDS[3]!)).toBe(`userSeatNo:8101,cmd:bgapi,para1:uuid_kill,para2:${CALL}`);
    expect(formatCommand(COMMANDS[8]!)).toBe(`userSeatNo:8101,cmd:bgapi,para1:uuid_transfer,para2:${CALL},para3:1102`);
    expect(formatCommand(COMMANDS[10]!)).toBe(`userSeatNo:8101,cmd:bgapi,para1:uuid_three,para2:1102,para3:in,para4:13800138000,para5:${CALL}`);
    expect(formatCommand(COMMANDS[11]!)).toBe('userSeatNo:8101,cmd:originate,cid:02588886666,dest:+8613800138000,ext:1101,earlyMedia:false,timeout:30');
  });
});

/** Each field of each command, with the text it sits in, so every field is attacked in place. */
function fieldsOf(text: string): Array<{ key: string; value: string; replace: (v: string) => string }> {
  const parts = text.split(',');
  return parts.map((p, i) => {
    const at = p.indexOf(':');
    const key = p.slice(0, at);
    return {
      key,
      value: p.slice(at + 1),
      replace: (v: string) => parts.map((q, j) => (j === i ? `${key}:${v}` : q)).join(','),
    };
  });
}

describe('phone commands: refusals', () => {
  const INJECTIONS = { newline: '\n', cr: '\r', 'open brace': '{', 'close brace': '}', comma: ',', space: ' ', pipe: '|', colon: ':', ampersand: '&' };

  test('newline, brace, comma, space and pipe are refused in every field of every command', () => {
    let checked = 0;
    for (const c of COMMANDS.filter((x) => x.cmd !== 'herbert' || x.userSeatNo)) {
      for (const f of fieldsOf(formatCommand(c))) {
        if (f.key === 'cmd' || f.key === 'para1') continue; // names, not values: covered by the unknown-op test
        for (const [what, bad] of Object.entries(INJECTIONS)) {
          for (const value of [`${f.value}${bad}`, `${bad}${f.value}`, `${f.value.slice(0, 1)}${bad}${f.value.slice(1)}`]) {
            const r = parseCommand(f.replace(value));
            expect(r.ok, `${what} in ${f.key} of ${formatCommand(c)}`).toBe(false);
            checked++;
          }
        }
      }
    }
    expect(checked).toBeGreaterThan(500);
  });

  test('a refused field is named', () => {
    expect(parseCommand(`userSeatNo:8101,cmd:bgapi,para1:uuid_kill,para2:${CALL.toUpperCase()}`)).toEqual({ ok: false, error: 'FIELD', field: 'para2' });
    expect(parseCommand('userSeatNo:81 01,cmd:login')).toEqual({ ok: false, error: 'FIELD', field: 'userSeatNo' });
    expect(parseCommand('userSeatNo:8101,cmd:originate,cid:1101,dest:1380013800}{,ext:1101,earlyMedia:false,timeout:30'))
      .toEqual({ ok: false, error: 'FIELD', field: 'dest' });
    expect(parseCommand('userSeatNo:8101,cmd:originate,cid:1101,dest:1102,ext:1101,earlyMedia:yes,timeout:30'))
      .toEqual({ ok: false, error: 'FIELD', field: 'earlyMedia' });
    expect(parseCommand('userSeatNo:8101,cmd:originate,cid:1101,dest:1102,ext:1101,earlyMedia:false,timeout:61'))
      .toEqual({ ok: false, error: 'FIELD', field: 'timeout' });
    expect(parseCommand(`userSeatNo:8101,cmd:bgapi,para1:uuid_three,para2:1102,para3:sideways,para4:1,para5:${CALL}`))
      .toEqual({ ok: false, error: 'FIELD', field: 'para3' });
  });

  test('an over-long frame is refused unread', () => {
    const long = `userSeatNo:8101,cmd:login${' '.repeat(MAX_COMMAND_LENGTH)}`;
    expect(parseCommand(long)).toEqual({ ok: false, error: 'FORMAT' });
    expect(parseCommand('x'.repeat(MAX_COMMAND_LENGTH + 1))).toEqual({ ok: false, error: 'FORMAT' });
  });

  test('keys in another order, missing, repeated or extra are refused', () => {
    expect(parseCommand('cmd:login,userSeatNo:8101').ok).toBe(false);
    expect(parseCommand(`userSeatNo:8101,cmd:bgapi,para2:${CALL},para1:uuid_kill`).ok).toBe(false);
    expect(parseCommand(`userSeatNo:8101,cmd:bgapi,para1:uuid_transfer,para3:1102,para2:${CALL}`).ok).toBe(false);
    expect(parseCommand('userSeatNo:8101,cmd:originate,dest:1102,cid:1101,ext:1101,earlyMedia:false,timeout:30').ok).toBe(false);
    expect(parseCommand('userSeatNo:8101,cmd:login,extra:1').ok).toBe(false);
    expect(parseCommand(`userSeatNo:8101,cmd:bgapi,para1:uuid_kill`).ok).toBe(false);
    expect(parseCommand(`userSeatNo:8101,cmd:bgapi,para1:uuid_kill,para2:${CALL},para3:1`).ok).toBe(false);
    expect(parseCommand('userSeatNo:8101,userSeatNo:8102,cmd:login').ok).toBe(false);
  });

  test('unknown commands and operations are refused as UNKNOWN', () => {
    expect(parseCommand('userSeatNo:8101,cmd:logout')).toEqual({ ok: false, error: 'UNKNOWN', field: 'cmd' });
    expect(parseCommand(`userSeatNo:8101,cmd:bgapi,para1:uuid_bridge,para2:${CALL}`)).toEqual({ ok: false, error: 'UNKNOWN', field: 'para1' });
    expect(parseCommand(`userSeatNo:8101,cmd:bgapi,para1:__proto__,para2:${CALL}`)).toEqual({ ok: false, error: 'UNKNOWN', field: 'para1' });
    expect(parseCommand(`userSeatNo:8101,cmd:bgapi,para1:toString,para2:${CALL}`)).toEqual({ ok: false, error: 'UNKNOWN', field: 'para1' });
  });

  test('what is not key:value pairs at all is FORMAT', () => {
    for (const text of ['', 'HERBERT', 'herbert ', 'login', 'userSeatNo:8101', 'userSeatNo:8101,', ',cmd:login', ':8101,cmd:login', 'userSeatNo8101,cmd:login', '{"cmd":"login"}']) {
      expect(parseCommand(text), JSON.stringify(text)).toMatchObject({ ok: false, error: 'FORMAT' });
    }
    expect(parseCommand(undefined as unknown as string)).toEqual({ ok: false, error: 'FORMAT' });
  });
});

describe('phone messages', () => {
  const MESSAGES: PhoneMessage[] = [
    { type: 'CHANNEL_CREATE', callId: CALL, phoneNum: '+8613800138000', agentNum: '8101', ivr: 'ivrcourt', direction: 'in', answer: 'phone' },
    { type: 'CHANNEL_CREATE', callId: CALL, phoneNum: '', agentNum: '8101', ivr: '', direction: 'out', answer: 'phone' },
    { type: 'CHANNEL_ANSWER', callId: CALL },
    { type: 'CHANNEL_HOLD', callId: CALL },
    { type: 'CHANNEL_UNHOLD', callId: CALL },
    { type: 'CHANNEL_DESTROY', callId: CALL, next: 4, afterCallSeconds: 30 },
    { type: 'TRANSFER', callId: CALL },
    { type: 'STATE', status: 7, since: 1_700_000_000_000, callId: CALL, phoneNum: '13800138000', direction: 'in', answered: true, held: false, link: 'up', party: '', answer: '' },
    { type: 'STATE', status: null, since: 0, callId: '', phoneNum: '', direction: '', answered: false, held: false, link: 'down', party: '', answer: '' },
    { type: 'STATE', status: 7, since: 1, callId: CALL, phoneNum: '1', direction: 'in', answered: false, held: false, link: 'up', party: 'consult', answer: 'bar' },
    { type: 'PARTY', callId: CALL, party: 'third' },
    { type: 'CONSULT', callId: CALL, state: 'talking' },
    { type: 'LINK', link: 'down' },
    { type: 'JOB', cmd: 'originate', callId: CALL, ok: false, cause: 'NO_ANSWER' },
    { type: 'ERROR', code: 'FIELD', msg: 'Invalid value for dest, with: commas, colons & 中文' },
    { type: 'herbert' },
  ];

  test('every message formats and parses back to itself', () => {
    for (const m of MESSAGES) expect(parseMessage(formatMessage(m))).toEqual(m);
  });

  test('the spec forms', () => {
    expect(formatMessage({ type: 'TRANSFER', callId: CALL })).toBe(`TRANSFER@${CALL}`);
    expect(formatMessage({ type: 'herbert' })).toBe('herbert');
    expect(formatMessage(MESSAGES[0]!)).toBe(`CHANNEL_CREATE@callId:${CALL},phoneNum:%2B8613800138000,agentNum:8101,ivr:ivrcourt,direction:in,answer:phone`);
  });

  test('anything else reads as null', () => {
    for (const text of ['', 'CHANNEL_CREATE', '@x', 'NOPE@a:1', 'TRANSFER@not-a-uuid', 'LINK@link:up,extra:1', 'LINK@other:up', 'ERROR@code:X,msg:%E0%A4%A', 'constructor@a:1']) {
      expect(parseMessage(text), text).toBeNull();
    }
  });
});
