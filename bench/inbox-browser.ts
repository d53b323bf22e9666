/**
 * bench/inbox-browser: the chat inbox's main-thread time per incoming message in Chromium
 * (issue 26 item 2: at most 5 ms with 1,000 chats). bench/inbox measures the store alone in
 * Node; this one runs the real built console against the real server, so a message goes the
 * whole way: visitor socket -> hub -> the agent's /ws/chat -> store -> React -> style, layout, paint.
 *
 * Set-up: a fresh DATA_DIR (seeded), the server on loopback serving a build (`--dist`, default
 * dist/), the seeded chat agent chat1 logged in through the login form, ready on the phone bar,
 * on /im with one chat open. Chats come from real `/ws/visitor` sockets (20 per source address
 * 127.0.0.2.., with the hub's per-address limits and CHAT_AGENT_CAPACITY raised so one agent
 * takes them all). First 100 chats, then 900 more: the same phases run at both sizes.
 *
 * Measured through the DevTools protocol (Performance.getMetrics: TaskDuration, ScriptDuration,
 * LayoutDuration, RecalcStyleDuration) and a PerformanceObserver for long tasks in the page:
 * - idle: the main thread's time per second with nothing arriving (subtracted below);
 * - per message: messages 250 ms apart to random chats other than the open one, and to the
 *   open chat; main-thread time over the phase less idle, divided by the messages;
 * - steady: 20 messages a second to random chats for `--seconds` (default 20): the main
 *   thread's busy share and the longest long task.
 * Run: npx tsx bench/inbox-browser.ts [-- --dist dir] [-- --port 19390] [-- --seconds 20] [-- --profile]
 *      (needs Chromium at CHROMIUM_PATH or /usr/bin/chromium; writes bench/out/inbox-browser.json)
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium, type CDPSession, type Page } from 'playwright-core';
import { WebSocket } from 'ws';
import { machine, root, writeFigures } from './support/server.ts';

const arg = (name: string, fallback: string) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 && process.argv[i + 1] ? process.argv[i + 1]! : fallback;
};
const PORT = Number(arg('port', '19390'));
const DIST = path.resolve(root, arg('dist', 'dist'));
const SECONDS = Number(arg('seconds', '20'));
const PROFILE = process.argv.includes('--profile');
const SIZES = process.argv.includes("--only-1000") ? [1000] : [100, 1000];
const PER_ADDRESS = 20;
const SPACED_MS = 250;
const SPACED_COUNT = 40;
const RATE = 20;
const round = (n: number, d = 1) => Math.round(n * 10 ** d) / 10 ** d;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const load = () => os.loadavg().map((x) => round(x, 2));

async function until(what: string, done: () => boolean | Promise<boolean>, ms: number): Promise<void> {
  const end = Date.now() + ms;
  while (!(await done())) {
    if (Date.now() > end) throw new Error(`${what}: not done within ${ms / 1000} s`);
    await sleep(50);
  }
}

if (!fs.existsSync(path.join(DIST, 'index.html'))) throw new Error(`no build in ${DIST}: npm run build first`);
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cc-bench-inbox-browser-'));
const server = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
  cwd: root,
  env: {
    ...process.env, PORT: String(PORT), HOST: '127.0.0.1', DATA_DIR: dataDir, DATABASE_URL: '', LOG_LEVEL: 'warn', SIM_ESL_PORT: '0', STATIC_DIR: DIST,
    CHAT_AGENT_CAPACITY: '2000', ANON_CHATS_PER_ADDRESS_HOUR: '1000', ANON_OPEN_CHATS_PER_ADDRESS: '1000',
  },
  stdio: ['ignore', 'ignore', 'inherit'],
});
const exited = new Promise<void>((resolve) => server.once('exit', () => resolve()));
const base = `http://127.0.0.1:${PORT}`;
const visitors: Array<{ ws: WebSocket; chatId: string; name: string }> = [];
const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium', args: ['--no-sandbox'] });
const loadAtStart = load();
const cpuAtStart = os.cpus().reduce((n, c) => n + c.times.user + c.times.sys, 0);
const startedAt = Date.now();

/** Opens `count` new chats as visitors do; answers when the hub assigned every one. */
async function openChats(from: number, count: number): Promise<void> {
  for (let start = from; start < from + count; start += 50) {
    await Promise.all(Array.from({ length: Math.min(50, from + count - start) }, async (_, k) => {
      const i = start + k;
      const ws = new WebSocket(`${base.replace('http', 'ws')}/ws/visitor`, { localAddress: `127.0.0.${2 + Math.floor(i / PER_ADDRESS)}`, headers: { 'accept-language': 'en' } });
      const entry = { ws, chatId: '', name: `Visitor ${String(i).padStart(4, '0')} with a name long enough to be cut` };
      ws.on('message', (data) => {
        const f = JSON.parse(String(data)) as { type: string; chat?: { chatId: string; state: string } };
        if (f.type === 'chat' && f.chat?.state === 'assigned') entry.chatId = f.chat.chatId;
      });
      await new Promise((resolve, reject) => ws.once('open', resolve).once('error', reject));
      ws.send(JSON.stringify({ type: 'hello', name: entry.name }));
      visitors.push(entry);
    }));
  }
  await until('chats assigned', () => visitors.every((v) => v.chatId), 120_000);
}

