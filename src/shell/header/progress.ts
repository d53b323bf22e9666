import { create } from 'zustand';

/** Spec section 9: the route progress bar's speed (ms of each move) and trickle (ms between steps). */
export const PROGRESS_SPEED = 500;
export const PROGRESS_TRICKLE = 200;

/**
 * The next width (0..1) of a running bar: large steps while it is short, smaller ones as it
 * grows, never reaching the end by itself (only done() completes it), as nprogress trickles.
 */
export function trickle(n: number): number {
  if (n >= 0.994) return n;
  const step = n < 0.2 ? 0.1 : n < 0.5 ? 0.04 : n < 0.8 ? 0.02 : 0.005;
  return Math.min(n + step, 0.994);
}

interface Progress {
  /** null: no bar; else its width from 0 to 1. */
  width: number | null;
  start(): void;
  step(): void;
  done(): void;
  hide(): void;
}

export const useRouteProgress = create<Progress>((set, get) => ({
  width: null,
  start: () => set({ width: 0.08 }),
  step: () => {
    const { width } = get();
    if (width !== null && width < 1) set({ width: trickle(width) });
  },
  done: () => {
    if (get().width !== null) set({ width: 1 });
  },
  hide: () => set({ width: null }),
}));
