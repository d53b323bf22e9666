/**
 * bench/phone: 500 authenticated phone-bar sockets on /ws while the switch emits about 50 call
 * events per second. The bench process runs the switch simulator on a free loopback port and the
 * real server as a child process connected to it (ESL_HOST); 500 agents (seats 70000..70499)
 * are added to a fresh database, each gets a session token, opens /ws, logs its seat in and
 * sends herbert every 40 s (first beats staggered). Calls ring random idle seats, are answered
 * after 300 ms and hung up 700 ms later (about 9 switch events each: two creates, answers,
 * bridge, two hang-ups, two destroys). Measured: the time from the simulator emitting an event
 * (incoming ring, answer, hang-up) to the seat's socket receiving CHANNEL_CREATE /
 * CHANNEL_ANSWER / CHANNEL_DESTROY (p50/p99/max), messages expected vs received (nothing may be
 * dropped), heartbeats answered, switch events per second (counted on a second ESL link), and
 * the server's resident memory. Target: p99 within 50 ms, nothing dropped.
 * Run: npm run bench:phone [-- --postgres] [-- --seconds 60]   (writes bench/out/phone[-postgres].json)
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { WebSocket } from 'ws';
import { loadConfig } from '../server/config.ts';
import { createContext } from '../server/main.ts';
import { EslClient } from '../server/telephony/esl/client.ts';
import { ESL_EVENTS } from '../server/telephony/index.ts';
import { startSimulator } from '../server/telephony/sim/index.ts';
import { parseMessage } from '../schemas/protocol/phone.ts';
import { benchDatabase, countersBetween, machine, startBenchServer, topStatements, writeFigures } from './support/server.ts';

const SOCKETS = 500;
const CALLS_PER_SECOND = 6;
const SECONDS = Number(process.argv[process.argv.indexOf('--seconds') + 1]) || 45;
const HEARTBEAT_MS = 40_000;
const PASSWORD = 'ClueCon';
const seatOf = (i: number) => String(70000 + i);
const extOf = (i: number) => String(50000 + i);

const db = await benchDatabase('phone');
const recordings = fs.mkdtempSync(path.join(os.tmpdir(), 'cc-bench-rec-'));

/** 500 agents with seats and extensions, and a live session token for each. */
async function agents(): Promise<string[]> {
  const ctx = await createContext({ ...loadConfig(), dataDir: db.dataDir });
  await ctx.db.query(
    `INSERT INTO users (user_name, password_hash, user_chinese_name, user_seat_no, fjh, depart_id)
     SELECT 'bench' || i, 'x', '压测' || i, (70000 + i)::text, (50000 + i)::text, 1 FROM generate_series(0, $1::int - 1) AS i`, [SOCKETS]);
  await ctx.db.query(
    `INSERT INTO user_roles (user_id, role_id) SELECT u.id, r.id FROM users u, roles r WHERE r.code = 'agent' AND u.user_name LIKE 'bench%'`);
  const users = await ctx.db.query<{ id: number }>("SELECT id FROM users WHERE user_name LIKE 'bench%' ORDER BY user_seat_no");
  const tokens: string[] = [];
  for (const u of users) tokens.push(await ctx.tokens.issue(ctx.db, u.id, '127.0.0.1', 'bench/phone'));
  await ctx.db.close();
  return tokens;
}

const rssMb = (pid: number) => Number(/VmRSS:\s+(\d+)/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0) / 1024;
const pct = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;
const round = (n: number) => Math.round(n * 10) / 10;

const tokens = await agents();
const sim = await startSimulator({ port: 0, password: PASSWORD, recordingsDir: recordings, timings: { ringDelayMs: 0 } });
const server = await startBenchServer(db, { ESL_HOST: '127.0.0.1', ESL_PORT: String(sim.port), ESL_PASSWORD: PASSWORD, RECORDINGS_DIR: recordings });
const watcher = new EslClient({ host: '127.0.0.1', port: sim.port, password: PASSWORD, events: ESL_EVENTS });
let switchEvents = 0;
watcher.on('event', (e) => {
  if (e.name !== 'HEARTBEAT' && e.name !== 'BACKGROUND_JOB') switchEvents++;
});
watcher.start();

/** What each seat is waiting for: the message type and when the simulator was told to cause it. */
const waiting = new Map<number, { type: string; since: number }>();
const latencies: Record<string, number[]> = { CHANNEL_CREATE: [], CHANNEL_ANSWER: [], CHANNEL_DESTROY: [] };
let expected = 0;
let received = 0;
let unexpected = 0;
let beatsSent = 0;
let beatsAnswered = 0;
const sockets: WebSocket[] = [];
const timers: NodeJS.Timeout[] = [];

