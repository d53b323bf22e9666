/**
 * bench/chat-flood: logged-in work during an anonymous chat flood (issue 25 item 2, its first
 * target). Against the real server on the embedded database (PGlite by default; --postgres for a
 * throwaway cluster): a logged-in request (`POST /api/default/GetUserInfo`, which reads the
 * session and the user) is timed `--samples` times (default 200, at 20 a second, one at a time)
 * alone, then again while 90 visitors, 30 from each of 127.0.0.2, 127.0.0.3 and 127.0.0.4 (the
 * server reads the socket's own address: no proxy header is trusted), each open a chat and send
 * 9 messages a second, inside the per-socket limit, without honouring any refusal (a script, not
 * the widget). Target: the request's p99 during the flood at most 5x its p99 alone, and under
 * 500 ms. Also printed: visitors' messages sent, acknowledged and refused (by reason), rows
 * stored, and what the server asked of its database (statements, busy ms) and its CPU during the
 * flood; load average at start and end. The visitors run in a worker thread of their own
 * (bench/support/flood-visitors.ts), so the timed requests never wait behind the bench's own
 * 810 frames a second. Every request has a 10 s limit; the flood stops by itself.
 * `--unbounded` runs the same with the visitors' budgets and gate opened wide (what the server
 * did before them), for comparison.
 * Run: npm run bench:chat-flood [-- --postgres] [-- --samples 200] [-- --unbounded]
 *      (writes bench/out/chat-flood[-postgres][-unbounded].json)
 */
import os from 'node:os';
import { Worker } from 'node:worker_threads';
import { benchDatabase, countersBetween, machine, startBenchServer, writeFigures } from './support/server.ts';

const arg = (name: string, fallback: number) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 && Number(process.argv[i + 1]) > 0 ? Number(process.argv[i + 1]) : fallback;
};
const SAMPLES = arg('samples', 200);
const ADDRESSES = ['127.0.0.2', '127.0.0.3', '127.0.0.4'];
const CHATS_PER_ADDRESS = 30;
const MESSAGES_PER_SECOND = 9;
const REQUEST_EVERY_MS = 50;
const REQUEST_LIMIT_MS = 10_000;
const unbounded = process.argv.includes('--unbounded');
const round = (n: number) => Math.round(n * 10) / 10;
const pct = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

const db = await benchDatabase('chat-flood');
const wide = { ANON_MESSAGES_PER_SECOND_PER_ADDRESS: '1000000', ANON_MESSAGES_PER_SECOND: '1000000', ANON_DB_CONCURRENCY: '1000000', ANON_DB_QUEUE: '1000000' };
const server = await startBenchServer(db, unbounded ? wide : {}, 300_000);
const loadStart = os.loadavg().map(round);
/** The whole bench's limit: past it (a server that no longer answers) the server is stopped and the bench exits with what it counted. */
const BENCH_LIMIT_MS = 15 * 60_000;
setTimeout(() => {
  console.error(`chat-flood: not done within ${BENCH_LIMIT_MS / 60_000} minutes; stopping`);
  void visitors?.terminate();
  server.child.kill('SIGKILL');
  db.remove();
  process.exit(1);
}, BENCH_LIMIT_MS).unref();

/** `SAMPLES` logged-in requests one after another, one every REQUEST_EVERY_MS: their times (a timed-out one counts as the limit) and failures. */
async function sampleRequests(token: string): Promise<{ p50Ms: number; p99Ms: number; maxMs: number; failed: number; n: number; failedAtS: number[] }> {
  const times: number[] = [];
  const failedAtS: number[] = [];
  const start = performance.now();
  let failed = 0;
  for (let i = 0; i < SAMPLES; i++) {
    const t0 = performance.now();
    try {
      const res = await fetch(`${server.base}/api/default/GetUserInfo`, {
        method: 'POST', headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' }, body: '{}',
        signal: AbortSignal.timeout(REQUEST_LIMIT_MS),
      });
      await res.arrayBuffer();
      if (!res.ok) failed++;
    } catch {
      failed++;
      failedAtS.push(round((t0 - start) / 1000));
    }
    const ms = performance.now() - t0;
    times.push(ms);
    await sleep(Math.max(0, REQUEST_EVERY_MS - ms));
  }
  times.sort((a, b) => a - b);
  return { n: times.length, p50Ms: round(pct(times, 50)), p99Ms: round(pct(times, 99)), maxMs: round(times.at(-1)!), failed, failedAtS };
}

