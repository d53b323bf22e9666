import type { Queryable } from '../db/types.ts';
import { CLOCKS, type ClockName, type OrderState } from '../../schemas/workorders/states.ts';
import type { OrderEvent, OrderRow } from '../../schemas/workorders/wire.ts';
import { businessSeconds } from './business-hours.ts';
import { nextDue, type Clocks } from './clocks.ts';
import type { Calendar } from '../../schemas/workorders/calendar.ts';

/**
 * Work orders as rows: the SELECT every reader uses, the mapping to the wire shape
 * (schemas/workorders/wire.ts), and the clocks to and from their columns.
 */
const PREFIX: Record<ClockName, string> = { firstResponse: 'fr', update: 'up', solution: 'so' };

const ms = (col: string) => `(extract(epoch FROM ${col}) * 1000)::float8`;

const clockColumns = CLOCKS.map((k) => {
  const p = PREFIX[k];
  return `o.${p}_target_s AS "${p}Target", o.${p}_used_s AS "${p}Used", ${ms(`o.${p}_since`)} AS "${p}Since", ${ms(`o.${p}_due_at`)} AS "${p}Due",
          ${ms(`o.${p}_met_at`)} AS "${p}Met", o.${p}_late AS "${p}Late", o.${p}_due_at AS "${p}DueTime", o.${p}_met_at AS "${p}MetTime"`;
}).join(',\n          ');

/**
 * Every column of an order, with the names of its people and department (and whether that
 * department takes work orders, `departTakes`); `o` is work_orders. `extra`: more columns first.
 */
export const orderSelect = (extra = '') => `
  SELECT ${extra ? `${extra}, ` : ''}o.id, o.order_no AS "orderNo", o.kind, o.title, o.phone, o.customer_name AS "customerName", o.source, o.call_id AS "callId", o.chat_id AS "chatId",
         o.creator_id AS "creatorId", coalesce(cu.user_chinese_name, '') AS "creatorName", o.creator_seat AS "creatorSeat", o.ivr, o.category,
         o.priority, o.state, o.owner_id AS "ownerId", coalesce(ou.user_chinese_name, '') AS "ownerName", o.depart_id AS "departId",
         coalesce(d.name, '') AS "departName", coalesce(d.name_en, '') AS "departNameEn", o.due_at AS "dueTime", o.pending_until AS "pendingUntil", ${ms('o.pending_until')} AS "pendingMs",
         o.tags, o.fields, o.merged_into AS "mergedInto", o.version, o.created_at AS "createTime", o.updated_at AS "updateTime",
         coalesce(d.work_orders, false) AS "departTakes",
          ${clockColumns}
    FROM work_orders o
    LEFT JOIN users cu ON cu.id = o.creator_id
    LEFT JOIN users ou ON ou.id = o.owner_id
    LEFT JOIN departments d ON d.id = o.depart_id`;
export const ORDER_SELECT = orderSelect();

export type OrderDbRow = Omit<OrderRow, 'overdue' | 'clocks' | 'fields'> & { fields: unknown; pendingMs: number | null } & Record<string, unknown>;

const dateOf = (v: unknown): Date | null => (v === null || v === undefined ? null : new Date(Number(v)));

export function clocksOf(r: OrderDbRow): Clocks {
  return Object.fromEntries(CLOCKS.map((k) => {
    const p = PREFIX[k];
    return [k, { target: Number(r[`${p}Target`]), used: Number(r[`${p}Used`]), since: dateOf(r[`${p}Since`]), due: dateOf(r[`${p}Due`]), met: dateOf(r[`${p}Met`]), late: Boolean(r[`${p}Late`]) }];
  })) as Clocks;
}

/** The wire shape; `now` decides "overdue" and the business seconds used so far. */
export function toOrder(r: OrderDbRow, cal: Calendar, now: Date): OrderRow {
  const clocks = clocksOf(r);
  const due = nextDue(clocks);
  const reminderDue = r.state === 'pending_reminder' && r.pendingMs !== null && Number(r.pendingMs) <= now.getTime();
  const wire = Object.fromEntries(CLOCKS.map((k) => {
    const c = clocks[k];
    const p = PREFIX[k];
    const used = c.used + (c.since ? businessSeconds(cal, c.since, now) : 0);
    return [k, { targetSeconds: c.target, dueTime: (r[`${p}DueTime`] as string | null) ?? null, metTime: (r[`${p}MetTime`] as string | null) ?? null, late: c.late || (c.due !== null && c.due <= now), running: c.since !== null, usedSeconds: used }];
  })) as OrderRow['clocks'];
  const fields = typeof r.fields === 'string' ? JSON.parse(r.fields) : r.fields;
  return {
    id: Number(r.id), orderNo: r.orderNo, kind: r.kind, title: r.title, phone: r.phone, customerName: r.customerName, source: r.source, callId: r.callId, chatId: r.chatId,
    creatorId: Number(r.creatorId), creatorName: r.creatorName, creatorSeat: r.creatorSeat, ivr: r.ivr, category: r.category, priority: r.priority, state: r.state,
    ownerId: r.ownerId === null ? null : Number(r.ownerId), ownerName: r.ownerName, departId: r.departId === null ? null : Number(r.departId), departName: r.departName,
    departNameEn: r.departNameEn,
    dueTime: r.dueTime, pendingUntil: r.pendingUntil, tags: r.tags ?? [], fields: fields as OrderRow['fields'], mergedInto: r.mergedInto === null ? null : Number(r.mergedInto),
    version: Number(r.version), createTime: r.createTime, updateTime: r.updateTime,
    overdue: (due !== null && due <= now) || reminderDue, clocks: wire,
  };
}

