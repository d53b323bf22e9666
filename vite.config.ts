import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { precompress } from './scripts/precompress.ts';

/** The API server `npm start` runs; the dev server forwards API and socket paths to it. */
const API_SERVER = 'http://127.0.0.1:8080';

export default defineConfig({
  // precompress: brotli and gzip copies of the output, sent by content negotiation (server/app.ts).
  plugins: [react(), precompress()],
  build: {
    outDir: 'dist',
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
  server: {
    proxy: {
      '/api': API_SERVER,
      '/publicKey': API_SERVER,
      '/socialLogin': API_SERVER,
      '/healthz': API_SERVER,
      '/ws': { target: API_SERVER, ws: true },
    },
  },
});
