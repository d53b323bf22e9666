/**
 * `npm run typecheck`: the console (tsconfig.app.json), the server (tsconfig.server.json) and,
 * when REPORT_DIRS is set, the report files of those folders, each resolving the project's own
 * name (`callcentre-console/reports`, package.json `exports`) as the server does when it loads them.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { reportDirsFrom } from '../server/config.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const tsc = path.join(root, 'node_modules', 'typescript', 'bin', 'tsc');

function runTsc(project: string): { status: number; output: string } {
  const res = spawnSync(process.execPath, [tsc, '-p', project, '--pretty', 'false'], { cwd: root, encoding: 'utf8' });
  return { status: res.status ?? 1, output: `${res.stdout}${res.stderr}` };
}

/** The package's `exports` as TypeScript `paths`: `./reports` -> `callcentre-console/reports`. */
function exportPaths(): Record<string, string[]> {
  const pkg = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8')) as { name: string; exports: Record<string, string> };
  return Object.fromEntries(Object.entries(pkg.exports).map(([sub, file]) => [path.posix.join(pkg.name, sub), [path.join(root, file)]]));
}

/**
 * Type checks the `*.ts` report files directly in the given folders (the files the server loads)
 * with the server's compiler options, in a tsconfig of its own written to a temporary folder.
 */
export function typecheckReportDirs(dirs: readonly string[]): { status: number; output: string } {
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'cc-report-dirs-'));
  try {
    const project = path.join(tmp, 'tsconfig.json');
    fs.writeFileSync(project, JSON.stringify({
      extends: path.join(root, 'tsconfig.server.json'),
      compilerOptions: { paths: exportPaths(), typeRoots: [path.join(root, 'node_modules', '@types')] },
      include: dirs.map((dir) => path.join(dir, '*.ts')),
    }));
    return runTsc(project);
  } finally {
    fs.rmSync(tmp, { recursive: true, force: true });
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const steps: [string, () => { status: number; output: string }][] = [
    ['console', () => runTsc(path.join(root, 'tsconfig.app.json'))],
    ['server', () => runTsc(path.join(root, 'tsconfig.server.json'))],
  ];
  const dirs = reportDirsFrom(process.env, process.cwd());
  if (dirs.length) steps.push([`REPORT_DIRS (${dirs.join(', ')})`, () => typecheckReportDirs(dirs)]);
  let failed = false;
  for (const [name, step] of steps) {
    const { status, output } = step();
    if (output.trim()) process.stdout.write(output);
    console.log(`typecheck ${name}: ${status === 0 ? 'ok' : 'failed'}`);
    failed ||= status !== 0;
  }
  process.exit(failed ? 1 : 0);
}
