/**
 * bench/startup: first start (build + initdb + seed), warm start to ready, RSS at rest,
 * the login page's initial JavaScript and an agent's home's (as the server sends it, with a browser's Accept-Encoding), and login latency under load on loopback.
 * Run: npm run bench:startup   (writes bench/out/startup.json; copy the figures into RESULTS.md)
 *      npm run bench:startup -- --login-js   (only the login page's JavaScript, on the current build)
 *      npm run bench:startup -- --home-js    (only the JavaScript an agent's home loads, on the current build)
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import http from 'node:http';
import path from 'node:path';
import zlib from 'node:zlib';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { chromium } from 'playwright-core';
import { freePort } from '../tests/support/pg-cluster.ts';
import { DEMO_USERS } from '../server/db/demo-accounts.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cc-bench-'));
const ms = (n: number) => Math.round(n);

async function startServer(port: number): Promise<{ child: ChildProcess; readyMs: number }> {
  const t0 = performance.now();
  const child = spawn('npm', ['start', '--silent'], {
    cwd: root, env: { ...process.env, PORT: String(port), DATA_DIR: dataDir, LOG_LEVEL: 'warn' }, stdio: ['ignore', 'ignore', 'inherit'], detached: true,
  });
  for (;;) {
    if (child.exitCode !== null) throw new Error('server exited before it was ready');
    try {
      if ((await fetch(`http://127.0.0.1:${port}/healthz`)).status === 200) return { child, readyMs: performance.now() - t0 };
    } catch {
      /* not yet listening */
    }
    await new Promise((r) => setTimeout(r, 25));
  }
}

/**
 * Stops the server's process group and waits until nothing answers on its port: npm can exit
 * before the server it started has closed, and the next start's first /healthz would then reach
 * the old server (a warm start of 13 ms was recorded so).
 */
async function stop(child: ChildProcess, port: number): Promise<void> {
  const done = new Promise((r) => child.once('exit', r));
  process.kill(-child.pid!, 'SIGTERM');
  await done;
  for (const until = Date.now() + 30_000; Date.now() < until;) {
    try {
      await fetch(`http://127.0.0.1:${port}/healthz`);
    } catch {
      return;
    }
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`a server still answers on port ${port} 30 s after it was stopped`);
}

/** RSS of the node process that serves the port (the deepest node in npm's process tree). */
function serverRssMb(rootPid: number): number {
  let pid = rootPid;
  for (;;) {
    // ps exits 1 when the process has no children: that is the leaf we want.
    const kids = spawnSync('ps', ['-o', 'pid=', '--ppid', String(pid)], { encoding: 'utf8' }).stdout.trim().split(/\s+/).filter(Boolean);
    if (kids.length === 0) break;
    pid = Number(kids[0]);
  }
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+)/.exec(status)![1]) / 1024;
}

/** GET over loopback with a browser's Accept-Encoding: the bytes as they come over the wire (not decompressed). */
function rawGet(port: number, url: string): Promise<{ bytes: Buffer; encoding: string }> {
  return new Promise((resolve, reject) => {
    http.get({ host: '127.0.0.1', port, path: url, headers: { 'accept-encoding': 'gzip, deflate, br, zstd' } }, (res) => {
      const parts: Buffer[] = [];
      res.on('data', (c: Buffer) => parts.push(c));
      res.on('end', () => resolve({ bytes: Buffer.concat(parts), encoding: String(res.headers['content-encoding'] ?? 'identity') }));
    }).on('error', reject);
  });
}

/** The page to measure: its address, what shows it is ready, and the demo user signed in first (none: the login page). */
interface PageTarget { hash: string; ready: string; user?: string }
const LOGIN_PAGE: PageTarget = { hash: '#/login', ready: 'input[name="username"]' };
// An agent's home: what every agent loads after signing in (the console, the shell, the phone bar, the home).
const AGENT_HOME: PageTarget = { hash: '#/index', ready: '[data-testid="greeting"]', user: 'agent1' };

/**
 * The JavaScript a page needs before it shows: every script Chromium loads for the page until
 * its `ready` element is there and no script has come for 2 s (the entry, its modulepreloads and what
 * they import on demand: the language's words, the console's lazy parts), as the server sends
 * each to a browser (compressed copies by content negotiation, server/app.ts), and the same
 * files uncompressed. A signed-in page gets the user's token where the login form puts it.
 */
