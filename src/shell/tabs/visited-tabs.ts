import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';
import { closeTabs, retitle, visit, type CloseAction, type VisitedTab } from './tab-ops';

/**
 * The visited tabs, kept in local storage so a reload keeps them; logout and the theme reset
 * clear them (spec section 2 and issue 24 item 5).
 */
export interface VisitedTabsState {
  tabs: VisitedTab[];
  visit(tab: VisitedTab): void;
  retitle(key: string, title: string, values?: Record<string, string>): void;
  close(key: string, action: CloseAction): void;
  clear(): void;
}

export const VISITED_TABS_KEY = 'visitedTabs';

export const useVisitedTabs = create<VisitedTabsState>()(
  persist(
    (set) => ({
      tabs: [],
      visit: (tab) => set(({ tabs }) => ({ tabs: visit(tabs, tab) })),
      retitle: (key, title, values) => set(({ tabs }) => ({ tabs: retitle(tabs, key, title, values) })),
      close: (key, action) => set(({ tabs }) => ({ tabs: closeTabs(tabs, key, action) })),
      clear: () => set({ tabs: [] }),
    }),
    { name: VISITED_TABS_KEY, storage: createJSONStorage(() => localStorage), partialize: ({ tabs }) => ({ tabs }) },
  ),
);
