import { useSyncExternalStore } from 'react';

/**
 * Whether the person asked their system for reduced motion (WCAG 2.3.3): antd's drawers, menus,
 * dropdowns and dialogs then appear and go at once instead of sliding and zooming. Follows the
 * setting as it changes; false where the browser cannot tell (no matchMedia: jsdom, old browsers).
 */
const QUERY = '(prefers-reduced-motion: reduce)';

const media = () => (typeof window !== 'undefined' && typeof window.matchMedia === 'function' ? window.matchMedia(QUERY) : undefined);

function subscribe(onChange: () => void): () => void {
  const list = media();
  if (!list) return () => {};
  list.addEventListener('change', onChange);
  return () => list.removeEventListener('change', onChange);
}

export const prefersReducedMotion = (): boolean => media()?.matches ?? false;

export const usePrefersReducedMotion = (): boolean => useSyncExternalStore(subscribe, prefersReducedMotion, () => false);
