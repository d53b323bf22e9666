/**
 * `npm run test:clock [-- --postgres] [-- --browser] [-- <test files>]`: runs the unit and server
 * suites (PGlite; `--postgres` adds PostgreSQL) with the clock pinned at 00:30, 04:00, 12:00 and
 * 23:59:30 of today, each in UTC and in Asia/Shanghai: TEST_CLOCK=<time> and TZ=<zone> for every
 * test process, which give each test file its "now" (tests/support/test-clock.ts) and every server
 * a test starts its CLOCK_NOW (playwright.config.ts passes it to the browser tests' servers).
 * `--browser` adds the browser suite at each point (long: build first with `npm run build`).
 * File names narrow each run to those files. `TEST_CLOCK_POINTS=04:00,12:00` and
 * `TEST_CLOCK_ZONES=UTC` narrow the points. Ends with one line per point and exits non-zero when
 * any failed. The server suites run shuffled, each point with a seed of its own (printed with
 * the point; TEST_SEED=<n> sets the first, n + 1 the next, and so on), so a run at the eight
 * points also runs eight different orders.
 *
 * `npm run test:clock -- --whole` runs the whole `npm test` (type checks, unit, build, browser,
 * server on PGlite and PostgreSQL, both shuffled) at each point instead, with TEST_SEED set to
 * the point's seed, and keeps each point's closing line.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const bin = (name: string) => path.join(root, 'node_modules', '.bin', name);
const list = (v: string | undefined, fallback: string[]) => (v ? v.split(',').map((x) => x.trim()).filter(Boolean) : fallback);
const POINTS = list(process.env.TEST_CLOCK_POINTS, ['00:30', '04:00', '12:00', '23:59:30']);
const ZONES = list(process.env.TEST_CLOCK_ZONES, ['UTC', 'Asia/Shanghai']);

const args = process.argv.slice(2);
const postgres = args.includes('--postgres');
const browser = args.includes('--browser');
const whole = args.includes('--whole');
const files = args.filter((a) => !a.startsWith('--'));
const unitFiles = files.filter((f) => f.startsWith('tests/unit/'));
const serverFiles = files.filter((f) => f.startsWith('tests/server/') || f.startsWith('tests/security/'));
const browserFiles = files.filter((f) => f.startsWith('tests/e2e/'));

function run(cmd: string, argv: string[], env: NodeJS.ProcessEnv): boolean {
  console.log(`\n▶ ${Object.entries(env).map(([k, v]) => `${k}=${v}`).join(' ')} ${path.basename(cmd)} ${argv.join(' ')}`);
  return spawnSync(cmd, argv, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } }).status === 0;
}

const results: string[] = [];
let failed = 0;
let seed = Number(process.env.TEST_SEED) || Math.floor(Date.now() / 86_400_000);
for (const zone of ZONES) {
  for (const time of POINTS) {
    const env = { TZ: zone, TEST_CLOCK: time };
    const pointSeed = seed;
    seed += whole ? 2 : 1;
    const shuffled = ['--sequence.shuffle', `--sequence.seed=${pointSeed}`];
    const steps: Array<[string, () => boolean]> = [];
    if (whole) {
      const t0 = Date.now();
      const log = path.join(root, 'test-results', 'clock', `${zone.replace('/', '-')}-${time.replace(/:/g, '')}.log`);
      fs.mkdirSync(path.dirname(log), { recursive: true });
      const fd = fs.openSync(log, 'w');
      console.log(`\n▶ TZ=${zone} TEST_CLOCK=${time} TEST_SEED=${pointSeed} npm test (output in ${path.relative(root, log)})`);
      const res = spawnSync(process.execPath, [path.join(root, 'node_modules/tsx/dist/cli.mjs'), path.join(root, 'scripts/test.ts')],
        { cwd: root, stdio: ['ignore', fd, fd], env: { ...process.env, ...env, TEST_SEED: String(pointSeed) } });
      fs.closeSync(fd);
      // The closing part of npm test's output: the slowest files, every failure by name, the last line.
      const lines = fs.readFileSync(log, 'utf8').trimEnd().split('\n');
      const from = lines.findLastIndex((l) => l === 'Suite results:');
      console.log(lines.slice(from >= 0 ? from : -30).join('\n'));
      const last = [...lines].reverse().find((l) => /^\d+ passed, \d+ failed/.test(l)) ?? 'no closing line';
      const ok = res.status === 0;
      if (!ok) failed++;
      results.push(`${ok ? 'passed' : 'FAILED'}  ${zone.padEnd(14)} ${time.padEnd(9)} npm test (seeds ${pointSeed}, ${pointSeed + 1}): ${last}, ${((Date.now() - t0) / 60_000).toFixed(1)} min`);
      continue;
    }
    // Without file names every suite runs; with them, only the suites they belong to.
    if (!files.length || unitFiles.length) steps.push(['unit', () => run(bin('vitest'), ['run', '-c', 'vitest.unit.config.ts', ...unitFiles], env)]);
    if (!files.length || serverFiles.length) {
      steps.push(['server (PGlite)', () => run(bin('vitest'), ['run', '-c', 'vitest.server.config.ts', ...shuffled, ...serverFiles], { ...env, TEST_DB: 'pglite' })]);
      if (postgres) steps.push(['server (PostgreSQL)', () => run(bin('vitest'), ['run', '-c', 'vitest.server.config.ts', ...shuffled, ...serverFiles], { ...env, TEST_DB: 'postgres' })]);
    }
    if (browser && (!files.length || browserFiles.length)) steps.push(['browser', () => run(bin('playwright'), ['test', ...browserFiles], env)]);
    for (const [name, step] of steps) {
      const ok = step();
      if (!ok) failed++;
      results.push(`${ok ? 'passed' : 'FAILED'}  ${zone.padEnd(14)} ${time.padEnd(9)} ${name}${name.startsWith('server') ? ` (seed ${pointSeed})` : ''}`);
    }
  }
}
console.log(`\n${results.join('\n')}\n${results.length - failed} passed, ${failed} failed`);
process.exit(failed ? 1 : 0);
