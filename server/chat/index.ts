import type { FastifyInstance, FastifyRequest } from 'fastify';
import websocket from '@fastify/websocket';
import type { AppContext } from '../context.ts';
import { loadSessionUser } from '../auth/tokens.ts';
import { open } from '../http/access.ts';
import { ApiError, unauthorized } from '../http/envelope.ts';
import { languageOf, message } from '../http/language.ts';
import { seesAllSeats } from '../api/callinfo-sql.ts';
import { ChatHub, chatTiming } from './hub.ts';
import { serveVisitor } from './visitor.ts';
import { serveAgent } from './agent.ts';

/** Bytes of one socket frame the server accepts at all (the chat's own limit, CHAT_LIMITS.frameBytes, answers with an error frame below it). */
const MAX_PAYLOAD = 64 * 1024;

/**
 * The chat hub's sockets: /ws/visitor (customers, no login) and /ws/chat?token=<login token>
 * (agents and supervisors; browsers cannot set headers on a socket, hence the query). The
 * socket plugin is registered once for the whole server: here unless another module did first.
 */
export default async function chatRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  if (!app.hasDecorator('websocketServer')) await app.register(websocket, { options: { maxPayload: MAX_PAYLOAD } });
  const rules = () => ({
    capacity: ctx.config.chat.agentCapacity,
    staleMs: chatTiming.staleMs,
    graceMs: ctx.config.chat.graceSeconds * 1000,
  });
  const log = (err: unknown) => app.log.error({ err }, 'chat hub');
  const hub = new ChatHub(ctx.db, rules, log);
  await hub.start();
  app.addHook('preClose', () => hub.stop());

  app.get('/ws/visitor', { websocket: true, config: { access: open } }, (socket, req) => {
    serveVisitor(socket, languageOf(req), ctx.db, hub, log);
  });

  // The token is checked before the upgrade: a bad one gets a plain 401, no socket.
  const agentOf = async (req: FastifyRequest) => {
    const lang = languageOf(req);
    const token = (req.query as { token?: unknown }).token;
    const claims = typeof token === 'string' && token.length < 4096 ? await ctx.tokens.claims(token) : undefined;
    const user = claims && (await loadSessionUser(ctx.db, claims.userId, claims.jti));
    if (!user) throw unauthorized(message(lang, 'chatLoginRequired'));
    if (!user.userSeatNo && !seesAllSeats(user)) throw new ApiError(403, message(lang, 'chatNoSeat'));
    const [who] = await ctx.db.query<{ name: string; avatar: string }>(
      'SELECT user_chinese_name AS name, avatar FROM users WHERE id = $1', [user.userId]);
    return { ...user, name: who?.name ?? user.userName, avatar: who?.avatar ?? '' };
  };
  const agents = new WeakMap<FastifyRequest, Awaited<ReturnType<typeof agentOf>>>();
  app.get('/ws/chat', {
    websocket: true,
    config: { access: open },
    preValidation: async (req) => {
      agents.set(req, await agentOf(req));
    },
  }, (socket, req) => {
    serveAgent(socket, languageOf(req), agents.get(req)!, ctx.db, hub, rules, log);
  });
}
