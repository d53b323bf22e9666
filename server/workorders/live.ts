import type { Db } from '../db/types.ts';
import type { SessionUser } from '../http/access.ts';
import type { EventStream } from '../http/event-stream.ts';
import type { Clock } from '../clock.ts';
import type { OrderNotice } from '../../schemas/workorders/wire.ts';
import { overviewCounts } from './list.ts';
import { reachOf, reachWhere, type Reach } from './reach.ts';

/**
 * Live work-order counts and notices (issue 21 item 5), fanned out across processes through
 * PostgreSQL LISTEN/NOTIFY: migration 022's triggers NOTIFY `work_orders` with the people and
 * departments a write concerns, and a notice's user. Each process's hub holds its own event
 * streams (GET /api/WorkOrder/events) and, on a notification, sends the streams it concerns
 * their counts afresh (`counts`), read with the user's reach as getCounts reads them; a notice
 * goes to its user's streams (`notice`), if its order is still within their reach. A stream
 * whose counts are being read when another change comes reads them once more after, not once
 * per change. Counts are also read again every `refreshMs`: an SLA deadline passes with no write.
 */
export const CHANNEL = 'work_orders';

export interface LiveClient {
  user: SessionUser;
  stream: Pick<EventStream, 'send' | 'ended'>;
}

interface Held extends LiveClient {
  reach: Reach;
  reading: boolean;
  again: boolean;
}

type Change = { all?: boolean; users?: number[]; departs?: number[]; notice?: number; user?: number };

/** The notice as the stream and getNotices send it. */
export const NOTICE_SELECT = `SELECT n.id, n.kind, n.at AS time, n.order_id AS "orderId", o.order_no AS "orderNo", o.title
  FROM work_order_notices n JOIN work_orders o ON o.id = n.order_id`;

export class OrderLiveHub {
  private readonly clients = new Set<Held>();
  private unlisten?: () => Promise<void>;
  private timer?: ReturnType<typeof setInterval>;

  constructor(private readonly deps: { db: Db; clock: Clock; onError: (err: unknown) => void; refreshMs: number }) {}

  async start(): Promise<void> {
    this.unlisten = await this.deps.db.listen(CHANNEL, (payload) => this.changed(payload), () => this.refreshAll());
    this.timer = setInterval(() => this.refreshAll(), this.deps.refreshMs);
    this.timer.unref();
  }

  async stop(): Promise<void> {
    clearInterval(this.timer);
    this.clients.clear();
    await this.unlisten?.();
  }

  /** Holds a stream and sends it its counts at once; returns the function that lets it go. */
  add(client: LiveClient): () => void {
    const held: Held = { ...client, reach: reachOf(client.user), reading: false, again: false };
    this.clients.add(held);
    this.refresh(held);
    return () => this.clients.delete(held);
  }

  private refreshAll(): void {
    for (const c of this.clients) this.refresh(c);
  }

  private changed(payload: string): void {
    let change: Change;
    try {
      change = JSON.parse(payload) as Change;
    } catch {
      return;
    }
    if (change.notice !== undefined) {
      for (const c of this.clients) if (c.user.userId === change.user) void this.notice(c, change.notice);
      return;
    }
    for (const c of this.clients) {
      const r = c.reach;
      if (change.all || r.all || change.users?.includes(r.userId) || (r.departId !== null && change.departs?.includes(r.departId))) this.refresh(c);
    }
  }

  private refresh(c: Held): void {
    if (c.reading) {
      c.again = true;
      return;
    }
    c.reading = true;
    void (async () => {
      try {
        do {
          c.again = false;
          const counts = await overviewCounts(this.deps.db, c.reach, this.deps.clock.date());
          if (c.stream.ended || !this.clients.has(c)) return;
          c.stream.send('counts', counts);
        } while (c.again);
      } catch (err) {
        this.deps.onError(err);
      } finally {
        c.reading = false;
      }
    })();
  }

  private async notice(c: Held, id: number): Promise<void> {
    try {
      const params: unknown[] = [id, c.user.userId];
      const [row] = await this.deps.db.query<OrderNotice>(`${NOTICE_SELECT} WHERE n.id = $1 AND n.user_id = $2 AND ${reachWhere(c.reach, params)}`, params);
      if (row && !c.stream.ended) c.stream.send('notice', { ...row, id: Number(row.id), orderId: Number(row.orderId) });
    } catch (err) {
      this.deps.onError(err);
    }
  }
}
