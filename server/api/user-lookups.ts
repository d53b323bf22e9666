import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context.ts';
import { liveSessionOf } from '../auth/tokens.ts';
import { bodyOf, compile, type Check } from '../http/validate.ts';
import { anyUser } from '../http/access.ts';
import { seesAllSeats } from '../../schemas/permissions.ts';
import { ApiError, forbidden, ok } from '../http/envelope.ts';
import { languageOf, message } from '../http/language.ts';

const seat = { type: 'string', maxLength: 8, pattern: '^[0-9]{1,8}$' } as const;
const departBody: Check<{ departId: number }> = compile({ type: 'object', additionalProperties: false, required: ['departId'], properties: { departId: { type: 'integer', minimum: 1 } } });
const seatBody: Check<{ userSeatNo: string }> = compile({ type: 'object', additionalProperties: false, required: ['userSeatNo'], properties: { userSeatNo: seat } });
const userBody: Check<{ userId?: number; userSeatNo?: string }> = compile({
  type: 'object', additionalProperties: false, minProperties: 1,
  properties: { userId: { type: 'integer', minimum: 1 }, userSeatNo: seat },
});

const seatOptions = (where: string) => `SELECT user_chinese_name || ' (' || user_seat_no || ')' AS label, user_seat_no AS value
  FROM users u WHERE enabled AND user_seat_no IS NOT NULL AND user_seat_no <> '0' ${where} ORDER BY user_seat_no`;
const LIVE = `AND ${liveSessionOf('u')}`;

/** userManagement look-ups and option lists (seat pickers, name pickers, a user's department or mobile). */
export default async function userLookupRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const { db } = ctx;
  app.post('/api/userManagement/getUserChineseNameOptions', { config: { access: anyUser } }, async () =>
    ok(await db.query(`SELECT user_chinese_name AS label, id AS value FROM users WHERE enabled ORDER BY id`)));
  // busy = 0 is "ready" in the spec: the seats free to take a call now.
  app.post('/api/userManagement/getUserSeatOptions0', { config: { access: anyUser } }, async () => ok(await db.query(seatOptions('AND busy = 0'))));
  // Seats that carry a phone bar: their department's phone_bar flag (a user without department has one).
  app.post('/api/userManagement/getSeatUserSeatOptions', { config: { access: anyUser } }, async () =>
    ok(await db.query(seatOptions('AND coalesce((SELECT d.phone_bar FROM departments d WHERE d.id = u.depart_id), true)'))));
  // "Cur": seats logged in now (a live session).
  app.post('/api/userManagement/getCurUserSeatOptions', { config: { access: anyUser } }, async () => ok(await db.query(seatOptions(LIVE))));
  app.post('/api/userManagement/getCurUserSeatOptionsByDepartId', { config: { access: anyUser } }, async (req) => {
    const body = bodyOf(req);
    departBody(body, languageOf(req));
    return ok(await db.query(seatOptions(`AND depart_id = $1 ${LIVE}`), [body.departId]));
  });
  app.post('/api/userManagement/getUserSeatOptionsByDepartId', { config: { access: anyUser } }, async (req) => {
    const body = bodyOf(req);
    departBody(body, languageOf(req));
    return ok(await db.query(seatOptions('AND depart_id = $1'), [body.departId]));
  });
  app.post('/api/userManagement/getUserRoleList', { config: { access: anyUser } }, async () =>
    ok(await db.query('SELECT name AS label, name_en AS "labelEn", code AS value FROM roles ORDER BY id')));

  app.post('/api/userManagement/getDepartIdByUserSeatNo', { config: { access: anyUser } }, async (req) => {
    const lang = languageOf(req);
    const body = bodyOf(req);
    seatBody(body, lang);
    const rows = await db.query<{ departId: number | null }>('SELECT depart_id AS "departId" FROM users WHERE user_seat_no = $1', [body.userSeatNo]);
    if (!rows[0]) throw new ApiError(404, message(lang, 'notFound'));
    return ok(rows[0]);
  });

  // A user's own record, or anyone's for administrators and supervisors.
  const lookup = (action: string, select: string) =>
    app.post(`/api/userManagement/${action}`, { config: { access: anyUser } }, async (req) => {
      const lang = languageOf(req);
      const b = bodyOf(req);
      userBody(b, lang);
      const me = req.user!;
      const own = (b.userId === undefined || b.userId === me.userId) && (b.userSeatNo === undefined || b.userSeatNo === me.userSeatNo);
      if (!own && !seesAllSeats(me)) throw forbidden(message(lang, 'ownReadOnly'));
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
