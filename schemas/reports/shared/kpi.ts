/**
 * The KPI dictionary (docs/kpi.md, the contract): one SQL expression per figure, used by
 * reference from every report schema and the exports, so a figure is computed one way
 * everywhere. Expressions are aggregates over `call_records c` (or `seat_status_logs s` for the
 * status figures); labels are i18n keys `reports.kpi.<label>`, and a figure that is not inbound
 * by nature names its calls in its label (AHT (inbound), Talk time (in + out)). Ratios are
 * fractions 0..1 (format 'percent' shows them as percentages).
 *
 * What the tables cannot say, and what stands in for it (docs/kpi.md says the same):
 * - queue entry time is not recorded: the wait before answer is the ring time (answer - call time);
 * - "offered" is every inbound call (no IVR-only legs are recorded).
 */
import { PERIOD } from '../../report-types.ts';
import { CLOCK_NOW_SQL } from '../../clock-sql.ts';

/** "Now" in report SQL, written once: open status logs and open chats run up to it. The server's clock, not the database's (schemas/clock-sql.ts). */
export const NOW = CLOCK_NOW_SQL;

/** Ring seconds above this are shown and exported as this (spec sections 5 and 9). */
export const RING_CAP_SECONDS = 60;
/** Abandons with ring seconds under this are "short" and left out of the service level (docs/kpi.md). */
export const SHORT_ABANDON_SECONDS = 5;
/** Service-level threshold T: answered with ring seconds at most T. */
export const SERVICE_LEVEL_SECONDS = 20;

const IN = "c.direction = 'in'";
const OUT = "c.direction = 'out'";
const ANSWERED = `${IN} AND c.answer_time IS NOT NULL`;
const ABANDONED = `${IN} AND c.answer_time IS NULL`;
/** Short abandon: ring seconds strictly under the threshold (docs/kpi.md). */
const SHORT = `${ABANDONED} AND c.ring_seconds < ${SHORT_ABANDON_SECONDS}`;
const count = (where: string) => `count(*) FILTER (WHERE ${where})`;
/** A fraction rounded to 4 places; NULL when the denominator is 0 (no calls: no rate). */
const ratio = (num: string, den: string) => `round((${num})::numeric / NULLIF(${den}, 0), 4)`;

/** Which calls a figure counts (docs/kpi.md): inbound, outbound or both. */
export type Scope = 'in' | 'out' | 'all';
/** The calls handled, per scope: answered inbound, connected outbound, or both. */
const HANDLED: Record<Scope, string> = { in: ANSWERED, out: `${OUT} AND c.answer_time IS NOT NULL`, all: 'c.answer_time IS NOT NULL' };
const SCOPE_LABEL: Record<Scope, string> = { in: 'In', out: 'Out', all: 'All' };

/**
 * One call's after-call seconds: its seat's post-call processing log (status 4) that starts at
 * the call's hang-up (an open one up to now). It belongs to the call: not clipped to the period.
 */
export const CALL_AFTER_CALL_SECONDS = `(SELECT coalesce(sum(extract(epoch FROM coalesce(a.s_end_time, ${NOW}) - a.s_start_time)), 0)
  FROM seat_status_logs a WHERE a.user_seat_no = c.user_seat_no AND a.status = 4 AND a.s_start_time = c.destroy_time)`;

/**
 * A call's post-call processing logs (as CALL_AFTER_CALL_SECONDS matches them) in three figures,
 * read once per call by the rollup's source (`ac`): the closed logs' seconds, and of the open ones
 * their count and their starts as epoch seconds (an open log's seconds up to now are
 * count × now - starts).
 */
export const CALL_AFTER_LOGS = `LATERAL (SELECT
    coalesce(sum(extract(epoch FROM a.s_end_time - a.s_start_time)) FILTER (WHERE a.s_end_time IS NOT NULL), 0) AS closed,
    count(*) FILTER (WHERE a.s_end_time IS NULL) AS open,
    coalesce(sum(extract(epoch FROM a.s_start_time)) FILTER (WHERE a.s_end_time IS NULL), 0) AS open_epoch
  FROM seat_status_logs a WHERE a.user_seat_no = c.user_seat_no AND a.status = 4 AND a.s_start_time = c.destroy_time) ac`;

export interface Kpi {
  readonly sql: string;
  /**
   * The same figure over the call rollup (`call_hour_stats c`, CALL_PARTS summed per seat and hour),
   * which a report reads instead of the calls when its period is whole hours (ReportSchema.rollup).
   */
  readonly rollup?: string;
  /** 'duration' for time summed over calls or logs (h:mm:ss, hours past 24); 'seconds' for a per-call average. */
  readonly format: 'number' | 'seconds' | 'duration' | 'percent';
  /** i18n key of the label. */
  readonly label: string;
}

const kpi = (name: string, sql: string, format: Kpi['format'], rollup?: string): Kpi => ({ sql, format, label: `reports.kpi.${name}`, ...(rollup ? { rollup } : {}) });

