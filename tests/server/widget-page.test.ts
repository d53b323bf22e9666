import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './helpers.ts';

/** /widget and /widget.js from the build: the widget page alone may be framed, by WIDGET_FRAME_ANCESTORS. */
describe('customer widget page', () => {
  let s: TestServer;
  const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'cc-widget-dist-'));

  beforeAll(async () => {
    fs.writeFileSync(path.join(dist, 'index.html'), '<!doctype html><title>console</title>');
    fs.writeFileSync(path.join(dist, 'widget.html'), '<!doctype html><title>widget</title>');
    fs.writeFileSync(path.join(dist, 'widget.js'), '(function(){})();');
    s = await startTestServer({ staticDir: dist, widgetFrameAncestors: ['https://shop.example.com'] });
  });
  afterAll(async () => {
    await s?.close();
    fs.rmSync(dist, { recursive: true, force: true });
  });

  it('serves widget.html at /widget, framable only by the configured sites', async () => {
    const res = await s.app.inject({ method: 'GET', url: '/widget' });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('<title>widget</title>');
    expect(res.headers['x-frame-options']).toBeUndefined();
    expect(res.headers['content-security-policy']).toContain('frame-ancestors https://shop.example.com');
    expect(res.headers['content-security-policy']).toContain("script-src 'self'");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
  });

  it('serves the embed script at /widget.js, and the console stays unframable', async () => {
    const script = await s.app.inject({ method: 'GET', url: '/widget.js' });
    expect(script.statusCode).toBe(200);
    expect(script.headers['content-type']).toMatch(/javascript/);
    expect(script.headers['cache-control']).toBe('no-cache');
    // Other sites may load it (helmet answers same-origin elsewhere).
    expect(script.headers['cross-origin-resource-policy']).toBe('cross-origin');
    expect((await s.app.inject({ method: 'GET', url: '/index.html' })).headers['cross-origin-resource-policy']).toBe('same-origin');
    const page = await s.app.inject({ method: 'GET', url: '/' });
    expect(page.headers['x-frame-options']).toBe('DENY');
    expect(page.headers['content-security-policy']).toContain("frame-ancestors 'none'");
  });
});
