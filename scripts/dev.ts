/**
 * `npm run dev`: the API server on PORT (default 8080) and Vite's dev server (5173) with
 * /api, /publicKey, /healthz and /ws proxied to it. Ctrl-C stops both.
 */
import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const children = [
  spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], { cwd: root, stdio: 'inherit' }),
  spawn(process.execPath, [path.join(root, 'node_modules/vite/bin/vite.js')], { cwd: root, stdio: 'inherit' }),
];
const stopAll = () => children.forEach((c) => c.exitCode === null && c.kill('SIGTERM'));
for (const c of children) c.on('exit', stopAll);
process.on('SIGINT', stopAll);
process.on('SIGTERM', stopAll);
