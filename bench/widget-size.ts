/**
 * bench/widget-size: what a customer's visitor downloads for the chat widget, gzip-compressed:
 * the embed script /widget.js, plus everything /widget loads (its module script, the chunks that
 * imports statically, the modulepreloads and the stylesheets). Budget: 60 kB of JavaScript and
 * CSS together. Builds the app into a temporary folder (dist/ is left alone), or measures an
 * existing build with `-- --dir dist`. Exits 1 over budget.
 * Run: npm run bench:widget-size   (writes bench/out/widget-size.json)
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { fileURLToPath } from 'node:url';

const BUDGET = 60 * 1024;
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const dirArg = process.argv.indexOf('--dir');
const given = dirArg > 0 ? path.resolve(root, process.argv[dirArg + 1] ?? 'dist') : undefined;
const dir = given ?? fs.mkdtempSync(path.join(os.tmpdir(), 'cc-widget-size-'));

if (!given) {
  const build = spawnSync('npx', ['vite', 'build', '--outDir', dir, '--emptyOutDir'], { cwd: root, stdio: ['ignore', 'ignore', 'inherit'] });
  if (build.status !== 0) throw new Error('vite build failed');
}

/** /assets/x.js -> the file in the build. */
const fileOf = (url: string) => path.join(dir, url.replace(/^\//, ''));

/** The page's scripts, preloads and stylesheets, then every chunk the scripts import statically. */
function widgetFiles(): string[] {
  const html = fs.readFileSync(path.join(dir, 'widget.html'), 'utf8');
  const found = new Set<string>(['/widget.js']);
  for (const m of html.matchAll(/<(?:script|link)\b[^>]*?(?:src|href)="(\/[^"]+\.(?:js|css))"/g)) found.add(m[1]!);
  const queue = [...found].filter((f) => f.endsWith('.js'));
  while (queue.length) {
    const file = queue.pop()!;
    const code = fs.readFileSync(fileOf(file), 'utf8');
    for (const m of code.matchAll(/(?:^|[;\s}])import\s*(?:[\w${}\s,*]+from\s*)?["'](\.\/[^"']+\.js)["']/g)) {
      const next = path.posix.join(path.posix.dirname(file), m[1]!);
      if (!found.has(next)) {
        found.add(next);
        queue.push(next);
      }
    }
  }
  return [...found];
}

const rows = widgetFiles().map((file) => {
  const bytes = fs.readFileSync(fileOf(file));
  return { file, bytes: bytes.length, gzip: zlib.gzipSync(bytes, { level: 9 }).length };
});
const total = rows.reduce((n, r) => n + r.gzip, 0);
const figures = { date: new Date().toISOString(), node: process.version, files: rows, totalGzip: total, budget: BUDGET, withinBudget: total <= BUDGET };

for (const r of rows) console.log(`${r.file.padEnd(48)} ${String(r.bytes).padStart(8)} B  gzip ${String(r.gzip).padStart(7)} B`);
console.log(`widget total, gzip: ${(total / 1024).toFixed(1)} kB of ${BUDGET / 1024} kB`);
fs.mkdirSync(path.join(root, 'bench', 'out'), { recursive: true });
fs.writeFileSync(path.join(root, 'bench', 'out', 'widget-size.json'), `${JSON.stringify(figures, null, 2)}\n`);
if (!given) fs.rmSync(dir, { recursive: true, force: true });
if (total > BUDGET) process.exit(1);
