import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context.ts';
import type { FromSchema } from 'json-schema-to-ts';
import { compile, type Check } from '../http/validate.ts';
import { typed } from '../lists/conditions.ts';
import { anyUser } from '../http/access.ts';
import { ApiError, ok } from '../http/envelope.ts';
import { languageOf, message } from '../http/language.ts';

const byIdSchema = { type: 'object', additionalProperties: false, required: ['id'], properties: { id: { type: 'integer', minimum: 1 } } } as const;
const byId: Check<FromSchema<typeof byIdSchema>> = compile(byIdSchema);

/** lineManagement beyond the generic actions: a line's dial prefix, and the prefixes as options. */
export default async function lineManagementRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  app.post('/api/lineManagement/getPreByLineId', { config: { access: anyUser } }, async (req) => {
    const lang = languageOf(req);
    // The id as a JSON body, or (as the spec's front end sends it) a query parameter.
    const input = req.body !== undefined ? req.body : typed(byIdSchema.properties, req.query as Record<string, unknown>);
    byId(input, lang);
    const rows = await ctx.db.query<{ pre: string }>('SELECT pre FROM lines WHERE id = $1', [input.id]);
    if (!rows[0]) throw new ApiError(404, message(lang, 'notFound'));
    return ok(rows[0]);
  });

  app.post('/api/lineManagement/getLinePreOptions', { config: { access: anyUser } }, async () =>
    ok(await ctx.db.query(`SELECT line_name || ' (' || pre || ')' AS label, CASE WHEN line_name_en <> '' THEN line_name_en || ' (' || pre || ')' ELSE '' END AS "labelEn",
              pre AS value FROM lines WHERE pre <> '' ORDER BY id`)),
  );
}
