import type { FromSchema } from 'json-schema-to-ts';
import { seesAllSeats } from './permissions.ts';
import { SEAT_STATUS } from './protocol/seat-status.ts';

/**
 * The home page per role (issue 22 item 1): which figures each panel shows, and the wire shapes
 * of `POST api/Home/getHome` and `POST api/Home/getHealth`. A figure is not a formula: it names a
 * report (schemas/reports/) and the value read from the report's answer for today, so the home
 * and the report can never disagree. The server runs the report's own statements for the
 * caller (an agent's own seat through the report's `ownSeat`); the browser links each figure to
 * the same report with the same conditions.
 */

/**
 * One figure: `report`'s answer over today with `conditions` added; `value` is a column of its
 * totals row (or of its single row, for a report that answers one row), or `total`: how many rows
 * the report lists (a list's size, e.g. today's missed calls).
 */
export interface HomeFigureDef {
  /** Wire name; its words are `home.figures.<key>`. */
  readonly key: string;
  readonly report: string;
  readonly value: string;
  /** Constant conditions the figure counts under besides today's period (the link carries them too). */
  readonly conditions?: Readonly<Record<string, string | number | boolean>>;
  /** The card group it is shown in; its words are `home.groups.<group>`. */
  readonly group: string;
  /**
   * Where the figure opens for a reader who may not open `report`: the list of the entries it
   * counts, over today, with these conditions (an agent's time per status comes from a
   * supervisors' report, counted on their seat; its entries are their seat usage log).
   */
  readonly list?: { readonly report: string; readonly conditions?: Readonly<Record<string, string | number | boolean>> };
}

/** The two panels: an agent's own seat, and the centre's (supervisors and administrators). */
export type HomePanel = 'agent' | 'centre';

/** A user's panel: the centre's for those who see every seat. The server answers it; the console lays it out before the answer comes. */
export const panelOf = (user: { readonly roles: readonly string[] }): HomePanel => (seesAllSeats(user) ? 'centre' : 'agent');

const KPI = 'comprehensiveByConditions';
const STATUS = 'seatStatus';
const SYNTHESIS = 'callSynthesis';
const SEAT_LOG = 'userSeatLog';

export const HOME_FIGURES: Readonly<Record<HomePanel, readonly HomeFigureDef[]>> = {
  agent: [
    { key: 'callsIn', report: KPI, value: 'offered', group: 'calls' },
    { key: 'callsOut', report: KPI, value: 'outbound', group: 'calls' },
    { key: 'answered', report: KPI, value: 'answered', group: 'calls' },
    { key: 'talkSeconds', report: KPI, value: 'talkSeconds', group: 'calls' },
    { key: 'aht', report: KPI, value: 'aht', group: 'calls' },
    { key: 'satisfaction', report: KPI, value: 'satisfaction', group: 'calls' },
    // Today's unanswered calls to the seat whose number nobody has reached since (conditions.ts calledBack).
    { key: 'missedCalls', report: 'callInfosByCondition', value: 'total', conditions: { direction: 'in', answered: false, calledBack: false }, group: 'calls' },
    // Each status's entries in the seat usage log; on call and meeting are several statuses, so all of today's.
    { key: 'readySeconds', report: STATUS, value: 'readySeconds', group: 'status', list: { report: SEAT_LOG, conditions: { status: SEAT_STATUS.ready } } },
    { key: 'onCallSeconds', report: STATUS, value: 'onCallSeconds', group: 'status', list: { report: SEAT_LOG } },
    { key: 'afterCallSeconds', report: STATUS, value: 'afterCallSeconds', group: 'status', list: { report: SEAT_LOG, conditions: { status: SEAT_STATUS.afterCall } } },
    { key: 'breakSeconds', report: STATUS, value: 'breakSeconds', group: 'status', list: { report: SEAT_LOG, conditions: { status: SEAT_STATUS.break } } },
    { key: 'meetingSeconds', report: STATUS, value: 'meetingSeconds', group: 'status', list: { report: SEAT_LOG } },
    { key: 'webChats', report: 'webChatReport', value: 'chats', group: 'chats', list: { report: 'webReportC' } },
    { key: 'weixinChats', report: 'weiXinReportC', value: 'chats', group: 'chats' },
  ],
  centre: [
    { key: 'offered', report: SYNTHESIS, value: 'offered', group: 'calls' },
    { key: 'answered', report: SYNTHESIS, value: 'answered', group: 'calls' },
    { key: 'serviceLevel', report: SYNTHESIS, value: 'serviceLevel', group: 'calls' },
    { key: 'asa', report: SYNTHESIS, value: 'asa', group: 'calls' },
    { key: 'abandonRate', report: SYNTHESIS, value: 'abandonRate', group: 'calls' },
  ],
};

