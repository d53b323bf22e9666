import crypto from 'node:crypto';
import type { Queryable } from '../../server/db/types.ts';
import { CLOCK_NOW_SQL } from '../../schemas/clock-sql.ts';

/** A call id no other test uses. */
export const newCallId = (tag: string) => `t-${tag}-${crypto.randomBytes(6).toString('hex')}`;

export interface CallFixture {
  seat: string; phone?: string; direction?: 'in' | 'out'; ring?: number; open?: boolean; minutesAgo?: number; classification?: string;
}

/**
 * Inserts one call record (answered, ended unless `open`) and returns its id. Its times count back
 * from the server's clock (CLOCK_NOW_SQL: the database session carries the pinned clock's offset),
 * as the server's own writes do, not from the database's real now().
 */
export async function insertCall(db: Queryable, f: CallFixture, id = newCallId(f.seat)): Promise<string> {
  await db.query(
    `INSERT INTO call_records (call_id, direction, user_seat_no, phone_no, line_id, call_time, answer_time, destroy_time,
       link_flag, ring_seconds, call_seconds, classification)
     SELECT $1, $2, $3, $4, 1, x.now - make_interval(mins => $5::int), x.now - make_interval(mins => $5::int) + make_interval(secs => $6::int),
       CASE WHEN $7::boolean THEN NULL ELSE x.now END, 1, $6::int, 30, $8
     FROM (SELECT ${CLOCK_NOW_SQL} AS now) x`,
    [id, f.direction ?? 'in', f.seat, f.phone ?? '13800000000', f.minutesAgo ?? 1, f.ring ?? 5, f.open ?? false, f.classification ?? ''],
  );
  return id;
}

export const auditOf = (db: Queryable, entityId: string) =>
  db.query<{ user_name: string; action: string; entity: string; before: unknown; after: unknown; age: number }>(
    `SELECT user_name, action, entity, before, after, extract(epoch FROM now() - at) AS age FROM audit_log WHERE entity_id = $1 ORDER BY id`,
    [entityId]);
