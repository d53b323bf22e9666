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
 * flood; load average at start and end. Every request has a 10 s limit; the flood stops by itself.
 * `--unbounded` runs the same with the visitors' budgets and gate opened wide (what the server
 * did before them), for comparison.
 * Run: npm run bench:chat-flood [-- --postgres] [-- --samples 200] [-- --unbounded]
 *      (writes bench/out/chat-flood[-postgres][-unbounded].json)
 */
import os from 'node:os';
import { WebSocket } from 'ws';
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
  console.error(`chat-flood: not done within ${BENCH_LIMIT_MS / 60_000} minutes; stopping (${JSON.stringify(counts)})`);
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

const counts = { sent: 0, acked: 0, refused: {} as Record<string, number>, welcomed: 0, helloRefused: 0, socketErrors: 0 };
const sockets: WebSocket[] = [];
const timers: NodeJS.Timeout[] = [];

/** One flooding visitor: a new chat, then MESSAGES_PER_SECOND messages a second, whatever the server answers. */
async function floodVisitor(address: string, n: number): Promise<void> {
  const ws = new WebSocket(`ws://127.0.0.1:${server.port}/ws/visitor`, { localAddress: address, headers: { 'accept-language': 'en' } });
  sockets.push(ws);
  ws.on('error', () => void counts.socketErrors++);
  ws.on('message', (data) => {
    const f = JSON.parse(String(data)) as { type: string; code?: number; msg?: string; about?: string };
    if (f.type === 'welcome') {
      counts.welcomed++;
      let k = 0;
      timers.push(setInterval(() => {
        if (ws.readyState !== WebSocket.OPEN) return;
        counts.sent++;
        ws.send(JSON.stringify({ type: 'message', clientMsgId: `f${n}-${k++}`, contentType: 'text', content: `flood ${n} ${k}` }));
      }, 1000 / MESSAGES_PER_SECOND));
    } else if (f.type === 'ack') {
      counts.acked++;
    } else if (f.type === 'error') {
      if (f.about === 'hello' || !f.about) counts.helloRefused++;
      const key = `${f.code} ${f.msg}`;
      counts.refused[key] = (counts.refused[key] ?? 0) + 1;
    }
  });
  await new Promise<void>((resolve, reject) => {
    ws.once('open', () => resolve());
    ws.once('error', reject);
  });
  ws.send(JSON.stringify({ type: 'hello', name: `flood ${n}` }));
}

let figures: object;
try {
  const token = await server.login('admin', 'admin123');
  await sampleRequests(token); // warm-up, not counted
  const alone = await sampleRequests(token);
  let n = 0;
  for (const address of ADDRESSES) for (let i = 0; i < CHATS_PER_ADDRESS; i++) await floodVisitor(address, n++);
  for (const end = Date.now() + 30_000; counts.welcomed + counts.helloRefused < n && Date.now() < end;) await sleep(50);
  await sleep(2000); // the flood at its full rate
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
  const sentDuring = counts.sent;
  for (const t of timers) clearInterval(t);
  for (const ws of sockets) ws.close();
  await sleep(1000);
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
  for (const t of timers) clearInterval(t);
  for (const ws of sockets) ws.terminate();
  await server.stop();
  db.remove();
}
writeFigures(`chat-flood${db.engine === 'postgres' ? '-postgres' : ''}${unbounded ? '-unbounded' : ''}`, figures);
