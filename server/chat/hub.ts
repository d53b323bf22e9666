import type { Config } from '../config.ts';
import type { Db } from '../db/types.ts';
import { CHANNEL as SEAT_CHANNEL } from '../monitor/hub.ts';
import type { ChatMessageFrame, ServerFrame } from '../../schemas/protocol/chat.ts';
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
 * socket has not been sent yet: the message the notification carries, or what the database
 * holds after the socket's cursor. Notifications of one chat arrive in seq order (its writers
 * take turns on its row lock), so a socket's cursor tells what it still lacks: a message at or
 * below it is not sent again, and a lost notification loses nothing (the next `m:`, a resync or
 * a resume reads the rest). Each socket's sends run one after another in its own queue, in seq
 * order. Sockets are indexed by the chats they follow and by seat: a notification touches only
 * its chat's sockets (and the supervisors', who see every chat).
 */
export class ChatHub {
  private readonly conns = new Map<Conn, ConnState>();
  /** chat row id -> the sockets with a cursor on it. */
  private readonly byChat = new Map<number, Set<Conn>>();
  /** seat -> its agent sockets. */
  private readonly bySeat = new Map<string, Set<Conn>>();
  private readonly supervisors = new Set<Conn>();
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
      if (this.bySeat.has(seat)) this.assignSoon();
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
    if (conn.kind === 'supervisor') this.supervisors.add(conn);
    if (conn.kind === 'agent') addTo(this.bySeat, conn.seat, conn);
    void this.inQueue(conn, first);
    for (const c of chats) {
      this.follow(conn, state, c.id, c.from);
      this.pump(conn, c.id);
    }
  }

  detach(conn: Conn): void {
    const s = this.conns.get(conn);
    if (!s) return;
    this.conns.delete(conn);
    this.supervisors.delete(conn);
    if (conn.kind === 'agent') takeFrom(this.bySeat, conn.seat, conn);
    for (const id of s.cursors.keys()) takeFrom(this.byChat, id, conn);
  }

  /** The socket follows the chat from `seq` on. */
  private follow(conn: Conn, s: ConnState, id: number, seq: number): void {
    s.cursors.set(id, seq);
    addTo(this.byChat, id, conn);
  }

  private unfollow(conn: Conn, s: ConnState, id: number): void {
    s.cursors.delete(id);
    s.sent.delete(id);
    takeFrom(this.byChat, id, conn);
  }

  /** The sockets that see the chat: those following it and the supervisors. */
  private watchers(id: number): Set<Conn> {
    const following = this.byChat.get(id);
    if (!this.supervisors.size) return following ?? new Set();
    return new Set([...(following ?? []), ...this.supervisors]);
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

  private pump(conn: Conn, id: number): void {
    const s = this.conns.get(conn);
    if (!s || s.pending.has(id)) return;
    s.pending.add(id);
    void this.inQueue(conn, async () => {
      s.pending.delete(id);
      for (;;) {
        const from = s.cursors.get(id) ?? 0;
        const rows = await messagesAfter(this.db, id, from, PAGE);
        if (!this.conns.has(conn) || (conn.kind !== 'supervisor' && !s.cursors.has(id))) return;
        for (const m of rows) conn.send(m);
        if (rows.length) this.follow(conn, s, id, rows.at(-1)!.seq);
        if (rows.length < PAGE) return;
      }
    });
  }

  private notified(payload: string): void {
    if (payload.startsWith('t:')) return this.typing(payload.slice(2));
    const carried = /^M:(\d+):/.exec(payload);
    if (carried) return this.deliver(Number(carried[1]), payload.slice(carried[0].length));
    const m = /^([mc]):(\d+)$/.exec(payload);
    if (!m) return;
    const id = Number(m[2]);
    if (m[1] === 'm') {
      for (const conn of this.watchers(id)) this.pump(conn, id);
    } else {
      void this.changed(id).catch((err: unknown) => this.onError(err));
    }
  }

  /** A new message carried by its notification: sent to every socket of the chat that has not had it, with no read. */
  private deliver(id: number, json: string): void {
    let frame: ChatMessageFrame;
    try {
      frame = JSON.parse(json) as ChatMessageFrame;
    } catch {
      return;
    }
    for (const conn of this.watchers(id)) {
      const s = this.conns.get(conn)!;
      void this.inQueue(conn, () => {
        if (!this.conns.has(conn)) return;
        const at = s.cursors.get(id);
        // A supervisor meeting a chat for the first time reads it from its start (as `m:` does).
        if (at === undefined) return conn.kind === 'supervisor' ? this.pump(conn, id) : undefined;
        if (frame.seq <= at) return;
        conn.send(frame);
        s.cursors.set(id, frame.seq);
      });
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
    for (const conn of this.watchers(t.id)) {
      if ((conn.kind === 'visitor') === (t.role === 'client')) continue;
      void this.inQueue(conn, () => conn.send({ type: 'typing', chatId: t.chatId, role: t.role, content: t.content }));
    }
  }

  /** A chat's state changed: tell who sees it, hand it to its new agent's sockets, take it from the old one's. */
  private async changed(id: number): Promise<void> {
    const [info] = await chatInfos(this.db, [id]);
    if (!info) return;
    if (info.state !== 'assigned') this.assignSoon();
    const seat = info.state === 'assigned' ? info.agent?.serverChatId : undefined;
    const concerned = new Set([...this.watchers(id), ...(seat === undefined ? [] : this.bySeat.get(seat) ?? [])]);
    for (const conn of concerned) {
      const s = this.conns.get(conn)!;
      const mine = conn.kind === 'agent' && seat === conn.seat;
      if (conn.kind === 'agent' && mine && !s.cursors.has(id)) {
        this.follow(conn, s, id, 0);
        this.sendChat(conn, s, info);
        this.pump(conn, id);
      } else if (conn.kind === 'agent' && !mine && s.cursors.has(id)) {
        void this.inQueue(conn, () => {
          conn.send(info.state === 'closed' ? { type: 'chat', chat: strip(info) } : { type: 'unassigned', chatId: info.chatId });
          this.unfollow(conn, s, id);
        });
      } else {
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

function addTo<K>(index: Map<K, Set<Conn>>, key: K, conn: Conn): void {
  const set = index.get(key);
  if (set) set.add(conn);
  else index.set(key, new Set([conn]));
}

function takeFrom<K>(index: Map<K, Set<Conn>>, key: K, conn: Conn): void {
  const set = index.get(key);
  if (!set?.delete(conn) || set.size) return;
  index.delete(key);
}

/** The wire form of a chat (without the row id). */
export const strip = ({ id: _id, ...chat }: ChatInfoRow) => chat;
