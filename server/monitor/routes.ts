import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context.ts';
import { sessionWatch, type SessionEnd } from '../http/token-session.ts';
import { anyUser } from '../http/access.ts';
import { ApiError, forbidden } from '../http/envelope.ts';
import { acceptsEventStream, openSessionStream } from '../http/event-stream.ts';
import { languageOf, message } from '../http/language.ts';
import { ownSeatOf, seesAllSeats } from '../../schemas/permissions.ts';
import type { MonitorEnd } from '../../schemas/protocol/seat-monitor.ts';
import { SeatMonitorHub } from './hub.ts';

/**
 * Heartbeat period: a comment line every so often keeps proxies from closing an idle stream. The
 * session is also checked again every period, a backstop for an end that was not announced (the
 * listening connection was down): the stream of a revoked session ends within one period at worst.
 * Tests shorten it.
 */
export const monitorTiming = { heartbeatMs: 15_000 };

/**
 * Streams one user may hold open on this process at once: a monitor per tab, a few tabs. Each
 * holds a connection and a hub subscription, so one more is refused (429) rather than letting one
 * login hold a thousand. Counted per process, as the connections it protects are. Tests lower it.
 */
export const monitorLimits = { streamsPerUser: 5 };

/** The `end` event's reason for each way the watch ends a stream. */
const END_REASONS: Record<SessionEnd, MonitorEnd['reason']> = { ended: 'session', seat: 'seat', role: 'role' };

/**
 * GET /api/CallInfo/seatMonitorEvents: server-sent events of seat changes (see SeatMonitorHub).
 * The token comes in the Authorization header like every API call; `Last-Event-ID` resumes.
 * Events: `snapshot` (every visible seat), `seat` (one seat's new state), `end` (the stream is
 * over, MonitorEnd in schemas/protocol/seat-monitor.ts: the login ended, the agent's seat changed,
 * or the user may no longer see every seat).
 */
export default async function seatMonitorRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const hub = new SeatMonitorHub(ctx.db, (err) => app.log.error({ err }, 'seat monitor change not delivered'));
  await hub.start();
  const sessions = await sessionWatch(app, ctx);
  const open = new Set<() => void>();
  /** Open streams per user on this process (monitorLimits). */
  const perUser = new Map<number, number>();
  // Streams never end by themselves: end them before the server waits for its connections, and
  // stop listening while the database is surely still open (onClose hooks may close it first).
  app.addHook('preClose', async () => {
    for (const end of [...open]) end();
    await hub.stop();
  });

  app.get('/api/CallInfo/seatMonitorEvents', { config: { access: anyUser } }, async (req, reply) => {
    const lang = languageOf(req);
    const user = req.user!;
    const own = ownSeatOf(user);
    if (own === null) throw forbidden(message(lang, 'ownSeatOnly'));
    const lastHeader = req.headers['last-event-id'];
    const lastId = typeof lastHeader === 'string' && /^\d{1,20}$/.test(lastHeader) ? lastHeader : undefined;
    // The end of the login (logout, remote logout, newer login, password change, disabled or deleted
    // account, expiry) ends the stream at once, whichever process ended it (SessionWatch); so does an
    // agent moved to another seat. A supervisor's stream shows every seat: its seat does not matter.
    // Either ends when the user's roles change what they may see (a supervisor demoted sees only
    // their seat, an agent promoted every seat): the browser opens a new stream for that.
    const everySeat = own === undefined;
    acceptsEventStream(req);
    const held = perUser.get(user.userId) ?? 0;
    if (held >= monitorLimits.streamsPerUser) {
      throw new ApiError(429, message(lang, 'monitorTooManyStreams', { max: monitorLimits.streamsPerUser }), { retryAfter: 10 }, { 'retry-after': '10' });
    }
    perUser.set(user.userId, held + 1);
    let counted = true;
    // The response closes once the stream is over, however it ended: its place is free again.
    reply.raw.once('close', () => {
      if (!counted) return;
      counted = false;
      const left = (perUser.get(user.userId) ?? 1) - 1;
      if (left > 0) perUser.set(user.userId, left);
      else perUser.delete(user.userId);
    });
    const { stream, end, release } = openSessionStream(req, reply, {
      heartbeatMs: monitorTiming.heartbeatMs, sessions, open,
      watch: { seat: everySeat ? null : user.userSeatNo, admits: (fresh) => seesAllSeats(fresh) === everySeat },
      endReason: (why): MonitorEnd['reason'] => END_REASONS[why],
    });
    try {
      release(await hub.subscribe({ own, send: (msg) => stream.send(msg.type, msg, msg.id) }, lastId));
    } catch (err) {
      app.log.error({ err }, 'seat monitor stream could not start');
      end();
    }
  });
}
