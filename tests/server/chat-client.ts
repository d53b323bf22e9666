import crypto from 'node:crypto';
import WebSocket from 'ws';
import type { FastifyInstance } from 'fastify';
import type { Queryable } from '../../server/db/types.ts';

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

export function urlOf(app: FastifyInstance, path: string): string {
  const { port } = app.server.address() as { port: number };
  return `ws://127.0.0.1:${port}${path}`;
}

export async function connect(url: string, lang = 'en'): Promise<ChatSocket> {
  const ws = new WebSocket(url, { headers: { 'accept-language': lang } });
  const frames: any[] = [];
  const waiters = new Set<() => void>();
  ws.on('message', (data) => {
    frames.push(JSON.parse(String(data)));
    for (const w of waiters) w();
  });
  await new Promise<void>((resolve, reject) => {
    ws.once('open', () => resolve());
    ws.once('error', reject);
    ws.once('unexpected-response', (_req, res) => reject(new Error(`HTTP ${res.statusCode}`)));
  });
  return {
    frames,
    send: (f) => ws.send(JSON.stringify(f)),
    sendRaw: (t) => ws.send(t),
    next: (match, ms = 3000) => new Promise((resolve, reject) => {
      const check = () => {
        const hit = frames.find(match);
        if (!hit) return;
        clearTimeout(timer);
        waiters.delete(check);
        resolve(hit);
      };
      const timer = setTimeout(() => {
        waiters.delete(check);
        reject(new Error(`no matching frame within ${ms} ms; got ${JSON.stringify(frames).slice(0, 2000)}`));
      }, ms);
      waiters.add(check);
      check();
    }),
    settle: async (match, ms = 400) => {
      await new Promise((r) => setTimeout(r, ms));
      return frames.filter(match);
    },
    close: () => new Promise<void>((resolve) => {
      if (ws.readyState === ws.CLOSED) return resolve();
      ws.once('close', () => resolve());
      ws.close();
    }),
  };
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

/** Opens a new status log for the seat (0 = ready), as the phone bar's status changes do. */
export const setStatus = (db: { transaction: <T>(fn: (tx: Queryable) => Promise<T>) => Promise<T> }, seat: string, status: number) =>
  db.transaction(async (tx) => {
    await tx.query('UPDATE seat_status_logs SET s_end_time = now() WHERE user_seat_no = $1 AND s_end_time IS NULL', [seat]);
    await tx.query(`INSERT INTO seat_status_logs (user_seat_no, user_chinese_name, status, s_start_time) VALUES ($1, '', $2, now())`, [seat, status]);
  });

export const isMsg = (content: string) => (f: any) => f.type === 'message' && f.content === content;
export const isChat = (chatId: string, state?: string) => (f: any) => f.type === 'chat' && f.chat.chatId === chatId && (!state || f.chat.state === state);
