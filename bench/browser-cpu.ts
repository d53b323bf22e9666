/**
 * bench/browser-cpu: the CPU the browser suite spends, by process kind (Chromium's renderers, GPU
 * process and browser/utility processes, the test servers, the Playwright runner, the mock build),
 * for some of its files, on the current build (dist/), with one Chromium or several. Every process
 * under the runner is sampled from /proc each second (Linux only).
 *
 * Run: npm run bench:browser-cpu -- [--chromium <path>]... [--rounds N] [-- tests/e2e/home.spec.ts ...]
 *      (default: the browser the suite uses, one round, the files home, workorders, phone and
 *      lists; writes bench/out/browser-cpu.json). Several --chromium run in turn, alternated by round.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { machine, writeFigures } from './support/server.ts';
import { testBrowserPath } from '../tests/support/test-browser.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const argv = process.argv.slice(2);
const dash = argv.indexOf('--');
const own = dash >= 0 ? argv.slice(0, dash) : argv;
const files = dash >= 0 ? argv.slice(dash + 1) : ['tests/e2e/home.spec.ts', 'tests/e2e/workorders.spec.ts', 'tests/e2e/phone.spec.ts', 'tests/e2e/lists.spec.ts'];
const all = (name: string) => own.flatMap((a, i) => (a === `--${name}` && own[i + 1] ? [own[i + 1]!] : []));
const browsers = all('chromium').length ? all('chromium') : [testBrowserPath()];
const ROUNDS = Number(all('rounds')[0] ?? 1);
const TICK = 100; // /proc's clock ticks a second (USER_HZ) on Linux

function kind(cmd: string): string {
  if (/chrom/.test(cmd)) return /--type=renderer/.test(cmd) ? 'chromium renderer' : /--type=gpu/.test(cmd) ? 'chromium gpu' : 'chromium browser and utility';
  if (cmd.includes('server/main.ts')) return 'test servers';
  if (cmd.includes('vite')) return 'mock build and preview';
  return 'playwright runner and the rest';
}

/** CPU seconds so far of every process under `rootPid`, by pid, with its kind. */
function sample(rootPid: number): Map<number, { kind: string; seconds: number }> {
  const parent = new Map<number, number>();
  const stats = new Map<number, number>();
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const fields = fs.readFileSync(`/proc/${entry}/stat`, 'utf8').replace(/^.*\) /, '').split(' ');
      parent.set(Number(entry), Number(fields[1]));
      stats.set(Number(entry), (Number(fields[11]) + Number(fields[12])) / TICK);
    } catch {
      /* gone */
    }
  }
  const out = new Map<number, { kind: string; seconds: number }>();
  for (const [pid, seconds] of stats) {
    let p: number | undefined = pid;
    while (p && p !== rootPid && p > 1) p = parent.get(p);
    if (p !== rootPid) continue;
    let cmd = '';
    try {
      cmd = fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8').replace(/\0/g, ' ');
    } catch {
      continue;
    }
    out.set(pid, { kind: kind(cmd), seconds });
  }
  return out;
}

async function measure(browser: string): Promise<Record<string, number>> {
  const child = spawn(path.join(root, 'node_modules/.bin/playwright'), ['test', '--reporter=dot', ...files], {
    cwd: root, env: { ...process.env, CHROMIUM_PATH: browser, E2E_PORT: process.env.E2E_PORT || '19400' }, stdio: ['ignore', 'pipe', 'inherit'],
  });
  let output = '';
  child.stdout!.on('data', (d: Buffer) => (output += d.toString()));
  const last = new Map<number, { kind: string; seconds: number }>();
  const started = performance.now();
  const timer = setInterval(() => {
    for (const [pid, s] of sample(child.pid!)) last.set(pid, s);
  }, 1000);
  const code = await new Promise<number>((resolve) => child.on('exit', (c) => resolve(c ?? 1)));
  clearInterval(timer);
  const byKind: Record<string, number> = { wallSeconds: Math.round((performance.now() - started) / 100) / 10 };
  for (const { kind: k, seconds } of last.values()) byKind[k] = Math.round(((byKind[k] ?? 0) + seconds) * 10) / 10;
  byKind['chromium, all'] = Math.round(Object.entries(byKind).filter(([k]) => k.startsWith('chromium ')).reduce((a, [, v]) => a + v, 0) * 10) / 10;
  const passed = /(\d+) passed/.exec(output)?.[1];
  const failed = /(\d+) failed/.exec(output)?.[1];
  byKind.passed = Number(passed ?? 0);
  byKind.failed = Number(failed ?? 0);
  if (code !== 0) console.error(output);
  return byKind;
}

const loadAtStart = os.loadavg();
const runs: Array<{ browser: string; round: number; cpuSeconds: Record<string, number> }> = [];
for (let round = 1; round <= ROUNDS; round++) {
  for (const browser of round % 2 ? browsers : [...browsers].reverse()) {
    const cpuSeconds = await measure(browser);
    console.error(`${path.basename(browser)} round ${round}: ${JSON.stringify(cpuSeconds)}`);
    runs.push({ browser, round, cpuSeconds });
  }
}
writeFigures('browser-cpu', {
  date: new Date().toISOString(), machine: machine(), files, runs,
  loadAverage: { start: loadAtStart.map((x) => Math.round(x * 10) / 10), end: os.loadavg().map((x) => Math.round(x * 10) / 10) },
});
