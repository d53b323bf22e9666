/**
 * bench/reports: the call-report page and the agent synthesis through the HTTP API on
 * 1,000,000 generated calls (issue 8 targets). Generates the calls over 365 days into a fresh
 * DATA_DIR (embedded database; with --postgres a throwaway PostgreSQL cluster), times the
 * same report statements straight on the database (runReport: rows + count + totals, as the
 * route runs them), then starts the real server on loopback and measures:
 *  - the call-report page: last full month, 50 rows, pages 1..201 (offsets 0..10,000), p50
 *    against the raw SQL p50 of the same pages;
 *  - agent synthesis for that month, one supervisor; on PostgreSQL also 10 at once (p99);
 *  - the reports that read the call rollup for whole days (call_day_stats where the report takes
 *    it, else call_hour_stats): each from the rollup
 *    and from the calls (the same report with its rollup taken away), straight on the database,
 *    and the monthly report for the last 12 full months through the API; the time a rebuild of the
 *    whole rollup takes, and its rows.
 *  - with --screens (needs a build in dist/: npm run build): every report screen of the supervisor's
 *    menu in Chromium, from the address change to its first rows (or its empty table), as the
 *    screen opens on its default period (bench/support/report-screens.ts).
 * Run: npm run bench:reports [-- --postgres] [--calls N] [--screens]   (writes bench/out/reports[-postgres].json)
 */
import os from 'node:os';
import autocannon from 'autocannon';
import { loadConfig } from '../server/config.ts';
import { createContext } from '../server/main.ts';
import { runReport } from '../server/reports/sql.ts';
import { rebuildCallRollup } from '../server/db/call-rollup.ts';
import type { ReportModel } from '../server/reports/model.ts';
import { isoDate } from '../src/lib/time.ts';
import { generate } from '../scripts/generate.ts';
import { benchDatabase, machine, root, startBenchServer, writeFigures } from './support/server.ts';
import { timed } from './support/timing.ts';
import { timeReportScreens, type ScreenTimes } from './support/report-screens.ts';

const callsArg = process.argv.indexOf('--calls');
const CALLS = callsArg >= 0 ? Number(process.argv[callsArg + 1]) : 1_000_000;
const db = await benchDatabase('reports');
const { dataDir } = db;
const cluster = db.cluster;

const now = new Date();
const first = new Date(now.getFullYear(), now.getMonth() - 1, 1);
const last = new Date(now.getFullYear(), now.getMonth(), 0);
const MONTH = { startTime: isoDate(first), endTime: isoDate(last) };
const PAGES = Array.from({ length: 11 }, (_, i) => 1 + i * 20);
const ROUNDS = 5;
const pageBody = (pageNo: number) => ({ ...MONTH, pageNo, pageSize: 50 });
const SYNTHESIS = { ...MONTH, pageNo: 1, pageSize: 50 };
const YEAR = { startTime: isoDate(new Date(now.getFullYear() - 1, now.getMonth(), 1)), endTime: MONTH.endTime };
/** The reports that read the rollup, with the conditions each is timed on. */
const ROLLUP_REPORTS: Array<[string, Record<string, string | number>]> = [
  ['agentCallSynthesis', SYNTHESIS], ['agentCallSynthesisByConditions', MONTH], ['callSynthesis', MONTH],
  ['callSynthesisByHour', MONTH], ['monthlyReport', YEAR],
];

const p = (xs: number[], q: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return Math.round(s[Math.min(s.length - 1, Math.floor(q * s.length))]! * 10) / 10;
};


/** Over the screens' medians: their median, their sum, the slowest three and how many are over 300 ms (issue 26's target). */
function screenSummary(screens: Record<string, ScreenTimes>) {
  const times = Object.entries(screens).flatMap(([id, t]) => ('again' in t ? [[id, t.again] as const] : []));
  const sorted = times.map(([, ms]) => ms).sort((a, b) => a - b);
  return {
    screens: times.length,
    median: sorted[Math.floor(sorted.length / 2)] ?? 0,
    sum: sorted.reduce((a, b) => a + b, 0),
    over300: sorted.filter((ms) => ms > 300).length,
    slowest: [...times].sort((a, b) => b[1] - a[1]).slice(0, 3).map(([id, ms]) => `${id} ${ms}`),
  };
}

