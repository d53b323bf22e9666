/**
 * The phone bar's socket protocol (`/ws`, text frames), spec section 7, written down as a
 * grammar and parsed strictly on both sides: the server parses commands with `parseCommand`
 * (a frame that does not match exactly gets an ERROR frame and never reaches the switch), the
 * browser writes them with `formatCommand`; the server writes messages with `formatMessage`,
 * the browser reads them with `parseMessage`.
 *
 * Commands (browser -> server), `key:value` pairs joined by ',', keys in exactly this order:
 *
 *   userSeatNo:<seat>,cmd:login
 *   herbert                                   heartbeat every 40 s (also userSeatNo:<seat>,cmd:herbert)
 *   userSeatNo:<seat>,cmd:bgapi,para1:uuid_kill,para2:<callId>          hang up
 *   userSeatNo:<seat>,cmd:bgapi,para1:uuid_killthree,para2:<callId>     hang up a transferred call (every leg)
 *   userSeatNo:<seat>,cmd:bgapi,para1:uuid_killthree2,para2:<callId>    drop the third party, back to the customer
 *   userSeatNo:<seat>,cmd:bgapi,para1:uuid_holdon,para2:<callId>        hold
 *   userSeatNo:<seat>,cmd:bgapi,para1:uuid_holdoff,para2:<callId>       resume
 *   userSeatNo:<seat>,cmd:bgapi,para1:uuid_transfer,para2:<callId>,para3:<extension>
 *                                             blind transfer; 999999 = satisfaction survey
 *   userSeatNo:<seat>,cmd:bgapi,para1:uuid_three,para2:<extension>,para3:<in|out>,para4:<phone>,para5:<callId>
 *                                             consult the extension, then three-way
 *   userSeatNo:<seat>,cmd:bgapi,para1:uuid_consult,para2:<callId>,para3:<extension>
 *                                             attended transfer, first step: the customer holds, the extension rings and talks with the agent
 *   userSeatNo:<seat>,cmd:bgapi,para1:uuid_consult_done,para2:<callId>
 *                                             complete it: the customer is bridged to the consulted seat, the agent leaves
 *   userSeatNo:<seat>,cmd:bgapi,para1:uuid_consult_cancel,para2:<callId>
 *                                             cancel it: the consulted leg hangs up, the customer is back with the agent
 *   userSeatNo:<seat>,cmd:bgapi,para1:uuid_answer,para2:<callId>
 *                                             answer a ringing call from the bar, where the switch can (see PhoneMessage CHANNEL_CREATE)
 *   userSeatNo:<seat>,cmd:originate,cid:<callerId>,dest:<number>,ext:<extension>,earlyMedia:<true|false>,timeout:<seconds>
 *                                             dial-out (the spec's 30 s originate timeout)
 *
 * Messages (server -> browser): `NAME` or `NAME@` followed by `key:value` pairs joined by ','
 * with every value percent-encoded (encodeURIComponent), except TRANSFER@<callId>, which is
 * exactly the spec's form.
 */

