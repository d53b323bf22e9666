/**
 * Brotli and gzip copies of the built console's text files, made once at build (`npm run build`)
 * so the server sends them by content negotiation (@fastify/static `preCompressed`, server/app.ts)
 * without compressing on each request: `<file>.br` and `<file>.gz` beside each file.
 */
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import type { Plugin } from 'vite';

/** What is worth compressing: text, and files big enough that the saving beats a header. */
const TEXT = /\.(js|mjs|css|html|svg|json|txt|map|wasm)$/;
const MIN_BYTES = 1024;

function filesUnder(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name);
    return e.isDirectory() ? filesUnder(p) : [p];
  });
}

/** Writes `.br` (quality 11) and `.gz` (level 9) beside every compressible file under `dir`; a copy no smaller than its file is not kept. Returns how many files got copies. */
export function precompressDir(dir: string): number {
  let count = 0;
  for (const file of filesUnder(dir)) {
    if (!TEXT.test(file)) continue;
    const body = fs.readFileSync(file);
    if (body.length < MIN_BYTES) continue;
    const copies: Array<[string, Buffer]> = [
      ['.br', zlib.brotliCompressSync(body, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: body.length } })],
      ['.gz', zlib.gzipSync(body, { level: 9 })],
    ];
    let kept = false;
    for (const [ext, copy] of copies) {
      if (copy.length >= body.length) continue;
      fs.writeFileSync(file + ext, copy);
      kept = true;
    }
    if (kept) count += 1;
  }
  return count;
}

/** The build step: after Vite has written the output folder, its compressed copies. */
export function precompress(): Plugin {
  let outDir = 'dist';
  return {
    name: 'precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    closeBundle() {
      precompressDir(outDir);
    },
  };
}
