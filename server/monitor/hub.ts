import type { Db } from '../db/index.ts';
import { SEAT_MONITOR, SEAT_MONITOR_ONE, scopeParams } from '../api/callinfo-lookups.ts';
import type { MonitorMessage, SeatRow } from '../../schemas/protocol/seat-monitor.ts';

export type { MonitorMessage } from '../../schemas/protocol/seat-monitor.ts';

/** A seat's new state, as the ring keeps it (the 'seat' message without its type). */
export type SeatChange = Omit<Extract<MonitorMessage, { type: 'seat' }>, 'type'>;

export interface MonitorClient {
  /** undefined = every seat; else only this seat (null: none). */
  own: string | null | undefined;
  send(msg: MonitorMessage): void;
}

export const CHANNEL = 'seat_monitor';
/**
 * How long after a client left its seats are still read: a browser that reconnects within it
 * resumes from the ring (the changes it missed), later it gets the whole picture. Tests shorten it.
 */
export const monitorReads = { resumeGraceMs: 60_000 };
/** How many changes a reconnecting client may have missed and still be sent them one by one. */
export const RING_SIZE = 500;

/**
 * Every process keeps one hub: it LISTENs for seat changes (from any process, see migration 007),
 * re-reads the changed seat when a client of this process may see it (a call's events change a
 * seat about fifteen times: read for nobody, that was most of a call's database time), keeps the
 * latest changes in a bounded ring and hands each to the clients allowed to see that seat. Notifications are handled one at a time, in arrival order,
 * which PostgreSQL makes the same in every process: a client's last event id finds its place in
 * the ring of whichever process it reconnects to.
 */
export class SeatMonitorHub {
  /** The changes in arrival order; `unread` marks one that no client here could see, so it was not read (a hole). */
  private readonly ring: Array<SeatChange & { unread?: true }> = [];
  private readonly clients = new Set<MonitorClient>();
  /** What was last sent for each seat: a notification that finds the seat unchanged sends nothing. */
  private readonly sent = new Map<string, string>();
  private queue: Promise<unknown> = Promise.resolve();
  /** Until when (performance.now()) every seat is read for a client that saw every seat and left, and each seat for one that saw only it. */
  private everySeatUntil = -Infinity;
  private readonly seatUntil = new Map<string, number>();
  private unlisten?: () => Promise<void>;

  constructor(private readonly db: Db, private readonly onError: (err: unknown) => void, private readonly size = RING_SIZE) {}

  async start(): Promise<void> {
    this.unlisten = await this.db.listen(
      CHANNEL,
      (payload) => void this.serial(() => this.changed(payload)),
      () => void this.serial(() => this.resync()),
    );
  }

  async stop(): Promise<void> {
    this.clients.clear();
    await this.unlisten?.();
    await this.queue;
  }

  /**
   * Registers a client and sends what it lacks: the changes after `lastId` when the ring still
   * holds them, else the whole picture. Runs in the notification queue, so nothing slips between
   * the picture and the first change.
   */
  subscribe(client: MonitorClient, lastId: string | undefined): Promise<() => void> {
    return this.serial(async () => {
      const at = lastId === undefined ? -1 : this.ring.findIndex((c) => c.id === lastId);
      const missed = at >= 0 ? this.ring.slice(at + 1).filter((c) => visible(client, c.userSeatNo)) : [];
      // A change it would see that was not read (nobody here saw that seat then) is told by the whole picture.
      if (at >= 0 && !missed.some((c) => c.unread)) {
        for (const { unread: _, ...change } of missed) client.send({ type: 'seat', ...change });
      } else {
        const seats = await this.db.query<SeatRow>(SEAT_MONITOR, scopeParams(client.own));
        client.send({ type: 'snapshot', id: this.ring.at(-1)?.id ?? '0', seats });
      }
      this.clients.add(client);
      return () => {
        if (!this.clients.delete(client)) return;
        const until = performance.now() + monitorReads.resumeGraceMs;
        if (client.own === undefined) this.everySeatUntil = until;
        else if (client.own !== null) this.seatUntil.set(client.own, until);
      };
    });
  }

  private serial<T>(fn: () => Promise<T>): Promise<T> {
    const run = this.queue.then(fn);
    this.queue = run.catch((err: unknown) => this.onError(err));
    return run;
  }

  private async changed(payload: string): Promise<void> {
    const m = /^(\d+):(.+)$/s.exec(payload);
    if (!m) return;
    const [, id, userSeatNo] = m as unknown as [string, string, string];
    if (!this.watched(userSeatNo)) {
      // Nobody on this process may see the seat, nor left lately who could resume (most of the time,
      // nobody watches at all): it is not read. Its place in the ring is kept as a hole, so a client
      // resuming over it gets the whole picture, and its last state is forgotten, so the next read is
      // sent whatever it says.
      this.sent.delete(userSeatNo);
      this.remember({ id, userSeatNo, seat: null, unread: true });
      return;
    }
    const [seat] = await this.db.query<SeatRow>(SEAT_MONITOR_ONE, [userSeatNo]);
    const text = JSON.stringify(seat ?? null);
    // One transaction that closes a seat's log and opens the next notifies twice; both read the same state.
    if (this.sent.get(userSeatNo) === text) return;
    this.sent.set(userSeatNo, text);
    const change: SeatChange = { id, userSeatNo, seat: seat ?? null };
    this.remember(change);
    for (const client of this.clients) if (visible(client, userSeatNo)) client.send({ type: 'seat', ...change });
  }

  /** A client here sees the seat, or one that saw it left less than monitorReads.resumeGraceMs ago. */
  private watched(userSeatNo: string): boolean {
    if ([...this.clients].some((client) => visible(client, userSeatNo))) return true;
    const now = performance.now();
    if (now < this.everySeatUntil) return true;
    const until = this.seatUntil.get(userSeatNo);
    if (until !== undefined && now >= until) this.seatUntil.delete(userSeatNo);
    return until !== undefined && now < until;
  }

  private remember(change: SeatChange & { unread?: true }): void {
    this.ring.push(change);
    if (this.ring.length > this.size) this.ring.shift();
  }

  /**
   * The listening connection dropped and is back: changes in between were not announced. The ring
   * can no longer resume anyone, so every client gets the whole picture again.
   */
  private async resync(): Promise<void> {
    this.ring.length = 0;
    this.sent.clear();
    for (const client of this.clients) {
      const seats = await this.db.query<SeatRow>(SEAT_MONITOR, scopeParams(client.own));
      client.send({ type: 'snapshot', id: '0', seats });
    }
  }
}

const visible = (client: MonitorClient, seat: string) => client.own === undefined || client.own === seat;
