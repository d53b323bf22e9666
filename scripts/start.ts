/**
 * `npm start`: builds the console when dist/ is missing or older than its sources, then
 * starts the server (which creates DATA_DIR, migrates and seeds on first run).
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { runServer } from '../server/main.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const SOURCES = ['src', 'schemas', 'resources', 'data-providers', 'index.html', 'widget.html', 'vite.config.ts', 'package-lock.json'];
const STAMP = path.join(root, 'dist', '.build-stamp');

function newestMtime(p: string): number {
  let st: fs.Stats;
  try {
    st = fs.statSync(p);
  } catch {
    return 0;
  }
  if (!st.isDirectory()) return st.mtimeMs;
  let newest = st.mtimeMs;
  for (const entry of fs.readdirSync(p)) newest = Math.max(newest, newestMtime(path.join(p, entry)));
  return newest;
}

export function buildIsStale(): boolean {
  if (!fs.existsSync(STAMP)) return true;
  const built = fs.statSync(STAMP).mtimeMs;
  return SOURCES.some((s) => newestMtime(path.join(root, s)) > built);
}

export function build(): void {
  console.log('Building the console (first run or sources changed)...');
  const res = spawnSync(process.execPath, [path.join(root, 'node_modules/vite/bin/vite.js'), 'build'], { cwd: root, stdio: 'inherit' });
  if (res.status !== 0) {
    console.error('Build failed: see the messages above.');
    process.exit(res.status ?? 1);
  }
  fs.writeFileSync(STAMP, new Date().toISOString());
}

if (process.env.SKIP_BUILD !== '1' && buildIsStale()) build();
await runServer();