try {
  const rssIdle = rssMb(server.child.pid!);
  await Promise.all(tokens.map((token, i) => new Promise<void>((resolve, reject) => {
    const ws = new WebSocket(`ws://127.0.0.1:${server.port}/ws?token=${encodeURIComponent(token)}`);
    sockets.push(ws);
    ws.on('message', (data) => {
      const m = parseMessage(data.toString());
      if (!m) return;
      if (m.type === 'STATE') return resolve();
      if (m.type === 'herbert') return void beatsAnswered++;
      const w = waiting.get(i);
      if (w && w.type === m.type) {
        latencies[m.type]!.push(performance.now() - w.since);
        waiting.delete(i);
        received++;
      } else if (m.type !== 'JOB' && m.type !== 'LINK') unexpected++;
    });
    ws.once('open', () => ws.send(`userSeatNo:${seatOf(i)},cmd:login`));
    ws.once('error', reject);
  })));
  const rssConnected = rssMb(server.child.pid!);
  for (const [i, ws] of sockets.entries()) {
    const beat = () => {
      beatsSent++;
      ws.send('herbert');
    };
    timers.push(setTimeout(() => {
      beat();
      timers.push(setInterval(beat, HEARTBEAT_MS));
    }, (i / SOCKETS) * Math.min(HEARTBEAT_MS, SECONDS * 1000 * 0.8)));
  }

  const busy = new Set<number>();
  const expect = (i: number, type: string) => {
    expected++;
    waiting.set(i, { type, since: performance.now() });
  };
  const placeCall = async () => {
    const idle = [...Array(SOCKETS).keys()].filter((i) => !busy.has(i));
    const i = idle[Math.floor(Math.random() * idle.length)];
    if (i === undefined) return;
    busy.add(i);
    expect(i, 'CHANNEL_CREATE');
    await sim.incoming({ extension: extOf(i), seat: seatOf(i), phoneNo: `139${String(i).padStart(8, '0')}` });
    await new Promise((r) => setTimeout(r, 300));
    expect(i, 'CHANNEL_ANSWER');
    await sim.answer(extOf(i));
    await new Promise((r) => setTimeout(r, 700));
    expect(i, 'CHANNEL_DESTROY');
    await sim.hangup(extOf(i));
    await new Promise((r) => setTimeout(r, 500));
    busy.delete(i);
  };
  let rssPeak = rssConnected;
  const loadAtStart = os.loadavg().map(round);
  const countersAtStart = await server.counters();
  const started = Date.now();
  const eventsAtStart = switchEvents;
  const calls: Array<Promise<void>> = [];
  while (Date.now() - started < SECONDS * 1000) {
    calls.push(placeCall());
    rssPeak = Math.max(rssPeak, rssMb(server.child.pid!));
    await new Promise((r) => setTimeout(r, 1000 / CALLS_PER_SECOND));
  }
  await Promise.all(calls);
  const elapsed = (Date.now() - started) / 1000;
  await new Promise((r) => setTimeout(r, 1000)); // the last messages in flight
  // What the calls asked of the database and the server's CPU (heartbeats included: they run no statement).
  const countersAtEnd = await server.counters();
  const database = countersBetween(countersAtStart, countersAtEnd);
  const placed = calls.length;
  const all = Object.values(latencies).flat().sort((a, b) => a - b);
  const stats = (list: number[]) => {
    const s = [...list].sort((a, b) => a - b);
    return { n: s.length, p50Ms: round(pct(s, 50)), p99Ms: round(pct(s, 99)), maxMs: round(s.at(-1) ?? NaN) };
  };
  writeFigures(db.engine === 'postgres' ? 'phone-postgres' : 'phone', {
    engine: db.engine, sockets: SOCKETS, seconds: round(elapsed), calls: calls.length,
    switchEventsPerSecond: round((switchEvents - eventsAtStart) / elapsed),
    eventToBrowser: { all: stats(all), create: stats(latencies.CHANNEL_CREATE!), answer: stats(latencies.CHANNEL_ANSWER!), destroy: stats(latencies.CHANNEL_DESTROY!) },
    messages: { expected, received, dropped: expected - received, unexpected },
    heartbeats: { sent: beatsSent, answered: beatsAnswered },
    serverRssMb: { idle: round(rssIdle), with500Sockets: round(rssConnected), peak: round(rssPeak) },
    target: { p99Ms: 50, met: pct(all, 99) <= 50 && expected === received },
    database: { statements: database.statements, busyMs: database.busyMs, serverCpuMs: database.cpuMs,
      perCall: { statements: round(database.statements / placed), busyMs: round(database.busyMs / placed), serverCpuMs: round(database.cpuMs / placed) },
      mostRun: topStatements(countersAtStart, countersAtEnd) },
    machine: machine(), loadAverage: { startOfLoad: loadAtStart, end: os.loadavg().map(round) },
  });
} finally {
  for (const t of timers) clearTimeout(t);
  for (const ws of sockets) ws.terminate();
  await watcher.close();
  await server.stop();
  await sim.close();
  db.remove();
  fs.rmSync(recordings, { recursive: true, force: true });
}
