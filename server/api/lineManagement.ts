import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context.ts';
import { compile } from '../entities/validate.ts';
import { anyUser } from '../http/access.ts';
import { ApiError, ok } from '../http/envelope.ts';
import { languageOf, message } from '../http/language.ts';

const byId = compile({ type: 'object', additionalProperties: false, required: ['id'], properties: { id: { type: 'integer', minimum: 1 } } });

/** lineManagement beyond the generic actions: a line's dial prefix, and the prefixes as options. */
export default async function lineManagementRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  app.post('/api/lineManagement/getPreByLineId', { config: { access: anyUser } }, async (req) => {
    const lang = languageOf(req);
    const q = req.query as Record<string, string>;
    const input = req.body ?? (q.id !== undefined ? { id: /^\d+$/.test(q.id) ? Number(q.id) : q.id } : {});
    byId(input, lang);
    const rows = await ctx.db.query<{ pre: string }>('SELECT pre FROM lines WHERE id = $1', [(input as { id: number }).id]);
    if (!rows[0]) throw new ApiError(404, message(lang, 'notFound'));
    return ok(rows[0]);
  });

  app.post('/api/lineManagement/getLinePreOptions', { config: { access: anyUser } }, async () =>
    ok(await ctx.db.query(`SELECT line_name || ' (' || pre || ')' AS label, pre AS value FROM lines WHERE pre <> '' ORDER BY id`)),
  );
}