/**
 * What the call rollup keeps of each seat's hour (migration 050's call_hour_stats, kept by
 * server/db/call-rollup.ts as calls and post-call logs are written): sums over `call_records c`
 * joined with its post-call figures `ac` (CALL_AFTER_LOGS) that add up across hours, so every CALL_KPI is also a formula over them (its `rollup`). A
 * post-call log still open runs up to now: the rollup keeps the closed logs' seconds, and of the
 * open ones their count and their starts (as epoch seconds), from which a report computes the
 * seconds up to its own now.
 */
const handlingParts = (scope: Scope) => {
  const where = HANDLED[scope];
  const s = scope;
  return {
    [`handled_${s}`]: count(where),
    [`talk_${s}`]: `coalesce(sum(c.call_seconds) FILTER (WHERE ${where}), 0)`,
    [`after_closed_${s}`]: `coalesce(sum(ac.closed) FILTER (WHERE ${where}), 0)`,
    [`after_open_${s}`]: `coalesce(sum(ac.open) FILTER (WHERE ${where}), 0)`,
    [`after_open_epoch_${s}`]: `coalesce(sum(ac.open_epoch) FILTER (WHERE ${where}), 0)`,
  };
};

export const CALL_PARTS: Readonly<Record<string, string>> = {
  calls: 'count(*)',
  offered: count(IN),
  answered: count(ANSWERED),
  abandoned: count(ABANDONED),
  short_abandoned: count(SHORT),
  answered_in_sl: count(`${ANSWERED} AND c.ring_seconds <= ${SERVICE_LEVEL_SECONDS}`),
  outbound: count(OUT),
  outbound_connected: count(`${OUT} AND c.answer_time IS NOT NULL`),
  ring_capped: `coalesce(sum(LEAST(c.ring_seconds, ${RING_CAP_SECONDS})), 0)`,
  ring_answered: `coalesce(sum(c.ring_seconds) FILTER (WHERE ${ANSWERED}), 0)`,
  rated: 'count(c.satisfaction)',
  satisfied: count('c.satisfaction >= 4'),
  ...handlingParts('in'),
  ...handlingParts('out'),
  ...handlingParts('all'),
};

/**
 * The call columns the parts read (CALL_PARTS and CALL_AFTER_LOGS; call-rollup.test checks the
 * list): a call updated without a change to one of them leaves its hour's row as it is.
 */
export const CALL_PART_COLUMNS = ['user_seat_no', 'call_time', 'direction', 'answer_time', 'destroy_time', 'ring_seconds', 'call_seconds', 'satisfaction'] as const;

/** A part summed over the rollup's rows (0 over none, as a count over no calls is). */
const part = (name: keyof typeof CALL_PARTS & string) => `coalesce(sum(c.${name}), 0)`;
/** A scope's post-call seconds over the rollup: the closed logs', and the open ones' up to now. */
const afterOf = (s: Scope) => `(${part(`after_closed_${s}`)} + ${part(`after_open_${s}`)} * extract(epoch FROM ${NOW}) - ${part(`after_open_epoch_${s}`)})`;

/** The handling figures of one scope: calls handled, their talk and after-call time, and AHT = (talk + after-call) / handled. */
const handling = (scope: Scope) => {
  const where = HANDLED[scope];
  const tag = SCOPE_LABEL[scope];
  const handled = part(`handled_${scope}`);
  return {
    handled: kpi(`handled${tag}`, count(where), 'number', handled),
    talkSeconds: kpi(`talkSeconds${tag}`, `coalesce(sum(c.call_seconds) FILTER (WHERE ${where}), 0)`, 'duration', part(`talk_${scope}`)),
    afterCallSeconds: kpi(`afterCallSeconds${tag}`, `round(coalesce(sum(${CALL_AFTER_CALL_SECONDS}) FILTER (WHERE ${where}), 0))`, 'duration', `round(${afterOf(scope)})`),
    aht: kpi(`aht${tag}`, `round((sum(c.call_seconds + ${CALL_AFTER_CALL_SECONDS}) FILTER (WHERE ${where}))::numeric / NULLIF(${count(where)}, 0), 1)`, 'seconds',
      `round((${part(`talk_${scope}`)} + ${afterOf(scope)})::numeric / NULLIF(${handled}, 0), 1)`),
  } as const;
};

/** The handling figures per scope: a report takes the scope its row speaks of and its column titles name it. */
export const SCOPED_KPI = { in: handling('in'), out: handling('out'), all: handling('all') } as const;