/** Every value placed in a command matches one of these (TELEPHONY.md): no newline, brace, comma, pipe or space can pass. */
export const FIELD_PATTERNS = {
  seat: /^[0-9]{1,16}$/,
  uuid: /^[0-9a-f-]{36}$/,
  number: /^\+?[0-9*#]{1,32}$/,
  extension: /^[0-9]{1,16}$/,
  direction: /^(in|out)$/,
  flag: /^(true|false)$/,
  timeout: /^[1-9][0-9]?$/,
} as const;

export type FieldKind = keyof typeof FIELD_PATTERNS;

/** A frame longer than this is refused unread. */
export const MAX_COMMAND_LENGTH = 512;

/** The spec's constants for the socket (section 9). */
export const PHONE_SOCKET = {
  heartbeatMs: 40_000,
  reconnectMs: 800,
  originateTimeoutSeconds: 30,
  surveyTarget: '999999',
  defaultExtension: '60011',
  shortNumberLength: 6,
} as const;

export const BGAPI_OPS = {
  uuid_kill: [['para2', 'uuid']],
  uuid_killthree: [['para2', 'uuid']],
  uuid_killthree2: [['para2', 'uuid']],
  uuid_holdon: [['para2', 'uuid']],
  uuid_holdoff: [['para2', 'uuid']],
  uuid_transfer: [['para2', 'uuid'], ['para3', 'extension']],
  uuid_three: [['para2', 'extension'], ['para3', 'direction'], ['para4', 'number'], ['para5', 'uuid']],
  uuid_consult: [['para2', 'uuid'], ['para3', 'extension']],
  uuid_consult_done: [['para2', 'uuid']],
  uuid_consult_cancel: [['para2', 'uuid']],
  uuid_answer: [['para2', 'uuid']],
} as const satisfies Record<string, ReadonlyArray<readonly [string, FieldKind]>>;

export type BgapiOp = keyof typeof BGAPI_OPS;

export const ORIGINATE_FIELDS = [
  ['cid', 'number'], ['dest', 'number'], ['ext', 'extension'], ['earlyMedia', 'flag'], ['timeout', 'timeout'],
] as const satisfies ReadonlyArray<readonly [string, FieldKind]>;

export type PhoneCommand =
  | { cmd: 'login'; userSeatNo: string }
  | { cmd: 'herbert'; userSeatNo?: string }
  | { cmd: 'bgapi'; userSeatNo: string; op: Exclude<BgapiOp, 'uuid_transfer' | 'uuid_three' | 'uuid_consult'>; callId: string }
  | { cmd: 'bgapi'; userSeatNo: string; op: 'uuid_transfer' | 'uuid_consult'; callId: string; target: string }
  | { cmd: 'bgapi'; userSeatNo: string; op: 'uuid_three'; target: string; direction: 'in' | 'out'; phone: string; callId: string }
  | { cmd: 'originate'; userSeatNo: string; cid: string; dest: string; ext: string; earlyMedia: boolean; timeout: number };

/** Why a frame was refused: FORMAT (not key:value pairs in order), UNKNOWN (command or operation), FIELD (a value does not match). */
export type ParseError = { ok: false; error: 'FORMAT' | 'UNKNOWN' | 'FIELD'; field?: string };
export type ParseResult = { ok: true; command: PhoneCommand } | ParseError;

const fail = (error: ParseError['error'], field?: string): ParseError => (field ? { ok: false, error, field } : { ok: false, error });

/** Splits `k:v,k:v` into pairs; null when a pair has no ':' or an empty key. Values never contain ',' or ':' (the patterns forbid them). */
function pairs(text: string): Array<[string, string]> | null {
  const out: Array<[string, string]> = [];
  for (const part of text.split(',')) {
    const at = part.indexOf(':');
    if (at <= 0) return null;
    out.push([part.slice(0, at), part.slice(at + 1)]);
  }
  return out;
}

/** Reads `expected` fields from `rest` in order: every key present, in order, nothing more, each value matching its pattern. */
function readFields<const E extends ReadonlyArray<readonly [string, FieldKind]>>(
  rest: Array<[string, string]>,
  expected: E,
): Record<E[number][0], string> | ParseError {
  if (rest.length !== expected.length) return fail('FORMAT');
  const values = {} as Record<E[number][0], string>;
  for (let i = 0; i < expected.length; i++) {
    const [key, kind] = expected[i]!;
    const [gotKey, value] = rest[i]!;
    if (gotKey !== key) return fail('FORMAT', gotKey);
    if (!FIELD_PATTERNS[kind].test(value)) return fail('FIELD', key);
    values[key as E[number][0]] = value;
  }
  return values;
}

export function parseCommand(text: string): ParseResult {
  if (typeof text !== 'string' || text.length === 0 || text.length > MAX_COMMAND_LENGTH) return fail('FORMAT');
  if (text === 'herbert') return { ok: true, command: { cmd: 'herbert' } };
  const list = pairs(text);
  if (!list || list.length < 2) return fail('FORMAT');
  const [seatKey, seat] = list[0]!;
  const [cmdKey, cmd] = list[1]!;
  const rest = list.slice(2);
  if (seatKey !== 'userSeatNo' || cmdKey !== 'cmd') return fail('FORMAT');
  if (!FIELD_PATTERNS.seat.test(seat)) return fail('FIELD', 'userSeatNo');
  if (cmd === 'login' || cmd === 'herbert') return rest.length ? fail('FORMAT') : { ok: true, command: { cmd, userSeatNo: seat } };
  if (cmd === 'originate') {
    const v = readFields(rest, ORIGINATE_FIELDS);
    if ('ok' in v) return v as ParseError;
    const timeout = Number(v.timeout);
    if (timeout > 60) return fail('FIELD', 'timeout');
    return { ok: true, command: { cmd, userSeatNo: seat, cid: v.cid, dest: v.dest, ext: v.ext, earlyMedia: v.earlyMedia === 'true', timeout } };
  }
  if (cmd !== 'bgapi') return fail('UNKNOWN', 'cmd');
  const [first, ...fields] = rest;
  if (!first || first[0] !== 'para1') return fail('FORMAT');
  const op = first[1];
  if (!Object.prototype.hasOwnProperty.call(BGAPI_OPS, op)) return fail('UNKNOWN', 'para1');
  const spec: ReadonlyArray<readonly [string, FieldKind]> = BGAPI_OPS[op as BgapiOp];
  const read = readFields(fields, spec);
  if ('ok' in read) return read as ParseError;
  const v = read as Record<'para2' | 'para3' | 'para4' | 'para5', string>;
  if (op === 'uuid_transfer' || op === 'uuid_consult') return { ok: true, command: { cmd, userSeatNo: seat, op, callId: v.para2, target: v.para3 } };
  if (op === 'uuid_three') {
    return { ok: true, command: { cmd, userSeatNo: seat, op, target: v.para2, direction: v.para3 as 'in' | 'out', phone: v.para4, callId: v.para5 } };
  }
  return { ok: true, command: { cmd, userSeatNo: seat, op: op as Exclude<BgapiOp, 'uuid_transfer' | 'uuid_three' | 'uuid_consult'>, callId: v.para2 } };
}

export function formatCommand(c: PhoneCommand): string {
  if (c.cmd === 'herbert') return c.userSeatNo ? `userSeatNo:${c.userSeatNo},cmd:herbert` : 'herbert';
  const head = `userSeatNo:${c.userSeatNo},cmd:${c.cmd}`;
  if (c.cmd === 'login') return head;
  if (c.cmd === 'originate') return `${head},cid:${c.cid},dest:${c.dest},ext:${c.ext},earlyMedia:${c.earlyMedia},timeout:${c.timeout}`;
  if (c.op === 'uuid_transfer' || c.op === 'uuid_consult') return `${head},para1:${c.op},para2:${c.callId},para3:${c.target}`;
  if (c.op === 'uuid_three') return `${head},para1:${c.op},para2:${c.target},para3:${c.direction},para4:${c.phone},para5:${c.callId}`;
  return `${head},para1:${c.op},para2:${c.callId}`;
}

/**
 * Messages the server pushes to a seat.
 * - CHANNEL_CREATE: a call rings the seat (or the seat's dial-out starts): the pop-up opens with
 *   phoneNum, agentNum (the seat), ivr (IVR marker, '' when none; 'ivrcourt' opens the court order)
 *   and callId.
 * - CHANNEL_ANSWER: the call is answered (the status timer stops).
 * - CHANNEL_HOLD / CHANNEL_UNHOLD: hold and resume took effect.
 * - CHANNEL_DESTROY: the call ended; `next` is the status the seat returns to (0 ready, 4 post-call
 *   processing) and `afterCallSeconds` the automatic countdown back to ready (0 = none).
 * - TRANSFER: a call was transferred to this seat (spec form `TRANSFER@<callId>`).
 * - PARTY: the seat's part in the call, sent before its CHANNEL_CREATE when it is not the
 *   customer's agent, and when that changes: agent (serves the customer: every control), third (a
 *   three-way's third party: it can leave), consult (consulted before an attended transfer: it can
 *   hang up; it becomes the agent when the transfer completes).
 * - CONSULT: the consulted party of this seat's attended transfer rings, talks, or is gone (ended).
 * - CHANNEL_CREATE's `answer` says who answers a ringing call: 'phone' (the desk phone only) or
 *   'bar' (the switch can answer for the seat: the bar shows an Answer button).
 * - STATE's `party` is the seat's part in its current call ('' without one).
 * - STATE: the seat's true state, sent after login and after any reconnect of the socket or
 *   the switch: status code ('' = none), since (ms since epoch), the current call if any,
 *   whether the switch link is up, and the status's pause reason (PAUSE_REASONS; absent = none).
 * - LINK: the switch link went down or came back (the bar shows "phone offline" while down).
 * - JOB: the outcome of a command: ok, and the switch's cause when it failed (e.g. NO_ANSWER).
 * - ERROR: a refused frame or command: a code and a message in the socket's language.
 * - herbert: the answer to a heartbeat.
 */
export type PhoneMessage =
  | { type: 'CHANNEL_CREATE'; callId: string; phoneNum: string; agentNum: string; ivr: string; direction: 'in' | 'out'; answer: AnswerBy }
  | { type: 'CHANNEL_ANSWER'; callId: string }
  | { type: 'CHANNEL_HOLD'; callId: string }
  | { type: 'CHANNEL_UNHOLD'; callId: string }
  | { type: 'CHANNEL_DESTROY'; callId: string; next: number; afterCallSeconds: number }
  | { type: 'TRANSFER'; callId: string }
  | { type: 'PARTY'; callId: string; party: Party }
  | { type: 'CONSULT'; callId: string; state: 'ringing' | 'talking' | 'ended' }
  | {
    type: 'STATE'; status: number | null; since: number; callId: string; phoneNum: string; direction: '' | 'in' | 'out'; answered: boolean; held: boolean;
    link: 'up' | 'down'; reason?: string; party: '' | Party; answer: '' | AnswerBy;
  }
  | { type: 'LINK'; link: 'up' | 'down' }
  | { type: 'JOB'; cmd: string; callId: string; ok: boolean; cause: string }
  | { type: 'ERROR'; code: PhoneErrorCode; msg: string }
  | { type: 'herbert' };

/** A seat's part in a call (PARTY). */
export type Party = 'agent' | 'third' | 'consult';

/** Who can answer a ringing call: the desk phone only, or also the bar (the switch answers the seat's leg). */
export type AnswerBy = 'phone' | 'bar';

/** Codes of ERROR frames (the text is localised by the server; the browser may use its own). */
export type PhoneErrorCode = 'FORMAT' | 'UNKNOWN' | 'FIELD' | 'NOT_LOGGED_IN' | 'OTHER_SEAT' | 'NO_CALL' | 'LINK_DOWN' | 'RATE' | 'INTERNAL';

/** Field order of each message, so that formatting and parsing agree. */
const MESSAGE_FIELDS: Record<Exclude<PhoneMessage['type'], 'TRANSFER' | 'herbert'>, readonly string[]> = {
  CHANNEL_CREATE: ['callId', 'phoneNum', 'agentNum', 'ivr', 'direction', 'answer'],
  CHANNEL_ANSWER: ['callId'],
  CHANNEL_HOLD: ['callId'],
  CHANNEL_UNHOLD: ['callId'],
  CHANNEL_DESTROY: ['callId', 'next', 'afterCallSeconds'],
  STATE: ['status', 'since', 'callId', 'phoneNum', 'direction', 'answered', 'held', 'link', 'reason', 'party', 'answer'],
  PARTY: ['callId', 'party'],
  CONSULT: ['callId', 'state'],
  LINK: ['link'],
  JOB: ['cmd', 'callId', 'ok', 'cause'],
  ERROR: ['code', 'msg'],
};

const NUMBER_FIELDS = new Set(['next', 'afterCallSeconds', 'since']);
const BOOLEAN_FIELDS = new Set(['answered', 'held', 'ok']);

export function formatMessage(m: PhoneMessage): string {
  if (m.type === 'herbert') return 'herbert';
  if (m.type === 'TRANSFER') return `TRANSFER@${m.callId}`;
  const record = m as unknown as Record<string, unknown>;
  const body = MESSAGE_FIELDS[m.type].map((k) => `${k}:${encodeURIComponent(record[k] === null || record[k] === undefined ? '' : String(record[k]))}`).join(',');
  return `${m.type}@${body}`;
}

/** Reads a server message; null for anything that is not one (the browser logs and ignores it). */
export function parseMessage(text: string): PhoneMessage | null {
  if (text === 'herbert') return { type: 'herbert' };
  const at = text.indexOf('@');
  if (at <= 0) return null;
  const type = text.slice(0, at);
  const rest = text.slice(at + 1);
  if (type === 'TRANSFER') return FIELD_PATTERNS.uuid.test(rest) ? { type, callId: rest } : null;
  if (!Object.prototype.hasOwnProperty.call(MESSAGE_FIELDS, type)) return null;
  const list = pairs(rest);
  const fields = MESSAGE_FIELDS[type as keyof typeof MESSAGE_FIELDS];
  if (!list || list.length !== fields.length) return null;
  const out: Record<string, unknown> = { type };
  for (let i = 0; i < fields.length; i++) {
    const [key, raw] = list[i]!;
    if (key !== fields[i]) return null;
    let value: string;
    try {
      value = decodeURIComponent(raw);
    } catch {
      return null;
    }
    if (NUMBER_FIELDS.has(key)) out[key] = Number(value);
    else if (BOOLEAN_FIELDS.has(key)) out[key] = value === 'true';
    else if (key === 'status') out[key] = value === '' ? null : Number(value);
    else if (key === 'reason' && value === '') continue;
    else out[key] = value;
  }
  return out as unknown as PhoneMessage;
}
