/**
 * bench/chat: the chat hub under its target load (issue 10): 100 agents on /ws/chat and 2,000
 * visitor sockets on /ws/visitor against the real server (PGlite by default, --postgres for a
 * throwaway cluster), then `--rate` messages per second (default 200, both directions counted)
 * for `--seconds` (default 30): visitors write to their agents at half the rate and every agent
 * answers each message it receives, which makes the other half.
 *
 * Set-up: the agents (seats 80000..80099, agent role, the seeded online-chat department, an open
 * seat status 0 "ready") and their
 * login tokens are written to the fresh database before the server starts. The server runs with
 * CHAT_AGENT_CAPACITY = visitors / agents (20): at the default 5, 1,500 of the 2,000 chats would
 * wait in the queue. The hub allows 50 visitor sockets and 30 new chats per source address per
 * minute, so the visitors connect from 127.0.0.2.. (20 per address, `localAddress`), all loopback.
 *
 * Measured: delivery delay (send on one socket -> the message frame on the other side's socket,
 * both in this process) p50/p99/max per direction; lost (sent and acknowledged but never
 * delivered to the other side) and doubled (a seq, or a clientMsgId, delivered twice to one
 * socket), seq order, acks, error frames; time to connect and assign every chat; the server's
 * resident memory; what the server asked of its database during the load and its drain
 * (statements, ms the database was busy: on PGlite its one thread) and its CPU time, in all and
 * per message; the load average at start, end of load and end. Targets (issue 26): p99 within
 * 50 ms, nothing lost, nothing doubled, at most 3 statements and 3 ms of database time per message.
 * Run: npm run bench:chat [-- --postgres] [-- --seconds 30] [-- --rate 200]
 *      (writes bench/out/chat[-postgres].json)
 */
import fs from 'node:fs';
import os from 'node:os';
import { WebSocket } from 'ws';
import { loadConfig } from '../server/config.ts';
import { createContext } from '../server/main.ts';
import { benchDatabase, countersBetween, machine, startBenchServer, writeFigures } from './support/server.ts';

const arg = (name: string, fallback: number) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 && Number(process.argv[i + 1]) > 0 ? Number(process.argv[i + 1]) : fallback;
};
const AGENTS = 100;
const VISITORS = arg('visitors', 2000);
const SECONDS = arg('seconds', 30);
const RATE = arg('rate', 200);
/** Visitor sockets per source address: under the hub's 50 sockets and 30 new chats per address. */
const PER_ADDRESS = 20;
const CAPACITY = Math.ceil(VISITORS / AGENTS);
/** Sockets quiet this long send a ping (the hub closes one silent for 3 x 40 s). */
const PING_AFTER_MS = 30_000;
/** How long the messages still in flight when the load stops may take to arrive before they count as lost. */
const DRAIN_MS = 60_000;
const seatOf = (i: number) => String(80000 + i);

const db = await benchDatabase('chat');

/**
 * The agents, ready (seat status 0 open), with a live session token each. They belong to the
 * seeded online-chat department (在线客服部): only a chat department's users take chats.
 */
async function agents(): Promise<string[]> {
  const ctx = await createContext({ ...loadConfig(), dataDir: db.dataDir });
  await ctx.db.query(
    `INSERT INTO users (user_name, password_hash, user_chinese_name, user_seat_no, fjh, depart_id)
     SELECT 'chatbench' || i, 'x', '坐席' || i, (80000 + i)::text, (60000 + i)::text, d.id
       FROM generate_series(0, $1::int - 1) AS i, departments d WHERE d.name = '在线客服部'`, [AGENTS]);
  await ctx.db.query(
    `INSERT INTO user_roles (user_id, role_id) SELECT u.id, r.id FROM users u, roles r WHERE r.code = 'agent' AND u.user_name LIKE 'chatbench%'`);
  await ctx.db.query(
    `INSERT INTO seat_status_logs (user_seat_no, user_chinese_name, status, s_start_time)
     SELECT user_seat_no, user_chinese_name, 0, now() FROM users WHERE user_name LIKE 'chatbench%'`);
  const users = await ctx.db.query<{ id: number }>("SELECT id FROM users WHERE user_name LIKE 'chatbench%' ORDER BY user_seat_no");
  const tokens: string[] = [];
  for (const u of users) tokens.push(await ctx.tokens.issue(ctx.db, u.id, '127.0.0.1', 'bench/chat'));
  await ctx.db.close();
  return tokens;
}

