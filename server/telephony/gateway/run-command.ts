/**
 * A phone bar's command on the switch: the checks it passes first (the link is up, the seat's own
 * extension and caller IDs, the seat's call, an allowed transfer or three-way target), the ESL
 * lines it becomes (commands.ts), the jobs it starts on the link, and the JOB frame or refusal the
 * bar gets back. The gateway calls it with the link and the call picture it holds; nothing here is
 * kept from one command to the next, and nothing is queued or sent again while the link is down.
 */
import { randomUUID } from 'node:crypto';
import type { Db } from '../../db/types.ts';
import { PHONE_SOCKET, type PhoneCommand, type PhoneMessage } from '../../../schemas/protocol/phone.ts';
import { EslError, type JobResult } from '../esl/types.ts';
import type { CallBook } from './call-state.ts';
import * as build from './commands.ts';
import type { GatewayOptions, SwitchLink } from './gateway.ts';
import { markSurvey } from './persist.ts';
import { targetKind } from './targets.ts';

/** An error a command gets back: the socket layer localises `key`. */
export interface CommandRefusal {
  code: 'NO_CALL' | 'LINK_DOWN' | 'FIELD' | 'INTERNAL';
  key: 'phone_NO_CALL' | 'phone_NO_THIRD' | 'phone_LINK_DOWN' | 'phone_EXTENSION' | 'phone_CALLER_ID' | 'phone_INTERNAL'
    | 'transferTargetRefused' | 'threeWayTargetRefused';
  params?: Record<string, string>;
}

export type CommandResult = { ok: true; msg: PhoneMessage } | { ok: false; refusal: CommandRefusal };

/** A dial-out's job waits for the originate timeout plus the bridge: 10 s more than the timeout. */
const ORIGINATE_SLACK_S = 10;

export type Action = Extract<PhoneCommand, { cmd: 'bgapi' | 'originate' }>;

/** What a command runs with: the gateway's link (none before its start), call picture, database and options. */
export interface CommandScope {
  link: SwitchLink | null;
  book: CallBook;
  db: Db;
  opts: Pick<GatewayOptions, 'barAnswer' | 'externalPrefixes' | 'gateway' | 'log'>;
}

/** Who sends the command: the seat's extension and caller IDs, and the user (for the log of a refused target). */
export interface CommandCaller {
  fjh: string;
  callerIds: string[];
  user?: string;
}

