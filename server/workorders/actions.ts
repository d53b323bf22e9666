import type { Db, Queryable } from '../db/types.ts';
import type { SessionUser } from '../http/access.ts';
import { ApiError, forbidden, notFound } from '../http/envelope.ts';
import { message, type Language } from '../http/language.ts';
import { invalid } from '../http/validate.ts';
import type { Clock } from '../clock.ts';
import { stateRule, type OrderState, type Priority } from '../../schemas/workorders/states.ts';
import type { BulkBody, CreateOrder, NoteBody, OrderEvent, OrderRow, UpdateOrder } from '../../schemas/workorders/wire.ts';
import { instantOfLocal } from './business-hours.ts';
import { onCustomerContact, onReply, onStateChange, recompute, startClocks, type Clocks } from './clocks.ts';
import type { LoadedKind } from './kinds.ts';
import { reachOf, reachWhere, takesFrom, type Reach } from './reach.ts';
import { addEvent, clockAssignments, clocksOf, isFinal, orderById, toOrder, type OrderDbRow } from './rows.ts';
import { readSettings, targetsFor, type SlaSettings } from './settings.ts';

export interface OrderDeps {
  db: Db;
  clock: Clock;
  /** The server's time zone: wire times are in it, and order numbers count its days. */
  timeZone: string;
  kinds: Map<string, LoadedKind>;
}

/** The 409 of a change made on an older copy: the current order comes with it, so the editor can redo the change on it. */
const stale = (lang: Language, order: OrderRow) => new ApiError(409, message(lang, 'woVersion'), { order });

const fieldError = (lang: Language, field: string, text: string) => invalid(lang, { [field]: text });

const dayFormats = new Map<string, Intl.DateTimeFormat>();

