/**
 * bench/frontend: Lighthouse (performance and accessibility) on the login page and on an agent's
 * home page, desktop and mobile presets, against the real server serving a build on loopback
 * (issue 24's targets: desktop performance ≥ 95, mobile ≥ 80, accessibility ≥ 98).
 *
 * Lighthouse is not one of the project's dependencies (146 packages that only this bench needs):
 *   npm install --prefix /tmp/lighthouse lighthouse@12.2.3
 *   LIGHTHOUSE_DIR=/tmp/lighthouse npm run bench:frontend [-- --runs 3] [-- --dist dist]
 * Uses the system's Chromium (CHROMIUM_PATH, default /usr/bin/chromium). Each page and preset runs
 * `--runs` times (default 3) with the browser cache emptied before each; the medians are reported.
 * The home page keeps the agent's token in localStorage (logged in through the API first), so
 * Lighthouse is told not to reset storage there; the cache is emptied by hand instead.
 * Writes bench/out/frontend.json.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { freePort } from '../tests/support/pg-cluster.ts';
import { machine, root, writeFigures } from './support/server.ts';

const arg = (name: string, fallback: string) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 && process.argv[i + 1] ? process.argv[i + 1]! : fallback;
};
const RUNS = Number(arg('runs', '3'));
const DIST = path.resolve(root, arg('dist', 'dist'));
const LIGHTHOUSE_DIR = process.env.LIGHTHOUSE_DIR;
if (!LIGHTHOUSE_DIR) {
  console.error('LIGHTHOUSE_DIR is not set: npm install --prefix /tmp/lighthouse lighthouse@12.2.3, then LIGHTHOUSE_DIR=/tmp/lighthouse npm run bench:frontend');
  process.exit(1);
}
if (!fs.existsSync(path.join(DIST, 'index.html'))) throw new Error(`no build in ${DIST}: npx vite build first`);

const fromLighthouse = createRequire(path.join(path.resolve(LIGHTHOUSE_DIR), 'package.json'));
const load = async <T>(name: string): Promise<T> => (await import(pathToFileURL(fromLighthouse.resolve(name)).href)) as T;
type Result = { lhr: { categories: Record<string, { score: number | null }>; audits: Record<string, { numericValue?: number }> } };
type Lighthouse = (url: string, flags: object, config?: object, page?: unknown) => Promise<Result | undefined>;
const lighthouse = (await load<{ default: Lighthouse }>('lighthouse')).default;
const desktopConfig = (await load<{ default: object }>('lighthouse/core/config/desktop-config.js')).default;
const chromeLauncher = await load<{ launch(o: object): Promise<{ port: number; kill(): Promise<void> }> }>('chrome-launcher');
const puppeteer = (await load<{ default: { connect(o: object): Promise<PuppeteerBrowser> } }>('puppeteer-core')).default;
interface PuppeteerPage { goto(url: string): Promise<unknown>; evaluate(fn: string): Promise<unknown>; createCDPSession(): Promise<{ send(method: string): Promise<unknown> }> }
interface PuppeteerBrowser { newPage(): Promise<PuppeteerPage>; disconnect(): Promise<void> }

const port = await freePort();
const base = `http://127.0.0.1:${port}`;
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cc-bench-frontend-'));
const server = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
  cwd: root,
  env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, DATABASE_URL: '', LOG_LEVEL: 'warn', SIM_ESL_PORT: '0', STATIC_DIR: DIST },
  stdio: ['ignore', 'ignore', 'inherit'],
});
const loadAtStart = os.loadavg();
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const round = (n: number) => Math.round(n);

try {
  for (let ready = false; !ready; await new Promise((r) => setTimeout(r, 100))) {
    ready = await fetch(`${base}/healthz`).then((r) => r.ok, () => false);
  }
  const login = await fetch(`${base}/api/default/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ username: 'agent1', password: 'agent123' }) });
  const token = ((await login.json()) as { data?: { token?: string } }).data?.token;
  if (!token) throw new Error(`agent1 could not log in: ${login.status}`);

  const chrome = await chromeLauncher.launch({ chromePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium', chromeFlags: ['--headless=new', '--no-sandbox'] });
  const browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${chrome.port}` });
  const figures: Record<string, object> = {};
  try {
    const page = await browser.newPage();
    const cdp = await page.createCDPSession();
    const pages = [
      { name: 'login', url: `${base}/#/login`, signedIn: false },
      { name: 'home', url: `${base}/#/index`, signedIn: true },
    ];
    for (const target of pages) {
      for (const preset of ['desktop', 'mobile'] as const) {
        const runs: Array<Record<string, number>> = [];
        for (let i = 0; i < RUNS; i++) {
          await page.goto(`${base}/#/login`);
          await page.evaluate(target.signedIn ? `localStorage.setItem('token', ${JSON.stringify(token)})` : "localStorage.removeItem('token')");
          await cdp.send('Network.clearBrowserCache');
          const result = await lighthouse(target.url, {
            port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: ['performance', 'accessibility'], disableStorageReset: true,
          }, preset === 'desktop' ? desktopConfig : undefined, page);
          if (!result) throw new Error(`no Lighthouse result for ${target.name} (${preset})`);
          const { categories, audits } = result.lhr;
          runs.push({
            performance: round((categories.performance?.score ?? 0) * 100),
            accessibility: round((categories.accessibility?.score ?? 0) * 100),
            fcpMs: round(audits['first-contentful-paint']?.numericValue ?? 0),
            lcpMs: round(audits['largest-contentful-paint']?.numericValue ?? 0),
            tbtMs: round(audits['total-blocking-time']?.numericValue ?? 0),
            cls: Math.round((audits['cumulative-layout-shift']?.numericValue ?? 0) * 1000) / 1000,
            scripts: round(audits['network-requests'] ? ((audits['network-requests'] as { details?: { items?: Array<{ resourceType?: string }> } }).details?.items ?? []).filter((r) => r.resourceType === 'Script').length : 0),
          });
          console.error(`${target.name} ${preset} run ${i + 1}: ${JSON.stringify(runs.at(-1))}`);
        }
        const keys = Object.keys(runs[0]!);
        figures[`${target.name}-${preset}`] = { median: Object.fromEntries(keys.map((k) => [k, median(runs.map((r) => r[k]!))])), runs };
      }
    }
  } finally {
    await browser.disconnect();
    await chrome.kill();
  }
  writeFigures('frontend', {
    date: new Date().toISOString(), machine: machine(), lighthouse: '12.2.3', runs: RUNS, dist: path.relative(root, DIST) || '.',
    targets: { desktopPerformance: 95, mobilePerformance: 80, accessibility: 98 },
    figures, loadAverage: { start: loadAtStart.map((x) => Math.round(x * 10) / 10), end: os.loadavg().map((x) => Math.round(x * 10) / 10) },
  });
} finally {
  server.kill('SIGTERM');
  fs.rmSync(dataDir, { recursive: true, force: true });
}
