import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { precompressDir } from '../../scripts/precompress.ts';
import { pickEncoding } from '../../server/http/asset-files.ts';
import { engine, startTestServer, type TestServer } from './helpers.ts';

/**
 * The console's files go over the wire compressed (issue 24, targets): the build writes brotli and
 * gzip copies (scripts/precompress.ts) and the server picks one by the browser's Accept-Encoding,
 * with hashed assets cached for good and the page never. A folder shaped like dist/ stands in for
 * a build.
 */
let s: TestServer;
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cc-dist-'));
// Text that compresses like a bundle does (repeated identifiers), and a file too small to bother with.
const script = Array.from({ length: 400 }, (_, i) => `export const value${i % 20} = "console call centre ${i % 7}";`).join('\n');
const page = `<!doctype html><html><head><title>console</title></head><body>${'<div class="shell"></div>'.repeat(80)}<script type="module" src="/assets/main-abc123.js"></script></body></html>`;
beforeAll(async () => {
  fs.mkdirSync(path.join(dir, 'assets'));
  fs.writeFileSync(path.join(dir, 'index.html'), page);
  fs.writeFileSync(path.join(dir, 'widget.html'), page);
  fs.writeFileSync(path.join(dir, 'widget.js'), script);
  fs.writeFileSync(path.join(dir, 'assets', 'main-abc123.js'), script);
  fs.writeFileSync(path.join(dir, 'assets', 'tiny-abc123.js'), 'export {};');
  fs.writeFileSync(path.join(dir, 'assets', 'logo-abc123.png'), Buffer.alloc(4096, 7));
  expect(precompressDir(dir)).toBe(4);
  s = await startTestServer({ staticDir: dir });
});
afterAll(async () => {
  await s?.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

const get = (url: string, acceptEncoding?: string) =>
  s.app.inject({ method: 'GET', url, headers: acceptEncoding === undefined ? {} : { 'accept-encoding': acceptEncoding } });

describe(`the console's files, compressed by content negotiation (${engine})`, () => {
  it('the build writes a brotli and a gzip copy of each text file worth it, and none of images or tiny files', () => {
    const listed = fs.readdirSync(path.join(dir, 'assets')).sort();
    expect(listed).toEqual(['logo-abc123.png', 'main-abc123.js', 'main-abc123.js.br', 'main-abc123.js.gz', 'tiny-abc123.js']);
    expect(zlib.brotliDecompressSync(fs.readFileSync(path.join(dir, 'assets', 'main-abc123.js.br'))).toString()).toBe(script);
    expect(zlib.gunzipSync(fs.readFileSync(path.join(dir, 'assets', 'main-abc123.js.gz'))).toString()).toBe(script);
  });

  it("a browser's Accept-Encoding gets brotli, cached for good for a hashed asset; the bytes sent are the copy's", async () => {
    const res = await get('/assets/main-abc123.js', 'gzip, deflate, br, zstd');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(String(res.headers['content-type'])).toMatch(/javascript/);
    expect(String(res.headers.vary)).toMatch(/accept-encoding/i);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.rawPayload.length).toBe(fs.statSync(path.join(dir, 'assets', 'main-abc123.js.br')).size);
    expect(res.rawPayload.length).toBeLessThan(script.length / 5);
    expect(zlib.brotliDecompressSync(res.rawPayload).toString()).toBe(script);
  });

  it('gzip only gets gzip; no Accept-Encoding gets the file as it is', async () => {
    const gz = await get('/assets/main-abc123.js', 'gzip');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(gz.rawPayload).toString()).toBe(script);
    const plain = await get('/assets/main-abc123.js', 'identity');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(script);
    expect(String(plain.headers.vary)).toMatch(/accept-encoding/i);
  });

  it('the page is compressed too and never cached; the widget script keeps its cross-origin header', async () => {
    for (const url of ['/', '/index.html']) {
      const res = await get(url, 'br');
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-encoding'], url).toBe('br');
      expect(String(res.headers['content-type']), url).toMatch(/text\/html/);
      expect(res.headers['cache-control'], url).toBe('no-cache');
      expect(zlib.brotliDecompressSync(res.rawPayload).toString(), url).toBe(page);
    }
    const widget = await get('/widget.js', 'br');
    expect(widget.headers['content-encoding']).toBe('br');
    expect(widget.headers['cross-origin-resource-policy']).toBe('cross-origin');
    expect(widget.headers['cache-control']).toBe('no-cache');
  });

  it('a file without copies and an image are sent as they are', async () => {
    const tiny = await get('/assets/tiny-abc123.js', 'br');
    expect(tiny.statusCode).toBe(200);
    expect(tiny.headers['content-encoding']).toBeUndefined();
    expect(tiny.body).toBe('export {};');
    const png = await get('/assets/logo-abc123.png', 'br');
    expect(png.headers['content-encoding']).toBeUndefined();
    expect(png.rawPayload.length).toBe(4096);
  });

  it('an asset is read once and kept: later answers come from memory, with validators; a matching If-None-Match gets 304', async () => {
    const name = 'late-abc123.js';
    const file = path.join(dir, 'assets', name);
    // Written after the server started (a build beside a running server): found on its first request.
    fs.writeFileSync(file, script);
    precompressDir(path.join(dir, 'assets'));
    const first = await get(`/assets/${name}`, 'br');
    expect(first.statusCode).toBe(200);
    expect(zlib.brotliDecompressSync(first.rawPayload).toString()).toBe(script);
    const etag = String(first.headers.etag);
    expect(etag).toMatch(/^W\/".+"$/);
    expect(first.headers['last-modified']).toBeTruthy();
    // Gone from the disk, still served under its (hashed, never reused) name.
    for (const f of [file, `${file}.br`, `${file}.gz`]) fs.rmSync(f);
    const again = await get(`/assets/${name}`, 'gzip');
    expect(again.statusCode).toBe(200);
    expect(zlib.gunzipSync(again.rawPayload).toString()).toBe(script);
    const revalidated = await s.app.inject({ method: 'GET', url: `/assets/${name}`, headers: { 'accept-encoding': 'br', 'if-none-match': etag } });
    expect(revalidated.statusCode).toBe(304);
    expect(revalidated.rawPayload.length).toBe(0);
    const head = await s.app.inject({ method: 'HEAD', url: '/assets/main-abc123.js', headers: { 'accept-encoding': 'br' } });
    expect(head.statusCode).toBe(200);
    expect(head.headers['content-encoding']).toBe('br');
    expect(head.rawPayload.length).toBe(0);
  });

  it('what is not an asset is not found: an unknown name, a compressed copy asked by its own name, a way out of the folder', async () => {
    for (const url of ['/assets/none-abc123.js', '/assets/main-abc123.js.br', '/assets/main-abc123.js.gz', '/assets/..%2Findex.html', '/assets/%2e%2e%2fwidget.js', '/assets/.hidden']) {
      const res = await get(url, 'br');
      expect(res.statusCode, url).toBe(404);
      expect(res.headers['cache-control'], url).not.toBe('public, max-age=31536000, immutable');
    }
  });

  it('Accept-Encoding: brotli before gzip, q=0 refuses, * accepts, none or unknown gets the file as it is', () => {
    const both = { br: 1, gzip: 1 };
    expect(pickEncoding('gzip, deflate, br', both)).toBe('br');
    expect(pickEncoding('br;q=0, gzip', both)).toBe('gzip');
    expect(pickEncoding('br;q=0.0, gzip;q=0', both)).toBe('identity');
    expect(pickEncoding('*', both)).toBe('br');
    expect(pickEncoding('br', { gzip: 1 })).toBe('identity');
    expect(pickEncoding(undefined, both)).toBe('identity');
    expect(pickEncoding('deflate, zstd', both)).toBe('identity');
    expect(pickEncoding(' GZIP ; q=0.5 ', both)).toBe('gzip');
  });
});
