import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';

/**
 * The theme settings of spec section 3 with the defaults of section 9 (vertical layout, white
 * theme, smooth tabs, fixed header, progress bar and tabs on, search and notices off). Saved in
 * local storage under 'theme' (section 9's saved settings); a reset brings the defaults back.
 */
export const LAYOUTS = ['vertical', 'horizontal', 'column', 'comprehensive', 'common'] as const;
export const THEME_NAMES = ['default', 'ocean', 'green', 'white', 'red'] as const;
export const TABS_BAR_STYLES = ['card', 'smart', 'smooth'] as const;
export const COLUMN_STYLES = ['vertical', 'horizontal', 'card'] as const;

export type Layout = (typeof LAYOUTS)[number];
export type ThemeName = (typeof THEME_NAMES)[number];
export type TabsBarStyle = (typeof TABS_BAR_STYLES)[number];
export type ColumnStyle = (typeof COLUMN_STYLES)[number];

export interface ThemeSettings {
  layout: Layout;
  themeName: ThemeName;
  /** antd's dark algorithm over the chosen theme. */
  darkMode: boolean;
  columnStyle: ColumnStyle;
  fixedHeader: boolean;
  showProgressBar: boolean;
  showTabs: boolean;
  tabsBarStyle: TabsBarStyle;
  showTabsBarIcon: boolean;
  showLanguage: boolean;
  showRefresh: boolean;
  showSearch: boolean;
  showTheme: boolean;
  showNotice: boolean;
  showFullScreen: boolean;
  /** The settings button at the window's edge (the header's palette button is showTheme). */
  showThemeSetting: boolean;
}

export const DEFAULT_THEME: Readonly<ThemeSettings> = Object.freeze({
  layout: 'vertical',
  themeName: 'white',
  darkMode: false,
  columnStyle: 'card',
  fixedHeader: true,
  showProgressBar: true,
  showTabs: true,
  tabsBarStyle: 'smooth',
  showTabsBarIcon: true,
  showLanguage: true,
  showRefresh: true,
  showSearch: false,
  showTheme: true,
  showNotice: false,
  showFullScreen: true,
  showThemeSetting: true,
});

const CHOICES: { [K in keyof ThemeSettings]?: readonly string[] } = {
  layout: LAYOUTS,
  themeName: THEME_NAMES,
  tabsBarStyle: TABS_BAR_STYLES,
  columnStyle: COLUMN_STYLES,
};

/**
 * The settings a stored value gives: each field of the right type (and among its choices) is
 * kept, anything else (an older version's field, a hand-edited value) falls back to its default.
 */
export function sanitizeSettings(stored: unknown): ThemeSettings {
  const given = (stored && typeof stored === 'object' ? stored : {}) as Record<string, unknown>;
  const out: Record<string, unknown> = { ...DEFAULT_THEME };
  for (const [key, fallback] of Object.entries(DEFAULT_THEME)) {
    const value = given[key];
    const choices = CHOICES[key as keyof ThemeSettings];
    if (typeof value !== typeof fallback) continue;
    if (choices && !choices.includes(value as string)) continue;
    out[key] = value;
  }
  return out as unknown as ThemeSettings;
}

export interface ThemeState extends ThemeSettings {
  set(change: Partial<ThemeSettings>): void;
  reset(): void;
}

export const THEME_STORAGE_KEY = 'theme';

export const useThemeSettings = create<ThemeState>()(
  persist(
    (set, get) => ({
      ...DEFAULT_THEME,
      set: (change) => set(sanitizeSettings({ ...pick(get()), ...change })),
      reset: () => set({ ...DEFAULT_THEME }),
    }),
    {
      name: THEME_STORAGE_KEY,
      version: 1,
      storage: createJSONStorage(() => localStorage),
      partialize: (state) => pick(state),
      merge: (persisted, current) => ({ ...current, ...sanitizeSettings(persisted) }),
    },
  ),
);

/** The settings alone, without the store's actions. */
export function pick(state: ThemeSettings): ThemeSettings {
  return Object.fromEntries(Object.keys(DEFAULT_THEME).map((key) => [key, state[key as keyof ThemeSettings]])) as unknown as ThemeSettings;
}

/** Spec section 2: a window under 992 px wide (a phone or small tablet) is locked to the vertical layout. */
export const MOBILE_WIDTH = 992;

export function effectiveLayout(layout: Layout, windowWidth: number): Layout {
  return windowWidth < MOBILE_WIDTH ? 'vertical' : layout;
}
