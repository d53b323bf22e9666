import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

/**
 * The console's hashed assets (`<dir>/assets/<name>`, written by the build and never changed under
 * their name) served from memory: each file and its brotli and gzip copies (scripts/precompress.ts)
 * are read on their first request and kept, so a page's hundred scripts cost no file system calls
 * (open, stat, read, close for each copy tried: most of a static request's CPU). The answer is
 * the one the static plugin gave: the copy the browser's Accept-Encoding prefers, cached for good,
 * with its validators.
 */
export const ASSETS_PREFIX = '/assets/';

/** Content types by extension; anything else is sent as bytes. */
const TYPES: Record<string, string> = {
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.gif': 'image/gif',
  '.webp': 'image/webp',
  '.ico': 'image/x-icon',
  '.woff': 'font/woff',
  '.woff2': 'font/woff2',
  '.ttf': 'font/ttf',
  '.wasm': 'application/wasm',
  '.txt': 'text/plain; charset=utf-8',
};

/** An asset's name: one path segment of plain characters, not a compressed copy itself. */
const NAME = /^[A-Za-z0-9_-][A-Za-z0-9._-]*$/;

interface Asset {
  type: string;
  etag: string;
  lastModified: string;
  bodies: { identity: Buffer; br?: Buffer; gzip?: Buffer };
}

const readIfThere = (file: string): Buffer | undefined => {
  try {
    return fs.readFileSync(file);
  } catch {
    return undefined;
  }
};

/** The encoding to send of those there are: brotli, then gzip, when the header accepts them (q > 0); else the file as it is. */
export function pickEncoding(header: string | undefined, has: { br?: unknown; gzip?: unknown }): 'br' | 'gzip' | 'identity' {
  const accepted = new Set<string>();
  for (const part of (header ?? '').split(',')) {
    const [name = '', ...params] = part.toLowerCase().split(';').map((p) => p.trim());
    const q = params.map((p) => /^q=([\d.]+)$/.exec(p)).find(Boolean);
    if (name && (!q || Number(q[1]) > 0)) accepted.add(name);
  }
  if (has.br && (accepted.has('br') || accepted.has('*'))) return 'br';
  if (has.gzip && (accepted.has('gzip') || accepted.has('*'))) return 'gzip';
  return 'identity';
}

/** Registers GET (and HEAD) `/assets/:name` from memory; the static plugin must leave `assets/` to it. */
export function serveAssets(app: FastifyInstance, dir: string): void {
  const folder = path.join(dir, 'assets');
  const cache = new Map<string, Asset>();
  const load = (name: string): Asset | undefined => {
    const file = path.join(folder, name);
    let stat: fs.Stats;
    try {
      stat = fs.statSync(file);
    } catch {
      return undefined;
    }
    if (!stat.isFile()) return undefined;
    const identity = fs.readFileSync(file);
    const br = readIfThere(`${file}.br`);
    const gzip = readIfThere(`${file}.gz`);
    return {
      type: TYPES[path.extname(name).toLowerCase()] ?? 'application/octet-stream',
      etag: `W/"${stat.size.toString(16)}-${stat.mtimeMs.toString(16)}"`,
      lastModified: stat.mtime.toUTCString(),
      bodies: { identity, ...(br ? { br } : {}), ...(gzip ? { gzip } : {}) },
    };
  };

  app.get<{ Params: { name: string } }>(`${ASSETS_PREFIX}:name`, { config: { access: 'open' } }, async (req: FastifyRequest<{ Params: { name: string } }>, reply: FastifyReply) => {
    const { name } = req.params;
    let asset = cache.get(name);
    if (!asset && NAME.test(name) && !/\.(br|gz)$/.test(name)) {
      asset = load(name);
      if (asset) cache.set(name, asset);
    }
    if (!asset) return reply.callNotFound();
    const encoding = pickEncoding(req.headers['accept-encoding'], asset.bodies);
    reply.header('content-type', asset.type)
      .header('cache-control', 'public, max-age=31536000, immutable')
      .header('x-content-type-options', 'nosniff')
      .header('vary', 'accept-encoding')
      .header('etag', asset.etag)
      .header('last-modified', asset.lastModified);
    if (encoding !== 'identity') reply.header('content-encoding', encoding);
    const match = req.headers['if-none-match'];
    if (match && match.split(',').some((tag) => tag.trim() === asset.etag || tag.trim() === '*')) return reply.code(304).send();
    return reply.send(asset.bodies[encoding]);
  });
}
