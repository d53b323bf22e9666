/**
 * bench/login-flood: does a login flood stall logged-in users? Starts its own server (PGlite in
 * a temp DATA_DIR, loopback only), measures an authenticated list request (userManagement/getList)
 * alone, then during 400 concurrent wrong logins from 200 addresses (127.0.0.2-201: all of
 * 127.0.0.0/8 is loopback on Linux, so each connection binds its own source address and each
 * address stays under its own limit). Stops by itself. Goal: p99 during the flood under 200 ms.
 * Run: npm run bench:login-flood
 */
import http from 'node:http';
import { benchDatabase, startBenchServer } from './support/server.ts';

const FLOOD = 400;
const ADDRESSES = 200;
const SAMPLES = 300;
/** Pause of each flooding client between its attempts (ms): 400 clients x 1 attempt/s by default. */
const PAUSE_MS = Number(process.env.PAUSE_MS ?? 1000);

// The embedded database, whatever DATABASE_URL the shell has: the figures are PGlite's.
const db = await benchDatabase('flood', false);
const server = await startBenchServer(db);
const { port } = server;

const agents = new Map<string, http.Agent>();
function post(url: string, body: object, opts: { token?: string; from?: string } = {}): Promise<number> {
  const from = opts.from ?? '127.0.0.1';
  if (!agents.has(from)) agents.set(from, new http.Agent({ keepAlive: true, localAddress: from }));
  const payload = JSON.stringify(body);
  return new Promise((resolve, reject) => {
    const req = http.request({
      host: '127.0.0.1', port, path: url, method: 'POST', agent: agents.get(from),
      headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload), ...(opts.token ? { authorization: `Bearer ${opts.token}` } : {}) },
    }, (res) => {
      let text = '';
      res.on('data', (d) => (text += d));
      res.on('end', () => {
        (post as { last?: string }).last = text;
        resolve(res.statusCode ?? 0);
      });
    });
    req.on('error', reject);
    req.end(payload);
  });
}

const pct = (xs: number[], p: number) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor((xs.length * p) / 100))]!;

async function listLatencies(token: string): Promise<number[]> {
  const out: number[] = [];
  for (let i = 0; i < SAMPLES; i++) {
    const t0 = performance.now();
    const status = await post('/api/userManagement/getList', { pageNo: 1, pageSize: 20 }, { token });
    if (status !== 200) throw new Error(`list answered ${status}`);
    out.push(performance.now() - t0);
  }
  return out;
}

try {
  const token = await server.login('admin', 'admin123');
  await listLatencies(token); // warm-up
  const alone = await listLatencies(token);

  let flooding = true;
  const counts: Record<number, number> = {};
  let n = 0;
  const worker = async (i: number) => {
    const from = `127.0.0.${2 + (i % ADDRESSES)}`;
    while (flooding) {
      const status = await post('/api/default/login', { username: `flood-${i}-${n++}`, password: 'wrong-password' }, { from }).catch(() => -1);
      counts[status] = (counts[status] ?? 0) + 1;
      // PAUSE_MS=0 is a tight loop: every 503 comes straight back (an HTTP-level flood no login gate can absorb).
      if (PAUSE_MS) await new Promise((r) => setTimeout(r, PAUSE_MS));
    }
  };
  const workers = Array.from({ length: FLOOD }, (_, i) => worker(i));
  await new Promise((r) => setTimeout(r, 1000)); // the flood is under way
  const t0 = performance.now();
  const during = await listLatencies(token);
  const seconds = (performance.now() - t0) / 1000;
  flooding = false;
  await Promise.all(workers);

  const fmt = (xs: number[]) => `p50 ${pct(xs, 50).toFixed(1)} ms, p99 ${pct(xs, 99).toFixed(1)} ms`;
  console.log(`logged-in list (userManagement/getList), ${SAMPLES} sequential requests`);
  console.log(`  alone:            ${fmt(alone)}`);
  console.log(`  during the flood: ${fmt(during)}  (${FLOOD} concurrent wrong logins from ${ADDRESSES} addresses, each client pausing ${PAUSE_MS} ms between attempts, ${seconds.toFixed(1)} s)`);
  console.log(`  flood answers: ${Object.entries(counts).map(([k, v]) => `${k}: ${v}`).join(', ')}`);
  console.log(`  goal p99 during the flood < 200 ms: ${pct(during, 99) < 200 ? 'met' : 'NOT met'}`);
} finally {
  for (const a of agents.values()) a.destroy();
  await server.stop();
  db.remove();
}
