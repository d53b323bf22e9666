/**
 * `npm test`: type check, unit tests, server tests on PGlite and (when its binaries are
 * present) on a throwaway PostgreSQL, production build, browser tests in Debian's Chromium.
 * Installs chromium and postgresql from Debian when run as root and missing. Ends with the
 * slowest ten test files (all suites) and one line "N passed, N failed".
 *
 * Two lanes run at once, since much of the server suites' time is spent waiting on sockets,
 * timers and databases: (1) type checks, unit tests, build, browser tests; (2) the server
 * suite on PGlite, then on PostgreSQL (two files at a time each, vitest.server.config.ts).
 * The second lane's output is kept and printed whole as each suite ends. TEST_SERIAL=1 runs
 * everything one after the other, with all output as it comes.
 */
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { findPgBin } from '../tests/support/pg-cluster.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const out = fs.mkdtempSync(path.join(os.tmpdir(), 'cc-test-results-'));
const bin = (name: string) => path.join(root, 'node_modules', '.bin', name);
const CHROMIUM = process.env.CHROMIUM_PATH || '/usr/bin/chromium';

interface Tally { name: string; passed: number; failed: number; note?: string }
const results: Tally[] = [];
/** Seconds each test file took, by suite, for the slowest-files list. */
const fileTimes: { suite: string; file: string; seconds: number }[] = [];
const SERIAL = process.env.TEST_SERIAL === '1';

function runSync(cmd: string, args: string[], env: NodeJS.ProcessEnv = {}): number {
  console.log(`\n▶ ${[path.basename(cmd), ...args].join(' ')}`);
  const res = spawnSync(cmd, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } });
  return res.status ?? 1;
}

/** Runs a command with its output as it comes; without blocking, so that the other lane's steps start on time. */
async function run(cmd: string, args: string[], env: NodeJS.ProcessEnv = {}): Promise<number> {
  console.log(`\n▶ ${[path.basename(cmd), ...args].join(' ')}`);
  const child = spawn(cmd, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } });
  return new Promise<number>((resolve) => {
    child.on('exit', (c) => resolve(c ?? 1));
    child.on('error', () => resolve(1));
  });
}

/**
 * Like run(), for a lane running beside another: its output is kept in a file and printed whole,
 * under its name, when it ends (with TEST_SERIAL=1, run() itself).
 */
async function runBeside(name: string, cmd: string, args: string[], env: NodeJS.ProcessEnv = {}): Promise<number> {
  if (SERIAL) return run(cmd, args, env);
  const log = path.join(out, `${name}.log`);
  const fd = fs.openSync(log, 'w');
  console.log(`\n▶ ${name}, beside the other lanes (output when it ends): ${[path.basename(cmd), ...args].join(' ')}`);
  const child = spawn(cmd, args, { cwd: root, stdio: ['ignore', fd, fd], env: { ...process.env, FORCE_COLOR: '1', ...env } });
  const code = await new Promise<number>((resolve) => {
    child.on('exit', (c) => resolve(c ?? 1));
    child.on('error', () => resolve(1));
  });
  fs.closeSync(fd);
  console.log(`\n▼ ${name} (${[path.basename(cmd), ...args].join(' ')}):`);
  process.stdout.write(fs.readFileSync(log));
  return code;
}

function ensureSystemPackages(): void {
  const missing: string[] = [];
  if (!fs.existsSync(CHROMIUM)) missing.push('chromium');
  if (!findPgBin()) missing.push('postgresql');
  if (missing.length === 0) return;
  if (process.getuid?.() === 0) {
    console.log(`Installing from Debian: ${missing.join(' ')}`);
    runSync('apt-get', ['update', '-qq']);
    runSync('apt-get', ['install', '-y', '-qq', ...missing], { DEBIAN_FRONTEND: 'noninteractive' });
  } else {
    console.log(`Missing system packages: ${missing.join(' ')}. Install them with: sudo apt-get install -y ${missing.join(' ')}`);
  }
}

async function check(name: string, cmd: string, args: string[]): Promise<boolean> {
  const ok = (await run(cmd, args)) === 0;
  results.push({ name, passed: ok ? 1 : 0, failed: ok ? 0 : 1 });
  return ok;
}

const relative = (file: string) => path.relative(root, path.resolve(root, file));

async function vitest(name: string, config: string, env: NodeJS.ProcessEnv = {}, extra: string[] = [], beside = false): Promise<void> {
  const file = path.join(out, `${name}.json`);
  const args = ['run', '-c', config, '--reporter=default', '--reporter=json', `--outputFile.json=${file}`, ...extra];
  const code = await (beside ? runBeside(name, bin('vitest'), args, env) : run(bin('vitest'), args, env));
  try {
    const r = JSON.parse(fs.readFileSync(file, 'utf8'));
    const failed = r.numFailedTests + (code !== 0 && r.numFailedTests === 0 ? 1 : 0);
    results.push({ name, passed: r.numPassedTests, failed, ...(r.numPendingTests ? { note: `${r.numPendingTests} skipped` } : {}) });
    for (const t of r.testResults as { name: string; startTime: number; endTime: number }[]) {
      fileTimes.push({ suite: name, file: relative(t.name), seconds: (t.endTime - t.startTime) / 1000 });
    }
  } catch {
    results.push({ name, passed: 0, failed: 1, note: 'runner produced no report' });
  }
}

