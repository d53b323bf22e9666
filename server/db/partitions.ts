import type { Queryable } from './types.ts';
import { pad2 as pad } from '../../schemas/local-time.ts';

const monthStart = (y: number, m: number) => `${y}-${pad(m + 1)}-01`;

/**
 * Creates the monthly call_records partitions covering [from, to] that do not exist yet.
 * A month whose rows already sit in the default partition is left there (logged by the caller).
 */
export async function ensureCallPartitions(db: Queryable, from: Date, to: Date): Promise<string[]> {
  const created: string[] = [];
  let y = from.getFullYear();
  let m = from.getMonth();
  while (y < to.getFullYear() || (y === to.getFullYear() && m <= to.getMonth())) {
    const name = `call_records_${y}${pad(m + 1)}`;
    const ny = m === 11 ? y + 1 : y;
    const nm = (m + 1) % 12;
    const exists = await db.query('SELECT 1 FROM pg_class WHERE relname = $1', [name]);
    if (exists.length === 0) {
      const clash = await db.query(
        'SELECT 1 FROM call_records_default WHERE call_time >= $1::date AND call_time < $2::date LIMIT 1',
        [monthStart(y, m), monthStart(ny, nm)],
      );
      if (clash.length === 0) {
        // Names and bounds are built from integers above, never from input.
        await db.exec(
          `CREATE TABLE ${name} PARTITION OF call_records FOR VALUES FROM ('${monthStart(y, m)}') TO ('${monthStart(ny, nm)}')`,
        );
        created.push(name);
      }
    }
    y = ny;
    m = nm;
  }
  return created;
}