/** Figures over `call_records c`. */
export const CALL_KPI = {
  /** Inbound calls that reached the agent stage: every inbound call. */
  offered: kpi('offered', count(IN), 'number', part('offered')),
  answered: kpi('answered', count(ANSWERED), 'number', part('answered')),
  abandoned: kpi('abandoned', count(ABANDONED), 'number', part('abandoned')),
  /** Abandoned with ring seconds under SHORT_ABANDON_SECONDS. */
  shortAbandoned: kpi('shortAbandoned', count(SHORT), 'number', part('short_abandoned')),
  outbound: kpi('outbound', count(OUT), 'number', part('outbound')),
  outboundConnected: kpi('outboundConnected', count(`${OUT} AND c.answer_time IS NOT NULL`), 'number', part('outbound_connected')),
  /** Answered within at most T / (offered - short abandons). */
  serviceLevel: kpi('serviceLevel', ratio(count(`${ANSWERED} AND c.ring_seconds <= ${SERVICE_LEVEL_SECONDS}`), `${count(IN)} - ${count(SHORT)}`), 'percent',
    ratio(part('answered_in_sl'), `${part('offered')} - ${part('short_abandoned')}`)),
  /** Average speed of answer: mean ring seconds of answered inbound calls (stands in for queue wait). */
  asa: kpi('asa', `round(avg(c.ring_seconds) FILTER (WHERE ${ANSWERED}), 1)`, 'seconds', `round(${part('ring_answered')}::numeric / NULLIF(${part('answered')}, 0), 1)`),
  /** Average handling time of answered inbound calls: (talk + after-call) / answered. */
  aht: SCOPED_KPI.in.aht,
  abandonRate: kpi('abandonRate', ratio(count(ABANDONED), count(IN)), 'percent', ratio(part('abandoned'), part('offered'))),
  /** Talk seconds of every handled call, both directions. */
  talkSeconds: SCOPED_KPI.all.talkSeconds,
  /** Ring seconds, each call capped at RING_CAP_SECONDS, both directions. */
  ringSeconds: kpi('ringSeconds', `coalesce(sum(LEAST(c.ring_seconds, ${RING_CAP_SECONDS})), 0)`, 'duration', part('ring_capped')),
  rated: kpi('rated', 'count(c.satisfaction)', 'number', part('rated')),
  /** Share of ratings 4-5 (of 1-5) over ratings given. */
  satisfaction: kpi('satisfaction', ratio(count('c.satisfaction >= 4'), 'count(c.satisfaction)'), 'percent', ratio(part('satisfied'), part('rated'))),
  calls: kpi('calls', 'count(*)', 'number', part('calls')),
} as const;

/** A status log's end: its end time, or now while it is open. */
export const LOG_END = `coalesce(s.s_end_time, ${NOW})`;
/**
 * Seconds of a status log inside the report's period (and before now): clipped at both edges, so
 * a log across midnight or a month's end counts its part in each period (docs/kpi.md).
 */
export const LOG_SECONDS = `GREATEST(0, extract(epoch FROM LEAST(${LOG_END}, ${PERIOD.end}) - GREATEST(s.s_start_time, ${PERIOD.start})))`;
const logSeconds = (statuses: readonly number[]) => `round(coalesce(sum(${LOG_SECONDS}) FILTER (WHERE s.status IN (${statuses.join(', ')})), 0))`;

/** Seat status codes (spec section 4, schemas/protocol/seat-status.ts) grouped as the figures need them. */
export const STATUS = { ready: [0], onCall: [1, 6, 7], afterCall: [4], breaks: [3], meeting: [2, 13], login: [5], quality: [11], revisit: [12] } as const;

/** Figures over `seat_status_logs s`. */
export const STATUS_KPI = {
  readySeconds: kpi('readySeconds', logSeconds(STATUS.ready), 'duration'),
  onCallSeconds: kpi('onCallSeconds', logSeconds(STATUS.onCall), 'duration'),
  afterCallSeconds: kpi('afterCallSeconds', logSeconds(STATUS.afterCall), 'duration'),
  breakSeconds: kpi('breakSeconds', logSeconds(STATUS.breaks), 'duration'),
  meetingSeconds: kpi('meetingSeconds', logSeconds(STATUS.meeting), 'duration'),
  qualitySeconds: kpi('qualitySeconds', logSeconds(STATUS.quality), 'duration'),
  revisitSeconds: kpi('revisitSeconds', logSeconds(STATUS.revisit), 'duration'),
  /** Logged-in time: every status log's time. */
  loggedInSeconds: kpi('loggedInSeconds', `round(coalesce(sum(${LOG_SECONDS}), 0))`, 'duration'),
  /** (on call + after-call) / (on call + after-call + ready). */
  occupancy: kpi('occupancy', ratio(`${logSeconds(STATUS.onCall)} + ${logSeconds(STATUS.afterCall)}`,
    `${logSeconds(STATUS.onCall)} + ${logSeconds(STATUS.afterCall)} + ${logSeconds(STATUS.ready)}`), 'percent'),
} as const;

/** A report column computing a KPI: `{...kpiColumn('answered', CALL_KPI.answered), total: 'kpi'}`. */
export const kpiColumn = <K extends string>(key: K, k: Kpi) => ({ key, sql: k.sql, format: k.format, title: k.label, ...(k.rollup ? { rollup: k.rollup } : {}) }) as const;
