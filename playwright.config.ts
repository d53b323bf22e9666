import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { defineConfig } from '@playwright/test';
import { testBrowserPath } from './tests/support/test-browser.ts';
import { browserSuiteNow, clockEnv } from './tests/support/test-clock.ts';
import { TEST_SERVER_ENV } from './tests/support/test-config.ts';

/**
 * Browser tests against the built console and real servers on loopback, each with a fresh
 * DATA_DIR (embedded database, seeded): one with plain login, one with RSA_LOGIN=on and a
 * report schema folder of its own (REPORT_DIRS: the fixture report).
 */
const PORT = Number(process.env.E2E_PORT || 18_080);
const RSA_PORT = PORT + 1;
const MOCK_PORT = PORT + 2;
const SUITE_NOW = browserSuiteNow();
// Fixed per port and emptied by the main process (workers load this file too) before the
// servers start: every run begins on a fresh database and leaves at most one copy behind.
const dataDir = (name: string) => {
  const dir = path.join(os.tmpdir(), `cc-e2e-${name}-${PORT}`);
  if (process.env.TEST_WORKER_INDEX === undefined) fs.rmSync(dir, { recursive: true, force: true });
  return dir;
};
const server = (port: number, env: Record<string, string>) => ({
  command: 'node --import tsx server/main.ts',
  url: `http://127.0.0.1:${port}/healthz`,
  reuseExistingServer: false,
  timeout: 120_000,
  stdout: 'ignore' as const,
  stderr: 'pipe' as const,
  // SIM_ESL_PORT 0: each server runs its own simulator on a free port (two on the default 8021 would clash).
  // The servers' clock pinned at the browser suite's now: TEST_CLOCK's time today (npm run test:clock),
  // else the real time but not before 11:00 today (browserSuiteNow), so the seeded day has calls up to it.
  env: { PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'warn', DATABASE_URL: '', SIM_ESL_PORT: '0', ...TEST_SERVER_ENV, ...clockEnv(SUITE_NOW), ...env },
});

export default defineConfig({
  testDir: 'tests/e2e',
  // A guard against a hung test, not a measure: npm test runs this suite beside a server suite on
  // two cores, where a flow of twenty steps by two people took more than 30 s.
  timeout: 60_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  workers: 1,
  retries: 0,
  // Per port, like the data folders: two runs at once (two worktrees) keep their own screenshots.
  outputDir: path.join(os.tmpdir(), `cc-e2e-artifacts-${PORT}`),
  use: {
    baseURL: `http://127.0.0.1:${PORT}`,
    screenshot: 'only-on-failure',
    // The system's reduced-motion setting, which the console honours (antd's motion off): drawers,
    // menus and dialogs appear and go at once, so a step does not wait out an animation. The
    // menu-driven files (admin, reports-export) keep the motion on, so that clicks on sliding
    // submenus and zooming dropdowns stay tested.
    reducedMotion: 'reduce',
    launchOptions: {
      executablePath: testBrowserPath(),
      // --max-opt=2: V8 stops at its middle tier (Maglev) and never spends a background thread on
      // its optimising compiler (TurboFan), whose code a test's short page seldom lives to use. The
      // same JavaScript runs, as it would on a cold page; the renderers' CPU for the same tests fell
      // by 6% (bench/browser-cpu, three rounds each: bench/RESULTS.md).
      args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
        '--disable-background-networking', '--disable-component-update', '--disable-sync', '--js-flags=--max-opt=2'],
    },
  },
  webServer: [
    // A short presence grace: a browser killed mid-shift is logged out within seconds (presence.spec.ts).
    // Every file's chats go to the one chat agent (chat1) and stay open for their customer to come
    // back, as they should: room for all of them, so that no file's chat waits in the queue because
    // other files left theirs (an agent's capacity is the server suite's to test: chat-hub.test).
    server(PORT, { DATA_DIR: dataDir('plain'), PRESENCE_GRACE_SECONDS: '4', CHAT_AGENT_CAPACITY: '50' }),
    // The second is configured as a deployment would be: RSA login, and its own report folder.
    server(RSA_PORT, { DATA_DIR: dataDir('rsa'), RSA_LOGIN: 'on', REPORT_DIRS: 'tests/fixtures/reports' }),
    // Mock mode (mocks/, README "Mock mode"): the console built with --mode mock and served as static
    // files, no API server at all; mock-mode.spec.ts. Built here so that a run of this suite alone has it.
    {
      command: `node node_modules/vite/bin/vite.js build --mode mock --logLevel warn && node node_modules/vite/bin/vite.js preview --mode mock --host 127.0.0.1 --strictPort --port ${MOCK_PORT}`,
      url: `http://127.0.0.1:${MOCK_PORT}/mockServiceWorker.js`,
      reuseExistingServer: false,
      timeout: 120_000,
      stdout: 'ignore' as const,
      stderr: 'pipe' as const,
    },
  ],
  metadata: { rsaBaseURL: `http://127.0.0.1:${RSA_PORT}`, mockBaseURL: `http://127.0.0.1:${MOCK_PORT}` },
});