type Counts = { sent: number; sentAtStart: number; acked: number; refused: Record<string, number>; welcomed: number; helloRefused: number; socketErrors: number };
/** What the visitors' thread counted, once it is stopped. */
let counts: Counts | undefined;
let visitors: Worker | undefined;

/** Starts the visitors in their own thread (bench/support/flood-visitors.ts); resolves with how many chats once all were answered. */
function startVisitors(): Promise<number> {
  // A worker thread starts without tsx's loader: a small entry registers it, then loads the TypeScript file.
  const file = new URL('./support/flood-visitors.ts', import.meta.url).href;
  visitors = new Worker(`import('tsx/esm/api').then((tsx) => { tsx.register(); return import(${JSON.stringify(file)}); });`, {
    eval: true,
    workerData: { port: server.port, addresses: ADDRESSES, chatsPerAddress: CHATS_PER_ADDRESS, messagesPerSecond: MESSAGES_PER_SECOND },
  });
  return new Promise((resolve, reject) => {
    visitors!.once('error', reject);
    visitors!.on('message', (m: { type: string; chats?: number }) => m.type === 'ready' && resolve(m.chats!));
  });
}

function stopVisitors(): Promise<Counts> {
  return new Promise((resolve) => {
    visitors!.on('message', (m: { type: string; counts?: Counts }) => m.type === 'counts' && resolve(m.counts!));
    visitors!.postMessage({ type: 'stop' });
  });
}

let figures: object;
try {
  const token = await server.login('admin', 'admin123');
  await sampleRequests(token); // warm-up, not counted
  const alone = await sampleRequests(token);
  const n = await startVisitors();
  await sleep(2000); // the flood at its full rate
  visitors!.postMessage({ type: 'mark' });
  const before = await server.counters();
  const t0 = performance.now();
  // Beside the timed requests, /healthz (no login) every 200 ms: whether a slow request is the whole process's stall or its own.
  const health: Array<{ atS: number; ms: number }> = [];
  let probing = true;
  const prober = (async () => {
    while (probing) {
      const h0 = performance.now();
      try {
        await (await fetch(`${server.base}/healthz`, { signal: AbortSignal.timeout(REQUEST_LIMIT_MS) })).arrayBuffer();
      } catch {
        // counted by its time, the limit
      }
      health.push({ atS: round((h0 - t0) / 1000), ms: round(performance.now() - h0) });
      await sleep(200);
    }
  })();
  const flooded = await sampleRequests(token);
  probing = false;
  await prober;
  const seconds = (performance.now() - t0) / 1000;
  const during = countersBetween(before, await server.counters());
  counts = await stopVisitors();
  const sentDuring = counts.sent - counts.sentAtStart;
  const ratio = round(flooded.p99Ms / alone.p99Ms);
  figures = {
    bench: 'chat-flood', engine: db.engine, unbounded, date: new Date().toISOString(), machine: machine(),
    loadAverage: { start: loadStart, end: os.loadavg().map(round) },
    flood: { addresses: ADDRESSES.length, chats: n, welcomed: counts.welcomed, messagesPerSecondEach: MESSAGES_PER_SECOND, seconds: round(seconds) },
    request: { alone, flooded, p99Ratio: ratio },
    healthz: { n: health.length, over1s: health.filter((h) => h.ms > 1000) },
    visitors: { sent: sentDuring, acked: counts.acked, refused: counts.refused, socketErrors: counts.socketErrors },
    server: { ...during, perSecond: { statements: round(during.statements / seconds), busyMs: round(during.busyMs / seconds), cpuMs: round(during.cpuMs / seconds) } },
    target: { p99RatioAtMost: 5, p99UnderMs: 500, met: ratio <= 5 && flooded.p99Ms < 500 && flooded.failed === 0 },
  };
} finally {
  await visitors?.terminate();
  await server.stop();
  db.remove();
}
writeFigures(`chat-flood${db.engine === 'postgres' ? '-postgres' : ''}${unbounded ? '-unbounded' : ''}`, figures);
