// @vitest-environment node
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { playwrightFailures, summaryLines, type PlaywrightReport } from '../../scripts/test-summary';
import type { VitestOutcome } from '../../scripts/vitest-failures';

/** npm test's last lines (scripts/test-summary.ts) and the Vitest reporter that names failures (scripts/vitest-failures.ts). */
describe('the summary of npm test', () => {
  const results = [
    { name: 'unit', passed: 10, failed: 0 },
    { name: 'e2e', passed: 36, failed: 1 },
    { name: 'server-postgres', passed: 5, failed: 2, note: '1 skipped' },
  ];
  const failures = [
    { suite: 'e2e', name: 'tests/e2e/admin.spec.ts > administration > creates a user', why: 'Error: expect(received).toBe(expected) (admin.spec.ts:41)' },
    { suite: 'server-postgres', name: 'tests/server/phone-parties.test.ts > attended transfer > then complete' },
    { suite: 'server-postgres', name: 'tests/server/x.test.ts > group (a hook failed: boom)' },
  ];
  const times = [{ suite: 'unit', file: 'tests/unit/a.test.ts', seconds: 2 }, { suite: 'e2e', file: 'tests/e2e/admin.spec.ts', seconds: 30 }];

  it('names every failure, with its suite, just above the tally, which stays the last line', () => {
    const lines = summaryLines(results, failures, times, 14.2);
    expect(lines.at(-1)).toBe('51 passed, 3 failed, 1 skipped');
    expect(lines.slice(-6, -1)).toEqual([
      'Failed (3):',
      `  ${'e2e'.padEnd(16)} tests/e2e/admin.spec.ts > administration > creates a user`,
      `  ${''.padEnd(16)}   why: Error: expect(received).toBe(expected) (admin.spec.ts:41)`,
      `  ${'server-postgres'.padEnd(16)} tests/server/phone-parties.test.ts > attended transfer > then complete`,
      `  ${'server-postgres'.padEnd(16)} tests/server/x.test.ts > group (a hook failed: boom)`,
    ]);
    expect(lines).toContain(`  ${'unit'.padEnd(22)} 10 passed, 0 failed`);
    // Each suite's time when known.
    expect(summaryLines([{ name: 'unit', passed: 1, failed: 0, seconds: 42.4 }, { name: 'e2e', passed: 1, failed: 0, seconds: 201 }], [], [], 1).slice(2, 4))
      .toEqual([`  ${'unit'.padEnd(22)} 1 passed, 0 failed  in 42 s`, `  ${'e2e'.padEnd(22)} 1 passed, 0 failed  in 3.4 min`]);
    // The slowest files come before, slowest first.
    expect(lines.indexOf('Slowest test files (of 2; the whole run took 14.2 min):')).toBeLessThan(lines.indexOf('Failed (3):'));
    expect(lines.filter((l) => l.includes(' s  ')).map((l) => l.trim().split(/\s+/).at(-1))).toEqual(['tests/e2e/admin.spec.ts', 'tests/unit/a.test.ts']);
  });

  it('has no failure list when nothing failed', () => {
    const lines = summaryLines([{ name: 'unit', passed: 3, failed: 0 }], [], times, 1);
    expect(lines.some((l) => l.startsWith('Failed'))).toBe(false);
    expect(lines.at(-1)).toBe('3 passed, 0 failed');
  });

  it('names the browser tests that failed as file > describe > test, and errors outside any test', () => {
    const report: PlaywrightReport = {
      stats: { expected: 2, unexpected: 2, flaky: 1, skipped: 0 },
      suites: [
        { title: 'admin.spec.ts', file: 'admin.spec.ts', suites: [{ title: 'administration', specs: [
          { title: 'creates a user', tests: [{ status: 'unexpected', results: [{ duration: 5, error: {
            message: '\u001b[31mError: expect(received).toBe(expected)\u001b[39m // Object.is equality\n\nExpected: true',
            location: { file: '/somewhere/tests/e2e/admin.spec.ts', line: 41 } } }] }] },
          { title: 'lists roles', tests: [{ status: 'expected', results: [] }] }] }] },
        { title: 'login.spec.ts', file: 'login.spec.ts', specs: [
          { title: 'logs in', tests: [{ status: 'flaky', results: [] }] },
          { title: 'logs out', tests: [{ status: 'unexpected', results: [] }] },
          { title: 'remembers', tests: [{ status: 'expected', results: [] }] }] },
      ],
      errors: [{ message: 'Error: Timed out waiting 120000ms from config.webServer.\n  at ...' }],
    };
    expect(playwrightFailures('e2e', report, 'tests/e2e', 1).map((f) => f.name)).toEqual([
      'tests/e2e/admin.spec.ts > administration > creates a user',
      'tests/e2e/login.spec.ts > logs in (flaky: failed, then passed on a retry)',
      'tests/e2e/login.spec.ts > logs out',
      '(outside any test: Error: Timed out waiting 120000ms from config.webServer.)',
    ]);
    // The first line of the error, without colours, and where it was raised.
    expect(playwrightFailures('e2e', report, 'tests/e2e', 1)[0]!.why).toBe('Error: expect(received).toBe(expected) // Object.is equality (admin.spec.ts:41)');
    expect(playwrightFailures('e2e', report, 'tests/e2e', 1)[2]!.why).toBeUndefined();
    expect(playwrightFailures('e2e', { stats: {}, suites: [] }, 'tests/e2e', 1)).toEqual([
      { suite: 'e2e', name: '(playwright exited with code 1 and no failed test in its report)' }]);
  });

  it('the Vitest reporter names failed tests, failed hooks (whose tests Vitest only marks skipped), failed files and unhandled errors', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cc-summary-'));
    try {
      fs.writeFileSync(path.join(dir, 'a.test.ts'), `import { beforeAll, describe, expect, it } from 'vitest';
describe('group', () => {
  beforeAll(() => { throw new Error('hook broke'); });
  it('never runs', () => {});
});
describe('other', () => {
  describe('inner', () => { it('fails', () => expect(1).toBe(2)); });
  it('passes', () => {});
});
`);
      fs.writeFileSync(path.join(dir, 'b.test.ts'), `import { beforeAll, it } from 'vitest';
beforeAll(() => { throw new Error('file hook broke\\nsecond line'); });
it('never runs either', () => {});
`);
      fs.writeFileSync(path.join(dir, 'c.test.ts'), `import { it } from 'vitest';
it('throws later', async () => { setTimeout(() => { throw new Error('late'); }, 1); await new Promise((r) => setTimeout(r, 50)); });
`);
      fs.writeFileSync(path.join(dir, 'd.test.ts'), `import { it } from 'vitest';\nit('passes', () => {});\n`);
      fs.writeFileSync(path.join(dir, 'vitest.config.mjs'), `export default { test: { include: ['*.test.ts'] } };\n`);
      const out = path.join(dir, 'failures.json');
      const root = path.resolve(import.meta.dirname, '../..');
      const res = spawnSync(path.join(root, 'node_modules/.bin/vitest'),
        ['run', '--root', dir, '-c', path.join(dir, 'vitest.config.mjs'), `--reporter=${path.join(root, 'scripts/vitest-failures.ts')}`],
        { cwd: dir, encoding: 'utf8', env: { ...process.env, TEST_FAILURES_FILE: out, VITEST: undefined, VITEST_WORKER_ID: undefined, VITEST_POOL_ID: undefined, NODE_ENV: undefined } });
      expect(res.status, res.stderr).toBe(1);
      const outcome = JSON.parse(fs.readFileSync(out, 'utf8')) as VitestOutcome;
      expect(outcome.failures).toEqual([
        'a.test.ts > group (a hook failed: hook broke)',
        'a.test.ts > other > inner > fails',
        'b.test.ts (the file failed: file hook broke)',
        '(an unhandled error outside any test: late)',
      ]);
      expect(outcome.failedTests).toBe(1);
      expect(outcome.reasons).toEqual({ 'a.test.ts > other > inner > fails': expect.stringMatching(/^expected 1 to be 2 .*\(a\.test\.ts:\d+\)$/) });
      expect(outcome.files.map((f) => f.file).sort()).toEqual(['a.test.ts', 'b.test.ts', 'c.test.ts', 'd.test.ts']);
      expect(outcome.files.every((f) => f.seconds > 0)).toBe(true);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
