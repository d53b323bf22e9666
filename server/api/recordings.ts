import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { FromSchema } from 'json-schema-to-ts';
import type { AppContext } from '../context.ts';
import { anyUser, open, type SessionUser } from '../http/access.ts';
import { ApiError, forbidden, notFound, ok, unauthorized } from '../http/envelope.ts';
import { bearerToken } from '../http/guard.ts';
import { languageOf, message, type Language } from '../http/language.ts';
import { linkSessions, loadUserNow } from '../auth/tokens.ts';
import { userOfToken } from '../http/token-session.ts';
import { compile, type Check } from '../http/validate.ts';
import { LINK_QUERY_PROPERTIES, LinkSigner } from '../recordings/links.ts';
import { callId } from './callinfo-sql.ts';
import { ownSeatOf } from '../../schemas/permissions.ts';
import { orderReaderNow, reachesOrder } from '../workorders/files.ts';
import { callLinkedTo } from '../workorders/linked.ts';
import type { RecordingLinkAnswer } from '../../schemas/signed-links.ts';

/** Where the browser finds a call's recording: this + callId (the session user's recordSrc). */
export const RECORDINGS_BASE = '/api/recordings/';

const paramsCheck: Check<{ callId: string }> = compile({
  type: 'object', additionalProperties: false, required: ['callId'], properties: { callId },
});

/** A work order's id: the call is heard as one linked to that order (issue 21), by whoever reaches the order. */
const workOrderId = { type: 'integer', minimum: 1, maximum: 9_007_199_254_740_991 } as const;
const linkBodyCheck: Check<{ callId: string; workOrderId?: number }> = compile({
  type: 'object', additionalProperties: false, required: ['callId'], properties: { callId, workOrderId },
});
/** A signed link's query (and the order it was made through). Anything else, a `?token=` above all, is refused, naming the field. */
const linkQuerySchema = {
  type: 'object', additionalProperties: false, properties: { ...LINK_QUERY_PROPERTIES, order: { type: 'string', maxLength: 16, pattern: '^[1-9][0-9]*$' } },
} as const;
const linkQueryCheck: Check<FromSchema<typeof linkQuerySchema>> = compile(linkQuerySchema);

export interface ByteRange { start: number; end: number }

/**
 * The one byte range a Range header asks of a file of `size` bytes: a range, `null` when the
 * header is absent, malformed or asks several ranges (RFC 9110 lets a server ignore those and
 * send the whole file), or 'unsatisfiable' when it starts past the end.
 */
export function byteRange(header: string | undefined, size: number): ByteRange | null | 'unsatisfiable' {
  const m = /^bytes=(\d*)-(\d*)$/.exec((header ?? '').trim());
  if (!m || (m[1] === '' && m[2] === '')) return null;
  if (m[1] === '') {
    // A suffix: the last N bytes.
    const n = Number(m[2]);
    if (n === 0 || size === 0) return 'unsatisfiable';
    return { start: Math.max(0, size - n), end: size - 1 };
  }
  const start = Number(m[1]);
  const end = m[2] === '' ? size - 1 : Math.min(Number(m[2]), size - 1);
  if (m[2] !== '' && Number(m[2]) < start) return null;
  if (start >= size) return 'unsatisfiable';
  return { start, end };
}

/**
 * Recordings. `POST /api/recordings/link {callId}` answers a link that plays one call for
 * five minutes (LINK_KINDS; an <audio> element cannot send an Authorization header, and a login token in
 * a URL leaks). `GET /api/recordings/<callId>` serves the recording (audio/wav) with range
 * requests, so a player can seek, to a caller with that link or with the login token in the
 * Authorization header (API clients); never to a token in the query. Administrators and
 * supervisors may play any call; anyone else only calls of their own seat, checked when the link
 * is made, or a call linked to a work order they reach (`workOrderId` in the link's request; the
 * link then names the order, `?order=`, and both are checked again at every play). The file is found through the call record (record_path, relative to RECORDINGS_DIR),
 * never through the URL, and must resolve inside that folder.
 */
