import { create } from 'zustand';

/**
 * The header's refresh (spec section 2): the current screen is mounted afresh under a new key, so
 * it reads its data again (Refine's queries refetch on mount), without reloading the page.
 */
export const useScreenKey = create<{ key: number; refresh(): void }>((set) => ({
  key: 0,
  refresh: () => set((state) => ({ key: state.key + 1 })),
}));
