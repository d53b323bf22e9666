import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { Health } from '../../schemas/home.ts';
import type { Db } from '../db/index.ts';
import { chatTiming } from '../chat/hub.ts';

/**
 * The system's health for the administrator's home, read from the database so every process is
 * counted (migration 029): each process refreshes its heartbeat row; each 5xx answer writes a row.
 * Tests shorten the heartbeat.
 */
export const healthTiming = { heartbeatMs: 10_000 };
/** A process whose heartbeat is older than this many heartbeats is gone (it died without deleting its row). */
const STALE_BEATS = 3;
/** Error rows are kept this long (the figure is the last hour's). */
const ERRORS_KEPT = "interval '1 day'";

/**
 * Starts this process's heartbeat once the server is ready (with its switch link, `link()`, also
 * written whenever `watchLink` reports a change), and ends it (deleting its row) when the server
 * closes. Rows of processes that died without closing are deleted a day after their last
 * heartbeat, with old error rows.
 */
export function trackProcess(app: FastifyInstance, db: Db, link: () => string, watchLink?: (changed: () => void) => void): void {
  const id = randomUUID();
  let timer: NodeJS.Timeout | undefined;
  const beat = async () => {
    await db.query('UPDATE server_processes SET last_seen = now(), switch_link = $2 WHERE id = $1', [id, link()]);
    await db.query(`DELETE FROM server_errors WHERE at < now() - ${ERRORS_KEPT}`);
    await db.query(`DELETE FROM server_processes WHERE last_seen < now() - ${ERRORS_KEPT}`);
  };
  let closing = false;
  // One write after another, each of the state at its turn: on a pool, writes sent at once could
  // land out of order and leave an older state in the row.
  let linkWrites: Promise<unknown> = Promise.resolve();
  const writeLink = () => {
    linkWrites = linkWrites
      .then(() => (closing ? undefined : db.query('UPDATE server_processes SET switch_link = $2 WHERE id = $1', [id, link()])))
      .catch((err: unknown) => app.log.warn({ err }, 'process switch link not written'));
  };
  app.addHook('onReady', async () => {
    await db.query('INSERT INTO server_processes (id, host, pid, switch_link) VALUES ($1, $2, $3, $4)', [id, os.hostname(), process.pid, link()]);
    watchLink?.(writeLink);
    timer = setInterval(() => void beat().catch((err: unknown) => app.log.warn({ err }, 'process heartbeat not written')), healthTiming.heartbeatMs);
    timer.unref();
  });
  app.addHook('preClose', async () => {
    closing = true;
    clearInterval(timer);
    await db.query('DELETE FROM server_processes WHERE id = $1', [id]).catch(() => undefined);
  });
  // Every answer with a 5xx status, whichever route gave it (the error handler's 500s included).
  app.addHook('onResponse', async (req, reply) => {
    if (reply.statusCode < 500) return;
    await db.query('INSERT INTO server_errors (status, route) VALUES ($1, $2)', [reply.statusCode, (req.routeOptions.url ?? '').slice(0, 200)])
      .catch((err: unknown) => app.log.warn({ err }, 'server error not counted'));
  });
}

/** Free and total bytes of the file system holding `dir` (its nearest existing parent while it does not exist yet). */
async function diskOf(dir: string): Promise<Health['recordings']> {
  let at = path.resolve(dir);
  while (!fs.existsSync(at) && path.dirname(at) !== at) at = path.dirname(at);
  try {
    const s = await fs.promises.statfs(at);
    return { freeBytes: s.bavail * s.bsize, totalBytes: s.blocks * s.bsize };
  } catch {
    return { freeBytes: null, totalBytes: null };
  }
}

const COUNTS = `SELECT
  (SELECT count(*) FROM server_processes WHERE last_seen > now() - make_interval(secs => $1::double precision / 1000))::int AS processes,
  (SELECT count(*) FROM server_processes WHERE last_seen > now() - make_interval(secs => $1::double precision / 1000) AND switch_link = 'ready')::int AS "linkedProcesses",
  (SELECT count(*) FROM phone_sockets WHERE closed_at IS NULL AND present_until > now())::int AS "phoneSockets",
  (SELECT count(*) FROM chat_agent_sockets WHERE closed_at IS NULL AND last_seen > now() - make_interval(secs => $2::double precision / 1000))::int AS "chatSockets",
  (SELECT count(*) FROM server_errors WHERE at > now() - interval '1 hour')::int AS "errorsLastHour"`;

type Counts = Pick<Health, 'processes' | 'linkedProcesses' | 'phoneSockets' | 'chatSockets' | 'errorsLastHour'>;

/** The health figures now: the database's answer time, this process's switch link, and what every process shares. */
export async function readHealth(db: Db, switchLink: string, recordingsDir: string): Promise<Health> {
  const started = performance.now();
  let counts: Counts | undefined;
  try {
    [counts] = await db.query<Counts>(COUNTS, [healthTiming.heartbeatMs * STALE_BEATS, chatTiming.staleMs]);
  } catch {
    counts = undefined;
  }
  const ms = Math.round(performance.now() - started);
  return {
    database: { engine: db.engine, ok: counts !== undefined, ms },
    switchLink,
    processes: counts?.processes ?? 0,
    linkedProcesses: counts?.linkedProcesses ?? 0,
    phoneSockets: counts?.phoneSockets ?? 0,
    chatSockets: counts?.chatSockets ?? 0,
    errorsLastHour: counts?.errorsLastHour ?? 0,
    recordings: await diskOf(recordingsDir),
  };
}
