import type { SessionUserWire as UserInfo } from '../../schemas/session-user.ts';
import type { Queryable } from '../db/index.ts';
import { RECORDINGS_BASE } from './recordings.ts';
import { LAST_BAR_GONE } from '../seats/presence.ts';

export async function userInfoById(db: Queryable, userId: number): Promise<UserInfo | undefined> {
  const rows = await db.query<UserInfo>(
    `SELECT u.id AS "userId", u.user_name AS "userName", u.user_name AS username, u.avatar,
            coalesce(u.user_seat_no, '') AS "userSeatNo", u.user_seat_pwd AS "userSeatPwd",
            u.user_chinese_name AS "userChineseName", u.user_english_name AS "userEnglishName",
            u.lineid, u.depart_id AS "departId", u.company_id AS "companyId", u.fjh,
            coalesce(nullif(u.record_src, ''), $2) AS "recordSrc", coalesce(l.pre, '') AS pre, u.busy, u.mobile, u.email,
            coalesce((SELECT array_agg(r.code ORDER BY r.code) FROM user_roles ur JOIN roles r ON r.id = ur.role_id
                       WHERE ur.user_id = u.id), '{}') AS roles,
            coalesce((SELECT array_agg(DISTINCT a.ability) FROM user_roles ur JOIN role_abilities a ON a.role_id = ur.role_id
                       WHERE ur.user_id = u.id), '{}') AS ability,
            coalesce(d.work_order_title, false) AS "workOrderTitle", coalesce(d.phone_bar, true) AS "phoneBar",
            coalesce(d.chat, false) AS chat, coalesce(d.work_orders, false) AS "workOrders",
            u.notify_sound AS "notifySound", u.notify_desktop AS "notifyDesktop"
       FROM users u LEFT JOIN lines l ON l.id = u.lineid LEFT JOIN departments d ON d.id = u.depart_id
      WHERE u.id = $1`,
    // recordSrc: the base a call id is appended to for playback; this server's recordings unless a user names another.
    [userId, RECORDINGS_BASE],
  );
  return rows[0];
}

/**
 * What a login reads of the user, in its one statement: the hash, whether it may sign in, its
 * seat, and whether the seat's phone bar is gone (a fresh login then closes the earlier visit's
 * status); with `counts` (Limiter.countsColumn), the login's limiter counts too.
 */
export interface LoginRow { id: number; password_hash: string; enabled: boolean; pending: boolean; seat: string | null; barGone: boolean; counts?: number[] }

export async function loginRow(db: Queryable, userName: string, counts?: { sql: string; params: unknown[] }): Promise<LoginRow | undefined> {
  const rows = await db.query<LoginRow>(
    `SELECT u.id, u.password_hash, u.enabled, u.pending, u.user_seat_no AS seat,
            u.user_seat_no IS NOT NULL AND ${LAST_BAR_GONE('u.user_seat_no')} IS NOT NULL AS "barGone"${counts ? `, ${counts.sql} AS counts` : ''}
       FROM users u WHERE u.user_name = $1`, [userName, ...(counts?.params ?? [])]);
  return rows[0];
}