/** Runs a bar's command: the JOB frame it gets back, or the refusal its socket localises. */
export async function runCommand(scope: CommandScope, seat: string, { fjh, callerIds, user }: CommandCaller, c: Action): Promise<CommandResult> {
  const { link, book, db, opts } = scope;
  if (!link || link.state !== 'ready') return refuse('LINK_DOWN', 'phone_LINK_DOWN');
  try {
    if (c.cmd === 'originate') {
      if (c.ext !== fjh) return refuse('FIELD', 'phone_EXTENSION', { ext: fjh });
      // The caller ID the customer sees is one of the seat's, not whatever the browser names.
      if (!callerIds.includes(c.cid)) return refuse('FIELD', 'phone_CALLER_ID', { cid: callerIds.join(', ') });
      const uuid = randomUUID();
      const gateway = await gatewayOf(scope, seat);
      const line = build.originate({ uuid, seat, cid: c.cid, dest: c.dest, ext: c.ext, earlyMedia: c.earlyMedia, timeout: c.timeout, gateway });
      const job = await link.bgapi(line, (c.timeout + ORIGINATE_SLACK_S) * 1000);
      return { ok: true, msg: jobMessage('originate', uuid, [job]) };
    }
    const on = book.partOf(seat);
    if (!on || on.call.callId !== c.callId) return refuse('NO_CALL', 'phone_NO_CALL');
    const call = on.call;
    let lines: string[];
    // Answering from the bar: the seat's own ringing leg, where the switch can answer for it.
    if (c.op === 'uuid_answer') {
      if (!opts.barAnswer || on.part.answeredAt !== undefined) return refuse('NO_CALL', 'phone_NO_CALL');
      const job = await link.bgapi(build.answer(on.part.leg));
      return { ok: true, msg: jobMessage(c.op, call.callId, [job]) };
    }
    // A three-way's third party or a consulted seat controls its own leg only: hanging up leaves the call.
    if (on.part.role !== 'agent') {
      if (c.op !== 'uuid_kill' && c.op !== 'uuid_killthree2') return refuse('NO_CALL', 'phone_NO_CALL');
      lines = build.leave(on.part.leg);
      const jobs = await Promise.all(lines.map((l) => link.bgapi(l)));
      return { ok: true, msg: jobMessage(c.op, call.callId, jobs) };
    }
    // Attended transfer: each step's commands run in order (the hold before the ring, the resume before the bridge).
    if (c.op === 'uuid_consult' || c.op === 'uuid_consult_done' || c.op === 'uuid_consult_cancel') {
      if (c.op === 'uuid_consult') {
        if (call.consultLeg) return refuse('NO_CALL', 'phone_NO_CALL');
        // A seat's extension only: the consulted party is a colleague who takes the call over.
        if ((await targetAllowed(scope, seat, user, 'uuid_three', c.target)) !== 'seat') {
          return refuse('FIELD', 'transferTargetRefused', { target: c.target, survey: PHONE_SOCKET.surveyTarget });
        }
        lines = build.consult(call, { uuid: randomUUID(), seat, target: c.target, held: call.heldSince !== undefined });
      } else {
        const consulted = call.consultLeg ? call.parts.get(call.consultLeg) : undefined;
        if (!consulted || (c.op === 'uuid_consult_done' && consulted.answeredAt === undefined)) return refuse('NO_CALL', 'phone_NO_CALL');
        lines = c.op === 'uuid_consult_done' ? build.consultDone(call, consulted.leg) : build.consultCancel(call, consulted.leg);
      }
      if (!lines.length) return refuse('NO_CALL', 'phone_NO_CALL');
      const jobs: JobResult[] = [];
      for (const l of lines) {
        const job = await link.bgapi(l, l.startsWith('originate ') ? (PHONE_SOCKET.originateTimeoutSeconds + ORIGINATE_SLACK_S) * 1000 : undefined);
        jobs.push(job);
        if (!job.ok) break;
      }
      return { ok: true, msg: jobMessage(c.op, call.callId, jobs) };
    }
    switch (c.op) {
      case 'uuid_kill': lines = build.hangup(call); break;
      case 'uuid_killthree': lines = build.hangupAll(call); break;
      case 'uuid_killthree2':
        lines = build.hangupThird(call);
        if (!lines.length) return refuse('NO_CALL', 'phone_NO_THIRD');
        break;
      case 'uuid_holdon': lines = build.hold(call, true); break;
      case 'uuid_holdoff': lines = build.hold(call, false); break;
      case 'uuid_transfer':
        if (!(await targetAllowed(scope, seat, user, c.op, c.target))) {
          return refuse('FIELD', 'transferTargetRefused', { target: c.target, survey: PHONE_SOCKET.surveyTarget });
        }
        lines = build.transfer(call, c.target);
        if (lines.length && c.target === PHONE_SOCKET.surveyTarget && call.agentLeg) {
          book.markSurvey(call.callId);
          await markSurvey(db, call.agentLeg);
        }
        break;
      case 'uuid_three': {
        const kind = await targetAllowed(scope, seat, user, c.op, c.target);
        if (!kind) return refuse('FIELD', 'threeWayTargetRefused', { target: c.target });
        // An allowed outside number is reached through the seat's trunk, like a dial-out's.
        const gateway = kind === 'external' ? await gatewayOf(scope, seat) : undefined;
        lines = build.threeWay(call, { uuid: randomUUID(), seat, target: c.target, phone: c.phone, gateway });
        break;
      }
    }
    if (!lines.length) return refuse('NO_CALL', 'phone_NO_CALL');
    const jobs = await Promise.all(lines.map((l) => link.bgapi(l)));
    return { ok: true, msg: jobMessage(c.op, call.callId, jobs) };
  } catch (err) {
    if (err instanceof EslError && err.code === 'LINK_DOWN') return refuse('LINK_DOWN', 'phone_LINK_DOWN');
    if (err instanceof EslError && err.code === 'TIMEOUT') {
      return { ok: true, msg: { type: 'JOB', cmd: c.cmd === 'originate' ? 'originate' : c.op, callId: c.cmd === 'originate' ? '' : c.callId, ok: false, cause: 'TIMEOUT' } };
    }
    opts.log.error({ err }, 'phone command failed');
    return refuse('INTERNAL', 'phone_INTERNAL');
  }
}

/** The kind of a transfer or three-way target (targets.ts), or null: a refused one is logged, and nothing reaches the switch. */
async function targetAllowed({ db, opts }: CommandScope, seat: string, user: string | undefined, op: 'uuid_transfer' | 'uuid_three', target: string) {
  const kind = await targetKind(db, target, op === 'uuid_transfer' ? 'transfer' : 'threeWay', opts.externalPrefixes ?? []);
  if (!kind) opts.log.warn({ user, seat, op, target }, 'transfer target refused');
  return kind;
}

/**
 * The trunk a seat's dial-outs leave by: its line's gateway when the line names one, else
 * ESL_GATEWAY. build.originate checks the name like every value it places in the command, so a
 * name planted in the table past the schema's pattern refuses the call instead of reaching the switch.
 */
async function gatewayOf({ db, opts }: CommandScope, seat: string): Promise<string> {
  const [row] = await db.query<{ gateway: string | null }>(
    'SELECT l.gateway FROM users u JOIN lines l ON l.id = u.lineid WHERE u.user_seat_no = $1', [seat]);
  return row?.gateway ? row.gateway : opts.gateway;
}

const refuse = (code: CommandRefusal['code'], key: CommandRefusal['key'], params?: Record<string, string>): CommandResult =>
  ({ ok: false, refusal: { code, key, ...(params ? { params } : {}) } });

/** JOB frame: ok when every job said +OK; else the first failure's cause (`-ERR NO_ANSWER` -> NO_ANSWER). */
function jobMessage(cmd: string, callId: string, jobs: JobResult[]): PhoneMessage {
  const failed = jobs.find((j) => !j.ok);
  const cause = failed ? failed.body.replace(/^-ERR\s*/, '').trim().split(/\s/)[0] || 'ERROR' : '';
  return { type: 'JOB', cmd, callId, ok: !failed, cause };
}
