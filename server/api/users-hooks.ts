import { hashPassword } from '../auth/password.ts';
import { announceUsersChanged, revokeUserSessions } from '../auth/tokens.ts';
import type { Queryable } from '../db/index.ts';
import { conflict } from '../http/envelope.ts';
import { message, type Language } from '../http/language.ts';
import type { EntityHooks } from '../entities/hooks.ts';

/**
 * Refuses a change that would leave no enabled administrator, and an administrator's change
 * to their own account that would lock them out (losing the admin role, disabling it).
 * Runs inside the save transaction, after the change: the check sees the result.
 */
export async function keepAnAdmin(db: Queryable, callerId: number, lang: Language): Promise<void> {
  const [row] = await db.query<{ admins: number; me: boolean }>(
    `SELECT (SELECT count(*) FROM users u JOIN user_roles ur ON ur.user_id = u.id JOIN roles r ON r.id = ur.role_id
              WHERE r.code = 'admin' AND u.enabled) AS admins,
            EXISTS (SELECT 1 FROM users u JOIN user_roles ur ON ur.user_id = u.id JOIN roles r ON r.id = ur.role_id
              WHERE u.id = $1 AND r.code = 'admin' AND u.enabled) AS me`,
    [callerId],
  );
  if (!row || row.admins === 0 || !row.me) throw conflict(message(lang, 'lockout'));
}

/** Users: the password is stored only as a hash; a new user joins its creator's company; nobody deletes their own account. */
const usersHooks: EntityHooks = {
  async beforeSave(values) {
    if (typeof values.password === 'string') values.password = await hashPassword(values.password);
    // No mapping is null, not '': the column is unique.
    if (values.ssoSubject === '') values.ssoSubject = null;
  },
  async afterSave(id, values, { db, user, isCreate, lang }) {
    // A pending registration is approved by giving it a seat and a role.
    await db.query(
      `UPDATE users SET pending = false WHERE id = $1 AND pending AND user_seat_no IS NOT NULL
          AND EXISTS (SELECT 1 FROM user_roles WHERE user_id = $1)`,
      [id],
    );
    if (isCreate) {
      await db.query('UPDATE users SET company_id = (SELECT company_id FROM users WHERE id = $2) WHERE id = $1', [id, user.userId]);
    }
    if (values.password !== undefined || values.enabled === false) {
      await db.query('UPDATE users SET password_changed_at = now(), updated_at = now() WHERE id = $1', [id]);
      // A changed password or a disabled account ends the user's sessions.
      await revokeUserSessions(db, [Number(id)], values.password !== undefined ? 'password' : 'account');
    } else if (!isCreate) {
      await db.query('UPDATE users SET updated_at = now() WHERE id = $1', [id]);
      // A user given another seat, or other roles: the sockets of the old seat, and those the new
      // roles no longer admit, close at once (announced on commit).
      if (values.userSeatNo !== undefined || values.roles !== undefined) await announceUsersChanged(db, [Number(id)]);
    }
    if (values.roles !== undefined || values.enabled === false) await keepAnAdmin(db, user.userId, lang);
  },
  async beforeRemove(ids, { db, user, lang }) {
    if (ids.map(String).includes(String(user.userId))) throw conflict(message(lang, 'self'));
    // Ended before the rows go (with the users), so that the users' open sockets hear of it at once.
    await revokeUserSessions(db, ids.map(Number), 'account');
  },
};

export default usersHooks;
