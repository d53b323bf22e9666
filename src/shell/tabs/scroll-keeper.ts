import { useEffect, useRef } from 'react';
import { keepAlive, type VisitedTab } from './tab-ops';

/** Scroll positions of the kept pages, by tab key (module state: one console per window). */
const scrolls = new Map<string, number>();
let kept: string[] = [];

/** Whether a tab's page is among the kept ones (the 20 most recently shown): else it opens afresh. */
export const isKept = (key: string) => kept.includes(key);

/** How long a page may take to settle (mount, load its rows) while its kept position is held. */
const RESTORE_MS = 3_000;

/**
 * Keep-alive for at most 20 pages (spec section 2): a page's address lives in its tab (filters,
 * page), its scroll position here; showing a kept page again scrolls back to where it was once
 * its content is tall enough. The pages themselves are not kept mounted while hidden: their
 * sockets and subscriptions stop, and no hidden copy of a screen sits in the document.
 */
export function useScrollKeeper(activeKey: string, tabs: readonly VisitedTab[]): void {
  const active = useRef(activeKey);
  useEffect(() => {
    const note = () => {
      if (active.current) scrolls.set(active.current, window.scrollY);
    };
    window.addEventListener('scroll', note, { passive: true });
    return () => window.removeEventListener('scroll', note);
  }, []);
  const openKeys = tabs.map((tab) => tab.key).join('\n');
  useEffect(() => {
    const open = new Set(openKeys.split('\n'));
    kept = kept.filter((key) => open.has(key));
    for (const key of scrolls.keys()) if (!kept.includes(key) && key !== activeKey) scrolls.delete(key);
  }, [openKeys, activeKey]);
  useEffect(() => {
    active.current = activeKey;
    if (!activeKey) return;
    const target = scrolls.get(activeKey) ?? 0;
    kept = keepAlive(kept, activeKey, new Set([...kept, activeKey]));
    // A page shown afresh scrolls as it likes (a list starts at its title).
    if (target === 0) return;
    // The page mounts, loads its rows and may scroll to its top meanwhile: the kept position is
    // held for a while, until the user scrolls, types or clicks.
    let frame = 0;
    const until = Date.now() + RESTORE_MS;
    const hold = () => {
      if (Math.abs(window.scrollY - target) > 1) window.scrollTo(0, target);
      if (Date.now() < until) frame = requestAnimationFrame(hold);
    };
    hold();
    const stop = () => cancelAnimationFrame(frame);
    const inputs = ['wheel', 'keydown', 'touchstart', 'pointerdown'] as const;
    for (const input of inputs) window.addEventListener(input, stop, { once: true, passive: true });
    return () => {
      stop();
      for (const input of inputs) window.removeEventListener(input, stop);
    };
  }, [activeKey]);
}
