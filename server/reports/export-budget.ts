import { ApiError } from '../http/envelope.ts';
import { message, type Language } from '../http/language.ts';

/** Seconds a refused export is told to wait before trying again (Retry-After). */
export const EXPORT_RETRY_SECONDS = 10;

/**
 * How many report exports run at once: per user, and in this process. On PostgreSQL each export
 * holds one pooled connection (its cursor's transaction) for as long as its reader takes, so the
 * process's budget stays under the pool's size and the rest of the pool keeps serving everything
 * else. The budget guards this process's own pool, so it is counted in this process; an export
 * lasts one download.
 */
export function exportBudget(limits: { perUser: number; perProcess: number }) {
  let running = 0;
  const byUser = new Map<number, number>();
  return {
    /** A slot for `userId`'s export, released by the returned function (once); 429 when the budget is spent. */
    take(userId: number, lang: Language): () => void {
      const mine = byUser.get(userId) ?? 0;
      if (mine >= limits.perUser) throw exportRefused(lang, 'exportBusyUser', limits.perUser);
      if (running >= limits.perProcess) throw exportRefused(lang, 'exportBusyServer', limits.perProcess);
      running += 1;
      byUser.set(userId, mine + 1);
      let released = false;
      return () => {
        if (released) return;
        released = true;
        running -= 1;
        const left = (byUser.get(userId) ?? 1) - 1;
        if (left > 0) byUser.set(userId, left);
        else byUser.delete(userId);
      };
    },
    /** Exports running now (tests, /healthz-like reads). */
    running: () => running,
  };
}

export type ExportBudget = ReturnType<typeof exportBudget>;

const exportRefused = (lang: Language, key: 'exportBusyUser' | 'exportBusyServer', max: number) =>
  new ApiError(429, message(lang, key, { max, seconds: EXPORT_RETRY_SECONDS }), { retryAfter: EXPORT_RETRY_SECONDS }, { 'retry-after': String(EXPORT_RETRY_SECONDS) });
