/**
 * The end of `npm test`'s output, built from the runners' JSON reports (scripts/test.ts): the
 * results by suite, the slowest files, every failed test by name (suite, then file > describe >
 * test, each with the first line of its error) and, last, one line "N passed, N failed". CI
 * keeps only the tail of a long log, so the failures and why they failed sit just above that line.
 */

/** A suite's or step's results; `seconds`: how long it ran. */
export interface Tally { name: string; passed: number; failed: number; note?: string; seconds?: number }
/** One failed test, or a step or file that failed without a failed test to name; `why`: the first line of its error. */
export interface Failure { suite: string; name: string; why?: string }
export interface FileTime { suite: string; file: string; seconds: number }

/** Playwright's JSON report, the parts read here. */
export interface PwSuite {
  title?: string;
  file?: string;
  suites?: PwSuite[];
  specs?: { title: string; file?: string; tests: { status?: string; projectName?: string; results: PwResult[] }[] }[];
}
interface PwError { message?: string; location?: { file: string; line: number } }
interface PwResult { duration: number; error?: PwError; errors?: PwError[] }
export interface PlaywrightReport { stats: Record<string, number>; suites: PwSuite[]; errors?: { message?: string }[] }

const plain = (text: string) => text.replace(/\u001b\[[0-9;]*m/g, '');
const firstLine = (text: string | undefined) => plain(text ?? '').split('\n').map((l) => l.trim()).find(Boolean) ?? '';
/** An error's first line, at most 240 characters, and where it was raised when the runner says. */
export function reason(message: string | undefined, at?: { file: string; line: number }): string | undefined {
  const line = firstLine(message);
  if (!line) return undefined;
  const short = line.length > 240 ? `${line.slice(0, 239)}…` : line;
  return at ? `${short} (${at.file.slice(at.file.lastIndexOf('/') + 1)}:${at.line})` : short;
}
const path = (...parts: string[]) => parts.filter(Boolean).join(' > ');

/** Playwright's failed (and flaky) tests as file > describe > test; `dir` is the test folder the report's paths are relative to. */
export function playwrightFailures(suite: string, report: PlaywrightReport, dir: string, exitCode: number): Failure[] {
  const failures: Failure[] = [];
  const walk = (s: PwSuite, file: string, titles: string[]) => {
    for (const spec of s.specs ?? []) {
      for (const t of spec.tests) {
        if (t.status !== 'unexpected' && t.status !== 'flaky') continue;
        const name = path(`${dir}/${file}`, ...titles, spec.title);
        const error = t.results.map((r) => r.error ?? r.errors?.[0]).find(Boolean);
        const why = reason(error?.message, error?.location);
        failures.push({ suite, name: `${name}${t.projectName ? ` [${t.projectName}]` : ''}${t.status === 'flaky' ? ' (flaky: failed, then passed on a retry)' : ''}`, ...(why ? { why } : {}) });
      }
    }
    for (const inner of s.suites ?? []) walk(inner, file, [...titles, inner.title ?? '']);
  };
  for (const top of report.suites) walk(top, top.file ?? top.title ?? '?', []);
  for (const e of report.errors ?? []) failures.push({ suite, name: `(outside any test: ${firstLine(e.message)})` });
  if (exitCode !== 0 && failures.length === 0) failures.push({ suite, name: `(playwright exited with code ${exitCode} and no failed test in its report)` });
  return failures;
}

/** Seconds per test file of a Playwright report (the sum of its tests' runs). */
export function playwrightFileTimes(suite: string, report: PlaywrightReport, dir: string): FileTime[] {
  const ms = new Map<string, number>();
  const walk = (s: PwSuite, file: string) => {
    for (const spec of s.specs ?? []) for (const t of spec.tests) for (const r of t.results) ms.set(file, (ms.get(file) ?? 0) + r.duration);
    for (const inner of s.suites ?? []) walk(inner, file);
  };
  for (const top of report.suites) walk(top, top.file ?? '?');
  return [...ms].map(([f, total]) => ({ suite, file: `${dir}/${f}`, seconds: total / 1000 }));
}

/**
 * The summary's lines: results by suite, the slowest ten files, the failures by name, and the
 * tally as the very last line.
 */
export function summaryLines(results: Tally[], failures: Failure[], fileTimes: FileTime[], minutes: number): string[] {
  const lines = ['', 'Suite results:'];
  for (const r of results) {
    const took = r.seconds === undefined ? '' : `  in ${r.seconds < 90 ? `${r.seconds.toFixed(0)} s` : `${(r.seconds / 60).toFixed(1)} min`}`;
    lines.push(`  ${r.name.padEnd(22)} ${r.passed} passed, ${r.failed} failed${r.note ? ` (${r.note})` : ''}${took}`);
  }
  lines.push('', `Slowest test files (of ${fileTimes.length}; the whole run took ${minutes.toFixed(1)} min):`);
  for (const t of [...fileTimes].sort((a, b) => b.seconds - a.seconds).slice(0, 10)) {
    lines.push(`  ${t.seconds.toFixed(1).padStart(7)} s  ${t.suite.padEnd(16)} ${t.file}`);
  }
  if (failures.length) {
    lines.push('', `Failed (${failures.length}):`);
    for (const f of failures) {
      lines.push(`  ${f.suite.padEnd(16)} ${f.name}`);
      if (f.why) lines.push(`  ${''.padEnd(16)}   why: ${f.why}`);
    }
  }
  const passed = results.reduce((a, r) => a + r.passed, 0);
  const failed = results.reduce((a, r) => a + r.failed, 0);
  const skipped = results.reduce((a, r) => a + Number(/(\d+) skipped/.exec(r.note ?? '')?.[1] ?? 0), 0);
  lines.push(`${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`);
  return lines;
}
