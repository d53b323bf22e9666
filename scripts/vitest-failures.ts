/**
 * A Vitest reporter for `npm test` (scripts/test.ts): writes to TEST_FAILURES_FILE, as JSON, what
 * failed, named "file > describe > test", and each file's whole time. Vitest's JSON report cannot
 * say either: a failed beforeAll of a describe block marks its tests "skipped" without a name or
 * an error, an unhandled error is in no file, and a file's times there leave out its hooks and
 * imports (a server test file's start-up).
 */
import fs from 'node:fs';
import path from 'node:path';
import type { Reporter, TestModule } from 'vitest/node';
import { reason } from './test-summary.ts';

/** The parts of Vitest's reported tasks read here (vitest/node: TestModule, TestSuite, TestCase). */
interface Errors { errors(): readonly { message?: string }[] }
interface ModuleLike extends Errors {
  moduleId: string;
  children: {
    allSuites(): Iterable<Errors & { fullName: string }>;
    allTests(): Iterable<{ fullName: string; result(): { state: string; errors?: readonly { message?: string; stacks?: readonly { file: string; line: number }[] }[] } }>;
  };
  diagnostic(): { environmentSetupDuration: number; prepareDuration: number; collectDuration: number; setupDuration: number; duration: number };
}

export interface VitestOutcome {
  /** Failed tests, and hooks, files and unhandled errors that failed outside a test. */
  failures: string[];
  /** The first line of a failed test's error (and where), by its entry in `failures`. */
  reasons: Record<string, string>;
  /** How many of `failures` are tests (the others are counted once each on top of them). */
  failedTests: number;
  /** Seconds each file took in its worker: environment, imports, hooks and tests. */
  files: { file: string; seconds: number }[];
}

const firstLine = (text: string | undefined) => reason(text) ?? '(no message)';

/** What failed in these files, and their times; `rel` names a file as the summary shows it. */
export function outcomeOf(modules: readonly ModuleLike[], unhandled: readonly { message?: string }[], rel: (file: string) => string): VitestOutcome {
  const failures: string[] = [];
  const reasons: Record<string, string> = {};
  let failedTests = 0;
  const files: VitestOutcome['files'] = [];
  for (const m of modules) {
    const file = rel(m.moduleId);
    for (const e of m.errors()) failures.push(`${file} (the file failed: ${firstLine(e.message)})`);
    for (const s of m.children.allSuites()) {
      for (const e of s.errors()) failures.push(`${file} > ${s.fullName} (a hook failed: ${firstLine(e.message)})`);
    }
    for (const t of m.children.allTests()) {
      const result = t.result();
      if (result.state !== 'failed') continue;
      failures.push(`${file} > ${t.fullName}`);
      const error = result.errors?.[0];
      const why = reason(error?.message, error?.stacks?.find((s) => s.file === m.moduleId) ?? error?.stacks?.[0]);
      if (why) reasons[`${file} > ${t.fullName}`] = why;
      failedTests++;
    }
    const d = m.diagnostic();
    files.push({ file, seconds: (d.environmentSetupDuration + d.prepareDuration + d.collectDuration + d.setupDuration + d.duration) / 1000 });
  }
  for (const e of unhandled) failures.push(`(an unhandled error outside any test: ${firstLine(e.message)})`);
  return { failures, reasons, failedTests, files };
}

export default class FailuresReporter implements Reporter {
  onTestRunEnd(modules: ReadonlyArray<TestModule>, unhandled: ReadonlyArray<{ message?: string }>): void {
    const out = process.env.TEST_FAILURES_FILE;
    if (!out) return;
    const outcome = outcomeOf(modules as unknown as ModuleLike[], unhandled, (f) => path.relative(process.cwd(), f));
    fs.writeFileSync(out, JSON.stringify(outcome));
  }
}
