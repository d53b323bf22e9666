import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppContext } from '../context.ts';
import { anyUser } from '../http/access.ts';
import { ok } from '../http/envelope.ts';
import { languageOf, message } from '../http/language.ts';
import { bodyOf, compile, type Check } from '../http/validate.ts';
import { conditionsOf } from '../lists/conditions.ts';
import { noticeQuerySchema, type NoticeItem } from '../../schemas/notice-list.ts';

type NoticeQuery = { kind?: 'notice' | 'email' };
const checkQuery: Check<NoticeQuery> = compile(noticeQuerySchema);

/** The most notices the popover lists at once (newest first); older ones wait until these are cleared. */
export const NOTICE_PAGE = 50;

// The notices the user has not cleared, of one tab or both: `$1` the user, `$2` the tab or null.
const UNREAD = `FROM notices n WHERE ($2::text IS NULL OR n.kind = $2::text)
  AND NOT EXISTS (SELECT 1 FROM notice_reads r WHERE r.user_id = $1 AND r.notice_id = n.id)`;

/**
 * The header's notification popover (issue 24 item 4; spec: GET /notice/getList). Administrators
 * write notices through the generic entity screens (schemas/entities/notices.ts); every user reads
 * the ones they have not cleared, and "clear" records them as read for that user in the database,
 * so it holds on every device and in every process. Served under /api and, as the spec writes it,
 * at the root.
 */
export default async function noticeRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const query = (req: FastifyRequest): NoticeQuery => {
    const c = conditionsOf(noticeQuerySchema, req);
    checkQuery(c, languageOf(req));
    return c;
  };
  for (const prefix of ['/api', '']) {
    app.get(`${prefix}/notice/getList`, { config: { access: anyUser } }, async (req) => {
      const { kind } = query(req);
      const params = [req.user!.userId, kind ?? null];
      const list = await ctx.db.query<NoticeItem>(
        `SELECT n.id, n.title, n.content, n.kind, n.created_at AS "createTime" ${UNREAD} ORDER BY n.created_at DESC, n.id DESC LIMIT ${NOTICE_PAGE}`, params);
      const [count] = await ctx.db.query<{ n: number }>(`SELECT count(*)::integer AS n ${UNREAD}`, params);
      return ok({ list, total: Number(count?.n ?? 0) });
    });
    // Marks every notice the user has not cleared (of the tab, or both) as read by them.
    app.post(`${prefix}/notice/clear`, { config: { access: anyUser } }, async (req) => {
      const lang = languageOf(req);
      const body = bodyOf(req);
      checkQuery(body, lang);
      const rows = await ctx.db.query<{ notice_id: number }>(
        `INSERT INTO notice_reads (user_id, notice_id) SELECT $1, n.id ${UNREAD} ON CONFLICT DO NOTHING RETURNING notice_id`,
        [req.user!.userId, body.kind ?? null]);
      return ok({ cleared: rows.length }, message(lang, 'noticesCleared'));
    });
  }
}
