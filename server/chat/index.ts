import type { FastifyInstance, FastifyRequest } from 'fastify';
import websocket from '@fastify/websocket';
import type { AppContext } from '../context.ts';
import type { WebSocket } from 'ws';
import { open } from '../http/access.ts';
import { sessionWatch, userOfToken } from '../http/token-session.ts';
import { ApiError, unauthorized } from '../http/envelope.ts';
import { languageOf, message } from '../http/language.ts';
import { seesAllSeats } from '../../schemas/permissions.ts';
import { ChatHub, chatRules } from './hub.ts';
import { serveVisitor } from './visitor.ts';
import { serveAgent } from './agent.ts';
import { wechatOf } from './channels/wechat/index.ts';
import { VisitorBudget } from './visitor-budget.ts';
import { admissionGate, type Gate } from '../db/gate.ts';

/** Each server's visitors' gate (tests hold it to show who does not wait behind it). */
export const visitorGates = new WeakMap<AppContext, Gate>();

/**
 * Sockets and new chats per sender (test hook). Customers behind one carrier NAT share an
 * address, hence generous numbers: they bound a script, not a crowd. Over a limit the socket
 * gets an error frame and is closed (4429); a refused new chat leaves the socket open.
 */
export const chatSocketLimits = {
  /** Visitor sockets open at once from one address, on one process. */
  visitorsPerAddress: 50,
  /** New chats one address may open per minute, counted in the shared limiter (every process). */
  newChatsPerMinute: 30,
  /** Agent sockets one user may hold at once, on one process. */
  agentSocketsPerUser: 10,
};

export const CLOSE_TOO_MANY = 4429;
/** The user may not take chats (not in a chat department): like a changed seat, retrying will not help. */
export const CLOSE_NOT_CHAT_AGENT = 4403;

/** Counts open sockets per key; refuses (error frame, close 4429) one over `max`, and forgets a socket when it closes. */
function socketCap() {
  const open = new Map<string | number, number>();
  return (ws: WebSocket, key: string | number, max: number, refusal: string): boolean => {
    const n = open.get(key) ?? 0;
    if (n >= max) {
      ws.send(refusal);
      ws.close(CLOSE_TOO_MANY, 'too many sockets');
      return false;
    }
    open.set(key, n + 1);
    ws.on('close', () => {
      const left = (open.get(key) ?? 1) - 1;
      if (left > 0) open.set(key, left);
      else open.delete(key);
    });
    return true;
  };
}

/** Bytes of one socket frame the server accepts at all (the chat's own limit, CHAT_LIMITS.frameBytes, answers with an error frame below it). */
const MAX_PAYLOAD = 64 * 1024;

/**
 * The chat hub's sockets: /ws/visitor (customers, no login) and /ws/chat?token=<login token>
 * (agents and supervisors; browsers cannot set headers on a socket, hence the query). The
 * socket plugin is registered once for the whole server: here unless another module did first.
 */
export default async function chatRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  if (!app.hasDecorator('websocketServer')) await app.register(websocket, { options: { maxPayload: MAX_PAYLOAD } });
  const rules = () => chatRules(ctx.config);
  const log = (err: unknown) => app.log.error({ err }, 'chat hub');
  const hub = new ChatHub(ctx.db, rules, log);
  await hub.start();
  app.addHook('preClose', () => hub.stop());
  const sessions = await sessionWatch(app, ctx);

  const tooMany = (lang: ReturnType<typeof languageOf>, max: number) =>
    JSON.stringify({ type: 'error', code: 429, msg: message(lang, 'chatTooManySockets', { max }) });
  const visitorCap = socketCap();
  const visitorBudget = new VisitorBudget(ctx.limiter, () => ctx.config.anonChat);
  const visitorGate = admissionGate(ctx.config.anonChat.gate);
  visitorGates.set(ctx, visitorGate);
  // The wait (ms) before this address may open another chat; 0 = now. Refused attempts count too.
  const newChatWait = async (address: string) => {
    const [t] = await ctx.limiter.take([{ kind: 'chat_address', key: address, windowMs: 60_000 }]);
    return t!.hits > chatSocketLimits.newChatsPerMinute ? t!.waitMs : 0;
  };
  app.get('/ws/visitor', { websocket: true, config: { access: open } }, (socket, req) => {
    const lang = languageOf(req);
    if (!visitorCap(socket, req.ip, chatSocketLimits.visitorsPerAddress, tooMany(lang, chatSocketLimits.visitorsPerAddress))) return;
    serveVisitor(socket, lang, ctx.db, hub, log, () => newChatWait(req.ip), ctx.clock, { address: req.ip, budget: visitorBudget, gate: visitorGate });
  });

  // The token is checked before the upgrade: a bad one gets a plain 401, no socket.
  const agentOf = async (req: FastifyRequest) => {
    const lang = languageOf(req);
    const token = (req.query as { token?: unknown }).token;
    const user = await userOfToken(ctx.db, ctx.tokens, token);
    if (!user) throw unauthorized(message(lang, 'chatLoginRequired'));
    if (!user.userSeatNo && !seesAllSeats(user)) throw new ApiError(403, message(lang, 'chatNoSeat'));
    const [who] = await ctx.db.query<{ name: string; avatar: string; chat: boolean }>(
      `SELECT u.user_chinese_name AS name, u.avatar, coalesce(d.chat, false) AS chat
         FROM users u LEFT JOIN departments d ON d.id = u.depart_id WHERE u.id = $1`, [user.userId]);
    return { ...user, token: token as string, name: who?.name ?? user.userName, avatar: who?.avatar ?? '', chat: who?.chat ?? false };
  };
  const agentCap = socketCap();
  const agents = new WeakMap<FastifyRequest, Awaited<ReturnType<typeof agentOf>>>();
  app.get('/ws/chat', {
    websocket: true,
    config: { access: open },
    preValidation: async (req) => {
      agents.set(req, await agentOf(req));
    },
  }, (socket, req) => {
    const lang = languageOf(req);
    const agent = agents.get(req)!;
    // Only a chat department's users take chats; supervisors and administrators read them all.
    // Refused after the upgrade, with an error frame the inbox can show, rather than a bare HTTP 403.
    if (!agent.chat && !seesAllSeats(agent)) {
      socket.send(JSON.stringify({ type: 'error', code: 403, msg: message(lang, 'chatNotChatAgent') }));
      socket.close(CLOSE_NOT_CHAT_AGENT, 'not a chat agent');
      return;
    }
    if (!agentCap(socket, agent.userId, chatSocketLimits.agentSocketsPerUser, tooMany(lang, chatSocketLimits.agentSocketsPerUser))) return;
    serveAgent(socket, lang, agent, { db: ctx.db, sessions, clock: ctx.clock, channel: wechatOf(ctx) }, hub, rules, log);
  });
}
