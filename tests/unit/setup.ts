import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';
import { staticMediaQuery } from './support/media-query';

// findBy* and waitFor wait up to 30 s (the default 1 s is too short for a lazily loaded page
// rendered in jsdom on a busy machine, and 10 s was too short at a load average of 18); a
// passing test returns as soon as its element appears.
configure({ asyncUtilTimeout: 30_000 });

// antd's responsive helpers call matchMedia, which jsdom does not implement.
if (typeof window !== 'undefined' && !window.matchMedia) {
  window.matchMedia = (query: string) => staticMediaQuery(query, false);
}

// The console fetches a language's words when it is first used (src/app/i18n.ts); a test renders at
// once, in either language, so both are here before any test runs. Node-environment files have no
// page for the console's i18n.
if (typeof window !== 'undefined') {
  const { loadLanguage } = await import('../../src/app/i18n');
  await Promise.all([loadLanguage('zh'), loadLanguage('en')]);
}

afterEach(() => {
  cleanup();
  if (typeof localStorage !== 'undefined') localStorage.clear();
  if (typeof sessionStorage !== 'undefined') sessionStorage.clear();
});