/** Fills the database and times the report statements on it directly. */
async function fillAndRaw() {
  const ctx = await createContext({ ...loadConfig(), dataDir });
  const gen = await generate(ctx.db, { calls: CALLS, days: 365, seed: 8, now });
  const model = (id: string) => ctx.reports.find((m) => m.schema.id === id)!;
  const full = model('fullCallReport');
  const synthesis = model('agentCallSynthesis');
  await runReport(ctx.db, full, pageBody(1)); // warm the cache as the API run below is warmed
  const page: number[] = [];
  for (let r = 0; r < ROUNDS; r++) for (const n of PAGES) page.push(...(await timed(() => runReport(ctx.db, full, pageBody(n)), 1)));
  const synth = await timed(() => runReport(ctx.db, synthesis, SYNTHESIS), 10);
  const rollup: Record<string, { fromRollupP50: number; fromCallsP50: number }> = {};
  for (const [id, c] of ROLLUP_REPORTS) {
    const m = model(id);
    const calls: ReportModel = { ...m, rollup: undefined };
    rollup[id] = { fromRollupP50: p(await timed(() => runReport(ctx.db, m, c), 5), 0.5), fromCallsP50: p(await timed(() => runReport(ctx.db, calls, c), 3), 0.5) };
  }
  const rebuildMs = (await timed(() => rebuildCallRollup(ctx.db), 1))[0]!;
  const [{ n: rollupRows } = { n: 0 }] = await ctx.db.query<{ n: number }>('SELECT count(*)::int AS n FROM call_hour_stats');
  const [{ n: rollupDayRows } = { n: 0 }] = await ctx.db.query<{ n: number }>('SELECT count(*)::int AS n FROM call_day_stats');
  const [{ n: monthCalls } = { n: 0 }] = await ctx.db.query<{ n: number }>(
    'SELECT count(*) AS n FROM call_records WHERE call_time >= $1::date AND call_time < $2::date + 1', [MONTH.startTime, MONTH.endTime]);
  await ctx.db.close();
  return { gen, monthCalls, rawPage: page, rawSynthesis: synth, rollup, rebuildMs, rollupRows, rollupDayRows };
}

async function post(port: number, token: string, action: string, body: object): Promise<void> {
  const res = await fetch(`http://127.0.0.1:${port}/api/CallReport/${action}`, {
    method: 'POST', headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` }, body: JSON.stringify(body),
  });
  const json = (await res.json()) as { code: number };
  if (res.status !== 200 || json.code !== 200) throw new Error(`${action}: HTTP ${res.status} ${JSON.stringify(json).slice(0, 200)}`);
}

// The machine may be shared: the load average beside the figures says how much they can be trusted.
const loadBefore = os.loadavg();
const raw = await fillAndRaw();
const SCREENS = process.argv.includes('--screens');
const server = await startBenchServer(db, SCREENS ? { STATIC_DIR: `${root}/dist` } : {});
const { port } = server;
try {
  const token = await server.login('supervisor', 'super123');
  await post(port, token, 'getFullCallReport', pageBody(1));
  const apiPage: number[] = [];
  for (let r = 0; r < ROUNDS; r++) for (const n of PAGES) apiPage.push(...(await timed(() => post(port, token, 'getFullCallReport', pageBody(n)), 1)));
  const apiSynthesis = await timed(() => post(port, token, 'getAgentcallsynthesis', SYNTHESIS), 10);
  const apiMonthly = await timed(() => post(port, token, 'getMonthlyReport', YEAR), 10);
  let concurrent;
  if (cluster) {
    const r = await autocannon({
      url: `http://127.0.0.1:${port}/api/CallReport/getAgentcallsynthesis`, method: 'POST', connections: 10, duration: 10,
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` }, body: JSON.stringify(SYNTHESIS),
    });
    concurrent = { connections: 10, p50: r.latency.p50, p99: r.latency.p99, rps: r.requests.average, non2xx: r.non2xx, errors: r.errors };
  }
  const screens = SCREENS ? await timeReportScreens(server.base, token, 'supervisor', 'super123') : undefined;
  const figures = {
    date: new Date().toISOString(),
    machine: { ...machine(), loadAverage1m: { start: loadBefore[0], end: os.loadavg()[0] } },
    engine: cluster ? 'postgres' : 'pglite',
    generated: raw.gen,
    month: { ...MONTH, calls: raw.monthCalls },
    callReportPage: { pages: PAGES, pageSize: 50, rounds: ROUNDS, apiP50: p(apiPage, 0.5), apiP99: p(apiPage, 0.99), rawP50: p(raw.rawPage, 0.5), ratio: Math.round((p(apiPage, 0.5) / p(raw.rawPage, 0.5)) * 100) / 100 },
    agentSynthesis: { apiP50: p(apiSynthesis, 0.5), apiMax: p(apiSynthesis, 1), rawP50: p(raw.rawSynthesis, 0.5), concurrent },
    monthlyReportYear: { ...YEAR, apiP50: p(apiMonthly, 0.5), apiMax: p(apiMonthly, 1) },
    ...(screens ? { screens, screensSummary: screenSummary(screens) } : {}),
    rollup: { rows: raw.rollupRows, dayRows: raw.rollupDayRows, rebuildMs: Math.round(raw.rebuildMs), reports: raw.rollup },
  };
  writeFigures(`reports${cluster ? '-postgres' : ''}`, figures);
} finally {
  await server.stop();
  db.remove();
}
