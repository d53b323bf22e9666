/**
 * The call rollup's refresh (migrations 050 and 052: by seat and hour, and by seat and day): the
 * bodies of call_rollup_refresh and of the two statement triggers, written from the KPI dictionary's CALL_PARTS and CALL_PART_COLUMNS so each part is
 * defined once, and the whole rollup built again whenever a body changes (the first time, and
 * after a change of a part), so it always agrees with the calls. Runs inside the migrations'
 * transaction, under their lock.
 */
import { CALL_AFTER_LOGS, CALL_PART_COLUMNS, CALL_PARTS } from '../../schemas/reports/shared/kpi.ts';
import type { Queryable } from './types.ts';

const COLUMNS = Object.keys(CALL_PARTS);
const PARTS = Object.values(CALL_PARTS).join(',\n      ');

/** The rows of the rollup for the calls `from` (and `where`) admit, grouped by seat and hour. */
const rollupOf = (from: string, where = '') => `INSERT INTO call_hour_stats (call_time, user_seat_no, ${COLUMNS.join(', ')})
    SELECT date_trunc('hour', c.call_time), c.user_seat_no,
      ${PARTS}
    ${from}
    CROSS JOIN ${CALL_AFTER_LOGS}
    ${where}
    GROUP BY 1, 2`;

/**
 * The rows of the rollup by day (migration 052) for the hours `join` (and `where`) admit: each
 * the sum of a seat's hours of one day, so a day agrees with its hours by construction.
 */
const dayRollupOf = (join: string, where = '') => `INSERT INTO call_day_stats (call_time, user_seat_no, ${COLUMNS.join(', ')})
    SELECT date_trunc('day', h.call_time), h.user_seat_no, ${COLUMNS.map((col) => `sum(h.${col})`).join(', ')}
    FROM ${join}
    ${where}
    GROUP BY 1, 2`;

const BODY = `
BEGIN
  -- The seats' locks (migration 050), then a read that sees what an earlier holder committed.
  PERFORM call_rollup_lock(p_seats);
  DELETE FROM call_hour_stats r USING unnest(p_seats, p_hours) AS x(s, h) WHERE r.user_seat_no = x.s AND r.call_time = x.h;
  ${rollupOf(`FROM (SELECT DISTINCT s, h FROM unnest(p_seats, p_hours) AS x(s, h)) x
    JOIN call_records c ON c.user_seat_no = x.s AND c.call_time >= x.h AND c.call_time < x.h + interval '1 hour'`)};
  -- The days of those hours, again from their hours (still under the seats' locks).
  DELETE FROM call_day_stats r USING unnest(p_seats, p_hours) AS x(s, h) WHERE r.user_seat_no = x.s AND r.call_time = date_trunc('day', x.h);
  ${dayRollupOf(`(SELECT DISTINCT s, date_trunc('day', h) AS d FROM unnest(p_seats, p_hours) AS x(s, h)) x
    JOIN call_hour_stats h ON h.user_seat_no = x.s AND h.call_time >= x.d AND h.call_time < x.d + interval '1 day'`)};
END`;

/**
 * For a bulk writer's transaction (the seed, the generator): the rollup's triggers do nothing
 * until it ends, and the writer calls rebuildCallRollup for what it wrote before it commits.
 */
export const DEFER_CALL_ROLLUP = "SET LOCAL app.call_rollup = 'deferred'";

/**
 * Builds the rollup again from the calls: all of it, or the hours from `from` on (the days a bulk
 * writer wrote), and the days from the day `from` falls in (its earlier hours are as they were).
 */
export async function rebuildCallRollup(db: Queryable, from?: Date): Promise<void> {
  const since = from ? [from.toISOString()] : [];
  await db.query(`DELETE FROM call_hour_stats${from ? ' WHERE call_time >= $1::timestamptz' : ''}`, since);
  await db.query(rollupOf('FROM call_records c', from ? 'WHERE c.call_time >= $1::timestamptz' : ''), since);
  const fromDay = "date_trunc('day', $1::timestamptz)";
  await db.query(`DELETE FROM call_day_stats${from ? ` WHERE call_time >= ${fromDay}` : ''}`, since);
  await db.query(dayRollupOf('call_hour_stats h', from ? `WHERE h.call_time >= ${fromDay}` : ''), since);
}

/** A call row's key and the columns the parts read, as `alias.column` for the calls trigger's comparison. */
const keyOf = (r: string) => `${r}.user_seat_no, date_trunc('hour', ${r}.call_time)`;
const read = (r: string) => `(${CALL_PART_COLUMNS.map((col) => `${r}.${col}`).join(', ')})`;