export default async function recordingRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const { db } = ctx;
  const root = path.resolve(ctx.config.telephony.recordingsDir);
  const links = new LinkSigner(ctx.secrets.jwtKey, 'recording');

  /**
   * The call's recording file, or the 404 that says why there is none. With `user`, first the
   * 403 when that user may not hear the call, so another seat learns nothing about its recording.
   */
  const recordingOf = async (id: string, lang: Language, user: Pick<SessionUser, 'roles' | 'userSeatNo'> | undefined) => {
    const [call] = await db.query<{ seat: string; recordPath: string }>(
      `SELECT user_seat_no AS seat, record_path AS "recordPath" FROM call_records WHERE call_id = $1 ORDER BY call_time DESC LIMIT 1`,
      [id],
    );
    if (!call) throw notFound(message(lang, 'callNotFound'));
    const own = user && ownSeatOf(user);
    if (own !== undefined && call.seat !== own) throw forbidden(message(lang, 'recordingOwnSeatOnly'));
    if (!call.recordPath) throw notFound(message(lang, 'recordingNone'));
    const file = path.resolve(root, call.recordPath);
    if (!file.startsWith(root + path.sep)) throw notFound(message(lang, 'recordingMissing'));
    const stat = await fs.promises.stat(file).catch(() => null);
    if (!stat?.isFile()) throw notFound(message(lang, 'recordingMissing'));
    return { file, size: stat.size };
  };

  /**
   * A call heard through a work order: the user reaches the order (403 as the order's API) and
   * the call is linked to it (its own call, or one its timeline names). Then the user's seat does
   * not matter: work-order staff hear the calls of the orders they handle.
   */
  const throughOrder = async (user: Parameters<typeof reachesOrder>[1], orderId: number, id: string, lang: Language) => {
    if (!(await reachesOrder(db, user, orderId))) throw forbidden(message(lang, 'woForbidden'));
    if (!(await callLinkedTo(db, orderId, id))) throw forbidden(message(lang, 'recordingNotOnOrder'));
  };
  /** What a link signs: the call, and the order it was made through (a call id holds no space). */
  const subjectOf = (id: string, orderId: number | undefined) => (orderId === undefined ? id : `${id} order:${orderId}`);

  app.post('/api/recordings/link', { config: { access: anyUser } }, async (req) => {
    const lang = languageOf(req);
    const body = req.body ?? {};
    linkBodyCheck(body, lang);
    const orderId = body.workOrderId;
    if (orderId !== undefined) await throughOrder(req.user!, orderId, body.callId, lang);
    await recordingOf(body.callId, lang, orderId === undefined ? req.user : undefined);
    const link = links.sign(subjectOf(body.callId, orderId), req.user!.userId, req.user!.jti, Date.now());
    const order = orderId === undefined ? '' : `order=${orderId}&`;
    const answer: RecordingLinkAnswer = { url: `${RECORDINGS_BASE}${encodeURIComponent(body.callId)}?${order}${link.query}`, exp: link.exp, ttlSeconds: links.ttlSeconds };
    return ok(answer);
  });

  // Declared open: a signed link carries no login token; the handler authenticates one or the other before reading a byte.
  app.get('/api/recordings/:callId', { config: { access: open } }, async (req, reply) => {
    const lang = languageOf(req);
    const params = req.params;
    paramsCheck(params, lang);
    const query = { ...(req.query as object) };
    linkQueryCheck(query, lang);
    const token = bearerToken(req.headers.authorization);
    const user = token ? await userOfToken(db, ctx.tokens, token) : undefined;
    if (token && !user) throw unauthorized();
    const orderId = (query as { order?: string }).order === undefined ? undefined : Number((query as { order: string }).order);
    const linkUser = user ? undefined : await links.userOf(query, subjectOf(params.callId, orderId), lang, (userId) => linkSessions(db, userId));
    if (!user && linkUser === undefined) throw unauthorized(message(lang, 'recordingCredentials'));
    // A link's user is checked again as they are now: moved to another seat or department, or disabled, the link ends at once.
    let bySeat: Pick<SessionUser, 'roles' | 'userSeatNo'> | undefined;
    if (orderId === undefined) {
      bySeat = user ?? (await loadUserNow(db, linkUser!));
      if (!bySeat) throw forbidden(message(lang, 'recordingLinkUserGone'));
    } else {
      const reader = user ?? (await orderReaderNow(db, linkUser!));
      if (!reader) throw forbidden(message(lang, 'recordingLinkUserGone'));
      await throughOrder(reader, orderId, params.callId, lang);
    }
    const { file, size } = await recordingOf(params.callId, lang, bySeat);

    const range = byteRange(req.headers.range, size);
    if (range === 'unsatisfiable') {
      throw new ApiError(416, message(lang, 'recordingRange', { size }), null, { 'content-range': `bytes */${size}` });
    }
    reply.header('content-type', 'audio/wav').header('accept-ranges', 'bytes');
    if (!range) {
      reply.header('content-length', size);
      return reply.send(fs.createReadStream(file));
    }
    reply.status(206)
      .header('content-range', `bytes ${range.start}-${range.end}/${size}`)
      .header('content-length', range.end - range.start + 1);
    return reply.send(fs.createReadStream(file, { start: range.start, end: range.end }));
  });
}
