import fs from 'node:fs';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import type { Queryable } from '../db/types.ts';
import { ApiError } from '../http/envelope.ts';
import { message, type Language } from '../http/language.ts';
import type { Clock } from '../clock.ts';
import { mib } from './file-read.ts';

/**
 * What keeps uploads from filling the disk (issue 25 item 4): the bytes visitors (who need no
 * login) may send in an hour, per address and all together; a floor of free disk below which no
 * upload is taken; and the sweeper that deletes closed chats' files after their retention.
 */

/**
 * Refuses a visitor's upload of `size` bytes from `address` past the hour's budget (429 with the
 * seconds until the oldest counted upload leaves the window). The uploads table is the count every
 * process shares; a transaction-scoped lock makes visitors' uploads take turns while counted and
 * added, so together they never pass the budget.
 */
export async function withinAnonBudget(
  tx: Queryable, address: string, size: number, budget: { perAddressBytes: number; totalBytes: number }, lang: Language,
): Promise<void> {
  await tx.query("SELECT pg_advisory_xact_lock(hashtext('anon_uploads'))");
  const [sent] = await tx.query<{ total: number; mine: number; totalWait: number | null; mineWait: number | null }>(
    `SELECT coalesce(sum(size), 0) AS total, coalesce(sum(size) FILTER (WHERE uploader_address = $1), 0) AS mine,
            ceil(extract(epoch FROM min(created) + interval '1 hour' - now()))::int AS "totalWait",
            ceil(extract(epoch FROM min(created) FILTER (WHERE uploader_address = $1) + interval '1 hour' - now()))::int AS "mineWait"
       FROM uploads WHERE uploader_kind = 'visitor' AND created > now() - interval '1 hour'`, [address]);
  const refuse = (key: 'anonUploadAddressFull' | 'anonUploadTotalFull', max: number, wait: number | null) => {
    const seconds = Math.max(1, wait ?? 1);
    return new ApiError(429, message(lang, key, { max: mib(max), minutes: Math.ceil(seconds / 60) }), { retryAfter: seconds }, { 'retry-after': String(seconds) });
  };
  if (sent!.mine + size > budget.perAddressBytes) throw refuse('anonUploadAddressFull', budget.perAddressBytes, sent!.mineWait);
  if (sent!.total + size > budget.totalBytes) throw refuse('anonUploadTotalFull', budget.totalBytes, sent!.totalWait);
}

/** Refuses any upload while the uploads folder's disk has less than `floor` bytes free (507), before its bytes are read. */
export async function aboveDiskFloor(dir: string, floor: number, lang: Language): Promise<void> {
  if (floor <= 0) return;
  await fs.promises.mkdir(dir, { recursive: true });
  const st = await fs.promises.statfs(dir);
  if (st.bavail * st.bsize < floor) throw new ApiError(507, message(lang, 'uploadDiskFull'));
}

/** Files one sweep deletes at most: a short statement each time, the rest at the next sweep. */
const SWEEP_BATCH = 500;

/**
 * Deletes the files of chats that ended more than `days` days ago (by the server's clock): the
 * rows first (each returned to one process only), then their bytes. The messages stay; their
 * files answer "not found". Work-order attachments are never touched.
 */
export async function sweepChatFiles(db: Queryable, dir: string, days: number, now: Date): Promise<string[]> {
  if (days <= 0) return [];
  const gone = await db.query<{ id: string }>(
    `DELETE FROM uploads WHERE id IN (
       SELECT u.id FROM uploads u JOIN chats c ON c.id = u.chat_id
        WHERE c.state = 'off' AND c.end_time < $1::timestamptz - make_interval(days => $2) LIMIT ${SWEEP_BATCH})
     RETURNING id`, [now.toISOString(), days]);
  for (const { id } of gone) await fs.promises.rm(path.join(dir, id), { force: true });
  return gone.map((r) => r.id);
}

/** Runs sweepChatFiles every `intervalMs` on an unref'd timer; the returned function stops it. */
export function startChatFileSweeper(db: Queryable, dir: string, days: number, clock: Clock, intervalMs: number, log: FastifyBaseLogger): () => void {
  if (days <= 0) return () => undefined;
  let running = false;
  const timer = setInterval(() => {
    if (running) return;
    running = true;
    sweepChatFiles(db, dir, days, clock.date())
      .then((ids) => (ids.length ? log.info({ files: ids.length }, 'closed chats\' files past their retention deleted') : undefined))
      .catch((err: unknown) => log.warn({ err }, 'chat file sweep failed'))
      .finally(() => (running = false));
  }, intervalMs);
  timer.unref();
  return () => clearInterval(timer);
}
