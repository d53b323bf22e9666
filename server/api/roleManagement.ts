import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context.ts';
import { announceRoleHolders } from '../auth/tokens.ts';
import { useEntityHooks } from '../entities/hooks.ts';
import { conflict } from '../http/envelope.ts';
import { message } from '../http/language.ts';

/** Every access rule names these codes: renaming or deleting one would lock its holders out. */
export const BUILT_IN_ROLES = ['admin', 'supervisor', 'agent'];

/** roleManagement: the generic actions of schemas/entities/roles.ts, guarded so the built-in roles stay. */
export default async function roleManagementRoutes(app: FastifyInstance, _ctx: AppContext): Promise<void> {
  useEntityHooks(app, 'roles', {
    async beforeSave(values, { db, lang, isCreate }) {
      if (isCreate || values.code === undefined) return;
      const [row] = await db.query<{ code: string }>('SELECT code FROM roles WHERE id = $1', [values.id]);
      if (row && BUILT_IN_ROLES.includes(row.code) && row.code !== values.code) throw conflict(message(lang, 'builtInRole'));
    },
    // What the role grants changed (its abilities, or the code access rules name): its holders'
    // open sockets and streams are checked again at once, on commit. A role in use cannot be deleted.
    async afterSave(id, values, { db, isCreate }) {
      if (!isCreate && (values.abilities !== undefined || values.code !== undefined)) await announceRoleHolders(db, [Number(id)]);
    },
    async beforeRemove(ids, { db, lang }) {
      const rows = await db.query('SELECT 1 FROM roles WHERE id::text = ANY($1::text[]) AND code = ANY($2::text[])', [ids.map(String), BUILT_IN_ROLES]);
      if (rows.length) throw conflict(message(lang, 'builtInRole'));
    },
  });
}
