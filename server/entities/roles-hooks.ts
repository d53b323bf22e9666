import { conflict } from '../http/envelope.ts';
import type { Language } from '../http/language.ts';
import type { EntityHooks } from './hooks.ts';

/** Every access rule names these codes: renaming or deleting one would lock its holders out. */
export const BUILT_IN_ROLES = ['admin', 'supervisor', 'agent'];

const refusal = (lang: Language) =>
  conflict(lang === 'zh' ? '内置角色（admin、supervisor、agent）不能改编码或删除' : 'the built-in roles (admin, supervisor, agent) cannot be renamed or deleted');

const rolesHooks: EntityHooks = {
  async beforeSave(values, { db, lang, isCreate }) {
    if (isCreate || values.code === undefined) return;
    const [row] = await db.query<{ code: string }>('SELECT code FROM roles WHERE id = $1', [values.id]);
    if (row && BUILT_IN_ROLES.includes(row.code) && row.code !== values.code) throw refusal(lang);
  },
  async beforeRemove(ids, { db, lang }) {
    const rows = await db.query('SELECT 1 FROM roles WHERE id::text = ANY($1::text[]) AND code = ANY($2::text[])', [ids.map(String), BUILT_IN_ROLES]);
    if (rows.length) throw refusal(lang);
  },
};

export default rolesHooks;
