import type { Queryable } from '../db/types.ts';
import { DEFAULT_CALENDAR, type Calendar } from '../../schemas/workorders/calendar.ts';
import { DEFAULT_SLA, type Priority, type SlaTargets } from '../../schemas/workorders/states.ts';
import type { OrderKind } from '../../schemas/workorders/kind-types.ts';

/**
 * The business-hours calendar and the SLA targets per priority, stored in work_order_settings
 * (so every process reads the same) and read afresh for each change: an administrator's edit
 * counts at once everywhere. The schema's defaults apply until one is saved.
 */
export interface SlaSettings {
  calendar: Calendar;
  sla: Record<Priority, SlaTargets>;
}

export async function readSettings(db: Queryable): Promise<SlaSettings> {
  const rows = await db.query<{ key: string; value: unknown }>(`SELECT key, value FROM work_order_settings WHERE key IN ('calendar', 'sla')`);
  const byKey = new Map(rows.map((r) => [r.key, typeof r.value === 'string' ? JSON.parse(r.value) : r.value]));
  return { calendar: (byKey.get('calendar') as Calendar | undefined) ?? DEFAULT_CALENDAR, sla: (byKey.get('sla') as SlaSettings['sla'] | undefined) ?? DEFAULT_SLA };
}

export async function writeSetting(tx: Queryable, key: 'calendar' | 'sla', value: unknown, at: Date): Promise<void> {
  await tx.query(
    `INSERT INTO work_order_settings (key, value, updated_at) VALUES ($1, $2::jsonb, $3)
     ON CONFLICT (key) DO UPDATE SET value = EXCLUDED.value, updated_at = EXCLUDED.updated_at`, [key, JSON.stringify(value), at]);
}

/** The targets of an order: its kind's own for the priority when the kind's file sets them, else the settings'. */
export const targetsFor = (settings: SlaSettings, kind: OrderKind | undefined, priority: Priority): SlaTargets =>
  kind?.sla?.[priority] ?? settings.sla[priority];
