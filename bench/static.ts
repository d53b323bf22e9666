/**
 * bench/static: what the console's files cost the server. Starts the real server (PGlite in a
 * temporary DATA_DIR, loopback only) on the current build (dist/), then fetches every file under
 * dist/assets as a browser does (Accept-Encoding br, gzip), over `--connections` keep-alive
 * connections, `--rounds` times; prints requests per second and the server's CPU time per request
 * (from its own counters). The first round fills whatever the server keeps; the figures are the
 * later rounds'. Stops by itself.
 * Run: npm run bench:static [-- --rounds 20] [-- --connections 8]
 */
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { benchDatabase, machine, root, startBenchServer, writeFigures } from './support/server.ts';

const arg = (name: string, fallback: number) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? Number(process.argv[i + 1]) : fallback;
};
const ROUNDS = arg('rounds', 20);
const CONNECTIONS = arg('connections', 8);

const assets = fs.readdirSync(path.join(root, 'dist/assets')).filter((f) => !/\.(br|gz)$/.test(f));
if (assets.length === 0) throw new Error('no build: run npm run build first');

const db = await benchDatabase('static', false);
const server = await startBenchServer(db);
const agent = new http.Agent({ keepAlive: true, maxSockets: CONNECTIONS });

const get = (file: string) => new Promise<number>((resolve, reject) => {
  http.get({ host: '127.0.0.1', port: server.port, path: `/assets/${file}`, agent, headers: { 'accept-encoding': 'br, gzip' } }, (res) => {
    let bytes = 0;
    res.on('data', (d: Buffer) => (bytes += d.length));
    res.on('end', () => (res.statusCode === 200 ? resolve(bytes) : reject(new Error(`${file}: ${res.statusCode}`))));
  }).on('error', reject);
});

/** Every asset once, CONNECTIONS at a time. */
async function round(): Promise<number> {
  let next = 0;
  let bytes = 0;
  await Promise.all(Array.from({ length: CONNECTIONS }, async () => {
    while (next < assets.length) {
      const sent = await get(assets[next++]!);
      bytes += sent;
    }
  }));
  return bytes;
}

try {
  const load = os.loadavg()[0];
  await round();
  const before = await server.counters();
  const t0 = performance.now();
  let bytes = 0;
  for (let i = 1; i < ROUNDS; i++) {
    const sent = await round();
    bytes += sent;
  }
  const seconds = (performance.now() - t0) / 1000;
  const after = await server.counters();
  const requests = assets.length * (ROUNDS - 1);
  writeFigures('static', {
    machine: machine(), loadAverage: { start: load, end: os.loadavg()[0] },
    files: assets.length, requests, connections: CONNECTIONS,
    requestsPerSecond: Math.round(requests / seconds),
    serverCpuMsPerRequest: Number(((after.cpuMs - before.cpuMs) / requests).toFixed(3)),
    kbSentPerRound: Math.round(bytes / (ROUNDS - 1) / 1024),
  });
} finally {
  agent.destroy();
  await server.stop();
  db.remove();
}
