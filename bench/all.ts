/**
 * bench/all: every benchmark in `bench/`, one after another, each in its own process with a time
 * limit (it is stopped, with its process group, when it runs over), on the embedded database and,
 * where the benchmark takes `--postgres`, on a throwaway PostgreSQL too. For each it records the
 * wall time, the CPU time of the benchmark and everything it started (from /proc: the children's
 * user and system ticks once they are waited for), the load average at its start and end, and
 * its exit code; the benchmarks' own figures are in their files under bench/out/ (RESULTS.md says
 * which). Loopback only; stops by itself.
 *
 * Run: npm run bench:all                      (about an hour and a half on 2 cores)
 *      npm run bench:all -- --only startup,admin
 *      npm run bench:all -- --skip reports,workorders
 *      npm run bench:all -- --list
 * Writes bench/out/all.json.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

interface Bench {
  /** The name `--only` and `--skip` take: the file's name, with `-postgres` for the PostgreSQL run. */
  readonly name: string;
  readonly file: string;
  readonly args?: readonly string[];
  /** Stopped past this many minutes. */
  readonly minutes: number;
}

const pg = (b: Bench): Bench => ({ ...b, name: `${b.name}-postgres`, args: [...(b.args ?? []), '--postgres'] });
const bench = (file: string, minutes: number, args: readonly string[] = []): Bench => ({ name: file, file: `bench/${file}.ts`, args, minutes });

/** In order: the quick ones first, so a run stopped early still has most figures. */
export const BENCHES: readonly Bench[] = [
  bench('patterns', 5),
  bench('static', 3),
  bench('phone-codec', 5),
  bench('inbox', 5),
  bench('inbox-browser', 10),
  bench('widget-size', 5),
  // Needs Lighthouse installed outside the project (bench/frontend.ts): left out without LIGHTHOUSE_DIR.
  bench('frontend', 15),
  // The browser suite's CPU by process kind, four of its files on the current build (needs `npm run build`).
  bench('browser-cpu', 10),
  bench('startup', 10),
  bench('test-db', 10),
  pg(bench('test-db', 10)),
  bench('login-flood', 5),
  bench('admin', 10),
  pg(bench('admin', 10)),
  bench('phone', 5),
  pg(bench('phone', 5)),
  bench('chat', 10),
  pg(bench('chat', 10)),
  bench('chat-flood', 10),
  bench('chat-kill', 10),
  bench('export', 15),
  pg(bench('export', 15)),
  bench('export-stalls', 10),
  bench('reports', 25),
  pg(bench('reports', 20)),
  bench('workorders', 25, ['--pglite']),
  bench('workorders', 20),
].map((b) => (b.name === 'workorders' && !b.args?.includes('--pglite') ? { ...b, name: 'workorders-postgres' } : b));

const TICKS_PER_SECOND = 100;
/** CPU seconds of this process's waited-for children (utime + stime of all of them and theirs). */
function childrenCpuSeconds(): number {
  // /proc/self/stat: fields 16 and 17 (cutime, cstime), counted after the command's ")".
  const stat = fs.readFileSync('/proc/self/stat', 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[13]) + Number(fields[14])) / TICKS_PER_SECOND;
}

const load = () => os.loadavg().map((n) => Number(n.toFixed(2)));

interface Outcome { name: string; exitCode: number | null; stoppedAfterMinutes?: number; wallSeconds: number; cpuSeconds: number; loadStart: number[]; loadEnd: number[] }

async function runOne(b: Bench): Promise<Outcome> {
  const loadStart = load();
  const cpu0 = childrenCpuSeconds();
  const t0 = performance.now();
  console.log(`\n▶ ${b.name}: tsx ${b.file} ${(b.args ?? []).join(' ')} (load ${loadStart.join(' ')}, limit ${b.minutes} min)`);
  const child = spawn(process.execPath, [path.join(root, 'node_modules/tsx/dist/cli.mjs'), b.file, ...(b.args ?? [])], { cwd: root, stdio: 'inherit', detached: true });
  let stopped = false;
  const timer = setTimeout(() => {
    stopped = true;
    console.log(`\n■ ${b.name}: over ${b.minutes} minutes, stopped`);
    try {
      process.kill(-child.pid!, 'SIGTERM');
      setTimeout(() => { try { process.kill(-child.pid!, 'SIGKILL'); } catch { /* gone */ } }, 10_000).unref();
    } catch { /* gone */ }
  }, b.minutes * 60_000);
  const exitCode = await new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  clearTimeout(timer);
  const outcome: Outcome = {
    name: b.name, exitCode, wallSeconds: Number(((performance.now() - t0) / 1000).toFixed(1)),
    cpuSeconds: Number((childrenCpuSeconds() - cpu0).toFixed(1)), loadStart, loadEnd: load(),
    ...(stopped ? { stoppedAfterMinutes: b.minutes } : {}),
  };
  console.log(`▼ ${b.name}: exit ${exitCode}, ${outcome.wallSeconds} s wall, ${outcome.cpuSeconds} s CPU, load ${outcome.loadStart[0]} → ${outcome.loadEnd[0]}`);
  return outcome;
}

const listOf = (flag: string) => {
  const i = process.argv.indexOf(flag);
  return i > 0 ? new Set((process.argv[i + 1] ?? '').split(',').filter(Boolean)) : undefined;
};

const isEntry = process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url);
if (isEntry) {
  const only = listOf('--only');
  const skip = listOf('--skip') ?? new Set<string>();
  const unknown = [...(only ?? []), ...skip].filter((n) => !BENCHES.some((b) => b.name === n));
  if (unknown.length) {
    console.error(`Unknown benchmark(s): ${unknown.join(', ')}. Known: ${BENCHES.map((b) => b.name).join(', ')}`);
    process.exit(2);
  }
  if (!process.env.LIGHTHOUSE_DIR && !only?.has('frontend')) {
    console.log('frontend left out: LIGHTHOUSE_DIR is not set (see bench/frontend.ts)');
    skip.add('frontend');
  }
  const chosen = BENCHES.filter((b) => (!only || only.has(b.name)) && !skip.has(b.name));
  if (process.argv.includes('--list')) {
    for (const b of chosen) console.log(`${b.name.padEnd(22)} tsx ${b.file} ${(b.args ?? []).join(' ')}  (limit ${b.minutes} min)`);
    process.exit(0);
  }
  const started = new Date();
  const outcomes: Outcome[] = [];
  for (const b of chosen) outcomes.push(await runOne(b));
  const summary = { started: started.toISOString(), ended: new Date().toISOString(), machine: { cpus: os.cpus().length, model: os.cpus()[0]?.model, memoryGb: Math.round(os.totalmem() / 2 ** 30), node: process.version }, outcomes };
  fs.mkdirSync(path.join(root, 'bench/out'), { recursive: true });
  fs.writeFileSync(path.join(root, 'bench/out/all.json'), `${JSON.stringify(summary, null, 2)}\n`);
  console.log('\nbenchmark              exit   wall s    CPU s   load start → end');
  for (const o of outcomes) console.log(`${o.name.padEnd(22)} ${String(o.stoppedAfterMinutes ? 'limit' : o.exitCode).padEnd(5)} ${String(o.wallSeconds).padStart(8)} ${String(o.cpuSeconds).padStart(8)}   ${o.loadStart[0]} → ${o.loadEnd[0]}`);
  console.log('Figures: bench/out/*.json (summary: bench/out/all.json).');
  process.exit(outcomes.every((o) => o.exitCode === 0) ? 0 : 1);
}