const rssMb = (pid: number) => Number(/VmRSS:\s+(\d+)/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0) / 1024;
/** CPU seconds (user + system) the process has used so far, from /proc (clock ticks of 10 ms). */
const cpuS = (pid: number) => {
  const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return (Number(fields[11]) + Number(fields[12])) / 100;
};
const pct = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;
const round = (n: number) => Math.round(n * 10) / 10;
const stats = (list: number[]) => {
  const s = [...list].sort((a, b) => a - b);
  return { n: s.length, p50Ms: round(pct(s, 50)), p99Ms: round(pct(s, 99)), maxMs: round(s.at(-1) ?? NaN) };
};
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
/** Polls `done` until true; throws after `ms` (the bench never hangs). */
async function until(what: string, done: () => boolean, ms: number): Promise<void> {
  const end = Date.now() + ms;
  while (!done()) {
    if (Date.now() > end) throw new Error(`${what}: not done within ${ms / 1000} s (${JSON.stringify(counts)})`);
    await sleep(20);
  }
}

interface Frame { type: string; chatId?: string; seq?: number; role?: string; clientMsgId?: string | null; code?: number; msg?: string;
  chat?: { chatId: string; state: string; agent: { serverChatId: string } | null }; token?: string }

/** One bench socket: counts every message seq and clientMsgId it receives, per chat. */
class Client {
  readonly ws: WebSocket;
  lastSent = Date.now();
  private readonly seqs = new Map<string, number>();
  private readonly seen = new Set<string>();
  constructor(url: string, localAddress: string, private readonly onFrame: (f: Frame, self: Client) => void) {
    this.ws = new WebSocket(url, { localAddress, headers: { 'accept-language': 'en' } });
    this.ws.on('message', (data) => this.receive(JSON.parse(String(data)) as Frame));
    this.ws.on('error', () => void counts.socketErrors++);
    this.ws.on('close', (code) => {
      if (!stopping) counts.closed[code] = (counts.closed[code] ?? 0) + 1;
    });
  }
  opened(): Promise<void> {
    return new Promise((resolve, reject) => {
      this.ws.once('open', () => resolve());
      this.ws.once('error', reject);
      this.ws.once('unexpected-response', (_req, res) => reject(new Error(`HTTP ${res.statusCode}`)));
    });
  }
  send(frame: object): void {
    this.lastSent = Date.now();
    this.ws.send(JSON.stringify(frame));
  }
  private receive(f: Frame): void {
    if (f.type === 'error') counts.errors[`${f.code} ${f.msg}`] = (counts.errors[`${f.code} ${f.msg}`] ?? 0) + 1;
    if (f.type === 'message') {
      const last = this.seqs.get(f.chatId!) ?? 0;
      const key = `${f.chatId} ${f.seq}`;
      if (this.seen.has(key) || (f.clientMsgId && this.seen.has(`${f.chatId} ${f.role} ${f.clientMsgId}`))) counts.doubled++;
      else if (f.seq! <= last) counts.outOfOrder++;
      this.seen.add(key);
      if (f.clientMsgId) this.seen.add(`${f.chatId} ${f.role} ${f.clientMsgId}`);
      this.seqs.set(f.chatId!, Math.max(last, f.seq!));
    }
    this.onFrame(f, this);
  }
}

const counts = { errors: {} as Record<string, number>, closed: {} as Record<number, number>, socketErrors: 0, doubled: 0, outOfOrder: 0, acks: 0 };
let stopping = false;
/** clientMsgId -> when it was sent and the seq its ack gave; deleted once delivered to the other side. */
const inFlight = new Map<string, { at: number; seq?: number }>();
const sent = { toAgent: 0, toVisitor: 0 };
const delays = { toAgent: [] as number[], toVisitor: [] as number[] };
let measuring = false;

/** The other side received a message: its delay counts once (a second delivery is counted as doubled above). */
function delivered(f: Frame, direction: 'toAgent' | 'toVisitor'): void {
  const m = f.clientMsgId ? inFlight.get(f.clientMsgId) : undefined;
  if (!m) return;
  delays[direction].push(performance.now() - m.at);
  inFlight.delete(f.clientMsgId!);
}
function acked(f: Frame): void {
  counts.acks++;
  const m = inFlight.get(f.clientMsgId!);
  if (m) m.seq = f.seq;
}

