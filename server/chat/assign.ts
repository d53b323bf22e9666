import type { Db, Queryable } from '../db/types.ts';
import { OPEN_STATUS_OF } from '../seats/status-log.ts';
import { notify } from './store.ts';
import type { IdleAgent } from '../../schemas/protocol/idle-agent.ts';

/**
 * Which agents may take chats, and who gets which. Everything is decided in the database, so
 * that any number of processes agree: only users of a department with `chat` are agents; an
 * agent is *connected* while one of its /ws/chat sockets is open and refreshed within `staleMs`
 * (a crashed process stops refreshing), *ready* while its open seat status is 0
 * (seat_status_logs, as openSeatStatus reads it), and *gone* once it has no open fresh socket
 * and its last socket closed more than the grace period ago. Assigning to
 * an agent locks its chat_agents row, then counts its open chats: two processes cannot both
 * give an agent its last free place.
 */
export interface AssignRules { capacity: number; staleMs: number; graceMs: number }

const CONNECTED = (alias: string) => `EXISTS (SELECT 1 FROM chat_agent_sockets s WHERE s.user_seat_no = ${alias}.user_seat_no
  AND s.closed_at IS NULL AND s.last_seen > now() - make_interval(secs => $1::double precision / 1000))`;
const READY = (alias: string) => `(${OPEN_STATUS_OF(`${alias}.user_seat_no`)}) = 0`;
// Read at every assignment, not at connect: a department's flag turned off or a user moved to
// another department stops new chats at once (the agent keeps the chats it has, as when not ready).
const CHAT_DEPARTMENT = (alias: string) => `EXISTS (SELECT 1 FROM users u JOIN departments d ON d.id = u.depart_id
  WHERE u.user_seat_no = ${alias}.user_seat_no AND d.chat)`;
const LOAD = (alias: string) => `(SELECT count(*) FROM chats c WHERE c.user_seat_no = ${alias}.user_seat_no AND c.state = 'on')`;

/** Who can take one more chat now ($1 = staleMs, $2 = capacity): connected, ready, of a chat department, below capacity. */
const CAN_TAKE = (alias: string) => `${CONNECTED(alias)} AND ${READY(alias)} AND ${CHAT_DEPARTMENT(alias)} AND ${LOAD(alias)} < $2`;

/** A connected, ready agent of a chat department below capacity, least loaded first, locked; `only` narrows to one seat (transfer). */
async function takeAgent(tx: Queryable, rules: AssignRules, only: string | null, skipLocked: boolean): Promise<string | null> {
  const [agent] = await tx.query<{ seat: string }>(
    `SELECT a.user_seat_no AS seat FROM chat_agents a
      WHERE ($3::text IS NULL OR a.user_seat_no = $3) AND ${CAN_TAKE('a')}
      ORDER BY ${LOAD('a')}, a.user_seat_no LIMIT 1 FOR UPDATE OF a${skipLocked ? ' SKIP LOCKED' : ''}`,
    [rules.staleMs, rules.capacity, only],
  );
  if (!agent) return null;
  // The load seen above may predate a commit that just released the lock: count again.
  const [{ n } = { n: 0 }] = await tx.query<{ n: number }>(`SELECT count(*) AS n FROM chats WHERE user_seat_no = $1 AND state = 'on'`, [agent.seat]);
  return n < rules.capacity ? agent.seat : null;
}


/**
 * The agents who could take a chat now, by the same rule as assignment and transfer (the
 * transfer dialog's list: whoever it shows, the hub accepts unless things change meanwhile);
 * `except` (the asking agent's seat) is left out. Not locked: a list to choose from.
 */
export function chatTakers(db: Queryable, rules: AssignRules, except: string | null): Promise<IdleAgent[]> {
  return db.query<IdleAgent>(
    `SELECT u.user_chinese_name AS "userChineseName", u.fjh, u.user_seat_no AS "userSeatNo"
       FROM chat_agents a JOIN users u ON u.user_seat_no = a.user_seat_no
      WHERE a.user_seat_no IS DISTINCT FROM $3 AND ${CAN_TAKE('a')}
      ORDER BY a.user_seat_no`,
    [rules.staleMs, rules.capacity, except],
  );
}

