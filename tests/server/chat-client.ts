import crypto from 'node:crypto';
import WebSocket from 'ws';
import { afterAll, beforeAll } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { chatTiming } from '../../server/chat/hub.ts';
import type { Queryable } from '../../server/db/types.ts';
import { arrivals } from '../support/arrivals.ts';
import { WAIT_MS } from '../support/until.ts';

/** A test socket on the chat hub: every frame received is kept; `next` waits for a matching one. */
export interface ChatSocket {
  frames: any[];
  send(frame: unknown): void;
  sendRaw(text: string): void;
  next(match: (f: any) => boolean, ms?: number): Promise<any>;
  /** Frames received within `ms` that match (to prove something did NOT arrive, or arrived once). */
  settle(match: (f: any) => boolean, ms?: number): Promise<any[]>;
  close(): Promise<void>;
}

/**
 * Runs the hub's timers at `timing` for the tests of the file or describe block that calls it
 * (so a test sees a stale agent or a queue tick in a fraction of a second) and puts them back
 * after them: registered before the block's own hooks, it is set before its server starts and
 * restored after the server closed.
 */
export function fastChatTiming(timing: Partial<typeof chatTiming>): void {
  const saved = { ...chatTiming };
  beforeAll(() => {
    Object.assign(chatTiming, timing);
  });
  afterAll(() => {
    Object.assign(chatTiming, saved);
  });
}

export function urlOf(app: FastifyInstance, path: string): string {
  const { port } = app.server.address() as { port: number };
  return `ws://127.0.0.1:${port}${path}`;
}

/** `localAddress`: the loopback address the socket comes from (127.0.0.2 ...), as the server sees a visitor's address. */
export async function connect(url: string, lang = 'en', localAddress?: string): Promise<ChatSocket> {
  const ws = new WebSocket(url, { headers: { 'accept-language': lang }, ...(localAddress ? { localAddress } : {}) });
  let closed = '';
  const got = arrivals<any>('frame', (frames) => `${frames.length} frames${closed}: ${frames.map(brief).join(' ')}`);
  ws.on('message', (data) => got.push(JSON.parse(String(data))));
  ws.on('close', (code, reason) => {
    closed = `, then closed ${code} ${String(reason)}`;
  });
  await new Promise<void>((resolve, reject) => {
    ws.once('open', () => resolve());
    ws.once('error', reject);
    ws.once('unexpected-response', (_req, res) => reject(new Error(`HTTP ${res.statusCode}`)));
  });
  return {
    frames: got.seen,
    send: (f) => ws.send(JSON.stringify(f)),
    sendRaw: (t) => ws.send(t),
    next: (match, ms = WAIT_MS) => got.next(match, ms),
    settle: async (match, ms = 400) => {
      await new Promise((r) => setTimeout(r, ms));
      return got.seen.filter(match);
    },
    close: () => new Promise<void>((resolve) => {
      if (ws.readyState === ws.CLOSED) return resolve();
      ws.once('close', () => resolve());
      ws.close();
    }),
  };
}

/**
 * A frame in a few characters, for a failed wait's message: every frame a socket received can be
 * listed whole (a chat frame's full text is long enough to hide all but the first few).
 */
function brief(f: any): string {
  const chat = f.chatId ?? f.chat?.chatId;
  const parts = [f.type, f.role, chat === undefined ? undefined : `…${String(chat).slice(-6)}`, f.chat?.state, f.clientMsgId, f.seq === undefined ? undefined : `#${f.seq}`, f.code];
  return parts.filter((p) => p !== undefined && p !== '').join(':');
}

/**
 * Puts the users in a new department that takes chats and returns its id: only a chat
 * department's users are chat agents, and the seeded agents work the phones.
 */
export async function joinChatDepartment(db: Queryable, userNames: string[]): Promise<number> {
  const [d] = await db.query<{ id: number }>('INSERT INTO departments (name, chat) VALUES ($1, true) RETURNING id', [`chat ${crypto.randomUUID()}`]);
  await db.query('UPDATE users SET depart_id = $1 WHERE user_name = ANY($2::text[])', [d!.id, userNames]);
  return d!.id;
}

/** The chat tests (and the security ones) take the seat status set-up from here, with the sockets. */
export { setStatus } from './seat-fixtures.ts';

export const isMsg = (content: string) => (f: any) => f.type === 'message' && f.content === content;
export const isChat = (chatId: string, state?: string) => (f: any) => f.type === 'chat' && f.chat.chatId === chatId && (!state || f.chat.state === state);