type ByOp = { insert: string; update: string; delete: string };
/** One statement a trigger operation, chosen by TG_OP (the transition tables differ: new_rows, both, old_rows). */
const byOp = (rows: ByOp, statement: (rows: string) => string) => `IF TG_OP = 'INSERT' THEN
    ${statement(rows.insert)};
  ELSIF TG_OP = 'UPDATE' THEN
    ${statement(rows.update)};
  ELSE
    ${statement(rows.delete)};
  END IF;`;
const intoKeys = (keys: string) => `SELECT array_agg(k.seat), array_agg(k.hour) INTO v_seats, v_hours FROM (${keys}) k(seat, hour)`;

/** A statement trigger of the rollup: nothing for a deferred bulk writer, else `body` collects the keys, which are refreshed. */
const triggerBody = (body: string) => `
DECLARE
  v_seats text[];
  v_hours timestamptz[];
BEGIN
  IF current_setting('app.call_rollup', true) = 'deferred' THEN
    RETURN NULL;
  END IF;
  ${body}
  IF v_seats IS NOT NULL THEN
    PERFORM call_rollup_refresh(v_seats, v_hours);
  END IF;
  RETURN NULL;
END`;

/**
 * The calls' statement trigger: the keys of the rows inserted or deleted, and of the rows updated
 * (before and after) whose part columns changed; an event that only fills in a recording path or
 * a hold time leaves the rollup alone. Rows are paired by call id (a changed id counts as changed).
 */
const CALLS_BODY = triggerBody(byOp({
  insert: `SELECT DISTINCT ${keyOf('n')} FROM new_rows n`,
  update: `SELECT DISTINCT v.seat, v.hour FROM new_rows n FULL JOIN old_rows o ON o.call_id = n.call_id
        CROSS JOIN LATERAL (VALUES (${keyOf('n')}), (${keyOf('o')})) v(seat, hour)
       WHERE v.seat IS NOT NULL AND (n.call_id IS NULL OR o.call_id IS NULL OR ${read('n')} IS DISTINCT FROM ${read('o')})`,
  delete: `SELECT DISTINCT ${keyOf('o')} FROM old_rows o`,
}, intoKeys));

/** The post-call logs (status 4) a status-log statement wrote, by operation. */
const POST_CALL_LOGS: ByOp = {
  insert: 'SELECT user_seat_no, s_start_time FROM new_rows WHERE status = 4',
  update: 'SELECT user_seat_no, s_start_time FROM new_rows WHERE status = 4 UNION ALL SELECT user_seat_no, s_start_time FROM old_rows WHERE status = 4',
  delete: 'SELECT user_seat_no, s_start_time FROM old_rows WHERE status = 4',
};

/**
 * The status logs' statement trigger: the hours of the answered calls whose hang-up a post-call log
 * starts at, looked up once the logs' seats are locked (a call another process is writing is then
 * committed, and seen).
 */
const LOGS_BODY = triggerBody(`${byOp(POST_CALL_LOGS, (rows) => `SELECT array_agg(DISTINCT l.user_seat_no) INTO v_seats FROM (${rows}) l`)}
  IF v_seats IS NULL THEN
    RETURN NULL;
  END IF;
  PERFORM call_rollup_lock(v_seats);
  ${byOp(POST_CALL_LOGS, (rows) => intoKeys(`SELECT DISTINCT ${keyOf('c')} FROM (${rows}) l
        JOIN call_records c ON c.user_seat_no = l.user_seat_no AND c.destroy_time = l.s_start_time AND c.answer_time IS NOT NULL`))}`);

const FUNCTIONS = [
  { name: 'call_rollup_refresh', signature: 'call_rollup_refresh(p_seats text[], p_hours timestamptz[]) RETURNS void', body: BODY },
  { name: 'call_rollup_calls', signature: 'call_rollup_calls() RETURNS trigger', body: CALLS_BODY },
  { name: 'call_rollup_logs', signature: 'call_rollup_logs() RETURNS trigger', body: LOGS_BODY },
];

/** Writes the refresh's and the triggers' bodies when they differ from these, and then rebuilds the rollup. No-op before migration 050. */
export async function installCallRollup(db: Queryable): Promise<boolean> {
  const rows = await db.query<{ name: string; body: string }>(
    "SELECT p.proname AS name, p.prosrc AS body FROM pg_proc p WHERE p.proname = ANY($1::text[]) AND p.pronamespace = current_schema()::regnamespace",
    [FUNCTIONS.map((f) => f.name)],
  );
  if (rows.length === 0) return false;
  const stale = FUNCTIONS.filter((f) => rows.find((r) => r.name === f.name)?.body !== f.body);
  if (stale.length === 0) return false;
  for (const f of stale) await db.query(`CREATE OR REPLACE FUNCTION ${f.signature} LANGUAGE plpgsql AS $fn$${f.body}$fn$`);
  await rebuildCallRollup(db);
  return true;
}
