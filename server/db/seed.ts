import { hashPassword } from '../auth/password.ts';
import { seedWechatDemo } from './demo-wechat.ts';
import type { Db, Queryable } from './types.ts';
import { ensureCallPartitions } from './partitions.ts';
import { DEFER_CALL_ROLLUP, rebuildCallRollup } from './call-rollup.ts';
import { COMPANY, DEPARTMENTS, DEMO_USERS, LINES, ROLES } from './demo-accounts.ts';
import { DEFAULT_MENUS, type MenuSeed } from '../../schemas/default-menus.ts';
import { generateActivity, takesCalls, takesChats, type CallRow, type ChatRow, type DayActivity, type LegRow, type SeatLogRow } from './demo-activity.ts';
import { addOrders } from './demo-orders-write.ts';
import type { OrderOrigin } from './demo-orders.ts';

const BATCH = 5000;

export async function insertCalls(db: Queryable, rows: CallRow[]): Promise<void> {
  for (let i = 0; i < rows.length; i += BATCH) {
    const b = rows.slice(i, i + BATCH);
    await db.query(
      `INSERT INTO call_records (call_id, direction, user_seat_no, phone_no, line_id, call_time, answer_time,
         destroy_time, link_flag, ring_seconds, call_seconds, hangup_cause, satisfaction, queue)
       SELECT * FROM unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::int[], $6::timestamptz[],
         $7::timestamptz[], $8::timestamptz[], $9::smallint[], $10::int[], $11::int[], $12::text[], $13::smallint[], $14::text[])`,
      [b.map((c) => c.callId), b.map((c) => c.direction), b.map((c) => c.userSeatNo), b.map((c) => c.phoneNo),
        b.map((c) => c.lineId), b.map((c) => c.callTime.toISOString()), b.map((c) => c.answerTime?.toISOString() ?? null),
        b.map((c) => c.destroyTime.toISOString()), b.map((c) => c.linkFlag), b.map((c) => c.ringSeconds),
        b.map((c) => c.callSeconds), b.map((c) => c.hangupCause), b.map((c) => c.satisfaction), b.map((c) => c.queue)],
    );
  }
}

export async function insertSeatLogs(db: Queryable, rows: SeatLogRow[]): Promise<void> {
  for (let i = 0; i < rows.length; i += BATCH) {
    const b = rows.slice(i, i + BATCH);
    await db.query(
      `INSERT INTO seat_status_logs (user_seat_no, user_chinese_name, status, s_start_time, s_end_time)
       SELECT * FROM unnest($1::text[], $2::text[], $3::smallint[], $4::timestamptz[], $5::timestamptz[])`,
      [b.map((s) => s.userSeatNo), b.map((s) => s.userChineseName), b.map((s) => s.status),
        b.map((s) => s.start.toISOString()), b.map((s) => s.end?.toISOString() ?? null)],
    );
  }
}

export async function insertLegs(db: Queryable, rows: LegRow[]): Promise<void> {
  for (let i = 0; i < rows.length; i += BATCH) {
    const b = rows.slice(i, i + BATCH);
    await db.query(
      `INSERT INTO call_legs (call_id, leg_no, kind, seat, at, detail)
       SELECT * FROM unnest($1::text[], $2::int[], $3::text[], $4::text[], $5::timestamptz[], $6::text[])`,
      [b.map((l) => l.callId), b.map((l) => l.legNo), b.map((l) => l.kind), b.map((l) => l.seat), b.map((l) => l.at.toISOString()), b.map((l) => l.detail)],
    );
  }
}

/** Chats, then their messages under the ids the chats were given. */
export async function insertChats(db: Queryable, rows: ChatRow[]): Promise<void> {
  for (let i = 0; i < rows.length; i += BATCH) {
    const b = rows.slice(i, i + BATCH);
    const ids = await db.query<{ id: number; client_chat_id: string }>(
      `INSERT INTO chats (client_chat_id, client_chat_name, user_seat_no, source_way, state, solved, access_time, end_time, last_msg_time)
       SELECT * FROM unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::text[], $6::boolean[], $7::timestamptz[], $8::timestamptz[], $9::timestamptz[])
       RETURNING id, client_chat_id`,
      [b.map((c) => c.clientChatId), b.map((c) => c.clientChatName), b.map((c) => c.userSeatNo), b.map((c) => c.sourceWay), b.map((c) => c.state),
        b.map((c) => c.solved), b.map((c) => c.accessTime.toISOString()), b.map((c) => c.endTime?.toISOString() ?? null), b.map((c) => c.lastMsgTime.toISOString())],
    );
    const idOf = new Map(ids.map((x) => [x.client_chat_id, x.id]));
    const msgs = b.flatMap((c) => c.messages.map((m) => ({ ...m, chatId: idOf.get(c.clientChatId)!, read: c.state === 'off' })));
    await db.query(
      `INSERT INTO chat_messages (chat_id, role, content, create_time, is_new_msg)
       SELECT * FROM unnest($1::bigint[], $2::text[], $3::text[], $4::timestamptz[], $5::boolean[])`,
      [msgs.map((m) => m.chatId), msgs.map((m) => m.role), msgs.map((m) => m.content), msgs.map((m) => m.at.toISOString()), msgs.map((m) => !m.read)],
    );
  }
}

