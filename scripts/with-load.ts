/**
 * `npm run test:loaded [-- <command> [args...]]`: runs a command (by default the whole
 * `npm test`) with the machine loaded, as a busy CI runner is: BURNERS processes (default 2,
 * one a core on the 2-core machine the suite is sized for) spinning `for(;;){}` at normal
 * priority. The burners are started before the command and always stopped after it, whether it
 * passes, fails or is interrupted; the exit code is the command's.
 * Example: npm run test:loaded -- npx playwright test
 */
import { spawn, type ChildProcess } from 'node:child_process';
import os from 'node:os';

const args = process.argv.slice(2);
const [cmd, ...cmdArgs] = args.length > 0 ? args : ['npm', 'test'];
const count = Number(process.env.BURNERS ?? 2);

const burners: ChildProcess[] = Array.from({ length: count }, () =>
  spawn(process.execPath, ['-e', 'for(;;){}'], { stdio: 'ignore' }));
const stopBurners = () => {
  for (const b of burners) if (b.exitCode === null && b.signalCode === null) b.kill('SIGKILL');
};
process.on('exit', stopBurners);
console.log(`with-load: ${count} CPU burners (pids ${burners.map((b) => b.pid).join(', ')}) on ${os.cpus().length} cores; running: ${[cmd, ...cmdArgs].join(' ')}`);

const started = Date.now();
// In a process group of its own, so that a stop reaches what it started too (npx starts the
// runner, the runner starts servers and browsers), not only its first process.
const child = spawn(cmd!, cmdArgs, { stdio: 'inherit', detached: true });
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    try {
      process.kill(-child.pid!, signal);
    } catch {
      // Already gone.
    }
    stopBurners();
  });
}
child.on('error', (err) => {
  console.error(`with-load: could not start ${cmd}: ${err.message}`);
  stopBurners();
  process.exit(1);
});
child.on('exit', (code, signal) => {
  stopBurners();
  const load = os.loadavg().map((x) => x.toFixed(1)).join(' ');
  console.log(`with-load: ${cmd} ended (${signal ?? `exit ${code}`}) after ${((Date.now() - started) / 1000).toFixed(0)} s; load average ${load}`);
  process.exit(code ?? 1);
});
