import type { SimClock } from '../../server/telephony/sim/legs.ts';

/** A hand-driven clock for the switch simulator: time moves only when a test calls advance(). */
export class FakeClock implements SimClock {
  private time = Date.UTC(2026, 10, 23, 2, 0, 0);
  private nextId = 1;
  private readonly pending = new Map<number, { at: number; fn: () => void }>();

  now = () => this.time;

  setTimeout = ((fn: () => void, ms = 0) => {
    const id = this.nextId++;
    this.pending.set(id, { at: this.time + ms, fn });
    return id as unknown as NodeJS.Timeout;
  }) as unknown as typeof setTimeout;

  clearTimeout = ((id: unknown) => {
    this.pending.delete(id as number);
  }) as typeof clearTimeout;

  /** Runs every timer due within ms, in time order (timers set meanwhile included), then lets promises settle. */
  async advance(ms: number): Promise<void> {
    const end = this.time + ms;
    for (;;) {
      let next: [number, { at: number; fn: () => void }] | undefined;
      for (const entry of this.pending) if (entry[1].at <= end && (!next || entry[1].at < next[1].at)) next = entry;
      if (!next) break;
      this.pending.delete(next[0]);
      this.time = next[1].at;
      next[1].fn();
      await Promise.resolve();
    }
    this.time = end;
    for (let i = 0; i < 10; i++) await Promise.resolve();
  }

  get timers(): number {
    return this.pending.size;
  }
}
