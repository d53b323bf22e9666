import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context.ts';
import { compile } from '../entities/validate.ts';
import { anyUser, isAdmin, type SessionUser } from '../http/access.ts';
import { ApiError, forbidden, ok } from '../http/envelope.ts';
import { languageOf, message } from '../http/language.ts';

const READERS = ['admin', 'supervisor'];
const seat = { type: 'string', pattern: '^[0-9]{1,8}$' };
const departBody = compile({ type: 'object', additionalProperties: false, required: ['departId'], properties: { departId: { type: 'integer', minimum: 1 } } });
const seatBody = compile({ type: 'object', additionalProperties: false, required: ['userSeatNo'], properties: { userSeatNo: seat } });
const userBody = compile({
  type: 'object', additionalProperties: false, minProperties: 1,
  properties: { userId: { type: 'integer', minimum: 1 }, userSeatNo: seat },
});

const canReadOthers = (u: SessionUser) => u.roles.some((r) => READERS.includes(r)) || isAdmin(u);
const seatOptions = (where: string) => `SELECT user_chinese_name || ' (' || user_seat_no || ')' AS label, user_seat_no AS value
  FROM users u WHERE enabled AND user_seat_no IS NOT NULL AND user_seat_no <> '0' ${where} ORDER BY user_seat_no`;
const LIVE = 'AND EXISTS (SELECT 1 FROM sessions s WHERE s.user_id = u.id AND s.revoked_at IS NULL AND s.expires_at > now())';

/** userManagement look-ups and option lists (seat pickers, name pickers, a user's department or mobile). */
export default async function userLookupRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const { db } = ctx;
  app.post('/api/userManagement/getUserChineseNameOptions', { config: { access: anyUser } }, async () =>
    ok(await db.query(`SELECT user_chinese_name AS label, id AS value FROM users WHERE enabled ORDER BY id`)));
  // busy = 0 is "ready" in the spec: the seats free to take a call now.
  app.post('/api/userManagement/getUserSeatOptions0', { config: { access: anyUser } }, async () => ok(await db.query(seatOptions('AND busy = 0'))));
  // Seats that carry a phone bar (departments 4-6 have none).
  app.post('/api/userManagement/getSeatUserSeatOptions', { config: { access: anyUser } }, async () =>
    ok(await db.query(seatOptions('AND (depart_id IS NULL OR depart_id NOT IN (4, 5, 6))'))));
  // "Cur": seats logged in now (a live session).
  app.post('/api/userManagement/getCurUserSeatOptions', { config: { access: anyUser } }, async () => ok(await db.query(seatOptions(LIVE))));
  app.post('/api/userManagement/getCurUserSeatOptionsByDepartId', { config: { access: anyUser } }, async (req) => {
    departBody(req.body ?? {}, languageOf(req));
    return ok(await db.query(seatOptions(`AND depart_id = $1 ${LIVE}`), [(req.body as { departId: number }).departId]));
  });
  app.post('/api/userManagement/getUserSeatOptionsByDepartId', { config: { access: anyUser } }, async (req) => {
    departBody(req.body ?? {}, languageOf(req));
    return ok(await db.query(seatOptions('AND depart_id = $1'), [(req.body as { departId: number }).departId]));
  });
  app.post('/api/userManagement/getUserRoleList', { config: { access: anyUser } }, async () =>
    ok(await db.query('SELECT name AS label, code AS value FROM roles ORDER BY id')));

  app.post('/api/userManagement/getDepartIdByUserSeatNo', { config: { access: anyUser } }, async (req) => {
    const lang = languageOf(req);
    seatBody(req.body ?? {}, lang);
    const rows = await db.query<{ departId: number | null }>('SELECT depart_id AS "departId" FROM users WHERE user_seat_no = $1', [(req.body as { userSeatNo: string }).userSeatNo]);
    if (!rows[0]) throw new ApiError(404, message(lang, 'notFound'));
    return ok(rows[0]);
  });

  // A user's own record, or anyone's for administrators and supervisors.
  const lookup = (action: string, select: string) =>
    app.post(`/api/userManagement/${action}`, { config: { access: anyUser } }, async (req) => {
      const lang = languageOf(req);
      userBody(req.body ?? {}, lang);
      const b = req.body as { userId?: number; userSeatNo?: string };
      const me = req.user!;
      const own = (b.userId === undefined || b.userId === me.userId) && (b.userSeatNo === undefined || b.userSeatNo === me.userSeatNo);
      if (!own && !canReadOthers(me)) throw forbidden(message(lang, 'ownOnly'));
      const rows = await db.query(`SELECT ${select} FROM users u WHERE ($1::int IS NULL OR id = $1) AND ($2::text IS NULL OR user_seat_no = $2)`,
        [b.userId ?? null, b.userSeatNo ?? null]);
      if (!rows[0]) throw new ApiError(404, message(lang, 'notFound'));
      return ok(rows[0]);
    });
  lookup('getUserMobile', 'mobile, user_seat_no AS "userSeatNo"');
  lookup('getUserInfoByUserId', `id AS "userId", user_name AS "userName", user_chinese_name AS "userChineseName", user_english_name AS "userEnglishName",
    user_seat_no AS "userSeatNo", fjh, lineid, depart_id AS "departId", company_id AS "companyId", mobile, email, avatar, busy, enabled,
    coalesce((SELECT array_agg(r.code ORDER BY r.code) FROM user_roles ur JOIN roles r ON r.id = ur.role_id WHERE ur.user_id = u.id), '{}') AS roles`);
}
