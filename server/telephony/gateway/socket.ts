/**
 * GET /ws?token=<token>[&lang=zh|en]: the phone bar's socket (schemas/protocol/phone.ts). The
 * token is checked like any API call's (claims + live session); a bad one gets an ERROR frame
 * and close code 4401. A socket commands its own seat only (the token user's userSeatNo, admin
 * included). Every frame is parsed strictly; a refused one gets an ERROR frame and never
 * reaches the switch. Each authenticated socket keeps its seat present (server/seats/presence.ts):
 * closing it does not close the seat's status at once (page reloads), the grace period does.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import websocket from '@fastify/websocket';
import type { WebSocket, RawData } from 'ws';
import type { AppContext } from '../../context.ts';
import { ApiError } from '../../http/envelope.ts';
import { sessionWatch, userOfToken, type SessionEnd, type SocketSession } from '../../http/token-session.ts';
import { open } from '../../http/access.ts';
import { languageOf, message, type Language, type MessageKey } from '../../http/language.ts';
import { MAX_COMMAND_LENGTH, PHONE_SOCKET, formatMessage, parseCommand, type PhoneErrorCode, type PhoneMessage } from '../../../schemas/protocol/phone.ts';
import type { Gateway, SeatSocket } from './gateway.ts';
import type { SeatPresence } from '../../seats/presence.ts';

/** Limits of one socket; tests shorten them. */
export const socketLimits = {
  /** Commands a socket may send in one second; more get ERROR RATE. */
  commandsPerSecond: 20,
  /** A socket silent for this long (three missed heartbeats) is closed. */
  idleMs: PHONE_SOCKET.heartbeatMs * 3,
  /** Bytes of one frame; a larger one closes the socket (1009, message too big). */
  maxFrameBytes: MAX_COMMAND_LENGTH * 4,
  /**
   * Open sockets one user's seat may hold on all processes (a phone bar per tab, a few tabs),
   * counted in the presence table; one more is refused with close 4429 and the reason in the
   * socket's language.
   */
  maxSocketsPerUser: 4,
  /** A quiet socket's login is checked again this often (a command's before it runs; never for a heartbeat). */
  recheckMs: PHONE_SOCKET.heartbeatMs as number,
  /**
   * The server pings every socket this often (a WebSocket ping, which browsers answer by
   * themselves); one that left two pings in a row unanswered is cut at once. A browser whose
   * network went away (no close ever arrives) is then gone within three of these, and its seat
   * leaves after the presence grace, instead of after the idle time and a close handshake.
   */
  pingMs: 15_000,
};

/** The ceiling for every socket of the app (ws refuses larger frames before they are buffered whole). */
export const WS_MAX_PAYLOAD = 64 * 1024;

export const CLOSE_UNAUTHORIZED = 4401;
export const CLOSE_NO_SEAT = 4403;
export const CLOSE_IDLE = 4408;
export const CLOSE_TOO_MANY = 4429;

/** A close frame's reason holds at most 123 bytes of UTF-8: the message, cut on a character. */
export function closeReason(text: string): string {
  let out = '';
  for (const ch of text) {
    if (Buffer.byteLength(out + ch) > 123) break;
    out += ch;
  }
  return out;
}

function langOf(req: FastifyRequest): Language {
  const q = (req.query as { lang?: unknown } | undefined)?.lang;
  return q === 'en' || q === 'zh' ? q : languageOf(req);
}

/** The token's user, or undefined (a superseded session is just refused on the socket). */
/** The user's department has the phone bar (a user without a department has one, as the session user's phoneBar says). */
async function hasPhoneBar(ctx: AppContext, userId: number): Promise<boolean> {
  const [row] = await ctx.db.query<{ phoneBar: boolean }>(
    'SELECT coalesce(d.phone_bar, true) AS "phoneBar" FROM users u LEFT JOIN departments d ON d.id = u.depart_id WHERE u.id = $1', [userId]);
  return row?.phoneBar ?? false;
}

const userOf = (ctx: AppContext, token: unknown) => userOfToken(ctx.db, ctx.tokens, token).catch((err: unknown) => {
  if (err instanceof ApiError) return undefined;
  throw err;
});

