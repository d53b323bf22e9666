/**
 * `npm test`: type check, unit tests, server tests on PGlite and (when its binaries are
 * present) on a throwaway PostgreSQL, production build, browser tests in Debian's Chromium.
 * Installs chromium and postgresql from Debian when run as root and missing. Ends with the
 * slowest ten test files (all suites), every failure by name (scripts/test-summary.ts; Vitest's
 * through scripts/vitest-failures.ts) and, last, one line "N passed, N failed".
 *
 * Two lanes run at once, since much of the server suites' time is spent waiting on sockets,
 * timers and databases: (1) unit tests, build, browser tests; (2) type checks, then the server
 * suite on PGlite (two files at a time, vitest.server.config.ts). (The type checks were lane 1's
 * first step; lane 1 ended 1.6 minutes after lane 2, about their time.) The server suite on
 * PostgreSQL starts as soon as either lane ends, so that two lanes keep running to the end
 * rather than one alone (it took the last five minutes alone before). The server suites'
 * output is kept and printed whole as each ends. TEST_SERIAL=1 runs everything one after the
 * other, with all output as it comes. Each suite's time is printed with its results.
 */
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { findPgBin } from '../tests/support/pg-cluster.ts';
import { testBrowserPath } from '../tests/support/test-browser.ts';
import { playwrightFailures, playwrightFileTimes, summaryLines, type Failure, type FileTime, type PlaywrightReport, type Tally } from './test-summary.ts';
import type { VitestOutcome } from './vitest-failures.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const out = fs.mkdtempSync(path.join(os.tmpdir(), 'cc-test-results-'));
const bin = (name: string) => path.join(root, 'node_modules', '.bin', name);
const CHROMIUM = testBrowserPath();

const results: Tally[] = [];
/** Every failure by name, for the list above the last line. */
const failures: Failure[] = [];
/** Seconds each test file took, by suite, for the slowest-files list. */
const fileTimes: FileTime[] = [];
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

const relative = (file: string) => (path.isAbsolute(file) ? path.relative(root, file) : file);

async function check(name: string, cmd: string, args: string[]): Promise<boolean> {
  const t0 = Date.now();
  const ok = (await run(cmd, args)) === 0;
  results.push({ name, passed: ok ? 1 : 0, failed: ok ? 0 : 1, seconds: (Date.now() - t0) / 1000 });
  if (!ok) failures.push({ suite: name, name: `${[path.basename(cmd), ...args.map((a) => relative(a))].join(' ')} failed (its output is above)` });
  return ok;
}

async function vitest(name: string, config: string, env: NodeJS.ProcessEnv = {}, extra: string[] = [], beside = false): Promise<void> {
  const t0 = Date.now();
  const file = path.join(out, `${name}.json`);
  const failuresFile = path.join(out, `${name}.failures.json`);
  const args = ['run', '-c', config, '--reporter=default', '--reporter=json', `--outputFile.json=${file}`,
    `--reporter=${path.join(root, 'scripts/vitest-failures.ts')}`, ...extra];
  const childEnv = { ...env, TEST_FAILURES_FILE: failuresFile };
  const code = await (beside ? runBeside(name, bin('vitest'), args, childEnv) : run(bin('vitest'), args, childEnv));
  try {
    const r = JSON.parse(fs.readFileSync(file, 'utf8')) as { numPassedTests: number; numPendingTests: number };
    const o = JSON.parse(fs.readFileSync(failuresFile, 'utf8')) as VitestOutcome;
    // A hook, file or unhandled error that failed outside a test counts once, as a test would.
    const named: Failure[] = o.failures.map((f) => ({ suite: name, name: f, ...(o.reasons?.[f] ? { why: o.reasons[f] } : {}) }));
    if (code !== 0 && named.length === 0) named.push({ suite: name, name: `(vitest exited with code ${code} and named no failure)` });
    failures.push(...named);
    results.push({ name, passed: r.numPassedTests, failed: named.length, seconds: (Date.now() - t0) / 1000, ...(r.numPendingTests ? { note: `${r.numPendingTests} skipped` } : {}) });
    for (const t of o.files) fileTimes.push({ suite: name, file: t.file, seconds: t.seconds });
  } catch {
    results.push({ name, passed: 0, failed: 1, seconds: (Date.now() - t0) / 1000, note: 'runner produced no report' });
    failures.push({ suite: name, name: `(vitest produced no report; exit code ${code}: its output is above)` });
  }
}

