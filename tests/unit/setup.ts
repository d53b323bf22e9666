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

afterEach(() => {
  cleanup();
  if (typeof localStorage !== 'undefined') localStorage.clear();
  if (typeof sessionStorage !== 'undefined') sessionStorage.clear();
});
