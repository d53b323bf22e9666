import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

/** Browser-side unit tests: pure helpers, providers against fakes, and a few rendered components. */
export default defineConfig({
  plugins: [react()],
  test: {
    include: ['tests/unit/**/*.test.{ts,tsx}'],
    // jsdom for what renders or reads the browser's globals. Files of pure logic (stores with fake
    // sockets, codecs, formats, rules) say `// @vitest-environment node` on their first line: a
    // jsdom takes about a second to set up for each file, which was most of their time.
    environment: 'jsdom',
    setupFiles: ['tests/unit/setup.ts'],
    // A worker keeps its modules (React, antd, Refine) and its environment from one file to the
    // next instead of setting both up for each: on a loaded 2-core machine the suite took 201
    // CPU-seconds and 364 s isolated, 78 CPU-seconds and 168 s without. The setup file clears the
    // page, storage and mocks after each test.
    isolate: false,
    restoreMocks: true,
    // A few tests render the whole console (antd, Refine, lazy pages) in jsdom: seconds of CPU
    // each, many times that on a loaded 2-core machine (two such tests failed at 30 s with a
    // load average of 18). The limit is for hangs, not speed.
    testTimeout: 90_000,
    // Refine's router bindings must see the same react-router instance as the tests' own
    // routers; bundling them through Vite (rather than Node's resolver) guarantees that.
    server: { deps: { inline: [/@refinedev\//, /react-router/] } },
  },
});
