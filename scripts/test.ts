/**
 * `npm test`: type check, unit tests, server tests on PGlite and (when its binaries are
 * present) on a throwaway PostgreSQL, production build, browser tests in Debian's Chromium.
 * Installs chromium and postgresql from Debian when run as root and missing. Ends with one
 * line "N passed, N failed".
 */
import { spawnSync } from 'node:child_process';
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

function run(cmd: string, args: string[], env: NodeJS.ProcessEnv = {}): number {
  console.log(`\n▶ ${[path.basename(cmd), ...args].join(' ')}`);
  const res = spawnSync(cmd, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } });
  return res.status ?? 1;
}

function ensureSystemPackages(): void {
  const missing: string[] = [];
  if (!fs.existsSync(CHROMIUM)) missing.push('chromium');
  if (!findPgBin()) missing.push('postgresql');
  if (missing.length === 0) return;
  if (process.getuid?.() === 0) {
    console.log(`Installing from Debian: ${missing.join(' ')}`);
    run('apt-get', ['update', '-qq']);
    run('apt-get', ['install', '-y', '-qq', ...missing], { DEBIAN_FRONTEND: 'noninteractive' });
  } else {
    console.log(`Missing system packages: ${missing.join(' ')}. Install them with: sudo apt-get install -y ${missing.join(' ')}`);
  }
}

function check(name: string, cmd: string, args: string[]): boolean {
  const ok = run(cmd, args) === 0;
  results.push({ name, passed: ok ? 1 : 0, failed: ok ? 0 : 1 });
  return ok;
}

function vitest(name: string, config: string, env: NodeJS.ProcessEnv = {}, extra: string[] = []): void {
  const file = path.join(out, `${name}.json`);
  const code = run(bin('vitest'), ['run', '-c', config, '--reporter=default', '--reporter=json', `--outputFile.json=${file}`, ...extra], env);
  try {
    const r = JSON.parse(fs.readFileSync(file, 'utf8'));
    const failed = r.numFailedTests + (code !== 0 && r.numFailedTests === 0 ? 1 : 0);
    results.push({ name, passed: r.numPassedTests, failed, ...(r.numPendingTests ? { note: `${r.numPendingTests} skipped` } : {}) });
  } catch {
    results.push({ name, passed: 0, failed: 1, note: 'runner produced no report' });
  }
}

function playwright(): void {
  if (!fs.existsSync(CHROMIUM)) {
    results.push({ name: 'e2e', passed: 0, failed: 1, note: `no Chromium at ${CHROMIUM}` });
    return;
  }
  const file = path.join(out, 'e2e.json');
  const code = run(bin('playwright'), ['test', '--reporter=list,json'], { PLAYWRIGHT_JSON_OUTPUT_NAME: file, CHROMIUM_PATH: CHROMIUM });
  try {
    const s = JSON.parse(fs.readFileSync(file, 'utf8')).stats;
    const failed = s.unexpected + s.flaky + (code !== 0 && s.unexpected === 0 ? 1 : 0);
    results.push({ name: 'e2e', passed: s.expected, failed, ...(s.skipped ? { note: `${s.skipped} skipped` } : {}) });
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
check('typecheck (browser)', bin('tsc'), ['-p', 'tsconfig.app.json']);
check('typecheck (server)', bin('tsc'), ['-p', 'tsconfig.server.json']);
vitest('unit', 'vitest.unit.config.ts');
vitest('server-pglite', 'vitest.server.config.ts', { TEST_DB: 'pglite' }, shuffle(seed));
if (findPgBin()) vitest('server-postgres', 'vitest.server.config.ts', { TEST_DB: 'postgres' }, shuffle(seed + 1));
else console.log('\nPostgreSQL binaries not found: the server suite ran on PGlite only (apt-get install -y postgresql to add it).');
if (check('build', process.execPath, [path.join(root, 'node_modules/vite/bin/vite.js'), 'build'])) {
  fs.writeFileSync(path.join(root, 'dist', '.build-stamp'), new Date().toISOString());
  playwright();
} else {
  results.push({ name: 'e2e', passed: 0, failed: 1, note: 'not run: the build failed' });
}

console.log('\nSuite results:');
for (const r of results) console.log(`  ${r.name.padEnd(22)} ${r.passed} passed, ${r.failed} failed${r.note ? ` (${r.note})` : ''}`);
const passed = results.reduce((a, r) => a + r.passed, 0);
const failed = results.reduce((a, r) => a + r.failed, 0);
const skipped = results.reduce((a, r) => a + Number(/(\d+) skipped/.exec(r.note ?? '')?.[1] ?? 0), 0);
fs.rmSync(out, { recursive: true, force: true });
console.log(`${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`);
process.exit(failed > 0 ? 1 : 0);
