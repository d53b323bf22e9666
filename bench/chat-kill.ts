/**
 * bench/chat-kill: chat messages across a kill -9 of the server (issue 25, third target). The
 * product's widget client (src/widget/client.ts, over `ws`, the browser's socket behaviour) writes
 * `--messages` numbered messages (default 200) at `--rate` a second (default 8) to the real server
 * (server/main.ts as `npm start` runs it; PGlite in a temporary DATA_DIR, or with --postgres a
 * throwaway cluster); when a third are written the server is killed with SIGKILL and started
 * again on the same data. When every message is acknowledged (or after 5 minutes) the bench
 * counts, in the database: messages lost (written, never stored) and doubled (stored more than
 * once), and what the visitor saw (echoed once each). Target: 0 lost and 0 doubled on both
 * databases. Also printed: time the server was away, time from the restart until the last
 * message was acknowledged, refusals (429) the client met and sent again, load average.
 * Run: npm run bench:chat-kill [-- --postgres] [-- --messages 200] [-- --rate 8]
 *      (writes bench/out/chat-kill[-postgres].json)
 */
import os from 'node:os';
import WebSocket from 'ws';
import { createClient, type SocketLike } from '../src/widget/client.ts';
import { freePort } from '../tests/support/pg-cluster.ts';
import { openServerDb, spawnServer, waitHealthy } from '../tests/support/server-process.ts';
import { benchDatabase, machine, writeFigures } from './support/server.ts';

const arg = (name: string, fallback: number) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 && Number(process.argv[i + 1]) > 0 ? Number(process.argv[i + 1]) : fallback;
};
const N = arg('messages', 200);
const RATE = arg('rate', 8);
const LIMIT_MS = 300_000;
const round = (n: number) => Math.round(n * 10) / 10;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
async function until(what: string, done: () => boolean, ms: number): Promise<void> {
  const end = Date.now() + ms;
  while (!done()) {
    if (Date.now() > end) throw new Error(`${what}: not done within ${ms / 1000} s`);
    await sleep(50);
  }
}

const db = await benchDatabase('chat-kill');
const port = await freePort();
const env = { PORT: String(port), HOST: '127.0.0.1', DATA_DIR: db.dataDir, LOG_LEVEL: 'warn', SIM_ESL_PORT: '0', DATABASE_URL: db.cluster?.url() ?? '' };
const loadStart = os.loadavg().map(round);
const refusals = { rate: 0, other: 0 };
const memory = new Map<string, string>();
const client = createClient({
  url: `ws://127.0.0.1:${port}/ws/visitor`,
  storage: { getItem: (k) => memory.get(k) ?? null, setItem: (k, v) => void memory.set(k, v), removeItem: (k) => void memory.delete(k) },
  onChange: () => undefined,
  connect: (u) => {
    const ws = new WebSocket(u, { headers: { 'accept-language': 'en' } });
    ws.on('error', () => undefined);
    ws.on('message', (data) => {
      const f = JSON.parse(String(data)) as { type: string; code?: number };
      if (f.type === 'error') refusals[f.code === 429 ? 'rate' : 'other']++;
    });
    return ws as unknown as SocketLike;
  },
});
const written = () => client.state.messages.filter((m) => m.role === 'client');

let server = spawnServer(env);
let figures: object;
let writer: NodeJS.Timeout | undefined;
try {
  await waitHealthy(port);
  client.start('bench chat-kill');
  await until('welcomed', () => client.state.chat !== null, 60_000);
  let n = 0;
  writer = setInterval(() => {
    if (n < N) client.write('text', `numbered ${n++}`);
  }, 1000 / RATE);
  await until('a third written', () => n >= N / 3, LIMIT_MS);
  const killedAt = performance.now();
  server.child.kill('SIGKILL');
  await server.exited;
  server = spawnServer(env);
  await waitHealthy(port);
  const backAfterMs = performance.now() - killedAt;
  const restarted = performance.now();
  let timedOut = false;
  try {
    await until('every message acknowledged and echoed', () => n === N && client.state.pending.length === 0 && written().length === N, LIMIT_MS);
  } catch {
    timedOut = true;
  }
  const drainedMs = performance.now() - restarted;
  clearInterval(writer);
  client.stop();
  const chatId = client.state.chat!.chatId;
  const read = await openServerDb(db.dataDir, db.cluster?.url());
  let stored: Array<{ content: string; n: number }>;
  try {
    stored = await read.query<{ content: string; n: number }>(
      `SELECT m.content, count(*) AS n FROM chat_messages m JOIN chats ch ON ch.id = m.chat_id
        WHERE ch.client_chat_id = $1 AND m.role = 'client' GROUP BY m.content`, [chatId]);
  } finally {
    await read.close();
  }
  const byContent = new Map(stored.map((r) => [r.content, Number(r.n)]));
  const numbers = Array.from({ length: N }, (_, i) => `numbered ${i}`);
  const lost = numbers.filter((c) => !byContent.has(c)).length;
  const doubled = [...byContent.values()].filter((k) => k > 1).length;
  const seen = written().map((m) => m.content);
  figures = {
    bench: 'chat-kill', engine: db.engine, date: new Date().toISOString(), machine: machine(),
    loadAverage: { start: loadStart, end: os.loadavg().map(round) },
    messages: N, ratePerSecond: RATE, killedAfter: Math.ceil(N / 3),
    lost, doubled, storedDistinct: byContent.size,
    visitorSaw: { distinct: new Set(seen).size, total: seen.length },
    stillPending: client.state.pending.length, timedOut,
    serverBackAfterMs: Math.round(backAfterMs), allAckedAfterRestartMs: Math.round(drainedMs),
    refusalsMet: refusals,
    target: { lost: 0, doubled: 0, met: lost === 0 && doubled === 0 && !timedOut },
  };
} finally {
  if (writer) clearInterval(writer);
  client.stop();
  server.child.kill('SIGTERM');
  await server.exited;
  db.remove();
}
writeFigures(`chat-kill${db.engine === 'postgres' ? '-postgres' : ''}`, figures);