interface PwSuite { file?: string; suites?: PwSuite[]; specs?: { file?: string; tests: { results: { duration: number }[] }[] }[] }

async function playwright(): Promise<void> {
  if (!fs.existsSync(CHROMIUM)) {
    results.push({ name: 'e2e', passed: 0, failed: 1, note: `no Chromium at ${CHROMIUM}` });
    return;
  }
  const file = path.join(out, 'e2e.json');
  const code = await run(bin('playwright'), ['test', '--reporter=list,json'], { PLAYWRIGHT_JSON_OUTPUT_NAME: file, CHROMIUM_PATH: CHROMIUM });
  try {
    const report = JSON.parse(fs.readFileSync(file, 'utf8')) as { stats: Record<string, number>; suites: PwSuite[] };
    const s = report.stats;
    const failed = s.unexpected! + s.flaky! + (code !== 0 && s.unexpected === 0 ? 1 : 0);
    results.push({ name: 'e2e', passed: s.expected!, failed, ...(s.skipped ? { note: `${s.skipped} skipped` } : {}) });
    const ms = new Map<string, number>();
    const walk = (suite: PwSuite, file: string) => {
      for (const spec of suite.specs ?? []) {
        for (const t of spec.tests) for (const r of t.results) ms.set(file, (ms.get(file) ?? 0) + r.duration);
      }
      for (const inner of suite.suites ?? []) walk(inner, file);
    };
    for (const top of report.suites) walk(top, top.file ?? '?');
    for (const [f, total] of ms) fileTimes.push({ suite: 'e2e', file: relative(path.join('tests/e2e', f)), seconds: total / 1000 });
  } catch {
    results.push({ name: 'e2e', passed: 0, failed: 1, note: 'runner produced no report' });
  }
}

// Server tests run in a shuffled order so that none depends on another's leftovers; the seed
// changes every day and is printed, and TEST_SEED=<n> replays a failing order.
const seed = Number(process.env.TEST_SEED) || Math.floor(Date.now() / 86_400_000);
const shuffle = (n: number) => ['--sequence.shuffle', `--sequence.seed=${n}`];
console.log(`Server suites shuffled with seeds ${seed} (PGlite) and ${seed + 1} (PostgreSQL); TEST_SEED=${seed} replays them.`);

ensureSystemPackages();
const started = Date.now();
const pgAvailable = Boolean(findPgBin());
// Lane 2 starts first and runs beside lane 1 (after the unit tests with TEST_SERIAL=1).
const serverLanes = async () => {
  await vitest('server-pglite', 'vitest.server.config.ts', { TEST_DB: 'pglite' }, shuffle(seed), true);
  if (pgAvailable) await vitest('server-postgres', 'vitest.server.config.ts', { TEST_DB: 'postgres' }, shuffle(seed + 1), true);
};
const beside = SERIAL ? undefined : serverLanes();
await check('typecheck (browser)', bin('tsc'), ['-p', 'tsconfig.app.json']);
await check('typecheck (server)', bin('tsc'), ['-p', 'tsconfig.server.json']);
await vitest('unit', 'vitest.unit.config.ts');
if (SERIAL) await serverLanes();
if (!pgAvailable) console.log('\nPostgreSQL binaries not found: the server suite ran on PGlite only (apt-get install -y postgresql to add it).');
if (await check('build', process.execPath, [path.join(root, 'node_modules/vite/bin/vite.js'), 'build'])) {
  fs.writeFileSync(path.join(root, 'dist', '.build-stamp'), new Date().toISOString());
  await playwright();
} else {
  results.push({ name: 'e2e', passed: 0, failed: 1, note: 'not run: the build failed' });
}
await beside;

console.log('\nSuite results:');
for (const r of results) console.log(`  ${r.name.padEnd(22)} ${r.passed} passed, ${r.failed} failed${r.note ? ` (${r.note})` : ''}`);
console.log(`\nSlowest test files (of ${fileTimes.length}; the whole run took ${((Date.now() - started) / 60_000).toFixed(1)} min):`);
for (const t of [...fileTimes].sort((a, b) => b.seconds - a.seconds).slice(0, 10)) {
  console.log(`  ${t.seconds.toFixed(1).padStart(7)} s  ${t.suite.padEnd(16)} ${t.file}`);
}
const passed = results.reduce((a, r) => a + r.passed, 0);
const failed = results.reduce((a, r) => a + r.failed, 0);
const skipped = results.reduce((a, r) => a + Number(/(\d+) skipped/.exec(r.note ?? '')?.[1] ?? 0), 0);
fs.rmSync(out, { recursive: true, force: true });
console.log(`${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`);
process.exit(failed > 0 ? 1 : 0);