/**
 * One generated day into every table it concerns. `parallel` (a PostgreSQL pool, not a single
 * transaction's client, which runs one statement at a time) fills the tables at once.
 */
export async function insertActivity(db: Queryable, day: DayActivity, parallel = false): Promise<void> {
  const steps = [() => insertCalls(db, day.calls), () => insertSeatLogs(db, day.logs), () => insertLegs(db, day.legs), () => insertChats(db, day.chats)];
  if (parallel) await Promise.all(steps.map((f) => f()));
  else for (const f of steps) await f();
}

async function seedOrganisation(tx: Queryable): Promise<void> {
  await tx.query('INSERT INTO companies (id, name, name_en) VALUES ($1, $2, $3)', [COMPANY.id, COMPANY.name, COMPANY.nameEn]);
  for (const d of DEPARTMENTS) {
    await tx.query('INSERT INTO departments (id, name, name_en, sort_order, work_order_title, phone_bar, chat, work_orders) VALUES ($1, $2, $3, $4, $5, $6, $7, $8)',
      [d.id, d.name, d.nameEn, d.order, d.workOrderTitle, d.phoneBar, d.chat, d.workOrders]);
  }
  await tx.query(`SELECT setval(pg_get_serial_sequence('departments', 'id'), (SELECT max(id) FROM departments))`);
  for (const l of LINES) {
    await tx.query('INSERT INTO lines (id, line_name, line_name_en, pre, caller_id, gateway) VALUES ($1, $2, $3, $4, $5, $6)',
      [l.id, l.lineName, l.lineNameEn, l.pre, l.callerId, l.gateway]);
  }
  await tx.query(`SELECT setval(pg_get_serial_sequence('lines', 'id'), (SELECT max(id) FROM lines))`);
  for (const r of ROLES) {
    const [row] = await tx.query<{ id: number }>('INSERT INTO roles (code, name, name_en) VALUES ($1, $2, $3) RETURNING id', [r.code, r.name, r.nameEn]);
    for (const a of r.abilities) await tx.query('INSERT INTO role_abilities (role_id, ability) VALUES ($1, $2)', [row!.id, a]);
  }
}

async function seedUsers(tx: Queryable, hashes: string[]): Promise<void> {
  for (const [i, u] of DEMO_USERS.entries()) {
    const [row] = await tx.query<{ id: number }>(
      `INSERT INTO users (user_name, password_hash, user_chinese_name, user_english_name, user_seat_no, user_seat_pwd,
         fjh, lineid, depart_id, company_id, mobile, email)
       VALUES ($1, $2, $3, $4, $5, $6, $7, 1, $8, $9, $10, $11) RETURNING id`,
      [u.userName, hashes[i], u.chineseName, u.englishName, u.seat, u.fjh, u.fjh, u.departId, COMPANY.id,
        `1380000${u.seat}`, `${u.userName}@example.com`],
    );
    await tx.query('INSERT INTO user_roles (user_id, role_id) SELECT $1, id FROM roles WHERE code = $2', [row!.id, u.role]);
  }
}

export interface SeedOptions {
  calls?: number; days?: number;
  /** Work orders made from the last ORDER_DAYS days' calls and chats (0: none). */
  orders?: number;
  /** The server's zone (order numbers count its days); the process's by default. */
  timeZone?: string;
}

/** The demo's work orders come from the calls and chats of the last two weeks. */
const ORDER_DAYS = 14;

/**
 * The calls and chats an agent could have made an order from, day by day: answered inbound calls
 * (the order made as the call ended) and chats that ended (as they ended), by the seat's user.
 */
