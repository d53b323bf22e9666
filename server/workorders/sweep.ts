import type { Db } from '../db/types.ts';
import { CLOCKS, type OrderState } from '../../schemas/workorders/states.ts';
import { onStateChange, recompute, type Clocks } from './clocks.ts';
import { addEvent, clockAssignments, clocksOf, ORDER_SELECT, type OrderDbRow } from './rows.ts';
import { readSettings, targetsFor } from './settings.ts';
import type { LoadedKind } from './kinds.ts';

/**
 * What time does to orders, run by every process (each row is taken under its lock with SKIP
 * LOCKED, and the condition is checked again there, so two processes never act twice):
 * a pending-close order whose time has come closes; a pending reminder whose time has come
 * reminds its owner once (the order then shows overdue).
 */
export async function sweepOrders(db: Db, now: Date, batch = 200): Promise<{ closed: number; reminded: number }> {
  let closed = 0;
  let reminded = 0;
  const settings = await readSettings(db);
  for (;;) {
    const done = await db.transaction(async (tx) => {
      const rows = await tx.query<OrderDbRow>(`${ORDER_SELECT}
        WHERE o.state = 'pending_close' AND o.pending_until <= $1 ORDER BY o.pending_until LIMIT $2 FOR UPDATE OF o SKIP LOCKED`, [now, batch]);
      for (const row of rows) {
        const params: unknown[] = [];
        const clocks = onStateChange(settings.calendar, clocksOf(row), row.state as OrderState, 'closed', now);
        const sets = clockAssignments(clocks, params);
        params.push(now, row.id);
        await tx.query(`UPDATE work_orders SET state = 'closed', pending_until = NULL, ${sets}, updated_at = $${params.length - 1}, version = version + 1 WHERE id = $${params.length}`, params);
        await addEvent(tx, Number(row.id), { type: 'autoClose', userId: null, userName: '', at: now, changes: [{ field: 'state', from: 'pending_close', to: 'closed' }] });
      }
      closed += rows.length;
      return rows.length < batch;
    });
    if (done) break;
  }
  for (;;) {
    const done = await db.transaction(async (tx) => {
      const rows = await tx.query<{ id: number; owner: number | null }>(
        `SELECT id, owner_id AS owner FROM work_orders WHERE state = 'pending_reminder' AND pending_until <= $1 AND reminded_at IS NULL
          ORDER BY pending_until LIMIT $2 FOR UPDATE SKIP LOCKED`, [now, batch]);
      for (const r of rows) {
        await tx.query('UPDATE work_orders SET reminded_at = $2 WHERE id = $1', [r.id, now]);
        const eventId = await addEvent(tx, Number(r.id), { type: 'reminder', userId: null, userName: '', at: now });
        if (r.owner !== null) {
          await tx.query(`INSERT INTO work_order_notices (user_id, order_id, event_id, kind, at) VALUES ($1, $2, $3, 'reminder', $4) ON CONFLICT DO NOTHING`, [r.owner, r.id, eventId, now]);
        }
      }
      reminded += rows.length;
      return rows.length < batch;
    });
    if (done) break;
  }
  return { closed, reminded };
}

/** Orders with a clock running: the only ones whose deadlines a new calendar moves (a paused or met clock has none). */
export const RUNNING_CLOCK = '(o.fr_since IS NOT NULL OR o.up_since IS NOT NULL OR o.so_since IS NOT NULL)';

const sameClocks = (a: Clocks, b: Clocks) => CLOCKS.every((k) => a[k].target === b[k].target && a[k].due?.getTime() === b[k].due?.getTime());

/**
 * The calendar or the SLA targets changed: every open order's clocks are computed again, in
 * batches of `batch` rows (each its own short transaction, so other requests keep running), by
 * id so that no order is missed or done twice; only orders whose clocks moved are written.
 * `only: 'running'` (a calendar change: targets stay, only running deadlines move) reads just the
 * orders with a running clock, through their partial index (migration 024). Answers how many
 * orders were looked at.
 */
export async function recomputeAll(db: Db, kinds: Map<string, LoadedKind>, batch = 500, only: 'running' | 'open' = 'open'): Promise<number> {
  const settings = await readSettings(db);
  const which = only === 'running' ? RUNNING_CLOCK : `o.state NOT IN ('closed', 'merged')`;
  let after = 0;
  let count = 0;
  for (;;) {
    const n = await db.transaction(async (tx) => {
      const rows = await tx.query<OrderDbRow>(`${ORDER_SELECT}
        WHERE o.id > $1 AND ${which} ORDER BY o.id LIMIT $2 FOR UPDATE OF o`, [after, batch]);
      for (const row of rows) {
        after = Number(row.id);
        const before = clocksOf(row);
        const clocks = recompute(settings.calendar, before, targetsFor(settings, kinds.get(row.kind)?.kind, row.priority));
        if (sameClocks(before, clocks)) continue;
        const params: unknown[] = [];
        const sets = clockAssignments(clocks, params);
        params.push(row.id);
        await tx.query(`UPDATE work_orders SET ${sets} WHERE id = $${params.length}`, params);
      }
      return rows.length;
    });
    count += n;
    if (n < batch) return count;
  }
}