/** YYYYMMDD of an instant in the server's zone (one formatter per zone: building one costs more than formatting). */
function dayOf(at: Date, timeZone: string): string {
  let f = dayFormats.get(timeZone);
  if (!f) dayFormats.set(timeZone, (f = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' })));
  return f.format(at).replace(/-/g, '');
}

/** The next number of the day, under the day's row lock: two processes never give one number twice. */
async function nextNumber(tx: Queryable, at: Date, timeZone: string): Promise<string> {
  const day = dayOf(at, timeZone);
  const [row] = await tx.query<{ last: number }>(
    `INSERT INTO work_order_numbers (day, last) VALUES ($1::date, 1)
     ON CONFLICT (day) DO UPDATE SET last = work_order_numbers.last + 1 RETURNING last`, [`${day.slice(0, 4)}-${day.slice(4, 6)}-${day.slice(6)}`]);
  return `${day}-${String(row!.last).padStart(4, '0')}`;
}

export class OrderActions {
  constructor(private readonly deps: OrderDeps) {}

  private get db() {
    return this.deps.db;
  }

  private now(): Date {
    return this.deps.clock.date();
  }

  private instant(text: string): Date {
    return instantOfLocal(text, this.deps.timeZone);
  }

  private kindOf(lang: Language, id: string): LoadedKind {
    const k = this.deps.kinds.get(id);
    if (!k) throw fieldError(lang, 'kind', message(lang, 'woUnknownKind', { kind: id }));
    return k;
  }

  private async checkDepartment(tx: Queryable, lang: Language, departId: number | null | undefined): Promise<void> {
    if (departId === null || departId === undefined) return;
    const [d] = await tx.query<{ on: boolean }>('SELECT work_orders AS "on" FROM departments WHERE id = $1', [departId]);
    if (!d?.on) throw fieldError(lang, 'departId', message(lang, 'woDepartment'));
  }

  private async checkOwner(tx: Queryable, lang: Language, ownerId: number | null | undefined): Promise<void> {
    if (ownerId === null || ownerId === undefined) return;
    const [u] = await tx.query('SELECT 1 FROM users WHERE id = $1', [ownerId]);
    if (!u) throw fieldError(lang, 'ownerId', message(lang, 'woOwner'));
  }

  /** An order the user reaches, locked for the transaction; 404 when there is none, 403 when it is outside their reach. */
  private async reachable(tx: Queryable, lang: Language, reach: Reach, id: number, lock = true): Promise<OrderDbRow> {
    const row = await orderById(tx, id, lock, (params) => reachWhere(reach, params));
    if (!row) throw notFound(message(lang, 'woNotFound'));
    if (!row.inReach) throw forbidden(message(lang, 'woForbidden'));
    return row;
  }

  private async write(tx: Queryable, id: number, sets: Record<string, unknown>, clocks: Clocks | undefined, bump: boolean): Promise<void> {
    const params: unknown[] = [];
    const parts = Object.entries(sets).map(([col, v]) => {
      params.push(v);
      return `${col} = $${params.length}`;
    });
    if (clocks) parts.push(clockAssignments(clocks, params));
    params.push(this.now());
    parts.push(`updated_at = $${params.length}`);
    if (bump) parts.push('version = version + 1');
    params.push(id);
    await tx.query(`UPDATE work_orders SET ${parts.join(', ')} WHERE id = $${params.length}`, params);
  }

  private async answer(db: Queryable, id: number, settings?: SlaSettings): Promise<OrderRow> {
    const s = settings ?? (await readSettings(db));
    return toOrder((await orderById(db, id))!, s.calendar, this.now());
  }

  async reach(user: SessionUser): Promise<Reach> {
    return reachOf(user);
  }

  async create(user: SessionUser, lang: Language, body: CreateOrder): Promise<OrderRow> {
    const kind = this.kindOf(lang, body.kind);
    const fields = body.fields ?? {};
    const check: LoadedKind['check'] = kind.check;
    check({ fields }, lang);
    const priority: Priority = body.priority ?? 'normal';
    const at = this.now();
    return this.db.transaction(async (tx) => {
      await this.checkDepartment(tx, lang, body.departId);
      await this.checkOwner(tx, lang, body.ownerId);
      const settings = await readSettings(tx);
      const clocks = startClocks(settings.calendar, targetsFor(settings, kind.kind, priority), 'new', at);
      const orderNo = await nextNumber(tx, at, this.deps.timeZone);
      const params: unknown[] = [orderNo, body.kind, body.title, body.phone ?? '', body.customerName ?? '', body.source, body.callId ?? '', body.chatId ?? '',
        user.userId, user.userSeatNo, body.ivr ?? '', body.category ?? '', priority, body.ownerId ?? null, body.departId ?? null,
        body.dueTime ? this.instant(body.dueTime) : null, body.tags ?? [], JSON.stringify(fields), at];
      const [row] = await tx.query<{ id: number }>(
        `INSERT INTO work_orders (order_no, kind, title, phone, customer_name, source, call_id, chat_id, creator_id, creator_seat, ivr, category, priority, state,
                                  owner_id, depart_id, due_at, tags, fields, created_at, updated_at,
                                  fr_target_s, up_target_s, so_target_s)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, 'new', $14, $15, $16, $17::text[], $18::jsonb, $19, $19, 0, 0, 0) RETURNING id`, params);
      const id = Number(row!.id);
      await this.write(tx, id, {}, clocks, false);
      await addEvent(tx, id, { type: 'created', userId: user.userId, userName: user.userName, at, internal: false, body: body.description ?? '', callId: body.callId ?? '', chatId: body.chatId ?? '' });
      if (body.ownerId && body.ownerId !== user.userId) await this.notify(tx, body.ownerId, id, null, 'assigned', at);
      return this.answer(tx, id, settings);
    });
  }

  async get(user: SessionUser, lang: Language, id: number): Promise<OrderRow> {
    const reach = await this.reach(user);
    const row = await this.reachable(this.db, lang, reach, id, false);
    const settings = await readSettings(this.db);
    return toOrder(row, settings.calendar, this.now());
  }

  /** A change of fields, state, owner or department on the version the editor read. */
  async update(user: SessionUser, lang: Language, body: UpdateOrder): Promise<OrderRow> {
    const reach = await this.reach(user);
    return this.db.transaction(async (tx) => {
      const row = await this.reachable(tx, lang, reach, body.id);
      const settings = await readSettings(tx);
      const current = toOrder(row, settings.calendar, this.now());
      if (body.version !== current.version) throw stale(lang, current);
      await this.apply(tx, user, lang, row, body, settings);
      return this.answer(tx, body.id, settings);
    });
  }

  /** Applies a change to a locked order (update and bulk): rules, clocks, timeline, notices. */
  private async apply(tx: Queryable, user: SessionUser, lang: Language, row: OrderDbRow, body: Omit<UpdateOrder, 'id' | 'version'>, settings: SlaSettings): Promise<void> {
    const at = this.now();
    const id = Number(row.id);
    const from = row.state as OrderState;
    const to = (body.state ?? from) as OrderState;
    if (from === 'merged') throw new ApiError(409, message(lang, 'woMerged'));
    const reopening = from === 'closed' && to !== 'closed';
    if (isFinal(from) && !reopening) throw new ApiError(409, message(lang, 'woFinal'));
    if (to !== from && !(stateRule(from).to as readonly string[]).includes(to)) {
      throw fieldError(lang, 'state', message(lang, 'woStateMove', { from: message(lang, `woState_${from}`), to: message(lang, `woState_${to}`) }));
    }
    const sets: Record<string, unknown> = {};
    const changes: OrderEvent['changes'] = [];
    const change = (field: string, col: string, before: unknown, after: unknown, stored: unknown = after) => {
      if (after === undefined || JSON.stringify(before) === JSON.stringify(after)) return;
      sets[col] = stored;
      changes.push({ field, from: before, to: after });
    };
    if (body.fields !== undefined) {
      const fields = { ...(row.fields as Record<string, unknown>), ...body.fields };
      const check: LoadedKind['check'] = this.kindOf(lang, row.kind).check;
      check({ fields }, lang);
      change('fields', 'fields', row.fields, fields, JSON.stringify(fields));
    }
    await this.checkDepartment(tx, lang, body.departId);
    await this.checkOwner(tx, lang, body.ownerId);
    change('title', 'title', row.title, body.title);
    change('customerName', 'customer_name', row.customerName, body.customerName);
    change('phone', 'phone', row.phone, body.phone);
    change('category', 'category', row.category, body.category);
    change('priority', 'priority', row.priority, body.priority);
    change('ownerId', 'owner_id', row.ownerId === null ? null : Number(row.ownerId), body.ownerId);
    change('departId', 'depart_id', row.departId === null ? null : Number(row.departId), body.departId);
    change('dueTime', 'due_at', row.dueTime, body.dueTime, body.dueTime ? this.instant(body.dueTime) : null);
    change('tags', 'tags', row.tags, body.tags);
    change('state', 'state', from, to);
    // A pending state needs its time, later than now (Zammad #958: never a pending state without it).
    const pending = stateRule(to).pending;
    const until = body.pendingUntil !== undefined ? body.pendingUntil : pending && to === from ? row.pendingUntil : null;
    if (pending) {
      if (!until || (this.instant(until).getTime() <= at.getTime() && (to !== from || body.pendingUntil !== undefined))) {
        throw fieldError(lang, 'pendingUntil', message(lang, 'woPendingTime'));
      }
      change('pendingUntil', 'pending_until', row.pendingUntil, until, this.instant(until));
      if ('pending_until' in sets) sets.reminded_at = null;
    } else if (row.pendingUntil !== null) {
      change('pendingUntil', 'pending_until', row.pendingUntil, null);
      sets.reminded_at = null;
    } else if (body.pendingUntil) {
      throw fieldError(lang, 'pendingUntil', message(lang, 'woPendingOnly'));
    }
    if (!changes.length) return;
    let clocks = clocksOf(row);
    if (to !== from) clocks = onStateChange(settings.calendar, clocks, from, to, at);
    if (body.priority && body.priority !== row.priority) clocks = recompute(settings.calendar, clocks, targetsFor(settings, this.deps.kinds.get(row.kind)?.kind, body.priority));
    await this.write(tx, id, sets, clocks, true);
    const eventId = await addEvent(tx, id, { type: reopening ? 'reopen' : 'change', userId: user.userId, userName: user.userName, at, changes });
    if (body.ownerId && body.ownerId !== user.userId && body.ownerId !== (row.ownerId === null ? null : Number(row.ownerId))) await this.notify(tx, body.ownerId, id, eventId, 'assigned', at);
  }

  /** Takes an unowned order from a department's queue: of two people at once, in any processes, one wins. */
  async take(user: SessionUser, lang: Language, id: number): Promise<OrderRow> {
    const reach = await this.reach(user);
    const at = this.now();
    return this.db.transaction(async (tx) => {
      const row = await this.reachable(tx, lang, reach, id);
      if (!takesFrom(reach, row)) throw forbidden(message(lang, 'woNotStaff'));
      if (row.ownerId !== null) throw new ApiError(409, message(lang, 'woTaken', { name: row.ownerName }), { order: await this.answer(tx, id) });
      if (isFinal(row.state as OrderState)) throw new ApiError(409, message(lang, 'woFinal'));
      const sets: Record<string, unknown> = { owner_id: user.userId };
      const changes: OrderEvent['changes'] = [{ field: 'ownerId', from: null, to: user.userId }];
      if (row.state === 'new') {
        sets.state = 'open';
        changes.push({ field: 'state', from: 'new', to: 'open' });
      }
      await this.write(tx, id, sets, undefined, true);
      await addEvent(tx, id, { type: 'take', userId: user.userId, userName: user.userName, at, changes });
      return this.answer(tx, id);
    });
  }

  /** Gives the order to another work-order department's queue, with the reason. */
  async transfer(user: SessionUser, lang: Language, id: number, departId: number, reason: string): Promise<OrderRow> {
    const reach = await this.reach(user);
    const at = this.now();
    return this.db.transaction(async (tx) => {
      const row = await this.reachable(tx, lang, reach, id);
      if (isFinal(row.state as OrderState)) throw new ApiError(409, message(lang, 'woFinal'));
      await this.checkDepartment(tx, lang, departId);
      const before = row.departId === null ? null : Number(row.departId);
      if (before === departId) throw fieldError(lang, 'departId', message(lang, 'woSameDepartment'));
      const changes: OrderEvent['changes'] = [{ field: 'departId', from: before, to: departId }];
      if (row.ownerId !== null) changes.push({ field: 'ownerId', from: Number(row.ownerId), to: null });
      await this.write(tx, id, { depart_id: departId, owner_id: null }, undefined, true);
      await addEvent(tx, id, { type: 'transfer', userId: user.userId, userName: user.userName, at, body: reason, changes });
      return this.answer(tx, id);
    });
  }

  /** The owner gives the order back to its department's queue, with the reason. */
  async sendBack(user: SessionUser, lang: Language, id: number, reason: string): Promise<OrderRow> {
    const reach = await this.reach(user);
    const at = this.now();
    return this.db.transaction(async (tx) => {
      const row = await this.reachable(tx, lang, reach, id);
      if (row.ownerId === null || (Number(row.ownerId) !== user.userId && !reach.all)) throw forbidden(message(lang, 'woNotOwner'));
      if (isFinal(row.state as OrderState)) throw new ApiError(409, message(lang, 'woFinal'));
      await this.write(tx, id, { owner_id: null }, undefined, true);
      await addEvent(tx, id, { type: 'sendBack', userId: user.userId, userName: user.userName, at, body: reason, changes: [{ field: 'ownerId', from: Number(row.ownerId), to: null }] });
      return this.answer(tx, id);
    });
  }

  /**
   * A note (internal), a reply (public: meets the first-response and update clocks) or the
   * customer's words (restarts the update clock). Notes never conflict: no version is asked.
   * `@name` mentions of users notify them.
   */
  async note(user: SessionUser, lang: Language, body: NoteBody): Promise<OrderRow> {
    const reach = await this.reach(user);
    const at = this.now();
    return this.db.transaction(async (tx) => {
      const row = await this.reachable(tx, lang, reach, body.id);
      const state = row.state as OrderState;
      if (state === 'merged') throw new ApiError(409, message(lang, 'woMerged'));
      const settings = await readSettings(tx);
      const fromCustomer = body.fromCustomer ?? false;
      const internal = fromCustomer ? false : body.internal ?? true;
      let clocks: Clocks | undefined;
      if (fromCustomer) clocks = onCustomerContact(settings.calendar, clocksOf(row), state, at);
      else if (!internal) clocks = onReply(settings.calendar, clocksOf(row), at);
      if (clocks) await this.write(tx, body.id, {}, clocks, false);
      const type = fromCustomer ? 'customer' : internal ? 'note' : 'reply';
      const eventId = await addEvent(tx, body.id, { type, userId: user.userId, userName: user.userName, at, internal, body: body.body });
      const names = [...new Set([...body.body.matchAll(/@([A-Za-z0-9_.-]{1,64})/g)].map((m) => m[1]!))];
      if (names.length) {
        const users = await tx.query<{ id: number }>('SELECT id FROM users WHERE user_name = ANY($1::text[]) AND id <> $2', [names, user.userId]);
        for (const u of users) await this.notify(tx, Number(u.id), body.id, eventId, 'mention', at);
      }
      return this.answer(tx, body.id, settings);
    });
  }

  /**
   * Links a call of the user's own seat to the order (a call back dialled from the order page):
   * a 'call' event naming it, once per call (asking again answers the order as it is). A call the
   * records do not show as the seat's yet answers 409 with `callPending` (the switch's events are
   * written just after the seat hears of the call): the page asks again shortly.
   */
  async linkCall(user: SessionUser, lang: Language, id: number, callId: string): Promise<OrderRow> {
    const reach = await this.reach(user);
    const at = this.now();
    return this.db.transaction(async (tx) => {
      const row = await this.reachable(tx, lang, reach, id);
      if (row.state === 'merged') throw new ApiError(409, message(lang, 'woMerged'));
      const [linked] = await tx.query(`SELECT 1 FROM work_order_events WHERE order_id = $1 AND type = 'call' AND call_id = $2`, [id, callId]);
      if (linked) return this.answer(tx, id);
      const [own] = user.userSeatNo
        ? await tx.query<{ phone: string }>('SELECT phone_no AS phone FROM call_records WHERE call_id = $1 AND user_seat_no = $2 LIMIT 1', [callId, user.userSeatNo])
        : [];
      if (!own) throw new ApiError(409, message(lang, 'woCallNotYours'), { callPending: true });
      await addEvent(tx, id, { type: 'call', userId: user.userId, userName: user.userName, at, internal: true, callId });
      await this.write(tx, id, {}, undefined, false);
      return this.answer(tx, id);
    });
  }

  /** Merges a duplicate into another order: its timeline moves there, it is left as "merged", and the customer sees one number. */
  async merge(user: SessionUser, lang: Language, id: number, into: number): Promise<OrderRow> {
    if (id === into) throw fieldError(lang, 'into', message(lang, 'woMergeSelf'));
    const reach = await this.reach(user);
    const at = this.now();
    return this.db.transaction(async (tx) => {
      // Both rows locked in id order: two merges of one pair in opposite directions cannot deadlock.
      const [first, second] = id < into ? [id, into] : [into, id];
      const a = await this.reachable(tx, lang, reach, first);
      const b = await this.reachable(tx, lang, reach, second);
      const [source, target] = Number(a.id) === id ? [a, b] : [b, a];
      if (source.state === 'merged') throw new ApiError(409, message(lang, 'woMerged'));
      if (isFinal(target.state as OrderState)) throw fieldError(lang, 'into', message(lang, 'woMergeTarget'));
      const settings = await readSettings(tx);
      await tx.query('UPDATE work_order_events SET order_id = $2 WHERE order_id = $1', [id, into]);
      // Its files go with the events that show them: whoever reaches the order they moved to reads them.
      await tx.query('UPDATE uploads SET order_id = $2 WHERE order_id = $1', [id, into]);
      const clocks = onStateChange(settings.calendar, clocksOf(source), source.state as OrderState, 'merged', at);
      await this.write(tx, id, { state: 'merged', merged_into: into, pending_until: null }, clocks, true);
      await addEvent(tx, id, { type: 'merged', userId: user.userId, userName: user.userName, at, body: target.orderNo, changes: [{ field: 'state', from: source.state, to: 'merged' }] });
      await addEvent(tx, into, { type: 'mergedFrom', userId: user.userId, userName: user.userName, at, body: source.orderNo });
      await this.write(tx, into, {}, undefined, true);
      return this.answer(tx, into, settings);
    });
  }

  /** One change to many orders, all or none: each must be within reach; a pending state needs its time. */
  async bulk(user: SessionUser, lang: Language, body: BulkBody): Promise<OrderRow[]> {
    const reach = await this.reach(user);
    const { ids, ...change } = body;
    if (change.state && stateRule(change.state).pending && !change.pendingUntil) throw fieldError(lang, 'pendingUntil', message(lang, 'woPendingTime'));
    return this.db.transaction(async (tx) => {
      const settings = await readSettings(tx);
      const rows: OrderDbRow[] = [];
      for (const id of [...ids].sort((x, y) => x - y)) rows.push(await this.reachable(tx, lang, reach, id));
      for (const row of rows) await this.apply(tx, user, lang, row, change, settings);
      return Promise.all(ids.map((id) => this.answer(tx, id, settings)));
    });
  }

  private async notify(tx: Queryable, userId: number, orderId: number, eventId: number | null, kind: 'mention' | 'assigned' | 'reminder', at: Date): Promise<void> {
    await tx.query(
      `INSERT INTO work_order_notices (user_id, order_id, event_id, kind, at) VALUES ($1, $2, $3, $4, $5) ON CONFLICT DO NOTHING`, [userId, orderId, eventId, kind, at]);
  }
}
