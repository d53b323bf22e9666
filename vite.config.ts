import react from '@vitejs/plugin-react';
import { defineConfig, type ProxyOptions } from 'vite';
import { antdStaticStyles } from './scripts/antd-styles.ts';
import { mockServiceWorker } from './scripts/mock-worker.ts';
import { precompress } from './scripts/precompress.ts';

/** The API server `npm start` runs; the dev server forwards API and socket paths to it. */
const API_SERVER = 'http://127.0.0.1:8080';
const PROXY: Record<string, string | ProxyOptions> = {
  '/api': API_SERVER,
  '/publicKey': API_SERVER,
  '/socialLogin': API_SERVER,
  '/healthz': API_SERVER,
  '/ws': { target: API_SERVER, ws: true },
};

/**
 * `--mode mock` (npm run dev:mock, README "Mock mode"): the console with no server, its API
 * answered in the browser by MSW (mocks/); a mock build goes to dist-mock, never to dist.
 */
export default defineConfig(({ mode }) => ({
  // antdStaticStyles: antd's sheets for the default theme made at build (src/shell/theme/static-styles.ts).
  // precompress: brotli and gzip copies of the output, sent by content negotiation (server/app.ts);
  // not for a mock build, which `vite preview` serves as it is (the copies cost 8 CPU-seconds).
  plugins: [react(), antdStaticStyles(), ...(mode === 'mock' ? [mockServiceWorker()] : [precompress()])],
  build: {
    outDir: mode === 'mock' ? 'dist-mock' : 'dist',
    emptyOutDir: true,
    rolldownOptions: {
      // The console, the customer widget page (/widget) and its embed script, kept at the fixed
      // name /widget.js that customers' sites load.
      input: { main: 'index.html', widget: 'widget.html', embed: 'src/widget/embed.ts' },
      output: { entryFileNames: (chunk) => (chunk.name === 'embed' ? 'widget.js' : 'assets/[name]-[hash].js') },
      treeshake: {
        // papaparse is a UMD file without a "sideEffects" field, so it stayed in the login
        // bundle although only Refine's CSV import/export use it; it has no side effects.
        moduleSideEffects: [{ test: /node_modules[\\/]papaparse[\\/]/, sideEffects: false }],
      },
    },
  },
  server: { proxy: mode === 'mock' ? {} : PROXY },
}));