function demoOrigins(activity: DayActivity[], users: Map<string, number>): { days: OrderOrigin[][]; total: number } {
  const days = activity.slice(-ORDER_DAYS).map((day) => {
    const calls = day.calls.filter((c) => c.direction === 'in' && c.answerTime && users.has(c.userSeatNo)).map((c): OrderOrigin => ({
      source: 'phone', callId: c.callId, phone: c.phoneNo, customerName: '', at: c.destroyTime, creatorId: users.get(c.userSeatNo)!, creatorSeat: c.userSeatNo,
    }));
    const chats = day.chats.filter((c) => c.endTime && users.has(c.userSeatNo)).map((c): OrderOrigin => ({
      source: 'chat', chatId: c.clientChatId, phone: '', customerName: c.clientChatName, at: c.endTime!, creatorId: users.get(c.userSeatNo)!, creatorSeat: c.userSeatNo,
    }));
    return [...calls, ...chats].sort((a, b) => a.at.getTime() - b.at.getTime());
  });
  return { days, total: days.reduce((n, d) => n + d.length, 0) };
}

/** The demo agents whose department takes what `takes` asks (calls or chats), as the generator's seats. */
const demoSeats = (takes: (d: (typeof DEPARTMENTS)[number]) => boolean) =>
  DEMO_USERS.filter((u) => u.role === 'agent' && takes(DEPARTMENTS.find((d) => d.id === u.departId)!)).map((u) => ({ seat: u.seat, name: u.chineseName }));

/** How many work orders the demo seed makes. */
export const DEMO_ORDERS = 120;

/** First start only: nothing happens when users already exist. `now`: the server's clock; no activity after it. */
export async function seedIfEmpty(db: Db, now: Date, opts: SeedOptions = {}): Promise<boolean> {
  const [{ n } = { n: 0 }] = await db.query<{ n: number }>('SELECT count(*) AS n FROM users');
  if (n > 0) return false;
  const days = opts.days ?? 30;
  // Two at a time: the hashes go through the process's login gate, whose queue may be small.
  const hashes: string[] = [];
  for (let i = 0; i < DEMO_USERS.length; i += 2) hashes.push(...(await Promise.all(DEMO_USERS.slice(i, i + 2).map((u) => hashPassword(u.password)))));
  const activity = [...generateActivity(demoSeats(takesCalls), { calls: opts.calls ?? 3000, days, now, chatSeats: demoSeats(takesChats) })];
  await ensureCallPartitions(db, new Date(now.getTime() - days * 86_400_000), now);
  await db.transaction(async (tx) => {
    await seedOrganisation(tx);
    await seedUsers(tx, hashes);
    await seedWechatDemo(tx);
    // Thousands of calls: the call rollup is built once at the end, not by its triggers per statement.
    await tx.query(DEFER_CALL_ROLLUP);
    for (const day of activity) await insertActivity(tx, day);
    await rebuildCallRollup(tx);
    const users = await tx.query<{ id: number; seat: string }>(`SELECT id, user_seat_no AS seat FROM users WHERE user_seat_no <> ''`);
    const origins = demoOrigins(activity, new Map(users.map((u) => [u.seat, Number(u.id)])));
    const timeZone = opts.timeZone ?? Intl.DateTimeFormat().resolvedOptions().timeZone;
    if ((opts.orders ?? 1) > 0) await addOrders(tx, { count: opts.orders ?? DEMO_ORDERS, now, timeZone, seed: 21, origins });
  });
  return true;
}

async function insertMenus(tx: Queryable, menus: MenuSeed[], parentId: number | null): Promise<void> {
  for (const m of menus) {
    const [row] = await tx.query<{ id: number }>(
      `INSERT INTO menus (menu_key, parent_id, path, name, component, redirect, title, icon, sort_order, always_show, no_closable)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11) RETURNING id`,
      [m.key ?? null, parentId, m.path, m.name, m.component, m.redirect ?? '', m.title, m.icon, m.order, m.alwaysShow ?? false, m.noClosable ?? false],
    );
    await tx.query('INSERT INTO role_menus (role_id, menu_id) SELECT id, $1 FROM roles WHERE code = ANY($2::text[])', [row!.id, m.roles]);
    if (m.children) await insertMenus(tx, m.children, row!.id);
  }
}

/**
 * The menus no schema describes, whenever the menus table is empty (also on databases seeded
 * before menus existed); run before the schema menus are added, which may sit under them.
 */
export async function seedMenusIfEmpty(db: Db): Promise<boolean> {
  const [{ n } = { n: 0 }] = await db.query<{ n: number }>('SELECT count(*) AS n FROM menus');
  if (n > 0) return false;
  await db.transaction((tx) => insertMenus(tx, DEFAULT_MENUS, null));
  return true;
}
