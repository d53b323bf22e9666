import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { engine, startTestServer, type TestServer } from '../server/helpers.ts';

let s: TestServer;
const staticDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cc-dist-'));
beforeAll(async () => {
  fs.writeFileSync(path.join(staticDir, 'index.html'), '<!doctype html><script type="module" src="/assets/a.js"></script>');
  fs.mkdirSync(path.join(staticDir, 'assets'));
  fs.writeFileSync(path.join(staticDir, 'assets', 'a.js'), 'export {};');
  s = await startTestServer({ staticDir });
});
afterAll(async () => {
  await s.close();
  fs.rmSync(staticDir, { recursive: true, force: true });
});

describe(`security headers on the console and the API (${engine})`, () => {
  it.each(['/', '/assets/a.js', '/api/default/GetUserInfo', '/publicKey', '/api/no/such/route'])('%s carries CSP, frame and referrer headers', async (url) => {
    const res = await s.call(url === '/api/default/GetUserInfo' ? 'POST' : 'GET', url);
    const csp = String(res.headers['content-security-policy']);
    for (const d of ["script-src 'self'", "style-src 'self' 'unsafe-inline'", "img-src 'self' data: blob:", "connect-src 'self' ws: wss:", "frame-ancestors 'none'"]) {
      expect(csp).toContain(d);
    }
    expect(csp).not.toContain('upgrade-insecure-requests');
    expect(res.headers['x-frame-options']).toBe('DENY');
    expect(res.headers['referrer-policy']).toBe('no-referrer');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
  });
});
