/**
 * Admission control for database work that must not crowd out the rest (issue 25 item 2):
 * at most `concurrency` pieces of work under way at once, at most `queue` waiting, each for at
 * most `maxWaitMs`. Work past that is refused (GateBusy, with the wait to suggest) instead of
 * queued in the database behind everything else, so the work that does not go through the gate
 * (logged-in requests, agents' frames) waits behind at most `concurrency` pieces of it.
 */
export interface GateLimits { concurrency: number; queue: number; maxWaitMs: number }

export class GateBusy extends Error {
  constructor(readonly retryAfterMs: number) {
    super('gate busy');
  }
}

export interface Gate {
  /** Runs `work` once admitted (in arrival order); refuses with GateBusy when the queue is full or the wait too long. */
  run<T>(work: () => Promise<T>): Promise<T>;
  /** Runs `work` only if it can start now; else undefined (for work worth nothing late, e.g. a typing preview). */
  tryRun<T>(work: () => Promise<T>): Promise<T> | undefined;
  /** Pieces under way and waiting (tests, health). */
  readonly running: number;
  readonly waiting: number;
}

export function admissionGate(limits: GateLimits): Gate {
  let running = 0;
  const waiting: Array<{ start: () => void; timer: NodeJS.Timeout }> = [];
  // A refused piece is told to come back after about one full wait, when the queue has moved on.
  const busy = () => new GateBusy(Math.min(limits.maxWaitMs, 1000));
  const next = () => {
    while (running < limits.concurrency && waiting.length) {
      const w = waiting.shift()!;
      clearTimeout(w.timer);
      running++;
      w.start();
    }
  };
  const started = async <T>(work: () => Promise<T>): Promise<T> => {
    try {
      return await work();
    } finally {
      running--;
      next();
    }
  };
  return {
    get running() {
      return running;
    },
    get waiting() {
      return waiting.length;
    },
    async run(work) {
      if (running < limits.concurrency && !waiting.length) {
        running++;
        return started(work);
      }
      if (waiting.length >= limits.queue) throw busy();
      await new Promise<void>((resolve, reject) => {
        const w = {
          start: resolve,
          timer: setTimeout(() => {
            waiting.splice(waiting.indexOf(w), 1);
            reject(busy());
          }, limits.maxWaitMs),
        };
        waiting.push(w);
      });
      return started(work);
    },
    tryRun(work) {
      if (running >= limits.concurrency || waiting.length) return undefined;
      running++;
      return started(work);
    },
  };
}