async function pageJs(port: number, target: PageTarget): Promise<{ sentKb: number; rawKb: number; encodings: string[]; files: string[] }> {
  const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium', args: ['--no-sandbox'] });
  const files = new Set<string>();
  try {
    const page = await browser.newPage();
    if (target.user) {
      const account = DEMO_USERS.find((u) => u.userName === target.user)!;
      const res = await fetch(`http://127.0.0.1:${port}/api/default/login`, {
        method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ username: account.userName, password: account.password }),
      });
      const token = ((await res.json()) as { data: { token: string } }).data.token;
      await page.goto(`http://127.0.0.1:${port}/healthz`);
      await page.evaluate(`localStorage.setItem('token', ${JSON.stringify(token)})`);
    }
    let lastScriptAt = performance.now();
    page.on('response', (res) => {
      const url = new URL(res.url());
      if (url.pathname.endsWith('.js')) {
        files.add(url.pathname);
        lastScriptAt = performance.now();
      }
    });
    await page.goto(`http://127.0.0.1:${port}/${target.hash}`);
    await page.locator(target.ready).waitFor();
    // Until no script has come for 2 s (the console polls and keeps sockets open: the network is never idle).
    while (performance.now() - lastScriptAt < 2000) await new Promise((r) => setTimeout(r, 200));
  } finally {
    await browser.close();
  }
  let sent = 0;
  let raw = 0;
  const encodings = new Set<string>();
  for (const f of files) {
    const got = await rawGet(port, f);
    sent += got.bytes.length;
    encodings.add(got.encoding);
    raw += fs.statSync(path.join(root, 'dist', f.replace(/^\//, ''))).size;
  }
  return { sentKb: sent / 1024, rawKb: raw / 1024, encodings: [...encodings], files: [...files] };
}

async function loginLoad(port: number, connections: number, seconds: number) {
  const result = await autocannon({
    url: `http://127.0.0.1:${port}/api/default/login`, method: 'POST', connections, duration: seconds,
    headers: { 'content-type': 'application/json' }, body: JSON.stringify({ username: 'agent1', password: 'agent123' }),
  });
  return { requests: result.requests.total, non2xx: result.non2xx, errors: result.errors, p50: result.latency.p50, p99: result.latency.p99, rps: result.requests.average };
}

async function coldLogins(port: number) {
  const times: number[] = [];
  for (const u of DEMO_USERS) {
    const t0 = performance.now();
    const res = await fetch(`http://127.0.0.1:${port}/api/default/login`, {
      method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ username: u.userName, password: u.password }),
    });
    if (res.status !== 200) throw new Error(`login ${u.userName}: ${res.status}`);
    times.push(performance.now() - t0);
  }
  return times.sort((a, b) => a - b);
}

const port = await freePort();
if (process.argv.includes('--login-js') || process.argv.includes('--home-js')) {
  const server = await startServer(port);
  try {
    console.log(JSON.stringify(await pageJs(port, process.argv.includes('--home-js') ? AGENT_HOME : LOGIN_PAGE), null, 2));
  } finally {
    await stop(server.child, port);
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
  process.exit(0);
}
fs.rmSync(path.join(root, 'dist'), { recursive: true, force: true });
const first = await startServer(port);
await stop(first.child, port);
const warm: number[] = [];
let rssMb = 0;
let load = { requests: 0, non2xx: 0, errors: 0, p50: 0, p99: 0, rps: 0 };
let loadAgain = { ...load };
let cold: number[] = [];
let js = { sentKb: 0, rawKb: 0, encodings: [] as string[], files: [] as string[] };
let homeJs = { ...js };
for (let i = 0; i < 3; i++) {
  const w = await startServer(port);
  warm.push(w.readyMs);
  if (i === 2) {
    await new Promise((r) => setTimeout(r, 3000));
    rssMb = serverRssMb(w.child.pid!);
    cold = await coldLogins(port);
    load = await loginLoad(port, 50, 10);
    // The same 10 s again on the server now warm (its code and the database's WebAssembly compiled
    // for this work): the first run also measures a server seconds old, the second a server at work.
    loadAgain = await loginLoad(port, 50, 10);
    js = await pageJs(port, LOGIN_PAGE);
    homeJs = await pageJs(port, AGENT_HOME);
  }
  await stop(w.child, port);
}
warm.sort((a, b) => a - b);
const figures = {
  date: new Date().toISOString(),
  machine: { cpu: os.cpus()[0]?.model, cores: os.cpus().length, memoryGb: Math.round(os.totalmem() / 2 ** 30), node: process.version, platform: `${os.type()} ${os.release()}` },
  firstStartWithBuildMs: ms(first.readyMs),
  warmStartMs: { median: ms(warm[1]!), all: warm.map(ms) },
  rssAtRestMb: Math.round(rssMb),
  loginPageInitialJsAsSentKb: Math.round(js.sentKb), loginPageInitialJsUncompressedKb: Math.round(js.rawKb), loginPageEncodings: js.encodings, loginPageFiles: js.files,
  agentHomeJsAsSentKb: Math.round(homeJs.sentKb), agentHomeJsUncompressedKb: Math.round(homeJs.rawKb), agentHomeScripts: homeJs.files.length,
  coldLoginMs: { median: ms(cold[Math.floor(cold.length / 2)]!), max: ms(cold[cold.length - 1]!) },
  loginUnderLoad: { connections: 50, seconds: 10, ...load },
  loginUnderLoadAgain: { connections: 50, seconds: 10, ...loadAgain },
};
fs.mkdirSync(path.join(root, 'bench/out'), { recursive: true });
fs.writeFileSync(path.join(root, 'bench/out/startup.json'), JSON.stringify(figures, null, 2));
fs.rmSync(dataDir, { recursive: true, force: true });
console.log(JSON.stringify(figures, null, 2));
