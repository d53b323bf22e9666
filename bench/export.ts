/**
 * bench/export: export of 100,000 call records to xlsx through the HTTP API.
 * Fills a fresh DATA_DIR (embedded database; with --postgres a throwaway PostgreSQL cluster) with
 * the demo seed plus 100,000 generated calls inserted directly, starts the real server on it and
 * exports them with POST api/export/CallReport/getFullCallReport?format=xlsx on loopback. Measures
 * the time to the last byte, the server's resident memory growth over its idle figure (sampled
 * from /proc every 20 ms), and the latency of other requests (GET /healthz every 50 ms) during
 * the export, and the server's CPU seconds (the figure to trust on a busy machine, with the load
 * average it ran under). Target: within 5 s and 200 MB. Stops by itself.
 * Run: npm run bench:export [-- --postgres]   (writes bench/out/export[-postgres].json)
 */
import fs from 'node:fs';
import os from 'node:os';
import { loadConfig } from '../server/config.ts';
import { createContext } from '../server/main.ts';
import { benchDatabase, machine, startBenchServer, writeFigures } from './support/server.ts';

const CALLS = 100_000;
const DAY = '2021-06-01';
const db = await benchDatabase('export');
const { dataDir } = db;

/** 100,000 calls over one month (one every ~26 s), seats 8101..8150, a third unanswered. */
async function fill(): Promise<void> {
  const ctx = await createContext({ ...loadConfig(), dataDir });
  await ctx.db.query(
    `INSERT INTO call_records (call_id, direction, user_seat_no, phone_no, line_id, call_time, answer_time, destroy_time, link_flag, ring_seconds, call_seconds)
     SELECT 'bench-' || i, CASE WHEN i % 4 = 0 THEN 'out' ELSE 'in' END, (8101 + i % 50)::text, '139' || lpad(i::text, 8, '0'), 1 + i % 2,
            $1::timestamp + make_interval(secs => i * 26),
            CASE WHEN i % 3 <> 0 THEN $1::timestamp + make_interval(secs => i * 26 + i % 90) END,
            $1::timestamp + make_interval(secs => i * 26 + i % 90 + i % 600),
            CASE WHEN i % 3 <> 0 THEN 1 ELSE 0 END, i % 90, CASE WHEN i % 3 <> 0 THEN i % 600 ELSE 0 END
       FROM generate_series(1, $2::int) AS i`,
    [`${DAY} 00:00:00`, CALLS],
  );
  await ctx.db.query('ANALYZE');
  await ctx.db.close();
}

/** CPU seconds a process has used (user + system), from /proc: the export's cost whatever else the machine runs. */
const cpuSeconds = (pid: number) => {
  const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').replace(/^.*\) /, '').split(' ');
  return (Number(fields[11]) + Number(fields[12])) / 100;
};
const rssMb = (pid: number) => Number(/VmRSS:\s+(\d+)/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0) / 1024;

await fill();
const server = await startBenchServer(db);
const child = server.child;
const base = server.base;
try {
  const token = await server.login('admin', 'admin123');
  const exportOnce = async (body: object) => {
    const res = await fetch(`${base}/api/export/CallReport/getFullCallReport?format=xlsx`, {
      method: 'POST', headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` }, body: JSON.stringify(body),
    });
    if (!res.ok) throw new Error(`export answered ${res.status}: ${await res.text()}`);
    let bytes = 0;
    for await (const chunk of res.body!) bytes += (chunk as Uint8Array).length;
    return { rows: Number(res.headers.get('x-export-rows')), bytes };
  };
  // Warm-up: a small export loads exceljs and compiles the statements, so the growth measured is the export's.
  await exportOnce({ startTime: DAY, endTime: DAY });
  await new Promise((r) => setTimeout(r, 500));
  const idle = rssMb(child.pid!);
  let peak = idle;
  const sampler = setInterval(() => {
    peak = Math.max(peak, rssMb(child.pid!));
  }, 20);
  const pings: number[] = [];
  let exporting = true;
  const pinger = (async () => {
    while (exporting) {
      const t = performance.now();
      await fetch(`${base}/healthz`);
      pings.push(performance.now() - t);
      await new Promise((r) => setTimeout(r, 50));
    }
  })();
  const cpu0 = cpuSeconds(child.pid!);
  const t0 = performance.now();
  const out = await exportOnce({ startTime: '2021-06-01', endTime: '2021-07-31' });
  const seconds = (performance.now() - t0) / 1000;
  const serverCpu = cpuSeconds(child.pid!) - cpu0;
  exporting = false;
  await pinger;
  clearInterval(sampler);
  pings.sort((a, b) => a - b);
  const figures = {
    date: new Date().toISOString(),
    machine: machine(),
    engine: db.engine,
    loadAverage: os.loadavg().map((l) => +l.toFixed(1)),
    rows: out.rows, fileMb: +(out.bytes / 2 ** 20).toFixed(1), seconds: +seconds.toFixed(2), serverCpuSeconds: +serverCpu.toFixed(2),
    serverRssIdleMb: Math.round(idle), serverRssPeakMb: Math.round(peak), memoryGrowthMb: Math.round(peak - idle),
    otherRequestsDuringExport: { count: pings.length, p50Ms: +(pings[Math.floor(pings.length / 2)] ?? 0).toFixed(1), maxMs: +(pings.at(-1) ?? 0).toFixed(1) },
    target: { seconds: 5, memoryGrowthMb: 200 },
  };
  if (out.rows !== CALLS) throw new Error(`exported ${out.rows} rows, expected ${CALLS}`);
  writeFigures(`export${db.cluster ? '-postgres' : ''}`, figures);
} finally {
  await server.stop();
  db.remove();
}