export async function registerPhoneSocket(app: FastifyInstance, ctx: AppContext, gateway: Gateway, presence: SeatPresence): Promise<void> {
  // The chat sockets use the same plugin: whoever comes first registers it (once per app), with
  // a server-wide frame ceiling; this socket's own, smaller limit is checked per frame below.
  if (!app.hasDecorator('websocketServer')) await app.register(websocket, { options: { maxPayload: WS_MAX_PAYLOAD } });

  const sessions = await sessionWatch(app, ctx);

  app.get('/ws', { websocket: true, config: { access: open } }, (ws: WebSocket, req: FastifyRequest) => {
    const lang = langOf(req);
    const token = (req.query as { token?: unknown } | undefined)?.token;
    const send = (msg: PhoneMessage) => {
      if (ws.readyState === ws.OPEN) ws.send(formatMessage(msg));
    };
    const error = (code: PhoneErrorCode, key: MessageKey, params: Record<string, string> = {}) =>
      send({ type: 'ERROR', code, msg: message(lang, key, params) });

    let seatSocket: SeatSocket | null = null;
    /** The seat's extension and the caller IDs it may dial out with, read at login. */
    let phone = { fjh: '', callerIds: [] as string[] };
    let windowStart = 0;
    let inWindow = 0;
    let idle: NodeJS.Timeout | undefined;
    const resetIdle = () => {
      clearTimeout(idle);
      idle = setTimeout(() => ws.close(CLOSE_IDLE, 'idle'), socketLimits.idleMs);
      idle.unref();
    };
    resetIdle();
    // Pings left unanswered in a row; two (a busy moment may delay one answer) cut the socket.
    let unanswered = 0;
    ws.on('pong', () => {
      unanswered = 0;
    });
    const liveness = setInterval(() => {
      if (unanswered >= 2) {
        ws.terminate();
        return;
      }
      unanswered += 1;
      ws.ping();
    }, socketLimits.pingMs);
    liveness.unref();

    // The login is checked again before every command, as soon as any process ends one of the
    // user's sessions, and on a timer (SocketSession): a socket whose session ended, or whose user
    // was given another seat, is closed (4401/4403: the phone bar does not reconnect), not kept serving.
    let session: SocketSession | null = null;
    let present: Promise<string | undefined> | null = null;
    const ended = (why: SessionEnd) => {
      if (why === 'seat') error('OTHER_SEAT', 'phone_SEAT_CHANGED');
      else error('NOT_LOGGED_IN', 'phone_UNAUTHORIZED');
      ws.close(why === 'seat' ? CLOSE_NO_SEAT : CLOSE_UNAUTHORIZED, why === 'seat' ? 'seat changed' : 'unauthorized');
    };

    // Frames are handled one after another, after the token check (handlers are attached at once so none is lost).
    const auth = userOf(ctx, token).then(async (user) => {
      if (ws.readyState !== ws.OPEN) return undefined;
      if (!user) {
        error('NOT_LOGGED_IN', 'phone_UNAUTHORIZED');
        ws.close(CLOSE_UNAUTHORIZED, 'unauthorized');
        return undefined;
      }
      if (!user.userSeatNo) {
        error('OTHER_SEAT', 'phone_NO_SEAT');
        ws.close(CLOSE_NO_SEAT, 'no seat');
        return undefined;
      }
      // A department without the phone bar (work-order staff, say) has no phone: its users'
      // sockets are refused as the chat hub refuses users of a department that takes no chats.
      if (!(await hasPhoneBar(ctx, user.userId))) {
        if (ws.readyState === ws.OPEN) {
          error('OTHER_SEAT', 'phone_NO_PHONE_BAR');
          ws.close(CLOSE_NO_SEAT, 'no phone bar');
        }
        return undefined;
      }
      if (ws.readyState !== ws.OPEN) return undefined;
      // The seat's place among its open sockets (all processes); a presence the database failed
      // to record leaves the socket serving, as before the limit.
      let refused = false;
      present = presence.openedWithin(user.userSeatNo, socketLimits.maxSocketsPerUser).then((id) => {
        refused = id === undefined;
        return id;
      }, (err: unknown) => {
        req.log.error({ err }, 'phone socket presence not recorded');
        return undefined;
      });
      await present;
      if (refused) {
        const why = message(lang, 'phone_TOO_MANY_SOCKETS', { max: String(socketLimits.maxSocketsPerUser) });
        send({ type: 'ERROR', code: 'RATE', msg: why });
        ws.close(CLOSE_TOO_MANY, closeReason(why));
        return undefined;
      }
      if (ws.readyState !== ws.OPEN) return undefined;
      session = sessions.open(user, token as string, ended, socketLimits.recheckMs);
      return user;
    }).catch((err: unknown) => {
      req.log.error({ err }, 'phone socket login not checked');
      error('INTERNAL', 'phone_INTERNAL');
      ws.close(1011, 'internal error');
      return undefined;
    });
    let chain: Promise<unknown> = auth;

    const handle = async (text: string): Promise<void> => {
      const user = await auth;
      if (!user || !session || ws.readyState !== ws.OPEN) return;
      const own = user.userSeatNo;
      const parsed = parseCommand(text);
      if (!parsed.ok) {
        if (parsed.error === 'FORMAT') return error('FORMAT', 'phone_FORMAT');
        return error(parsed.error, parsed.error === 'UNKNOWN' ? 'phone_UNKNOWN' : 'phone_FIELD', { field: parsed.field ?? '' });
      }
      const c = parsed.command;
      // A heartbeat touches no database: a session that ends is pushed to the socket by the
      // session watch (any process's logout, its timer as the backstop). Every other command
      // first re-checks the login.
      if (c.cmd === 'herbert') return send({ type: 'herbert' });
      if (!(await session.check())) return;
      if (c.userSeatNo !== own) return error('OTHER_SEAT', 'phone_OTHER_SEAT', { seat: own });
      if (c.cmd === 'login') {
        const [row] = await ctx.db.query<{ fjh: string; callerId: string | null }>(
          'SELECT u.fjh, l.caller_id AS "callerId" FROM users u LEFT JOIN lines l ON l.id = u.lineid WHERE u.user_seat_no = $1', [own]);
        const fjh = row?.fjh ?? '';
        phone = { fjh, callerIds: [fjh, row?.callerId ?? ''].filter((n) => n !== '') };
        if (!seatSocket) {
          seatSocket = { seat: own, send };
          gateway.attach(seatSocket);
        }
        await gateway.verify(own);
        return send(await gateway.stateOf(own));
      }
      if (!seatSocket) return error('NOT_LOGGED_IN', 'phone_NOT_LOGGED_IN');
      // A dial-out waits for its job: it must not hold up the frames behind it.
      void gateway.command(own, { ...phone, user: user.userName }, c).then((r) => {
        if (r.ok) send(r.msg);
        else error(r.refusal.code, r.refusal.key, r.refusal.params);
      });
    };

    ws.on('message', (data: RawData, isBinary: boolean) => {
      resetIdle();
      const size = Array.isArray(data) ? data.reduce((n, b) => n + b.length, 0) : (data as Buffer | ArrayBuffer).byteLength;
      if (size > socketLimits.maxFrameBytes) {
        error('FORMAT', 'phone_FORMAT');
        ws.close(1009, 'frame too large');
        return;
      }
      const now = Date.now();
      if (now - windowStart >= 1000) {
        windowStart = now;
        inWindow = 0;
      }
      inWindow += 1;
      if (inWindow > socketLimits.commandsPerSecond) {
        // One ERROR per window: a flood gets one answer, not one per frame.
        if (inWindow === socketLimits.commandsPerSecond + 1) error('RATE', 'phone_RATE');
        return;
      }
      const text = isBinary ? '' : data.toString();
      chain = chain.then(() => handle(text)).catch((err: unknown) => {
        req.log.error({ err }, 'phone socket frame not handled');
        error('INTERNAL', 'phone_INTERNAL');
      });
    });
    ws.on('close', () => {
      clearTimeout(idle);
      clearInterval(liveness);
      session?.stop();
      if (seatSocket) gateway.detach(seatSocket);
      void present?.then((id) => (id ? presence.closed(id) : undefined)).catch((err: unknown) => req.log.error({ err }, 'phone socket close not recorded'));
    });
  });
}
