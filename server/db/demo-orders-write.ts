/**
 * Writes generated work orders (server/db/demo-orders.ts) into a database: in batches through
 * unnest, with their timelines, the identity and each day's number counter moved on past them.
 * addOrders generates and writes with the database's own calendar, SLA targets, departments and
 * agents: the demo seed's, the report tests' and the benchmark's one way in.
 */
import { nextDue } from '../workorders/clocks.ts';
import { loadKinds } from '../workorders/kinds.ts';
import { readSettings } from '../workorders/settings.ts';
import { generateOrders, syntheticOrigins, type GeneratedOrder, type OrderDepartment, type OrderOptions, type OrderOrigin } from './demo-orders.ts';
import type { Queryable } from './types.ts';

const BATCH = 2000;
const iso = (d: Date | null) => d?.toISOString() ?? null;
const CLOCK_KEYS = ['firstResponse', 'update', 'solution'] as const;
const CLOCK_COLUMNS = ['fr', 'up', 'so'].flatMap((p) => [`${p}_target_s`, `${p}_used_s`, `${p}_since`, `${p}_due_at`, `${p}_met_at`, `${p}_late`]);
const CLOCK_TYPES = CLOCK_KEYS.flatMap(() => ['int', 'int', 'timestamptz', 'timestamptz', 'timestamptz', 'boolean']);

/**
 * Writes generated orders with their timelines under ids after the table's last, moves the
 * identity on past them, and keeps each day's number counter at least at its last number, so
 * orders made through the API afterwards go on numbering from there.
 */
export async function writeOrders(db: Queryable, orders: GeneratedOrder[], withEvents = true): Promise<void> {
  if (!orders.length) return;
  const [{ max } = { max: 0 }] = await db.query<{ max: number | null }>('SELECT coalesce(max(id), 0)::bigint AS max FROM work_orders');
  const first = Number(max ?? 0) + 1;
  for (let i = 0; i < orders.length; i += BATCH) {
    const b = orders.slice(i, i + BATCH);
    const ids = b.map((_, k) => first + i + k);
    const col = <T>(f: (o: GeneratedOrder) => T) => b.map(f);
    const clockValues = CLOCK_KEYS.flatMap((k) => [
      col((o) => o.clocks[k].target), col((o) => o.clocks[k].used), col((o) => iso(o.clocks[k].since)),
      col((o) => iso(o.clocks[k].due)), col((o) => iso(o.clocks[k].met)), col((o) => o.clocks[k].late),
    ]);
    const base: Array<[string, string, unknown[]]> = [
      ['id', 'bigint', ids], ['order_no', 'text', col((o) => o.orderNo)], ['kind', 'text', col((o) => o.kind)], ['title', 'text', col((o) => o.title)],
      ['phone', 'text', col((o) => o.phone)], ['customer_name', 'text', col((o) => o.customerName)], ['source', 'text', col((o) => o.source)],
      ['call_id', 'text', col((o) => o.callId)], ['chat_id', 'text', col((o) => o.chatId)], ['creator_id', 'int', col((o) => o.creatorId)],
      ['creator_seat', 'text', col((o) => o.creatorSeat)], ['category', 'text', col((o) => o.category)], ['priority', 'text', col((o) => o.priority)],
      ['state', 'text', col((o) => o.state)], ['owner_id', 'int', col((o) => o.ownerId)], ['depart_id', 'int', col((o) => o.departId)],
      ['pending_until', 'timestamptz', col((o) => iso(o.pendingUntil))], ['reminded_at', 'timestamptz', col((o) => iso(o.remindedAt))],
      ['fields', 'jsonb', col((o) => JSON.stringify(o.fields))], ['version', 'int', col((o) => o.version)],
      ['created_at', 'timestamptz', col((o) => iso(o.createdAt))], ['updated_at', 'timestamptz', col((o) => iso(o.updatedAt))],
      ['next_due_at', 'timestamptz', col((o) => iso(nextDue(o.clocks)))],
      ...CLOCK_COLUMNS.map((c, k) => [c, CLOCK_TYPES[k]!, clockValues[k]!] as [string, string, unknown[]]),
    ];
    await db.query(`INSERT INTO work_orders (${base.map(([c]) => c).join(', ')})
      SELECT * FROM unnest(${base.map(([, t], k) => `$${k + 1}::${t}[]`).join(', ')})`, base.map(([, , v]) => v));
    if (!withEvents) continue;
    const events = b.flatMap((o, k) => o.events.map((e) => ({ ...e, orderId: ids[k]! })));
    for (let j = 0; j < events.length; j += BATCH * 4) {
      const e = events.slice(j, j + BATCH * 4);
      await db.query(
        // In the timeline's order (the join would not keep it): event ids are the order of events.
        `INSERT INTO work_order_events (order_id, at, user_id, user_name, type, internal, body, changes, call_id, chat_id)
         SELECT o, at, u, coalesce(us.user_name, ''), ty, i, bo, ch, ca, cht
           FROM unnest($1::bigint[], $2::timestamptz[], $3::int[], $4::text[], $5::boolean[], $6::text[], $7::jsonb[], $8::text[], $9::text[])
                WITH ORDINALITY AS x(o, at, u, ty, i, bo, ch, ca, cht, n)
           LEFT JOIN users us ON us.id = x.u
          ORDER BY x.n`,
        [e.map((x) => x.orderId), e.map((x) => iso(x.at)), e.map((x) => x.userId), e.map((x) => x.type), e.map((x) => x.internal), e.map((x) => x.body),
          e.map((x) => JSON.stringify(x.changes)), e.map((x) => x.callId), e.map((x) => x.chatId)]);
    }
  }
  await db.query(`SELECT setval(pg_get_serial_sequence('work_orders', 'id'), (SELECT max(id) FROM work_orders))`);
  const last = new Map<string, number>();
  for (const o of orders) {
    const day = `${o.orderNo.slice(0, 4)}-${o.orderNo.slice(4, 6)}-${o.orderNo.slice(6, 8)}`;
    last.set(day, Math.max(last.get(day) ?? 0, Number(o.orderNo.slice(9))));
  }
  await db.query(`INSERT INTO work_order_numbers (day, last) SELECT * FROM unnest($1::date[], $2::int[])
    ON CONFLICT (day) DO UPDATE SET last = GREATEST(work_order_numbers.last, EXCLUDED.last)`, [[...last.keys()], [...last.values()]]);
}

