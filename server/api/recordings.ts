import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context.ts';
import { anyUser } from '../http/access.ts';
import { ApiError, forbidden, notFound } from '../http/envelope.ts';
import { languageOf, message } from '../http/language.ts';
import { compile, type Check } from '../http/validate.ts';
import { callId, ownSeatOf } from './callinfo-sql.ts';

/** Where the browser finds a call's recording: this + callId (the session user's recordSrc). */
export const RECORDINGS_BASE = '/api/recordings/';

const paramsCheck: Check<{ callId: string }> = compile({
  type: 'object', additionalProperties: false, required: ['callId'], properties: { callId },
});

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
 * GET /api/recordings/<callId>: the call's recording (audio/wav) with range requests, so a
 * player can seek. Administrators and supervisors may play any call; anyone else only calls
 * of their own seat. The token may come as `?token=`: an <audio> element cannot send headers.
 * The file is found through the call record (record_path, relative to RECORDINGS_DIR), never
 * through the URL, and must resolve inside that folder.
 */
export default async function recordingRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const { db } = ctx;
  const root = path.resolve(ctx.config.telephony.recordingsDir);

  app.get('/api/recordings/:callId', { config: { access: anyUser, tokenFrom: 'query' } }, async (req, reply) => {
    const lang = languageOf(req);
    const params = req.params;
    paramsCheck(params, lang);
    const [call] = await db.query<{ seat: string; recordPath: string }>(
      `SELECT user_seat_no AS seat, record_path AS "recordPath" FROM call_records WHERE call_id = $1 ORDER BY call_time DESC LIMIT 1`,
      [params.callId],
    );
    if (!call) throw notFound(message(lang, 'callNotFound'));
    const own = ownSeatOf(req.user!);
    if (own !== undefined && call.seat !== own) throw forbidden(message(lang, 'recordingOwnSeatOnly'));
    if (!call.recordPath) throw notFound(message(lang, 'recordingNone'));
    const file = path.resolve(root, call.recordPath);
    if (!file.startsWith(root + path.sep)) throw notFound(message(lang, 'recordingMissing'));
    const stat = await fs.promises.stat(file).catch(() => null);
    if (!stat?.isFile()) throw notFound(message(lang, 'recordingMissing'));

    const range = byteRange(req.headers.range, stat.size);
    if (range === 'unsatisfiable') {
      throw new ApiError(416, message(lang, 'recordingRange', { size: stat.size }), null, { 'content-range': `bytes */${stat.size}` });
    }
    reply.header('content-type', 'audio/wav').header('accept-ranges', 'bytes');
    if (!range) {
      reply.header('content-length', stat.size);
      return reply.send(fs.createReadStream(file));
    }
    reply.status(206)
      .header('content-range', `bytes ${range.start}-${range.end}/${stat.size}`)
      .header('content-length', range.end - range.start + 1);
    return reply.send(fs.createReadStream(file, { start: range.start, end: range.end }));
  });
}
