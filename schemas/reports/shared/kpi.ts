/**
 * The KPI dictionary (docs/kpi.md): one SQL expression per figure, used by reference from
 * every report schema, the seat monitor and the exports, so a figure is computed one way
 * everywhere. Expressions are aggregates over `call_records c` (or `seat_status_logs s` for the
 * status figures); labels are i18n keys `reports.kpi.<name>`. Ratios are fractions 0..1
 * (format 'percent' shows them as percentages).
 *
 * What the tables cannot say, and what stands in for it:
 * - queue entry time is not recorded: the wait before answer is the ring time (answer - call time);
 * - after-call work is not recorded per call: AHT is talk time per answered call (after-call time
 *   is in the seat status logs, status 4, and appears in the status reports);
 * - "offered" is every inbound call (no IVR-only legs are recorded).
 */

/** Ring seconds above this are shown and exported as this (spec sections 5 and 9). */
export const RING_CAP_SECONDS = 60;
/** Abandons within this many seconds are "short" and left out of the service level. */
export const SHORT_ABANDON_SECONDS = 5;
/** Service-level threshold T: answered within T seconds. */
export const SERVICE_LEVEL_SECONDS = 20;

const IN = "c.direction = 'in'";
const OUT = "c.direction = 'out'";
const ANSWERED = `${IN} AND c.answer_time IS NOT NULL`;
const ABANDONED = `${IN} AND c.answer_time IS NULL`;
const SHORT = `${ABANDONED} AND c.ring_seconds < ${SHORT_ABANDON_SECONDS}`;
const count = (where: string) => `count(*) FILTER (WHERE ${where})`;
/** A fraction rounded to 4 places; NULL when the denominator is 0 (no calls: no rate). */
const ratio = (num: string, den: string) => `round((${num})::numeric / NULLIF(${den}, 0), 4)`;
/** Seconds a status log covers (an open log counts up to now). */
const LOG_SECONDS = 'extract(epoch FROM coalesce(s.s_end_time, now()) - s.s_start_time)';
const logSeconds = (statuses: readonly number[]) => `coalesce(sum(${LOG_SECONDS}) FILTER (WHERE s.status IN (${statuses.join(', ')})), 0)`;

/** Seat status codes (spec section 4) grouped as the figures need them. */
export const STATUS = { ready: [0], onCall: [1, 6, 7], afterCall: [4], breaks: [3], meeting: [2, 13], login: [5], quality: [11], revisit: [12] } as const;

export interface Kpi {
  readonly sql: string;
  /** 'duration' for time summed over calls or logs (h:mm:ss, hours past 24); 'seconds' for a per-call average. */
  readonly format: 'number' | 'seconds' | 'duration' | 'percent';
  /** i18n key of the label. */
  readonly label: string;
}

const kpi = (name: string, sql: string, format: Kpi['format']): Kpi => ({ sql, format, label: `reports.kpi.${name}` });

/** Figures over `call_records c`. */
export const CALL_KPI = {
  /** Inbound calls that reached the agent stage: every inbound call. */
  offered: kpi('offered', count(IN), 'number'),
  answered: kpi('answered', count(ANSWERED), 'number'),
  abandoned: kpi('abandoned', count(ABANDONED), 'number'),
  shortAbandoned: kpi('shortAbandoned', count(SHORT), 'number'),
  outbound: kpi('outbound', count(OUT), 'number'),
  outboundConnected: kpi('outboundConnected', count(`${OUT} AND c.answer_time IS NOT NULL`), 'number'),
  /** Answered within T / (offered - short abandons). */
  serviceLevel: kpi('serviceLevel', ratio(count(`${ANSWERED} AND c.ring_seconds <= ${SERVICE_LEVEL_SECONDS}`), `${count(IN)} - ${count(SHORT)}`), 'percent'),
  /** Average speed of answer: mean ring seconds of answered inbound calls (stands in for queue wait). */
  asa: kpi('asa', `round(avg(c.ring_seconds) FILTER (WHERE ${ANSWERED}), 1)`, 'seconds'),
  /** Average handling time: talk seconds per answered call, either direction. */
  aht: kpi('aht', `round(avg(c.call_seconds) FILTER (WHERE c.answer_time IS NOT NULL), 1)`, 'seconds'),
  abandonRate: kpi('abandonRate', ratio(count(ABANDONED), count(IN)), 'percent'),
  talkSeconds: kpi('talkSeconds', 'coalesce(sum(c.call_seconds), 0)', 'duration'),
  /** Ring seconds, each call capped at RING_CAP_SECONDS. */
  ringSeconds: kpi('ringSeconds', `coalesce(sum(LEAST(c.ring_seconds, ${RING_CAP_SECONDS})), 0)`, 'duration'),
  rated: kpi('rated', 'count(c.satisfaction)', 'number'),
  /** Share of ratings 4-5 (of 1-5) over ratings given. */
  satisfaction: kpi('satisfaction', ratio(count('c.satisfaction >= 4'), 'count(c.satisfaction)'), 'percent'),
  calls: kpi('calls', 'count(*)', 'number'),
} as const;

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
  loggedInSeconds: kpi('loggedInSeconds', `coalesce(sum(${LOG_SECONDS}), 0)`, 'duration'),
  /** (on call + after-call) / (on call + after-call + ready). */
  occupancy: kpi('occupancy', ratio(`${logSeconds(STATUS.onCall)} + ${logSeconds(STATUS.afterCall)}`,
    `${logSeconds(STATUS.onCall)} + ${logSeconds(STATUS.afterCall)} + ${logSeconds(STATUS.ready)}`), 'percent'),
} as const;

/** A report column computing a KPI: `{...kpiColumn('answered', CALL_KPI.answered), total: 'kpi'}`. */
export const kpiColumn = <K extends string>(key: K, k: Kpi) => ({ key, sql: k.sql, format: k.format, title: k.label }) as const;