let sent = 0;
function message(v: { ws: WebSocket }): void {
  sent++;
  v.ws.send(JSON.stringify({ type: 'message', clientMsgId: `b${sent}`, contentType: 'text', content: `Message ${sent}: where is my parcel? It was due yesterday and nobody called me back.` }));
}

type Metrics = Record<'TaskDuration' | 'ScriptDuration' | 'LayoutDuration' | 'RecalcStyleDuration', number>;
async function metrics(cdp: CDPSession): Promise<Metrics> {
  const { metrics: list } = await cdp.send('Performance.getMetrics');
  const get = (name: string) => (list.find((m) => m.name === name)?.value ?? 0) * 1000;
  return { TaskDuration: get('TaskDuration'), ScriptDuration: get('ScriptDuration'), LayoutDuration: get('LayoutDuration'), RecalcStyleDuration: get('RecalcStyleDuration') };
}
const minus = (a: Metrics, b: Metrics) => Object.fromEntries(Object.keys(a).map((k) => [k, a[k as keyof Metrics] - b[k as keyof Metrics]])) as Metrics;

/** Runs `send` over `ms`, then lets the page settle; the main thread's time over it less the idle share, per message. */
async function phase(page: Page, cdp: CDPSession, idlePerS: Metrics, ms: number, every: number, pick: () => { ws: WebSocket }) {
  await page.evaluate('window.longTasks = []');
  const before = await metrics(cdp);
  const t0 = performance.now();
  let n = 0;
  while (performance.now() - t0 < ms) {
    const due = Math.floor((performance.now() - t0) / every) + 1;
    for (; n < due; n++) message(pick());
    await sleep(5);
  }
  await sleep(1000);
  const wallMs = performance.now() - t0;
  const used = minus(await metrics(cdp), before);
  const longTasks = await page.evaluate<number[]>('window.longTasks');
  const per = (k: keyof Metrics) => round((used[k] - (idlePerS[k] * wallMs) / 1000) / n, 2);
  return {
    messages: n, wallS: round(wallMs / 1000),
    perMessageMs: { task: per('TaskDuration'), script: per('ScriptDuration'), layout: per('LayoutDuration'), style: per('RecalcStyleDuration') },
    busyShare: round(used.TaskDuration / wallMs, 3), longTasks: longTasks.length, longestTaskMs: round(Math.max(0, ...longTasks)),
  };
}

interface ProfileNode { id: number; callFrame: { functionName: string; url: string; lineNumber: number }; children?: number[] }
/** With --profile: a CPU profile of a 5 s steady phase; the functions with the most self time (ms), where the time goes. */
async function profiled(cdp: CDPSession, run: () => Promise<unknown>) {
  await cdp.send('Profiler.enable');
  await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
  await cdp.send('Profiler.start');
  await run();
  const { profile } = await cdp.send('Profiler.stop') as unknown as { profile: { nodes: ProfileNode[]; samples: number[]; timeDeltas: number[] } };
  // The whole profile too, for DevTools (Performance > Load profile) or a caller-by-caller look.
  fs.mkdirSync(path.join(root, 'bench/out'), { recursive: true });
  fs.writeFileSync(path.join(root, 'bench/out/inbox-browser.cpuprofile'), JSON.stringify(profile));
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const self = new Map<string, number>();
  profile.samples.forEach((id, i) => {
    const f = byId.get(id)!.callFrame;
    const key = `${f.functionName || '(anonymous)'} ${f.url.split('/').pop()}:${f.lineNumber}`;
    self.set(key, (self.get(key) ?? 0) + (profile.timeDeltas[i + 1] ?? 0) / 1000);
  });
  return [...self].filter(([k]) => !k.startsWith('(idle)')).sort((a, b) => b[1] - a[1]).slice(0, 25).map(([k, ms]) => `${round(ms)} ms ${k}`);
}