/** The report of the centre's chart: today by hour, and the same weekday a week before. */
export const HOME_HOURLY = { report: 'callSynthesisByHour', x: 'hour', y: ['offered', 'answered'] } as const;

/**
 * How long an agent may stay in a status before the centre's home lists them (seconds), by the
 * status code of schemas/protocol/seat-status.ts: a break over 15 minutes, a meeting over an hour,
 * post-call processing over 5 minutes.
 */
export const STATUS_LIMITS: Readonly<Record<number, number>> = {
  [SEAT_STATUS.break]: 15 * 60,
  [SEAT_STATUS.meeting]: 60 * 60,
  [SEAT_STATUS.meeting13]: 60 * 60,
  [SEAT_STATUS.afterCall]: 5 * 60,
};

/** How often the home reads its figures again while it is open (ms); the seats follow the monitor's stream. */
export const HOME_REFRESH_MS = 15_000;

const FORMAT = { enum: ['number', 'seconds', 'duration', 'percent'] } as const;

export const homeFigureSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['key', 'group', 'report', 'value', 'format', 'conditions'],
  properties: {
    key: { type: 'string' },
    group: { type: 'string' },
    report: { type: 'string' },
    /** The figure (a rate is a fraction 0..1, time in seconds); null: no figure (no calls answered, no AHT). */
    value: { type: ['number', 'null'] },
    format: FORMAT,
    /** The report's conditions the figure was counted under: today's period and the figure's own. */
    conditions: { type: 'object', additionalProperties: { type: ['string', 'number', 'boolean'] } },
    /** The list of the entries the figure counts (HomeFigureDef.list), over today: opened by a reader who may not open `report`. */
    list: {
      type: 'object', additionalProperties: false, required: ['report', 'conditions'],
      properties: { report: { type: 'string' }, conditions: { type: 'object', additionalProperties: { type: ['string', 'number', 'boolean'] } } },
    },
  },
} as const;

const hourRow = {
  type: 'object', additionalProperties: false, required: ['hour', 'offered', 'answered'],
  properties: { hour: { type: 'integer' }, offered: { type: 'number' }, answered: { type: 'number' } },
} as const;

const hourly = {
  type: 'object', additionalProperties: false, required: ['report', 'conditions', 'rows'],
  properties: {
    report: { type: 'string' },
    conditions: { type: 'object', additionalProperties: { type: 'string' } },
    rows: { type: 'array', items: hourRow },
  },
} as const;

export const homeAnswerSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['panel', 'day', 'figures'],
  properties: {
    panel: { enum: ['agent', 'centre'] },
    /** Today in the business time zone, 'YYYY-MM-DD'. */
    day: { type: 'string' },
    figures: { type: 'array', items: homeFigureSchema },
    /** The centre's: the chat waiting longest in the queue, its seconds (null: none waits). */
    longestChatWaitSeconds: { type: ['number', 'null'] },
    /** The centre's chart: today by hour, and the same weekday last week. */
    today: hourly,
    lastWeek: hourly,
  },
} as const;

export type HomeFigure = FromSchema<typeof homeFigureSchema>;
export type HomeAnswer = FromSchema<typeof homeAnswerSchema>;

export const healthSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['database', 'switchLink', 'processes', 'linkedProcesses', 'phoneSockets', 'chatSockets', 'errorsLastHour', 'recordings'],
  properties: {
    database: {
      type: 'object', additionalProperties: false, required: ['engine', 'ok', 'ms'],
      properties: { engine: { type: 'string' }, ok: { type: 'boolean' }, ms: { type: 'number' } },
    },
    /** This process's Event Socket link: 'connected', 'connecting', 'closed'... */
    switchLink: { type: 'string' },
    /** Server processes on this database that refreshed their heartbeat lately (every process, not only this one). */
    processes: { type: 'integer' },
    /** Of those, the ones whose own switch link is up (each writes it with its heartbeat). */
    linkedProcesses: { type: 'integer' },
    /** Open phone bar sockets (/ws) and chat agent sockets, on every process. */
    phoneSockets: { type: 'integer' },
    chatSockets: { type: 'integer' },
    /** Answers with a 5xx status in the last hour, on every process. */
    errorsLastHour: { type: 'integer' },
    /** Space on the recordings' file system (bytes); null when it cannot be read. */
    recordings: {
      type: 'object', additionalProperties: false, required: ['freeBytes', 'totalBytes'],
      properties: { freeBytes: { type: ['number', 'null'] }, totalBytes: { type: ['number', 'null'] } },
    },
  },
} as const;

export type Health = FromSchema<typeof healthSchema>;

/** Who reads the system's health: administrators. */
export const HEALTH_READERS = ['admin'] as const;

/** The lists the health's figures open (report ids): the server processes, and the errors answered. */
export const HEALTH_LISTS = { processes: 'serverProcesses', errors: 'serverErrors' } as const;
