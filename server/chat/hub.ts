import type { Config } from '../config.ts';
import type { Db } from '../db/types.ts';
import { CHANNEL as SEAT_CHANNEL } from '../monitor/hub.ts';
import type { ServerFrame } from '../../schemas/protocol/chat.ts';
import { assignWaiting, refreshSockets, requeueGone, type AssignRules } from './assign.ts';
import { CHANNEL, chatInfos, messagesAfter, type ChatInfoRow, type Typing } from './store.ts';

/** One socket as the hub sees it: what it may read and how far it has been sent each chat. */
export interface Conn {
  kind: 'visitor' | 'agent' | 'supervisor';
  /** The agent's seat ('' for visitors and supervisors without one). */
  seat: string;
  /** Presence row id of an agent socket. */
  socketId?: string;
  send(frame: ServerFrame): void;
}

interface ConnState {
  /** chat row id -> highest seq sent. */
  cursors: Map<number, number>;
  /** chat row id -> the chat frame last sent (a notification that changes nothing sends nothing). */
  sent: Map<number, string>;
  /** Pumps queued and not started yet (one is enough per chat). */
  pending: Set<number>;
  queue: Promise<unknown>;
}

const PAGE = 200;

/** Test hooks: timers of the presence refresh and assignment sweep. */
export const chatTiming = { tickMs: 5_000, staleMs: 15_000 };

/** The assignment rules of the configuration (read at each use: tests change chatTiming). */
export const chatRules = (config: Pick<Config, 'chat'>): AssignRules => ({
  capacity: config.chat.agentCapacity,
  staleMs: chatTiming.staleMs,
  graceMs: config.chat.graceSeconds * 1000,
});

/**
 * The process's fan-out. Every stored message and state change is announced with NOTIFY (see
 * store.ts); this hub LISTENs and, for each socket allowed to see the chat, sends what the
 * socket has not been sent yet, read from the database after its cursor. A lost notification
 * therefore loses nothing (the next one, or a resume, sends the rest) and nothing goes out twice.
 * Each socket's sends run one after another in its own queue, in seq order.
 */
export class ChatHub {
  private readonly conns = new Map<Conn, ConnState>();
  private readonly unlisten: Array<() => Promise<void>> = [];
  private timer?: NodeJS.Timeout;
  private assigning?: Promise<void>;
  private assignAgain = false;
  private stopped = false;

  constructor(private readonly db: Db, private readonly rules: () => AssignRules, private readonly onError: (err: unknown) => void) {}

  async start(): Promise<void> {
    this.unlisten.push(await this.db.listen(CHANNEL, (p) => this.notified(p), () => this.resync()));
    // A seat's status changed somewhere: if that agent is ours and now ready, waiting chats may go to it.
    this.unlisten.push(await this.db.listen(SEAT_CHANNEL, (p) => {
      const seat = p.slice(p.indexOf(':') + 1);
      if ([...this.conns.keys()].some((c) => c.kind === 'agent' && c.seat === seat)) this.assignSoon();
    }));
    this.timer = setInterval(() => void this.tick(), chatTiming.tickMs);
  }

  async stop(): Promise<void> {
    this.stopped = true;
    clearInterval(this.timer);
    for (const off of this.unlisten) await off();
    await this.assigning;
    await Promise.all([...this.conns.values()].map((s) => s.queue));
    this.conns.clear();
  }

  /**
   * Registers a socket with the chats it starts with (cursor = the last seq the client saw);
   * `first` (the welcome) is sent before anything else.
   */
  attach(conn: Conn, chats: Array<{ id: number; from: number }>, first: () => void): void {
    const state: ConnState = { cursors: new Map(), sent: new Map(), pending: new Set(), queue: Promise.resolve() };
    this.conns.set(conn, state);
    void this.inQueue(conn, first);
    for (const c of chats) {
      state.cursors.set(c.id, c.from);
      this.pump(conn, c.id);
    }
  }

  detach(conn: Conn): void {
    this.conns.delete(conn);
  }

  /** Runs `fn` in the socket's queue: after everything already sent to it. */
  inQueue(conn: Conn, fn: () => Promise<void> | void): Promise<void> {
    const s = this.conns.get(conn);
    if (!s) return Promise.resolve();
    const run = s.queue.then(fn);
    s.queue = run.catch((err: unknown) => this.onError(err));
    return run;
  }

