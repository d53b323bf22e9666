import type { Queryable } from '../db/index.ts';
import type { SessionUser } from '../http/access.ts';

interface Row { id: number; user_name: string; user_seat_no: string | null; depart_id: number | null; roles: string[]; ability: string[] }

/** The caller behind a live session: the token's session row, the enabled user, roles and abilities. */
export async function loadSessionUser(db: Queryable, userId: number, jti: string): Promise<SessionUser | undefined> {
  const rows = await db.query<Row>(
    `SELECT u.id, u.user_name, u.user_seat_no, u.depart_id,
            ARRAY(SELECT r.code FROM user_roles ur JOIN roles r ON r.id = ur.role_id WHERE ur.user_id = u.id ORDER BY r.code) AS roles,
            ARRAY(SELECT DISTINCT a.ability FROM user_roles ur JOIN role_abilities a ON a.role_id = ur.role_id WHERE ur.user_id = u.id) AS ability
       FROM sessions s JOIN users u ON u.id = s.user_id AND u.enabled
      WHERE s.jti = $1 AND s.user_id = $2 AND s.revoked_at IS NULL AND s.expires_at > now()`,
    [jti, userId],
  );
  const r = rows[0];
  if (!r) return undefined;
  return { userId: r.id, userName: r.user_name, userSeatNo: r.user_seat_no ?? '', departId: r.depart_id, roles: r.roles, ability: r.ability, jti };
}
