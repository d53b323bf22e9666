/**
 * What a test connection (a chat socket, an event stream) has received, kept in order, and a
 * wait for the first item that matches: woken by each arrival rather than polling, so a test
 * sees a frame as soon as it is there and a missing one fails with everything that did come.
 */
export interface Arrivals<T> {
  /** Everything received so far, oldest first. */
  readonly seen: T[];
  /** Records what the connection received and wakes the waits. */
  push(...items: T[]): void;
  /** The first item received (before or after the call) that matches, or a rejection after `ms`. */
  next(match: (item: T) => boolean, ms: number): Promise<T>;
}

/** `what` names an item in the timeout's message ("frame"), `show` prints what was seen. */
export function arrivals<T>(what: string, show: (seen: T[]) => string): Arrivals<T> {
  const seen: T[] = [];
  const waiters = new Set<() => void>();
  return {
    seen,
    push(...items) {
      seen.push(...items);
      for (const w of waiters) w();
    },
    next: (match, ms) => new Promise((resolve, reject) => {
      const check = () => {
        const i = seen.findIndex(match);
        if (i < 0) return;
        clearTimeout(timer);
        waiters.delete(check);
        resolve(seen[i]!);
      };
      const timer = setTimeout(() => {
        waiters.delete(check);
        reject(new Error(`no matching ${what} within ${ms} ms; seen: ${show(seen)}`));
      }, ms);
      waiters.add(check);
      check();
    }),
  };
}
