import { generate } from '../../scripts/generate.ts';
import type { Db } from '../../server/db/index.ts';
import { addOrders } from '../../server/db/demo-orders-write.ts';

/**
 * Generated activity for the KPI and drill-down suites: 50 days of calls, status logs and chats
 * up to NOW (10 March 2021, before the seed's dates), so February 2021 is a whole month of
 * generated data with days before and after it. Some calls are classified (the generator leaves
 * them all unclassified) so classification reports have both kinds of row. Work orders over the
 * same days (server/db/demo-orders.ts) give the work-order reports rows to drill from.
 */
export const NOW = new Date('2021-03-10T12:00:00');
/** February 2021 as report conditions, and as the half-open range the reference SQL uses. */
export const FEB = { startTime: '2021-02-01', endTime: '2021-02-28' } as const;
export const FEB_RANGE = { from: '2021-02-01 00:00:00', to: '2021-03-01 00:00:00' } as const;

export async function generateMonth(db: Db): Promise<void> {
  await generate(db, { calls: 4000, days: 50, seed: 7, now: NOW });
  await db.query("UPDATE call_records SET classification = CASE WHEN ring_seconds % 3 = 0 THEN 'complaint' ELSE 'consulting' END WHERE ring_seconds % 2 = 0");
  await addOrders(db, { count: 300, days: 50, now: NOW, timeZone: Intl.DateTimeFormat().resolvedOptions().timeZone, seed: 7 });
}
