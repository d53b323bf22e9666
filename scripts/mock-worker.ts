/**
 * Mock mode's service worker (MSW's mockServiceWorker.js, from the installed msw package): served
 * at /mockServiceWorker.js by the dev server (`npm run dev:mock`) and written into the output of a
 * mock build (`vite build --mode mock`), never part of the product's build. The file is read
 * from node_modules, not kept in the project, so it always matches the installed msw.
 */
import fs from 'node:fs';
import { createRequire } from 'node:module';
import type { Plugin } from 'vite';

const FILE = 'mockServiceWorker.js';
const source = () => fs.readFileSync(createRequire(import.meta.url).resolve(`msw/${FILE}`), 'utf8');

export function mockServiceWorker(): Plugin {
  return {
    name: 'mock-service-worker',
    configureServer(server) {
      server.middlewares.use(`/${FILE}`, (_req, res) => {
        res.setHeader('Content-Type', 'text/javascript; charset=utf-8');
        res.end(source());
      });
    },
    generateBundle() {
      this.emitFile({ type: 'asset', fileName: FILE, source: source() });
    },
  };
}
