import { hashPassword } from '../auth/password.ts';
import { conflict } from '../http/envelope.ts';
import { message } from '../http/language.ts';
import type { EntityHooks } from './hooks.ts';

/** Users: the password is stored only as a hash; a new user joins its creator's company; nobody deletes their own account. */
const usersHooks: EntityHooks = {
  async beforeSave(values) {
    if (typeof values.password === 'string') values.password = await hashPassword(values.password);
  },
  async afterSave(id, values, { db, user, isCreate }) {
    if (isCreate) {
      await db.query('UPDATE users SET company_id = (SELECT company_id FROM users WHERE id = $2) WHERE id = $1', [id, user.userId]);
    }
    if (values.password !== undefined || values.enabled === false) {
      await db.query('UPDATE users SET password_changed_at = now(), updated_at = now() WHERE id = $1', [id]);
      // A changed password or a disabled account ends the user's sessions.
      await db.query('UPDATE sessions SET revoked_at = now() WHERE user_id = $1 AND revoked_at IS NULL', [id]);
    } else if (!isCreate) {
      await db.query('UPDATE users SET updated_at = now() WHERE id = $1', [id]);
    }
  },
  async beforeRemove(ids, { user, lang }) {
    if (ids.map(String).includes(String(user.userId))) throw conflict(message(lang, 'self'));
  },
};

export default usersHooks;
