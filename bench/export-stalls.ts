/**
 * bench/export-stalls: a cheap request's latency on a process with 10 exports whose reader
 * stopped (issue 25 item 1). Fills a fresh database (embedded; with --postgres a throwaway
 * PostgreSQL cluster) with the demo seed and 150,000 calls on one day (~13 MB of CSV each
 * export, more than loopback's socket buffers), starts the real server, measures
 * GET /api/default/getTest (token check, session look-up) one request after another for
 * `--seconds` (default 10) alone, then starts 10 CSV exports from two users whose clients read the
 * first chunk and stop, and measures the same request again for as long while they stay silent.
 * Target: p99 under 500 ms with the 10 stalled exports. Stops by itself.
 * Run: npm run bench:export-stalls [-- --postgres] [-- --seconds N]   (writes bench/out/export-stalls[-postgres].json)
 */
import http from 'node:http';
import { loadConfig } from '../server/config.ts';
import { createContext } from '../server/main.ts';
import { benchDatabase, machine, startBenchServer, writeFigures } from './support/server.ts';

const DAY = '2021-06-01';
const CALLS = 150_000;
const arg = (name: string, fallback: number) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? Number(process.argv[i + 1]) : fallback;
};
const SECONDS = arg('seconds', 10);

const db = await benchDatabase('export-stalls');
{
  const ctx = await createContext({ ...loadConfig(), dataDir: db.dataDir });
  await ctx.db.query(
    `INSERT INTO call_records (call_id, direction, user_seat_no, phone_no, line_id, call_time, destroy_time, link_flag, ring_seconds, call_seconds)
     SELECT 'stall-' || i, 'in', '8101', '139' || lpad(i::text, 8, '0'), 1, $1::timestamp + make_interval(secs => i * 0.5),
            $1::timestamp + make_interval(secs => i * 0.5 + 30), 0, 5, 0
       FROM generate_series(1, $2::int) AS i`,
    [`${DAY} 00:00:00`, CALLS],
  );
  await ctx.db.query('ANALYZE');
  await ctx.db.close();
}

/** Latencies in ms of the request sent one after another for SECONDS. */
async function measure(base: string, token: string): Promise<number[]> {
  const out: number[] = [];
  const end = Date.now() + SECONDS * 1000;
  while (Date.now() < end) {
    const t = performance.now();
    const res = await fetch(`${base}/api/default/getTest`, { headers: { authorization: `Bearer ${token}` } });
    await res.arrayBuffer();
    if (!res.ok) throw new Error(`getTest answered ${res.status}`);
    out.push(performance.now() - t);
  }
  return out;
}

const pct = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return Math.round(s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))]! * 10) / 10;
};

/** An export whose client reads the first chunk and stops; answers the status and the request (to end it later). */
async function stalled(port: number, token: string): Promise<{ status: number; req: http.ClientRequest }> {
  const req = http.request({
    host: '127.0.0.1', port, method: 'POST', agent: false, path: '/api/export/CallReport/getFullCallReport?format=csv',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
  });
  req.on('error', () => undefined);
  req.end(JSON.stringify({ startTime: DAY, endTime: DAY }));
  const res = await new Promise<http.IncomingMessage>((resolve) => req.once('response', resolve));
  if (res.statusCode === 200) {
    await new Promise((resolve) => res.once('data', resolve));
    res.pause();
  } else res.resume();
  return { status: res.statusCode!, req };
}

const server = await startBenchServer(db);
const asked: { status: number; req: http.ClientRequest }[] = [];
try {
  const tokens = [await server.login('admin', 'admin123'), await server.login('supervisor', 'super123')];
  const cheap = await server.login('agent1', 'agent123');
  await measure(server.base, cheap); // warm-up
  const alone = await measure(server.base, cheap);
  for (let i = 0; i < 10; i += 1) asked.push(await stalled(server.port, tokens[i % 2]!));
  const withStalled = await measure(server.base, cheap);
  const health = await fetch(`${server.base}/healthz`);
  writeFigures(`export-stalls${db.engine === 'postgres' ? '-postgres' : ''}`, {
    engine: db.engine,
    machine: machine(),
    loadAverage: (await import('node:os')).loadavg().map((l) => Math.round(l * 100) / 100),
    seconds: SECONDS,
    exports: { admitted: asked.filter((a) => a.status === 200).length, refused429: asked.filter((a) => a.status === 429).length },
    alone: { requests: alone.length, p50: pct(alone, 50), p99: pct(alone, 99), max: pct(alone, 100) },
    withTenStalledExports: { requests: withStalled.length, p50: pct(withStalled, 50), p99: pct(withStalled, 99), max: pct(withStalled, 100) },
    healthzAfter: health.status,
  });
} finally {
  for (const a of asked) a.req.destroy();
  await server.stop();
  db.remove();
}