async function giveTo(tx: Queryable, chatId: number, seat: string): Promise<void> {
  await tx.query('UPDATE chats SET user_seat_no = $2, queued_at = NULL WHERE id = $1', [chatId, seat]);
  await notify(tx, `c:${chatId}`);
}

/** Assigns waiting chats, oldest first, until none waits or no agent can take one. Returns how many. */
export async function assignWaiting(db: Db, rules: AssignRules): Promise<number> {
  let assigned = 0;
  for (;;) {
    const done = await db.transaction(async (tx) => {
      const [chat] = await tx.query<{ id: number }>(
        `SELECT id FROM chats WHERE state = 'on' AND queued_at IS NOT NULL ORDER BY queued_at, id LIMIT 1 FOR UPDATE SKIP LOCKED`);
      if (!chat) return true;
      const seat = await takeAgent(tx, rules, null, true);
      if (!seat) return true;
      await giveTo(tx, chat.id, seat);
      return false;
    });
    if (done) return assigned;
    assigned++;
  }
}

/** Hands a locked chat to `toSeat` if that agent can take it now; false otherwise. */
export async function transferTo(tx: Queryable, chatId: number, toSeat: string, rules: AssignRules): Promise<boolean> {
  const seat = await takeAgent(tx, rules, toSeat, false);
  if (!seat) return false;
  await giveTo(tx, chatId, seat);
  return true;
}

/** An agent socket opened: the agent gets its lock row, the socket its presence row. */
export async function socketOpened(db: Db, socketId: string, seat: string): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.query('INSERT INTO chat_agents (user_seat_no) VALUES ($1) ON CONFLICT DO NOTHING', [seat]);
    await tx.query('INSERT INTO chat_agent_sockets (id, user_seat_no) VALUES ($1, $2)', [socketId, seat]);
  });
}

/** Closed sockets stay until the grace period is over: the agent is "gone" only then. */
export const socketClosed = (db: Queryable, socketId: string) =>
  db.query('UPDATE chat_agent_sockets SET closed_at = now(), last_seen = now() WHERE id = $1', [socketId]);

/** This process's sockets are alive. */
export const refreshSockets = (db: Queryable, socketIds: string[]) =>
  socketIds.length ? db.query('UPDATE chat_agent_sockets SET last_seen = now() WHERE id = ANY($1::uuid[]) AND closed_at IS NULL', [socketIds]) : Promise.resolve([]);

/**
 * Chats of gone agents wait again (first in line: they keep their first queue time, the access
 * time), and presence rows older than the grace period are dropped. Returns the re-queued chats.
 */
export async function requeueGone(db: Db, rules: AssignRules): Promise<number> {
  return db.transaction(async (tx) => {
    const rows = await tx.query<{ id: number }>(
      `UPDATE chats ch SET user_seat_no = '', queued_at = ch.access_time
        WHERE ch.state = 'on' AND ch.user_seat_no IN (
          SELECT a.user_seat_no FROM chat_agents a
           WHERE NOT ${CONNECTED('a')}
             AND NOT EXISTS (SELECT 1 FROM chat_agent_sockets s WHERE s.user_seat_no = a.user_seat_no
                              AND s.last_seen > now() - make_interval(secs => $2::double precision / 1000)))
        RETURNING ch.id`,
      [rules.staleMs, rules.graceMs],
    );
    for (const r of rows) await notify(tx, `c:${r.id}`);
    await tx.query(`DELETE FROM chat_agent_sockets WHERE last_seen < now() - make_interval(secs => $1::double precision / 1000)`,
      [Math.max(rules.graceMs, rules.staleMs)]);
    return rows.length;
  });
}