async function playwright(): Promise<void> {
  if (!fs.existsSync(CHROMIUM)) {
    results.push({ name: 'e2e', passed: 0, failed: 1, note: `no Chromium at ${CHROMIUM}` });
    failures.push({ suite: 'e2e', name: `(not run: no Chromium at ${CHROMIUM})` });
    return;
  }
  const t0 = Date.now();
  const file = path.join(out, 'e2e.json');
  const code = await run(bin('playwright'), ['test', '--reporter=list,json'], { PLAYWRIGHT_JSON_OUTPUT_NAME: file, CHROMIUM_PATH: CHROMIUM });
  try {
    const report = JSON.parse(fs.readFileSync(file, 'utf8')) as PlaywrightReport;
    const s = report.stats;
    const named = playwrightFailures('e2e', report, 'tests/e2e', code);
    failures.push(...named);
    const failed = Math.max(s.unexpected! + s.flaky!, named.length);
    results.push({ name: 'e2e', passed: s.expected!, failed, seconds: (Date.now() - t0) / 1000, ...(s.skipped ? { note: `${s.skipped} skipped` } : {}) });
    fileTimes.push(...playwrightFileTimes('e2e', report, 'tests/e2e'));
  } catch {
    results.push({ name: 'e2e', passed: 0, failed: 1, seconds: (Date.now() - t0) / 1000, note: 'runner produced no report' });
    failures.push({ suite: 'e2e', name: `(playwright produced no report; exit code ${code}: its output is above)` });
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
const pglite = () => vitest('server-pglite', 'vitest.server.config.ts', { TEST_DB: 'pglite' }, shuffle(seed), true);
const postgres = async () => {
  if (pgAvailable) await vitest('server-postgres', 'vitest.server.config.ts', { TEST_DB: 'postgres' }, shuffle(seed + 1), true);
};
const typechecks = async () => {
  await check('typecheck (browser)', bin('tsc'), ['-p', 'tsconfig.app.json']);
  await check('typecheck (server)', bin('tsc'), ['-p', 'tsconfig.server.json']);
};
const lane1 = async () => {
  await vitest('unit', 'vitest.unit.config.ts');
  if (await check('build', process.execPath, [path.join(root, 'node_modules/vite/bin/vite.js'), 'build'])) {
    fs.writeFileSync(path.join(root, 'dist', '.build-stamp'), new Date().toISOString());
    await playwright();
  } else {
    results.push({ name: 'e2e', passed: 0, failed: 1, note: 'not run: the build failed' });
    failures.push({ suite: 'e2e', name: '(not run: the build failed)' });
  }
};
if (!pgAvailable) console.log('\nPostgreSQL binaries not found: the server suite runs on PGlite only (apt-get install -y postgresql to add it).');
if (SERIAL) {
  await typechecks();
  await lane1();
  await pglite();
  await postgres();
} else {
  // The type checks and then the PGlite suite run beside lane 1; PostgreSQL's suite takes the place of whichever ends first.
  const lanes = [typechecks().then(pglite), lane1()];
  await Promise.race(lanes);
  await Promise.all([...lanes, postgres()]);
}

fs.rmSync(out, { recursive: true, force: true });
console.log(summaryLines(results, failures, fileTimes, (Date.now() - started) / 60_000).join('\n'));
process.exit(results.some((r) => r.failed > 0) ? 1 : 0);