  /** Assigns waiting chats soon; calls while an assignment runs make it run once more. */
  assignSoon(): void {
    if (this.stopped) return;
    if (this.assigning) {
      this.assignAgain = true;
      return;
    }
    this.assigning = (async () => {
      do {
        this.assignAgain = false;
        await assignWaiting(this.db, this.rules());
      } while (this.assignAgain && !this.stopped);
    })().catch((err: unknown) => this.onError(err)).finally(() => {
      this.assigning = undefined;
    });
  }

  private async tick(): Promise<void> {
    try {
      const mine = [...this.conns.keys()].flatMap((c) => (c.socketId ? [c.socketId] : []));
      await refreshSockets(this.db, mine);
      await requeueGone(this.db, this.rules());
      this.assignSoon();
    } catch (err) {
      this.onError(err);
    }
  }

  private sees(conn: Conn, s: ConnState, id: number): boolean {
    return conn.kind === 'supervisor' || s.cursors.has(id);
  }

  private pump(conn: Conn, id: number): void {
    const s = this.conns.get(conn);
    if (!s || s.pending.has(id)) return;
    s.pending.add(id);
    void this.inQueue(conn, async () => {
      s.pending.delete(id);
      for (;;) {
        const from = s.cursors.get(id) ?? 0;
        const rows = await messagesAfter(this.db, id, from, PAGE);
        if (!this.conns.has(conn)) return;
        for (const m of rows) conn.send(m);
        if (rows.length) s.cursors.set(id, rows.at(-1)!.seq);
        if (rows.length < PAGE) return;
      }
    });
  }

  private notified(payload: string): void {
    if (payload.startsWith('t:')) return this.typing(payload.slice(2));
    const m = /^([mc]):(\d+)$/.exec(payload);
    if (!m) return;
    const id = Number(m[2]);
    if (m[1] === 'm') {
      for (const [conn, s] of this.conns) if (this.sees(conn, s, id)) this.pump(conn, id);
    } else {
      void this.changed(id).catch((err: unknown) => this.onError(err));
    }
  }

  /** Someone types: the other side of the chat gets the preview, straight from the notification. */
  private typing(json: string): void {
    let t: Typing;
    try {
      t = JSON.parse(json) as Typing;
    } catch {
      return;
    }
    for (const [conn, s] of this.conns) {
      if (!this.sees(conn, s, t.id) || (conn.kind === 'visitor') === (t.role === 'client')) continue;
      void this.inQueue(conn, () => conn.send({ type: 'typing', chatId: t.chatId, role: t.role, content: t.content }));
    }
  }

  /** A chat's state changed: tell who sees it, hand it to its new agent's sockets, take it from the old one's. */
  private async changed(id: number): Promise<void> {
    const [info] = await chatInfos(this.db, [id]);
    if (!info) return;
    if (info.state !== 'assigned') this.assignSoon();
    for (const [conn, s] of this.conns) {
      const mine = conn.kind === 'agent' && info.state === 'assigned' && info.agent?.serverChatId === conn.seat;
      if (conn.kind === 'agent' && mine && !s.cursors.has(id)) {
        s.cursors.set(id, 0);
        this.sendChat(conn, s, info);
        this.pump(conn, id);
      } else if (conn.kind === 'agent' && !mine && s.cursors.has(id)) {
        void this.inQueue(conn, () => {
          conn.send(info.state === 'closed' ? { type: 'chat', chat: strip(info) } : { type: 'unassigned', chatId: info.chatId });
          s.cursors.delete(id);
          s.sent.delete(id);
        });
      } else if (this.sees(conn, s, id)) {
        this.sendChat(conn, s, info);
      }
    }
  }

  private sendChat(conn: Conn, s: ConnState, info: ChatInfoRow): void {
    void this.inQueue(conn, () => {
      const chat = strip(info);
      const text = JSON.stringify({ ...chat, lastSeq: 0 });
      if (s.sent.get(info.id) === text) return;
      s.sent.set(info.id, text);
      conn.send({ type: 'chat', chat });
    });
  }

  /** The listening connection was lost and is back: notifications in between are gone, so read again. */
  private resync(): void {
    for (const [conn, s] of this.conns) {
      for (const id of s.cursors.keys()) {
        this.pump(conn, id);
        void this.changed(id).catch((err: unknown) => this.onError(err));
      }
    }
    this.assignSoon();
  }
}

/** The wire form of a chat (without the row id). */
export const strip = ({ id: _id, ...chat }: ChatInfoRow) => chat;
