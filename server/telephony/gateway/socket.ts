/**
 * GET /ws?token=<token>[&lang=zh|en]: the phone bar's socket (schemas/protocol/phone.ts). The
 * token is checked like any API call's (claims + live session); a bad one gets an ERROR frame
 * and close code 4401. A socket commands its own seat only (the token user's userSeatNo, admin
 * included). Every frame is parsed strictly; a refused one gets an ERROR frame and never
 * reaches the switch. Closing the socket does not close the seat's status (page reloads).
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import websocket from '@fastify/websocket';
import type { WebSocket, RawData } from 'ws';
import type { AppContext } from '../../context.ts';
import { loadSessionUser } from '../../auth/tokens.ts';
import { open } from '../../http/access.ts';
import { languageOf, message, type Language, type MessageKey } from '../../http/language.ts';
import { MAX_COMMAND_LENGTH, PHONE_SOCKET, formatMessage, parseCommand, type PhoneErrorCode, type PhoneMessage } from '../../../schemas/protocol/phone.ts';
import type { Gateway, SeatSocket } from './gateway.ts';

/** Limits of one socket; tests shorten them. */
export const socketLimits = {
  /** Commands a socket may send in one second; more get ERROR RATE. */
  commandsPerSecond: 20,
  /** A socket silent for this long (three missed heartbeats) is closed. */
  idleMs: PHONE_SOCKET.heartbeatMs * 3,
  /** Bytes of one frame; a larger one closes the socket (1009, message too big). */
  maxFrameBytes: MAX_COMMAND_LENGTH * 4,
};

/** The ceiling for every socket of the app (ws refuses larger frames before they are buffered whole). */
export const WS_MAX_PAYLOAD = 64 * 1024;

export const CLOSE_UNAUTHORIZED = 4401;
export const CLOSE_NO_SEAT = 4403;
export const CLOSE_IDLE = 4408;

function langOf(req: FastifyRequest): Language {
  const q = (req.query as { lang?: unknown } | undefined)?.lang;
  return q === 'en' || q === 'zh' ? q : languageOf(req);
}

async function userOf(ctx: AppContext, token: unknown) {
  if (typeof token !== 'string' || token.length === 0 || token.length > 4096) return undefined;
  const claims = await ctx.tokens.claims(token);
  try {
    return claims ? await loadSessionUser(ctx.db, claims.userId, claims.jti) : undefined;
  } catch {
    return undefined; // a superseded session throws its own API error: on the socket it is just refused
  }
}

export async function registerPhoneSocket(app: FastifyInstance, ctx: AppContext, gateway: Gateway): Promise<void> {
  // The chat sockets use the same plugin: whoever comes first registers it (once per app), with
  // a server-wide frame ceiling; this socket's own, smaller limit is checked per frame below.
  if (!app.hasDecorator('websocketServer')) await app.register(websocket, { options: { maxPayload: WS_MAX_PAYLOAD } });


  app.get('/ws', { websocket: true, config: { access: open } }, (ws: WebSocket, req: FastifyRequest) => {
    const lang = langOf(req);
    const token = (req.query as { token?: unknown } | undefined)?.token;
    const send = (msg: PhoneMessage) => {
      if (ws.readyState === ws.OPEN) ws.send(formatMessage(msg));
    };
    const error = (code: PhoneErrorCode, key: MessageKey, params: Record<string, string> = {}) =>
      send({ type: 'ERROR', code, msg: message(lang, key, params) });

    let seatSocket: SeatSocket | null = null;
    let fjh = '';
    let windowStart = 0;
    let inWindow = 0;
    let idle: NodeJS.Timeout | undefined;
    const resetIdle = () => {
      clearTimeout(idle);
      idle = setTimeout(() => ws.close(CLOSE_IDLE, 'idle'), socketLimits.idleMs);
      idle.unref();
    };
    resetIdle();

    // Frames are handled one after another, after the token check (handlers are attached at once so none is lost).
    const auth = userOf(ctx, token);
    let chain: Promise<unknown> = auth.then((user) => {
      if (!user) {
        error('NOT_LOGGED_IN', 'phone_UNAUTHORIZED');
        ws.close(CLOSE_UNAUTHORIZED, 'unauthorized');
      } else if (!user.userSeatNo) {
        error('OTHER_SEAT', 'phone_NO_SEAT');
        ws.close(CLOSE_NO_SEAT, 'no seat');
      }
    });

    const handle = async (text: string): Promise<void> => {
      const user = await auth;
      if (!user?.userSeatNo || ws.readyState !== ws.OPEN) return;
      const own = user.userSeatNo;
      const parsed = parseCommand(text);
      if (!parsed.ok) {
        if (parsed.error === 'FORMAT') return error('FORMAT', 'phone_FORMAT');
        return error(parsed.error, parsed.error === 'UNKNOWN' ? 'phone_UNKNOWN' : 'phone_FIELD', { field: parsed.field ?? '' });
      }
      const c = parsed.command;
      if (c.cmd === 'herbert') {
        // The heartbeat also re-checks the session: a logged-out or expired token's socket ends within one beat.
        if (!(await userOf(ctx, token))) {
          error('NOT_LOGGED_IN', 'phone_UNAUTHORIZED');
          ws.close(CLOSE_UNAUTHORIZED, 'unauthorized');
          return;
        }
        return send({ type: 'herbert' });
      }
      if (c.userSeatNo !== own) return error('OTHER_SEAT', 'phone_OTHER_SEAT', { seat: own });
      if (c.cmd === 'login') {
        const [row] = await ctx.db.query<{ fjh: string }>('SELECT fjh FROM users WHERE user_seat_no = $1', [own]);
        fjh = row?.fjh ?? '';
        if (!seatSocket) {
          seatSocket = { seat: own, send };
          gateway.attach(seatSocket);
        }
        return send(await gateway.stateOf(own));
      }
      if (!seatSocket) return error('NOT_LOGGED_IN', 'phone_NOT_LOGGED_IN');
      // A dial-out waits for its job: it must not hold up the frames behind it.
      void gateway.command(own, fjh, c).then((r) => {
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
      if (seatSocket) gateway.detach(seatSocket);
    });
  });
}
