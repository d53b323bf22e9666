/**
 * The call rollup's refresh (migration 050): call_rollup_refresh's body, written from the KPI
 * dictionary's CALL_PARTS so each part is defined once, and the whole rollup built again whenever
 * that body changes (the first time, and after a change of a part), so it always agrees with the
 * calls. Runs inside the migrations' transaction, under their lock.
 */
import { CALL_PARTS } from '../../schemas/reports/shared/kpi.ts';
import type { Queryable } from './types.ts';

const COLUMNS = Object.keys(CALL_PARTS);
const PARTS = Object.values(CALL_PARTS).join(',\n      ');

/** The rows of the rollup for the calls `from` admits, grouped by seat and hour. */
const rollupOf = (from: string) => `INSERT INTO call_hour_stats (call_time, user_seat_no, ${COLUMNS.join(', ')})
    SELECT date_trunc('hour', c.call_time), c.user_seat_no,
      ${PARTS}
    ${from}
    GROUP BY 1, 2`;

const BODY = `
BEGIN
  -- The seats' locks (migration 050), then a read that sees what an earlier holder committed.
  PERFORM call_rollup_lock(p_seats);
  DELETE FROM call_hour_stats r USING unnest(p_seats, p_hours) AS x(s, h) WHERE r.user_seat_no = x.s AND r.call_time = x.h;
  ${rollupOf(`FROM (SELECT DISTINCT s, h FROM unnest(p_seats, p_hours) AS x(s, h)) x
    JOIN call_records c ON c.user_seat_no = x.s AND c.call_time >= x.h AND c.call_time < x.h + interval '1 hour'`)};
END`;

/**
 * For a bulk writer's transaction (the seed, the generator): the rollup's triggers do nothing
 * until it ends, and the writer calls rebuildCallRollup for what it wrote before it commits.
 */
export const DEFER_CALL_ROLLUP = "SET LOCAL app.call_rollup = 'deferred'";

/** Builds the rollup again from the calls: all of it, or the hours from `from` on (the days a bulk writer wrote). */
export async function rebuildCallRollup(db: Queryable, from?: Date): Promise<void> {
  const since = from ? [from.toISOString()] : [];
  await db.query(`DELETE FROM call_hour_stats${from ? ' WHERE call_time >= $1::timestamptz' : ''}`, since);
  await db.query(rollupOf(`FROM call_records c${from ? ' WHERE c.call_time >= $1::timestamptz' : ''}`), since);
}

/** Writes call_rollup_refresh's body when it differs from CALL_PARTS', and then rebuilds the rollup. No-op before migration 050. */
export async function installCallRollup(db: Queryable): Promise<boolean> {
  const [fn] = await db.query<{ body: string }>(
    "SELECT p.prosrc AS body FROM pg_proc p WHERE p.proname = 'call_rollup_refresh' AND p.pronamespace = current_schema()::regnamespace",
  );
  if (!fn || fn.body === BODY) return false;
  await db.query(`CREATE OR REPLACE FUNCTION call_rollup_refresh(p_seats text[], p_hours timestamptz[]) RETURNS void LANGUAGE plpgsql AS $fn$${BODY}$fn$`);
  await rebuildCallRollup(db);
  return true;
}