/** `SET` assignments writing the clocks (and next_due_at); adds their values to `params`. */
export function clockAssignments(clocks: Clocks, params: unknown[]): string {
  const sets: string[] = [];
  const put = (col: string, v: unknown) => {
    params.push(v);
    sets.push(`${col} = $${params.length}`);
  };
  for (const k of CLOCKS) {
    const c = clocks[k];
    const p = PREFIX[k];
    put(`${p}_target_s`, c.target);
    put(`${p}_used_s`, c.used);
    put(`${p}_since`, c.since);
    put(`${p}_due_at`, c.due);
    put(`${p}_met_at`, c.met);
    put(`${p}_late`, c.late);
  }
  put('next_due_at', nextDue(clocks));
  return sets.join(', ');
}

/**
 * One order by id, locked for the transaction when `lock`; with `inReach` the answer also says
 * whether it is within a reach (a condition of reach.ts on `o`, its values after the id): one
 * statement reads the order and decides who may see it.
 */
export async function orderById(db: Queryable, id: number, lock = false, inReach?: (params: unknown[]) => string): Promise<(OrderDbRow & { inReach?: boolean }) | undefined> {
  const params: unknown[] = [id];
  const select = inReach ? orderSelect(`(${inReach(params)}) AS "inReach"`) : ORDER_SELECT;
  const [row] = await db.query<OrderDbRow & { inReach?: boolean }>(`${select} WHERE o.id = $1${lock ? ' FOR UPDATE OF o' : ''}`, params);
  return row;
}

/** Events with the person's display name (the login name stays in the row for a user deleted since). */
export const EVENT_SELECT = `SELECT e.id, e.at AS time, e.user_id AS "userId", coalesce(nullif(u.user_chinese_name, ''), e.user_name) AS "userName", e.type, e.internal,
         e.body, e.changes, e.call_id AS "callId", e.chat_id AS "chatId",
         f.id AS "fileId", f.original_name AS "fileName", f.size AS "fileSize", f.content_type AS "fileType"
  FROM work_order_events e LEFT JOIN users u ON u.id = e.user_id LEFT JOIN uploads f ON f.id = e.file_id`;

export async function eventsOf(db: Queryable, orderId: number): Promise<OrderEvent[]> {
  type Row = Omit<OrderEvent, 'file'> & { changes: unknown; fileId: string | null; fileName: string | null; fileSize: number | null; fileType: string | null };
  const rows = await db.query<Row>(`${EVENT_SELECT} WHERE e.order_id = $1 ORDER BY e.id`, [orderId]);
  return rows.map(({ fileId, fileName, fileSize, fileType, ...e }) => ({
    ...e, id: Number(e.id), userId: e.userId === null ? null : Number(e.userId), changes: (typeof e.changes === 'string' ? JSON.parse(e.changes) : e.changes) as OrderEvent['changes'],
    // An attachment's file (null when it is gone: the event stays, naming it in its body).
    ...(e.type === 'file' ? { file: fileId === null ? null : { id: fileId, name: fileName!, size: Number(fileSize), contentType: fileType! } } : {}),
  }));
}

export interface NewEvent {
  type: OrderEvent['type'];
  userId: number | null;
  userName: string;
  at: Date;
  internal?: boolean;
  body?: string;
  changes?: OrderEvent['changes'];
  callId?: string;
  chatId?: string;
  /** An attached file's upload id (type 'file'). */
  fileId?: string;
}

export async function addEvent(tx: Queryable, orderId: number, e: NewEvent): Promise<number> {
  const [row] = await tx.query<{ id: number }>(
    `INSERT INTO work_order_events (order_id, at, user_id, user_name, type, internal, body, changes, call_id, chat_id, file_id)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8::jsonb, $9, $10, $11) RETURNING id`,
    [orderId, e.at, e.userId, e.userName, e.type, e.internal ?? true, e.body ?? '', JSON.stringify(e.changes ?? []), e.callId ?? '', e.chatId ?? '', e.fileId ?? null]);
  return Number(row!.id);
}

export const isFinal = (s: OrderState) => s === 'closed' || s === 'merged';
