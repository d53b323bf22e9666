import type { Queryable } from '../db/types.ts';
import { escapeLike } from '../lists/sql.ts';
import { OVERVIEWS, type ListBody, type OrderCounts, type Overview, type OrderRow } from '../../schemas/workorders/wire.ts';
import { reachWhere, staffWhere, type Reach } from './reach.ts';
import { orderSelect, toOrder, type OrderDbRow } from './rows.ts';
import type { Calendar } from '../../schemas/workorders/calendar.ts';
import { overdueSql } from '../../schemas/workorders/overdue.ts';

/**
 * The overviews (saved filters) and the list: each overview is one SQL condition on `o`, so the
 * list, its count and the menu badge's counts read the same rule; "now" is the server's clock.
 */
const OPEN = `o.state NOT IN ('closed', 'merged')`;

/** Bind parameters of one statement; `now` is bound once, where first used. */
class Binds {
  readonly params: unknown[] = [];
  private nowRef = '';
  constructor(private readonly at: Date) {}
  bind(v: unknown): string {
    this.params.push(v);
    return `$${this.params.length}`;
  }
  get now(): string {
    return (this.nowRef ||= this.bind(this.at));
  }
}

function overviewWhere(view: Overview, reach: Reach, b: Binds): string {
  switch (view) {
    case 'mine': return `o.owner_id = ${b.bind(reach.userId)} AND ${OPEN}`;
    case 'queue': {
      const waiting = `o.owner_id IS NULL AND o.state IN ('new', 'open')`;
      if (reach.all) return `${waiting} AND o.depart_id IS NOT NULL`;
      const staff = staffWhere(reach, b.params);
      return staff === 'false' ? 'false' : `${waiting} AND ${staff}`;
    }
    case 'overdue': return overdueSql(b.now);
    case 'reminders': return `o.state = 'pending_reminder' AND o.pending_until <= ${b.now}`;
    case 'created': return `o.creator_id = ${b.bind(reach.userId)}`;
    default: return 'true';
  }
}

/**
 * Today's figures as conditions on `o`, since midnight of the server's day: created today, and
 * closed today (closed now, by a change or an automatic close made today: a reply added today to
 * an order closed before does not count it again, though it moves updated_at, which is only the
 * cheap first test). The home's figures count them; the list filters by them (`today`).
 */
function todayWhere(which: NonNullable<ListBody['today']>, b: Binds): string {
  const today = `date_trunc('day', ${b.now}::timestamptz)`;
  if (which === 'created') return `o.created_at >= ${today}`;
  return `(o.state = 'closed' AND o.updated_at >= ${today} AND EXISTS (SELECT 1 FROM work_order_events ce WHERE ce.order_id = o.id AND ce.at >= ${today}
    AND ce.changes @> '[{"field": "state", "to": "closed"}]'::jsonb))`;
}

export async function listOrders(db: Queryable, reach: Reach, body: ListBody, cal: Calendar, now: Date): Promise<{ records: OrderRow[]; total: number }> {
  const b = new Binds(now);
  const view = body.view ?? 'all';
  const where = [reachWhere(reach, b.params), overviewWhere(view, reach, b)];
  if (body.state?.length) where.push(`o.state = ANY(${b.bind(body.state)}::text[])`);
  if (body.kind) where.push(`o.kind = ${b.bind(body.kind)}`);
  if (body.priority) where.push(`o.priority = ${b.bind(body.priority)}`);
  if (body.departId) where.push(`o.depart_id = ${b.bind(body.departId)}`);
  if (body.phone) where.push(`o.phone = ${b.bind(body.phone)}`);
  if (body.today) where.push(todayWhere(body.today, b));
  if (body.keyword) {
    const k = b.bind(`%${escapeLike(body.keyword)}%`);
    where.push(`(o.title ILIKE ${k} ESCAPE '\\' OR o.order_no ILIKE ${k} ESCAPE '\\' OR o.customer_name ILIKE ${k} ESCAPE '\\')`);
  }
  const order = view === 'overdue' ? 'o.next_due_at ASC NULLS LAST, o.id' : view === 'queue' ? 'o.created_at ASC, o.id' : 'o.created_at DESC, o.id DESC';
  const filter = where.join(' AND ');
  const filterParams = [...b.params];
  const sql = `${orderSelect('count(*) OVER ()::integer AS total')}
    WHERE ${filter} ORDER BY ${order} LIMIT ${b.bind(body.pageSize)} OFFSET ${b.bind((body.pageNo - 1) * body.pageSize)}`;
  const rows = await db.query<OrderDbRow & { total: number }>(sql, b.params);
  let total = rows.length ? Number(rows[0]!.total) : 0;
  // A page past the end carries no count: ask for it.
  if (!rows.length && body.pageNo > 1) total = Number((await db.query<{ n: number }>(`SELECT count(*)::integer AS n FROM work_orders o WHERE ${filter}`, filterParams))[0]?.n ?? 0);
  return { records: rows.map((r) => toOrder(r, cal, now)), total };
}

/** Today's figures beside the overviews' counts (the work-order home): orders created and closed since midnight (server time). */
export type { OrderCounts };

/** How many orders each overview holds for the user (the tabs, the home page), and today's created and closed ones. */
export async function overviewCounts(db: Queryable, reach: Reach, now: Date): Promise<OrderCounts> {
  const b = new Binds(now);
  const base = reachWhere(reach, b.params);
  const cols = OVERVIEWS.map((v) => `count(*) FILTER (WHERE ${overviewWhere(v, reach, b)})::integer AS "${v}"`).join(', ');
  const [row] = await db.query<Record<string, number>>(
    `SELECT ${cols}, count(*) FILTER (WHERE ${todayWhere('created', b)})::integer AS "createdToday",
            count(*) FILTER (WHERE ${todayWhere('closed', b)})::integer AS "closedToday"
       FROM work_orders o WHERE ${base}`, b.params);
  const n = (k: string) => Number(row?.[k] ?? 0);
  return { ...Object.fromEntries(OVERVIEWS.map((v) => [v, n(v)])), createdToday: n('createdToday'), closedToday: n('closedToday') } as OrderCounts;
}
