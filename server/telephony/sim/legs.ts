/**
 * One channel (leg) of the simulated switch, and how FreeSWITCH would describe it: the
 * headers of its channel events and its row in `show channels`.
 */
import { systemClock, type Clock } from '../../clock.ts';
import { localDateTime } from '../../../schemas/local-time.ts';

/** The simulator's clock: the server's business clock (server/clock.ts), or a hand-driven one in tests. */
export type SimClock = Pick<Clock, 'now' | 'setTimeout' | 'clearTimeout'>;
export { systemClock };

export type LegState = 'ringing' | 'active' | 'held' | 'down';

export interface Leg {
  uuid: string;
  /** Channel-Call-UUID: the customer leg's uuid for incoming calls, the agent leg's for dial-outs. */
  callUuid: string;
  direction: 'inbound' | 'outbound';
  /** agent = a seat's phone; customer = the other party (outside caller, dialled number, survey IVR). */
  kind: 'agent' | 'customer';
  /** The simulated phone this leg rings, when it rings one (answer(ext) / hangup(ext) find it by this). */
  extension?: string;
  name: string;
  cidNum: string;
  dest: string;
  createdMs: number;
  answeredMs: number;
  state: LegState;
  /** The leg it is bridged to, or the one it rings for. */
  peer?: string;
  /** Set on a leg that rings on behalf of another (the source hanging up cancels it: ORIGINATOR_CANCEL). */
  ringingFor?: string;
  /** A three-way leg: the leg whose conversation it joined (it ends with it). */
  joins?: string;
  vars: Record<string, string>;
  application: string;
  applicationData: string;
  record?: { path: string; startMs: number };
  timers: Set<ReturnType<typeof setTimeout>>;
  /** What answering it does next (bridge to the waiting leg, settle an originate). */
  onAnswer?: () => void;
  /** Called once when it hangs up (an originate still waiting answers -ERR <cause>). */
  onHangup?: (cause: string) => void;
}

export const HOSTNAME = 'callcentre-sim';
export const DOMAIN = '127.0.0.1';

const us = (ms: number) => (ms ? String(ms * 1000) : '0');

function channelState(leg: Leg): string {
  if (leg.state === 'down') return 'CS_HANGUP';
  if (leg.state === 'ringing') return leg.direction === 'inbound' ? 'CS_ROUTING' : 'CS_CONSUME_MEDIA';
  return leg.peer ? 'CS_EXCHANGE_MEDIA' : 'CS_EXECUTE';
}

function callState(leg: Leg): string {
  return { ringing: 'RINGING', active: 'ACTIVE', held: 'HELD', down: 'HANGUP' }[leg.state];
}

/** The channel headers FreeSWITCH puts on every channel event (the names the gateway reads). */
export function legHeaders(leg: Leg, nowMs: number): Record<string, string> {
  const headers: Record<string, string> = {
    'Event-Date-Timestamp': us(nowMs),
    'Unique-ID': leg.uuid,
    'Channel-Call-UUID': leg.callUuid,
    'Call-Direction': leg.direction,
    'Presence-Call-Direction': leg.direction,
    'Channel-Name': leg.name,
    'Channel-State': channelState(leg),
    'Channel-Call-State': callState(leg),
    'Answer-State': leg.state === 'down' ? 'hangup' : leg.answeredMs ? 'answered' : 'ringing',
    'Caller-Direction': leg.direction,
    'Caller-Unique-ID': leg.uuid,
    'Caller-Caller-ID-Name': leg.cidNum,
    'Caller-Caller-ID-Number': leg.cidNum,
    'Caller-Destination-Number': leg.dest,
    'Caller-Context': 'default',
    'Caller-Channel-Name': leg.name,
    'Caller-Channel-Created-Time': us(leg.createdMs),
    'Caller-Channel-Answered-Time': us(leg.answeredMs),
  };
  if (leg.extension) headers['Channel-Presence-ID'] = `${leg.extension}@${DOMAIN}`;
  if (leg.peer) headers['Other-Leg-Unique-ID'] = leg.peer;
  for (const [name, value] of Object.entries(leg.vars)) headers[`variable_${name}`] = value;
  return headers;
}

/** `show channels` columns, in FreeSWITCH's order (the channels table of switch_core_sqldb). */
export const CHANNEL_COLUMNS = [
  'uuid', 'direction', 'created', 'created_epoch', 'name', 'state', 'cid_name', 'cid_num', 'ip_addr', 'dest',
  'application', 'application_data', 'dialplan', 'context', 'read_codec', 'read_rate', 'read_bit_rate',
  'write_codec', 'write_rate', 'write_bit_rate', 'secure', 'hostname', 'presence_id', 'presence_data',
  'accountcode', 'callstate', 'callee_name', 'callee_num', 'callee_direction', 'call_uuid', 'sent_callee_name',
  'sent_callee_num', 'initial_cid_name', 'initial_cid_num', 'initial_ip_addr', 'initial_dest',
  'initial_dialplan', 'initial_context',
] as const;

const localTime = (ms: number): string => localDateTime(new Date(ms));

/** One `show channels` row: every value a string, as FreeSWITCH's SQL callback writes them. */
export function channelRow(leg: Leg): Record<(typeof CHANNEL_COLUMNS)[number], string> {
  const peerKnown = Boolean(leg.peer);
  return {
    uuid: leg.uuid,
    direction: leg.direction,
    created: localTime(leg.createdMs),
    created_epoch: String(Math.floor(leg.createdMs / 1000)),
    name: leg.name,
    state: channelState(leg),
    cid_name: leg.cidNum,
    cid_num: leg.cidNum,
    ip_addr: DOMAIN,
    dest: leg.dest,
    application: leg.application,
    application_data: leg.applicationData,
    dialplan: 'XML',
    context: 'default',
    read_codec: 'PCMU',
    read_rate: '8000',
    read_bit_rate: '64000',
    write_codec: 'PCMU',
    write_rate: '8000',
    write_bit_rate: '64000',
    secure: '',
    hostname: HOSTNAME,
    presence_id: leg.extension ? `${leg.extension}@${DOMAIN}` : '',
    presence_data: '',
    accountcode: '',
    callstate: callState(leg),
    callee_name: '',
    callee_num: peerKnown ? leg.dest : '',
    callee_direction: peerKnown ? 'SEND' : '',
    call_uuid: leg.callUuid,
    sent_callee_name: '',
    sent_callee_num: '',
    initial_cid_name: leg.cidNum,
    initial_cid_num: leg.cidNum,
    initial_ip_addr: DOMAIN,
    initial_dest: leg.dest,
    initial_dialplan: 'XML',
    initial_context: 'default',
  };
}
