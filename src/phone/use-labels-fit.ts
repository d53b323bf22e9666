import { useLayoutEffect, useRef, useState, type RefObject } from 'react';

/**
 * Whether a bar's buttons may show their labels: while the bar, labels shown, is no wider than the
 * room its parent gives it. When it is wider (an English header at 1280 px with a call's buttons),
 * the buttons show their icons only (their names stay in tooltips and aria-labels) rather than wrap
 * over the header's edges; they get their labels back once the room is as wide as the labels
 * needed. `key` names what the bar holds (its buttons, its status text): when it changes, the labels
 * are tried again. Measured before paint, so no frame shows the wrong one.
 */
export function useLabelsFit(bar: RefObject<HTMLElement | null>, key: string): boolean {
  const [fit, setFit] = useState(true);
  const needed = useRef(0);
  useLayoutEffect(() => setFit(true), [key]);
  useLayoutEffect(() => {
    const el = bar.current;
    const room = el?.parentElement;
    if (!el || !room) return undefined;
    const check = () => {
      if (fit) {
        needed.current = el.scrollWidth;
        if (needed.current > room.clientWidth + 1) setFit(false);
      } else if (room.clientWidth >= needed.current) setFit(true);
    };
    check();
    // Without ResizeObserver (an old browser, a test's DOM) the bar is measured as it renders only.
    if (typeof ResizeObserver === 'undefined') return undefined;
    const watch = new ResizeObserver(check);
    watch.observe(room);
    return () => watch.disconnect();
  }, [bar, fit, key]);
  return fit;
}
