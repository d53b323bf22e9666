/**
 * bench/workorders: the work-order targets of issue 21 on 1,000,000 generated orders
 * (server/db/demo-orders.ts: a year of orders lived through the SLA clock rules up to now,
 * without their timelines). On a throwaway PostgreSQL cluster (`--pglite` for the embedded
 * database), through the real server on loopback:
 *  - the department queue (POST api/WorkOrder/getList, view queue, 20 rows) as a department's
 *    staff member, and the overdue overview (view overdue) as that staff member and as a
 *    supervisor (every order): p50 / p99 over ROUNDS requests each, target p50 ≤ 30 ms;
 *  - the SLA recomputation after a calendar change (saveCalendar: a holiday added, every running
 *    clock computed again), target ≤ 60 s, while a reader keeps asking for the queue and the
 *    overdue overview: their latency during the recomputation (p50, p99, max); for comparison
 *    the same for new SLA targets (saveSla), which recomputes every open order.
 * Stops by itself. Run: npm run bench:workorders [-- --orders N] [-- --pglite]   (writes bench/out/workorders[-pglite].json)
 */
import os from 'node:os';
import { loadConfig } from '../server/config.ts';
import { createContext } from '../server/main.ts';
import { addOrders } from '../server/db/demo-orders-write.ts';
import { DEFAULT_CALENDAR } from '../schemas/workorders/calendar.ts';
import { DEFAULT_SLA } from '../schemas/workorders/states.ts';
import { benchDatabase, machine, startBenchServer, writeFigures } from './support/server.ts';
import { timed } from './support/timing.ts';

const ordersArg = process.argv.indexOf('--orders');
const ORDERS = ordersArg >= 0 ? Number(process.argv[ordersArg + 1]) : 1_000_000;
const ROUNDS = 60;
const db = await benchDatabase('workorders', !process.argv.includes('--pglite'));

const p = (xs: number[], q: number) => {
  if (!xs.length) return null;
  const s = [...xs].sort((a, b) => a - b);
  return Math.round(s[Math.min(s.length - 1, Math.floor(q * s.length))]! * 10) / 10;
};
const stats = (xs: number[]) => ({ n: xs.length, p50: p(xs, 0.5), p99: p(xs, 0.99), max: p(xs, 1) });

/** Fills the database: the demo seed, then the generated orders; answers what they hold. */
async function fill() {
  const ctx = await createContext({ ...loadConfig(), dataDir: db.dataDir });
  const now = ctx.clock.date();
  const t0 = performance.now();
  const written = await addOrders(ctx.db, {
    count: ORDERS, days: 365, now, timeZone: ctx.config.timeZone, seed: 9, events: false,
    progress: (n) => process.stderr.isTTY && process.stderr.write(`\r${n.toLocaleString('en')} orders`),
  });
  await ctx.db.exec('VACUUM (ANALYZE) work_orders');
  const seconds = (performance.now() - t0) / 1000;
  const [held] = await ctx.db.query<Record<string, number>>(
    `SELECT count(*)::int AS orders, count(*) FILTER (WHERE state NOT IN ('closed', 'merged'))::int AS "notClosed",
            count(*) FILTER (WHERE fr_since IS NOT NULL OR up_since IS NOT NULL OR so_since IS NOT NULL)::int AS "runningClocks",
            count(*) FILTER (WHERE owner_id IS NULL AND state IN ('new', 'open') AND depart_id = 4)::int AS "queueDept4",
            count(*) FILTER (WHERE state NOT IN ('closed', 'merged') AND (next_due_at <= $1 OR (state = 'pending_reminder' AND pending_until <= $1)))::int AS overdue
       FROM work_orders`, [now]);
  await ctx.db.close();
  return { written, seconds: Math.round(seconds * 10) / 10, held };
}

async function post(base: string, token: string, action: string, body: object): Promise<{ total?: number; recomputed?: number }> {
  const res = await fetch(`${base}/api/WorkOrder/${action}`, {
    method: 'POST', headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` }, body: JSON.stringify(body),
  });
  const json = (await res.json()) as { code: number; data: { total?: number; recomputed?: number } };
  if (res.status !== 200 || json.code !== 200) throw new Error(`${action}: HTTP ${res.status} ${JSON.stringify(json).slice(0, 200)}`);
  return json.data;
}


// The machine may be shared: the load average beside the figures says how much they can be trusted.
const loadBefore = os.loadavg();
// Interrupted, the cluster and the data go too.
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.once(signal, () => { db.remove(); process.exit(130); });
let filled: Awaited<ReturnType<typeof fill>>;
let server: Awaited<ReturnType<typeof startBenchServer>>;
try {
  filled = await fill();
  server = await startBenchServer(db);
} catch (err) {
  db.remove();
  throw err;
}
try {
  const staff = await server.login('orders', 'orders123');
  const supervisor = await server.login('supervisor', 'super123');
  const admin = await server.login('admin', 'admin123');
  const page = (view: string) => ({ view, pageNo: 1, pageSize: 20 });
  const queue = () => post(server.base, staff, 'getList', page('queue'));
  const overdueStaff = () => post(server.base, staff, 'getList', page('overdue'));
  const overdueAll = () => post(server.base, supervisor, 'getList', page('overdue'));
  const totals = { queue: (await queue()).total, overdueStaff: (await overdueStaff()).total, overdueAll: (await overdueAll()).total };
  const idle = { queue: stats(await timed(queue, ROUNDS)), overdueStaff: stats(await timed(overdueStaff, ROUNDS)), overdueAll: stats(await timed(overdueAll, ROUNDS)) };

  // A recomputation, with a reader asking for the queue and the overdue overview meanwhile.
  async function whileReading(action: string, body: object) {
    const during: Record<'queue' | 'overdueAll', number[]> = { queue: [], overdueAll: [] };
    let done = false;
    const reader = (async () => {
      while (!done) {
        for (const [k, fn] of [['queue', queue], ['overdueAll', overdueAll]] as const) {
          const t = performance.now();
          await fn();
          if (!done) during[k].push(performance.now() - t);
        }
      }
    })();
    const t0 = performance.now();
    const { recomputed } = await post(server.base, admin, action, body);
    const seconds = Math.round((performance.now() - t0) / 100) / 10;
    done = true;
    await reader;
    return { seconds, recomputed, during: { queue: stats(during.queue), overdueAll: stats(during.overdueAll) } };
  }
  // The target: a calendar change (a holiday added) moves every running deadline.
  const recompute = await whileReading('saveCalendar', { ...DEFAULT_CALENDAR, holidays: [...DEFAULT_CALENDAR.holidays, '2026-12-31'] });
  // For comparison, the heavier case: new SLA targets for normal priority, every open order's clocks computed again and most written.
  const sla = { ...DEFAULT_SLA, normal: { ...DEFAULT_SLA.normal, firstResponse: DEFAULT_SLA.normal.firstResponse - 60 } };
  const slaRecompute = await whileReading('saveSla', sla);

  writeFigures(`workorders${db.cluster ? '' : '-pglite'}`, {
    date: new Date().toISOString(),
    machine: { ...machine(), loadAverage1m: { start: loadBefore[0], end: os.loadavg()[0] } },
    engine: db.engine,
    generated: filled,
    pageTotals: totals,
    idle,
    recompute,
    slaRecompute,
  });
} finally {
  await server.stop();
  db.remove();
}