const tokens = await agents();
const server = await startBenchServer(db, { CHAT_AGENT_CAPACITY: String(CAPACITY) });
const base = `ws://127.0.0.1:${server.port}`;
const clients: Client[] = [];
const chatOfVisitor = new Map<Client, { chatId: string; seat: string }>();
let assigned = 0;
let replyNo = 0;
const loadBefore = os.loadavg().map(round);
let pinger: NodeJS.Timeout | undefined;

try {
  const rssIdle = rssMb(server.child.pid!);
  // Quiet sockets ping, during the set-up too (a slow set-up must not lose its first sockets to the hub's heartbeat).
  pinger = setInterval(() => {
    for (const c of clients) if (c.ws.readyState === WebSocket.OPEN && Date.now() - c.lastSent > PING_AFTER_MS) c.send({ type: 'ping' });
  }, 5_000);
  const t0 = performance.now();
  let welcomed = 0;
  await Promise.all(tokens.map(async (token) => {
    const agent = new Client(`${base}/ws/chat?token=${encodeURIComponent(token)}`, '127.0.0.1', (f, self) => {
      if (f.type === 'welcome') welcomed++;
      if (f.type === 'message' && f.role === 'client') {
        delivered(f, 'toAgent');
        // Every visitor message is answered (the "and back" half of the load), only while measuring.
        if (measuring && f.clientMsgId) {
          const clientMsgId = `a${++replyNo}`;
          inFlight.set(clientMsgId, { at: performance.now() });
          sent.toVisitor++;
          self.send({ type: 'message', chatId: f.chatId, clientMsgId, contentType: 'text', content: `re: ${f.clientMsgId}` });
        }
      }
      if (f.type === 'ack') acked(f);
    });
    clients.push(agent);
    await agent.opened();
    agent.send({ type: 'hello' });
  }));
  await until('agents welcomed', () => welcomed === AGENTS, 30_000);

  // Visitors connect 50 at a time, each opening a new chat; every chat must reach an agent.
  const visitors: Client[] = [];
  for (let start = 0; start < VISITORS; start += 50) {
    await Promise.all(Array.from({ length: Math.min(50, VISITORS - start) }, async (_, k) => {
      const i = start + k;
      const v = new Client(`${base}/ws/visitor`, `127.0.0.${2 + Math.floor(i / PER_ADDRESS)}`, (f, self) => {
        if (f.type === 'chat' && f.chat!.state === 'assigned' && !chatOfVisitor.has(self)) {
          chatOfVisitor.set(self, { chatId: f.chat!.chatId, seat: f.chat!.agent!.serverChatId });
          assigned++;
        }
        if (f.type === 'message' && f.role === 'agent') delivered(f, 'toVisitor');
        if (f.type === 'ack') acked(f);
      });
      visitors.push(v);
      clients.push(v);
      await v.opened();
      v.send({ type: 'hello', name: `visitor ${i}` });
    }));
  }
  const connectedS = (performance.now() - t0) / 1000;
  await until('chats assigned', () => assigned === VISITORS, 300_000);
  const assignedS = (performance.now() - t0) / 1000;
  const perAgent = new Map<string, number>();
  for (const { seat } of chatOfVisitor.values()) perAgent.set(seat, (perAgent.get(seat) ?? 0) + 1);
  await sleep(1000); // the welcome messages settle
  const rssConnected = rssMb(server.child.pid!);
  const errorsBefore = { ...counts.errors };

  // The load: visitors in turn, RATE / 2 per second, on a 10 ms clock that catches up when late.
  measuring = true;
  let rssPeak = rssConnected;
  const countersAtStart = await server.counters();
  const loadAtStart = os.loadavg().map(round);
  const started = performance.now();
  const serverCpuAtStart = cpuS(server.child.pid!);
  const benchCpuAtStart = process.cpuUsage();
  let next = 0;
  let sampled = started;
  while (performance.now() - started < SECONDS * 1000) {
    const due = Math.floor(((performance.now() - started) / 1000) * (RATE / 2));
    for (; sent.toAgent < due; next = (next + 1) % VISITORS) {
      const clientMsgId = `v${sent.toAgent}`;
      inFlight.set(clientMsgId, { at: performance.now() });
      sent.toAgent++;
      visitors[next]!.send({ type: 'message', clientMsgId, contentType: 'text', content: `hello ${clientMsgId}` });
    }
    if (performance.now() - sampled > 1000) {
      sampled = performance.now();
      rssPeak = Math.max(rssPeak, rssMb(server.child.pid!));
    }
    await sleep(10);
  }
  const elapsed = (performance.now() - started) / 1000;
  // Share of one core used during the load: the server near 100 % is saturated; the bench's share is its own client-side cost.
  const benchCpu = process.cpuUsage(benchCpuAtStart);
  const cpu = { serverPercentOfOneCore: round((100 * (cpuS(server.child.pid!) - serverCpuAtStart)) / elapsed),
    benchPercentOfOneCore: round((100 * (benchCpu.user + benchCpu.system)) / 1e6 / elapsed) };
  const loadDuring = os.loadavg().map(round);
  // Drain: every message sent (the last replies included) has DRAIN_MS to arrive; late ones show in the delays, only
  // what never arrives counts as lost.
  await until('drain', () => inFlight.size === 0, DRAIN_MS).catch(() => undefined);
  measuring = false;
  clearInterval(pinger);
  rssPeak = Math.max(rssPeak, rssMb(server.child.pid!));
  // The hub's timers (presence refresh, assignment sweep) run meanwhile and are counted too.
  const database = countersBetween(countersAtStart, await server.counters());
  const messagesSent = sent.toAgent + sent.toVisitor;
  const perMessage = { statements: round(database.statements / messagesSent), databaseMs: round((10 * database.busyMs) / messagesSent) / 10,
    serverCpuMs: round((10 * database.cpuMs) / messagesSent) / 10 };

  const lost = [...inFlight.values()];
  const toAgent = stats(delays.toAgent);
  const toVisitor = stats(delays.toVisitor);
  const all = stats([...delays.toAgent, ...delays.toVisitor]);
  const errorsDuringLoad = Object.fromEntries(Object.entries(counts.errors).map(([k, n]) => [k, n - (errorsBefore[k] ?? 0)]).filter(([, n]) => n));
  writeFigures(db.engine === 'postgres' ? 'chat-postgres' : 'chat', {
    engine: db.engine, agents: AGENTS, visitors: VISITORS, capacityPerAgent: CAPACITY, sourceAddresses: Math.ceil(VISITORS / PER_ADDRESS),
    setup: { connectedS: round(connectedS), allAssignedS: round(assignedS), chatsPerAgent: { min: Math.min(...perAgent.values()), max: Math.max(...perAgent.values()) } },
    load: { seconds: round(elapsed), ratePerSecond: RATE, sentToAgents: sent.toAgent, sentToVisitors: sent.toVisitor,
      achievedPerSecond: round((sent.toAgent + sent.toVisitor) / elapsed) },
    delay: { visitorToAgent: toAgent, agentToVisitor: toVisitor, all },
    messages: { lost: lost.length, lostButAcked: lost.filter((m) => m.seq !== undefined).length, doubled: counts.doubled,
      outOfOrder: counts.outOfOrder, acks: counts.acks,
      socketsClosedByServer: counts.closed, socketErrors: counts.socketErrors, errorFramesDuringLoad: errorsDuringLoad, errorFramesSetup: errorsBefore },
    cpuDuringLoad: cpu,
    databaseDuringLoadAndDrain: { statements: database.statements, busyMs: database.busyMs, serverCpuMs: database.cpuMs, perMessage },
    serverRssMb: { idle: round(rssIdle), connected: round(rssConnected), peak: round(rssPeak) },
    target: { p99Ms: 50, statementsPerMessage: 3, databaseMsPerMessage: 3,
      met: all.p99Ms <= 50 && lost.length === 0 && counts.doubled === 0 && perMessage.statements <= 3 && perMessage.databaseMs <= 3 },
    machine: machine(), date: new Date().toISOString(),
    loadAverage: { beforeSetup: loadBefore, startOfLoad: loadAtStart, endOfLoad: loadDuring, end: os.loadavg().map(round) },
  });
} finally {
  clearInterval(pinger);
  stopping = true;
  for (const c of clients) c.ws.terminate();
  await server.stop();
  db.remove();
}
