import type { WebSocket } from 'ws';
import type { Db } from '../db/types.ts';
import { message, type Language } from '../http/language.ts';
import { VISITOR_FRAMES, type VisitorFrame } from '../../schemas/protocol/chat.ts';
import type { ChatHub, Conn } from './hub.ts';
import { strip } from './hub.ts';
import { FrameError, checksOf, serveFrames, type FrameSocket } from './socket.ts';
import { chatByToken, chatInfos, closeChat, createChat, notifyTyping, postMessage, rateChat, withChat, type Refusal } from './store.ts';
import type { Clock } from '../clock.ts';
import { GateBusy, type Gate } from '../db/gate.ts';
import type { VisitorBudget } from './visitor-budget.ts';

/** What bounds an anonymous visitor's socket: its address, the visitors' budgets and the gate their database work goes through. */
export interface VisitorAdmission { address: string; budget: VisitorBudget; gate: Gate }

const checks = checksOf<VisitorFrame>(VISITOR_FRAMES);

const refused = <T>(r: T | Refusal): T => {
  if (r && typeof r === 'object' && 'refused' in r) throw new FrameError(r.refused === 'chatNotFound' ? 404 : 409, r.refused);
  return r as T;
};

/**
 * /ws/visitor: a customer's socket. `hello` opens a new chat (or resumes one by its token); then
 * the visitor writes, types, closes and rates only that chat. The system message is stored in
 * Chinese, the console's default language (the inbox shows it to agents).
 */
export function serveVisitor(ws: WebSocket, lang: Language, db: Db, hub: ChatHub, log: (err: unknown) => void,
  newChatWait: () => Promise<number>, clock: Clock, admission: VisitorAdmission): void {
  const { address, budget, gate } = admission;
  let chat: number | null = null;
  let chatId = '';
  let conn: Conn | null = null;

  const open = async (out: FrameSocket, id: number, from: number, token?: string) => {
    const [info] = await chatInfos(db, [id]);
    chat = id;
    chatId = info!.chatId;
    conn = { kind: 'visitor', seat: '', send: out.send };
    hub.attach(conn, [{ id, from }], () => out.send({ type: 'welcome', chat: strip(info!), ...(token ? { token } : {}) }));
  };

  const handle = async (f: VisitorFrame, out: FrameSocket) => {
    if (f.type === 'hello') {
      if (chat !== null) throw new FrameError(409, 'chatHelloTwice');
      if (f.token === undefined) {
        // New chats per address are limited (index.ts, visitor-budget.ts): a script cannot flood the queue.
        budget.chatRefusedLocally(address);
        const wait = await newChatWait();
        if (wait) throw new FrameError(429, 'chatTooManyNew', { seconds: Math.ceil(wait / 1000) }, { retryAfterMs: wait });
        const at = clock.date();
        const created = await createChat(db, (f.name ?? '').trim() || message('zh', 'chatVisitor'), message('zh', 'chatNewCustomer'), at,
          { address, admit: (tx) => budget.admitChat(tx, address, at) });
        await open(out, created.id, 0, created.token);
        hub.assignSoon();
      } else {
        const id = await chatByToken(db, f.token);
        if (id === null) throw new FrameError(403, 'chatTokenUnknown');
        await open(out, id, f.lastSeq ?? 0);
      }
      return;
    }
    if (chat === null) throw new FrameError(400, 'chatHelloFirst');
    const id = chat;
    const isOpen = (c: { state: string }) => (c.state === 'on' ? null : 'chatClosed' as const);
    if (f.type === 'message') {
      const posted = refused(await postMessage(db, { id },
        { role: 'client', sender: 'client', clientMsgId: f.clientMsgId, contentType: f.contentType, content: f.content }, clock.date(), isOpen));
      out.send({ type: 'ack', chatId: posted.chat.chatId, clientMsgId: f.clientMsgId, seq: posted.seq });
    } else if (f.type === 'typing') {
      await notifyTyping(db, { id, chatId, role: 'client', content: f.content ?? '' });
    } else if (f.type === 'close') {
      refused(await withChat(db, id, isOpen, (tx, c) => closeChat(tx, c, undefined, clock.date())));
    } else if (f.type === 'rate') {
      refused(await withChat(db, id, (c) => (c.state === 'on' ? 'chatNotClosed' : c.rating !== null ? 'chatAlreadyRated' : null),
        (tx, c) => rateChat(tx, c, f.rating)));
    }
  };

  // Budgets first (no query once spent), then the gate: a visitor's database work never crowds out logged-in work.
  const admitted = async (f: VisitorFrame, out: FrameSocket) => {
    if (f.type === 'typing') {
      // A preview is worth nothing late: dropped, not queued, when the gate is taken.
      await gate.tryRun(() => handle(f, out));
      return;
    }
    if (f.type === 'message' && chat !== null) await budget.message(address);
    try {
      await gate.run(() => handle(f, out));
    } catch (err) {
      if (err instanceof GateBusy) throw new FrameError(429, 'chatAnonBusy', {}, { retryAfterMs: err.retryAfterMs });
      throw err;
    }
  };

  serveFrames(ws, lang, checks, admitted, log);
  ws.on('close', () => {
    if (conn) hub.detach(conn);
  });
}