try {
  await until('server ready', async () => {
    if (server.exitCode !== null) throw new Error(`server exited with ${server.exitCode}`);
    return fetch(`${base}/healthz`).then((r) => r.ok, () => false);
  }, 90_000);
  const page = await browser.newPage({ viewport: { width: 1600, height: 900 }, locale: 'zh-CN' });
  // A string, run in the page: the long tasks since the last phase began.
  await page.addInitScript(`window.longTasks = [];
    new PerformanceObserver((list) => { for (const e of list.getEntries()) window.longTasks.push(e.duration); }).observe({ type: 'longtask', buffered: true });`);
  await page.goto(`${base}/#/login`);
  await page.locator('input[name="username"]').fill('chat1');
  await page.locator('input[name="password"]').fill('agent123');
  await page.getByTestId('login-submit').click();
  await page.getByTestId('greeting').waitFor({ timeout: 30_000 });
  // Chats go to agents who are ready, as an agent makes itself ready: the phone bar's button.
  const ready = page.getByTestId('phone-action-ready');
  await until('agent ready', async () => {
    if (await ready.isVisible()) await ready.click({ timeout: 2_000 }).catch(() => undefined);
    return (await page.getByTestId('phone-timer').textContent().catch(() => ''))?.includes('就绪') ?? false;
  }, 30_000);
  await page.goto(`${base}/#/im`);
  await page.getByTestId('chat-inbox').waitFor();
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Performance.enable', { timeDomain: 'threadTicks' });

  const results: Record<string, unknown> = {};
  for (const size of SIZES) {
    await openChats(visitors.length, size - visitors.length);
    await until('rows shown', async () => (await page.getByTestId('chat-row').count()) > 0, 30_000);
    const first = page.getByTestId('chat-row').first();
    if (size === SIZES[0]) await first.click();
    const openName = (await page.locator('section[aria-label]').getAttribute('aria-label'))!;
    const open = visitors.find((v) => v.name === openName);
    if (!open) throw new Error(`the open chat ${openName} is none of the visitors'`);
    const others = visitors.filter((v) => v !== open);
    const random = () => others[Math.floor(Math.random() * others.length)]!;
    await sleep(3000);
    const idleBefore = await metrics(cdp);
    const idleT0 = performance.now();
    await sleep(5000);
    const idleMs = performance.now() - idleT0;
    const idleUsed = minus(await metrics(cdp), idleBefore);
    const idlePerS = Object.fromEntries(Object.entries(idleUsed).map(([k, v]) => [k, (v * 1000) / idleMs])) as Metrics;
    results[`chats${size}`] = {
      idleMainThreadMsPerS: round(idlePerS.TaskDuration),
      otherChat: await phase(page, cdp, idlePerS, SPACED_COUNT * SPACED_MS, SPACED_MS, random),
      openChat: await phase(page, cdp, idlePerS, 20 * SPACED_MS, SPACED_MS, () => open),
      steady20PerS: await phase(page, cdp, idlePerS, SECONDS * 1000, 1000 / RATE, random),
    };
    if (PROFILE && size === SIZES.at(-1)) results.profile = await profiled(cdp, () => phase(page, cdp, idlePerS, 5000, 1000 / RATE, random));
  }
  const cpuEnd = os.cpus().reduce((n, c) => n + c.times.user + c.times.sys, 0);
  writeFigures('inbox-browser', {
    machine: machine(), date: new Date().toISOString(), dist: arg('dist', 'dist'), ...results,
    machineCpuShare: round((cpuEnd - cpuAtStart) / ((Date.now() - startedAt) * os.cpus().length), 2),
    loadAverage: { start: loadAtStart, end: load() },
  });
} finally {
  for (const v of visitors) v.ws.terminate();
  await browser.close();
  if (server.exitCode === null) server.kill('SIGTERM');
  await exited;
  fs.rmSync(dataDir, { recursive: true, force: true });
}
