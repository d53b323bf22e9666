import crypto from 'node:crypto';
import type { WebSocket } from 'ws';
import type { Db } from '../db/types.ts';
import type { SessionUser } from '../http/access.ts';
import type { Language } from '../http/language.ts';
import { seesAllSeats } from '../../schemas/permissions.ts';
import { AGENT_FRAMES, type AgentFrame } from '../../schemas/protocol/chat.ts';
import { socketClosed, socketOpened, transferTo, type AssignRules } from './assign.ts';
import { strip, type ChatHub, type Conn } from './hub.ts';
import { FrameError, checksOf, serveFrames, socketTiming, type FrameSocket } from './socket.ts';
import type { SessionWatch } from '../http/token-session.ts';
import { chatIdOf, closeChat, markRead, notifyTyping, openChats, postMessage, readStates, setFollow, withChat, type ChatRow, type Refusal } from './store.ts';
import type { Clock } from '../clock.ts';
import type { WechatChannel } from './channels/wechat/index.ts';

const checks = checksOf<AgentFrame>(AGENT_FRAMES);

const refused = <T>(r: T | Refusal): T => {
  if (r && typeof r === 'object' && 'refused' in r) throw new FrameError(r.refused === 'chatNotFound' ? 404 : 403, r.refused);
  return r as T;
};

/**
 * /ws/chat: an agent's or supervisor's socket (the login token checked at connect). An agent
 * reads and writes only the open chats assigned to it and receives the ones assigned to it
 * while connected; supervisors (and administrators) read every open chat and write in none.
 */
export function serveAgent(ws: WebSocket, lang: Language, user: SessionUser & { token: string; name: string; avatar: string },
  { db, sessions, clock, channel }: { db: Db; sessions: SessionWatch; clock: Clock; channel: Pick<WechatChannel, 'refusal' | 'deliver'> }, hub: ChatHub, rules: () => AssignRules, log: (err: unknown) => void): void {
  const supervisor = seesAllSeats(user);
  const seat = user.userSeatNo;
  let conn: Conn | null = null;

  /** The chat, if this agent may write in it now. */
  const mine = (c: ChatRow) => (supervisor ? 'chatSupervisorReadOnly' as const : c.seat !== seat ? 'chatNotYours' as const : c.state !== 'on' ? 'chatClosed' as const : null);
  const find = async (chatId: string) => {
    const c = await chatIdOf(db, chatId);
    if (!c) throw new FrameError(404, 'chatNotFound', {}, { chatId });
    return c;
  };

  const handle = async (f: AgentFrame, out: FrameSocket) => {
    // The session is not read again per frame: the session watch checks it as soon as any process
    // ends it or changes the user, and on a quiet socket every heartbeat period.
    if (session.ended) return;
    if (f.type === 'hello') {
      if (conn) throw new FrameError(409, 'chatHelloTwice');
      const socketId = supervisor ? undefined : crypto.randomUUID();
      if (socketId) await socketOpened(db, socketId, seat);
      const chats = await openChats(db, supervisor ? undefined : seat);
      const since = f.since ?? {};
      const reads = await readStates(db, user.userId, chats);
      conn = { kind: supervisor ? 'supervisor' : 'agent', seat, ...(socketId ? { socketId } : {}), send: out.send };
      hub.attach(conn, chats.map((c) => ({ id: c.id, from: Object.prototype.hasOwnProperty.call(since, c.chatId) ? since[c.chatId]! : 0 })),
        () => out.send({ type: 'welcome', me: { serverChatId: seat, serverChatName: user.name, avatarUrl: user.avatar }, supervisor, chats: chats.map(strip), reads }));
      if (!supervisor) hub.assignSoon();
      return;
    }
    if (!conn) throw new FrameError(400, 'chatHelloFirst');
    if (f.type === 'message' && !supervisor) {
      const m = { role: 'agent', sender: seat, clientMsgId: f.clientMsgId, contentType: f.contentType, content: f.content } as const;
      // A web chat's message: one statement finds, locks, checks and writes (store.ts postMessage).
      const posted = refused(await postMessage(db, { chatId: f.chatId }, m, clock.date(), mine, true));
      if (posted.seq !== null) {
        out.send({ type: 'ack', chatId: f.chatId, clientMsgId: f.clientMsgId, seq: posted.seq });
        return;
      }
      // Another channel's chat: its rules (WeChat's reply window) refuse before anything is stored.
      const id = posted.chat.id;
      const channelRefusal = await channel.refusal(id, f.contentType);
      if (channelRefusal) throw new FrameError(409, channelRefusal, {}, { chatId: f.chatId, clientMsgId: f.clientMsgId });
      const { seq } = refused(await postMessage(db, { id }, m, clock.date(), mine));
      out.send({ type: 'ack', chatId: f.chatId, clientMsgId: f.clientMsgId, seq });
      // A WeChat chat's message goes on to the customer; a refusal shows in the chat with its reason.
      await channel.deliver(id, seq);
      return;
    }
    const c = await find(f.chatId);
    if (f.type === 'message') {
      throw new FrameError(403, 'chatSupervisorReadOnly');
    } else if (f.type === 'typing') {
      const why = mine(c);
      if (why) throw new FrameError(403, why, {}, { chatId: f.chatId });
      await notifyTyping(db, { id: c.id, chatId: c.chatId, role: 'agent', content: f.content ?? '' });
    } else if (f.type === 'read') {
      refused(await withChat(db, c.id, (x) => (supervisor || x.seat !== seat ? 'chatNotYours' : null), (tx, locked) => markRead(tx, locked, user.userId, f.seq)));
    } else if (f.type === 'follow') {
      // Whoever reads the chat may follow it: supervisors any, an agent its own.
      if (!supervisor && c.seat !== seat) throw new FrameError(403, 'chatNotYours', {}, { chatId: f.chatId });
      await setFollow(db, user.userId, c.id, f.follow);
    } else if (f.type === 'close') {
      refused(await withChat(db, c.id, mine, (tx, locked) => closeChat(tx, locked, f.solved, clock.date())));
    } else if (f.type === 'transfer') {
      if (f.toSeat === seat) throw new FrameError(409, 'chatTransferSelf', {}, { chatId: f.chatId });
      const moved = refused(await withChat(db, c.id, mine, (tx, locked) => transferTo(tx, locked.id, f.toSeat, rules())));
      if (!moved) throw new FrameError(409, 'chatTransferTarget', { seat: f.toSeat }, { chatId: f.chatId });
    }
  };

  const out = serveFrames(ws, lang, checks, handle, log);
  // The login is checked again as soon as any process ends one of the user's sessions or changes
  // the user, and every heartbeat period (not per frame: no query per message): a socket whose session ended, whose
  // user moved to another seat, or whose roles no longer give the reach it opened with (every chat
  // as a supervisor, or only their own) is closed (4401/4403: the inbox does not reconnect).
  const session = sessions.open(user, user.token, (why) => {
    out.fail(new FrameError(why === 'role' ? 403 : 401, why === 'seat' ? 'chatSeatChanged' : why === 'role' ? 'chatRoleChanged' : 'chatSessionEnded'));
    ws.close(why === 'ended' ? 4401 : 4403, why === 'ended' ? 'unauthorized' : `${why} changed`);
  }, socketTiming.heartbeatMs, { admits: (fresh) => seesAllSeats(fresh) === supervisor });
  ws.on('close', () => {
    session.stop();
    if (!conn) return;
    hub.detach(conn);
    if (conn.socketId) void socketClosed(db, conn.socketId).catch(log);
  });
}