/** The last number given on each day so far, to go on from. */
export async function lastNumbers(db: Queryable): Promise<Map<string, number>> {
  const rows = await db.query<{ day: string; last: number }>(`SELECT to_char(day, 'YYYY-MM-DD') AS day, last FROM work_order_numbers`);
  return new Map(rows.map((r) => [r.day, Number(r.last)]));
}

/** The work-order departments with their staff (users of the department), in id order; the first takes consultations, a second court orders. */
export async function orderDepartments(db: Queryable): Promise<OrderDepartment[]> {
  const rows = await db.query<{ id: number; staff: number[] | null }>(
    `SELECT d.id, array_agg(u.id ORDER BY u.id) FILTER (WHERE u.id IS NOT NULL) AS staff
       FROM departments d LEFT JOIN users u ON u.depart_id = d.id WHERE d.work_orders GROUP BY d.id ORDER BY d.id`);
  return rows.map((d, i) => ({ id: Number(d.id), kind: i === 1 ? 'court' : 'consult', staff: (d.staff ?? []).map(Number) }));
}

/** The agents who create orders (role agent, with a seat), as creators. */
export async function orderCreators(db: Queryable): Promise<Array<{ id: number; seat: string }>> {
  const rows = await db.query<{ id: number; seat: string }>(
    `SELECT u.id, u.user_seat_no AS seat FROM users u JOIN user_roles ur ON ur.user_id = u.id JOIN roles r ON r.id = ur.role_id
      WHERE r.code = 'agent' AND u.user_seat_no <> '' ORDER BY u.id`);
  return rows.map((u) => ({ id: Number(u.id), seat: u.seat }));
}

export interface AddOrders {
  count: number;
  now: Date;
  timeZone: string;
  seed?: number;
  /** Days up to now the synthetic origins spread over (when `origins` is not given). */
  days?: number;
  /** The calls and chats to make orders from, day by day, and how many there are. */
  origins?: { days: Iterable<OrderOrigin[]>; total: number };
  /** Timelines too (the benchmark leaves them out: a million orders' events are not what it measures). */
  events?: boolean;
  /** Called after each day written, with the orders written so far. */
  progress?: (written: number) => void;
}

/**
 * Generates orders into the database with its calendar, SLA targets, work-order departments and
 * agents: from `origins`, or from synthetic contacts over `days` days. Returns how many were written.
 */
export async function addOrders(db: Queryable, a: AddOrders): Promise<number> {
  const settings = await readSettings(db);
  const kinds = new Map([...(await loadKinds()).values()].map((k) => [k.kind.id, k.kind]));
  const departments = await orderDepartments(db);
  if (!departments.length) return 0;
  const origins = a.origins ?? { days: syntheticOrigins(await orderCreators(db), Math.round(a.count * 1.05), a.days ?? 30, a.now, a.seed), total: Math.round(a.count * 1.05) };
  const options: OrderOptions = {
    count: a.count, now: a.now, seed: a.seed, timeZone: a.timeZone, calendar: settings.calendar, sla: settings.sla, kinds, departments,
    origins: origins.days, lastNumbers: await lastNumbers(db),
  };
  let written = 0;
  for (const day of generateOrders(options, origins.total)) {
    await writeOrders(db, day, a.events ?? true);
    written += day.length;
    a.progress?.(written);
  }
  return written;
}
