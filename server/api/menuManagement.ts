import type { FastifyInstance } from 'fastify';
import { ADMIN_WRITE } from '../../schemas/permissions.ts';
import type { AppContext } from '../context.ts';
import { bodyOf, compile, type Check } from '../http/validate.ts';
import { ApiError, ok } from '../http/envelope.ts';
import { languageOf, message } from '../http/language.ts';
import { canOpen } from '../menus/readable.ts';

const allocBody: Check<{ roleId: number; menuIds: number[] }> = compile({
  type: 'object', additionalProperties: false, required: ['roleId', 'menuIds'],
  properties: {
    roleId: { type: 'integer', minimum: 1 },
    menuIds: { type: 'array', items: { type: 'integer', minimum: 1 }, uniqueItems: true, maxItems: 1000 },
  },
});

/** Spec: menuManagement/allocMenu — which menus a role sees; replaces the role's allocation. */
export default async function menuManagementRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  app.post('/api/menuManagement/allocMenu', { config: { access: ADMIN_WRITE } }, async (req) => {
    const lang = languageOf(req);
    const body = bodyOf(req);
    allocBody(body, lang);
    const { roleId, menuIds } = body;
    const unreadable = await ctx.db.transaction(async (tx) => {
      const [role] = await tx.query<{ code: string; ability: string[] }>(
        'SELECT code, ARRAY(SELECT ability FROM role_abilities WHERE role_id = r.id) AS ability FROM roles r WHERE id = $1', [roleId]);
      if (!role) throw new ApiError(404, message(lang, 'notFound'));
      const known = await tx.query<{ id: number; component: string }>('SELECT id, component FROM menus WHERE id = ANY($1::int[])', [menuIds]);
      if (known.length !== menuIds.length) {
        const missing = menuIds.filter((id) => !known.some((k) => k.id === id));
        throw new ApiError(400, `menuIds ${message(lang, 'missingRef')}: ${missing.join(', ')}`, { errors: { menuIds: message(lang, 'missingRef') } });
      }
      await tx.query('DELETE FROM role_menus WHERE role_id = $1', [roleId]);
      await tx.query('INSERT INTO role_menus (role_id, menu_id) SELECT $1, unnest($2::int[])', [roleId, menuIds]);
      return known.filter((m) => !canOpen(ctx, { roles: [role.code], ability: role.ability }, m.component)).map((m) => m.id);
    });
    // Saved all the same (the route list leaves those screens out), but the administrator is told.
    return ok({ roleId, menuIds, unreadable }, unreadable.length ? message(lang, 'menuUnreadable', { n: unreadable.length }) : undefined);
  });
}
