// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import {
  DEFAULT_THEME,
  effectiveLayout,
  pick,
  sanitizeSettings,
  THEME_STORAGE_KEY,
  useThemeSettings,
} from '../../src/shell/theme/settings';
import { menuTheme, themeConfig } from '../../src/shell/theme/tokens';
import { theme } from 'antd';

afterEach(() => useThemeSettings.getState().reset());

describe('theme settings', () => {
  it('start with the defaults of spec section 9', () => {
    expect(pick(useThemeSettings.getState())).toEqual(DEFAULT_THEME);
    expect(DEFAULT_THEME).toMatchObject({
      layout: 'vertical',
      themeName: 'white',
      tabsBarStyle: 'smooth',
      fixedHeader: true,
      showProgressBar: true,
      showTabs: true,
      showSearch: false,
      showNotice: false,
    });
  });

  it('a change is saved in local storage and reset brings the defaults back', () => {
    useThemeSettings.getState().set({ layout: 'column', themeName: 'ocean', showSearch: true });
    const saved = JSON.parse(localStorage.getItem(THEME_STORAGE_KEY) ?? '{}') as { state: Record<string, unknown> };
    expect(saved.state).toMatchObject({ layout: 'column', themeName: 'ocean', showSearch: true });
    useThemeSettings.getState().reset();
    expect(pick(useThemeSettings.getState())).toEqual(DEFAULT_THEME);
    expect(JSON.parse(localStorage.getItem(THEME_STORAGE_KEY) ?? '{}').state).toEqual(DEFAULT_THEME);
  });

  it('a stored value of the wrong type or outside the choices falls back to its default', () => {
    expect(sanitizeSettings({ layout: 'diagonal', themeName: 'red', showTabs: 'yes', unknown: 1 })).toEqual({
      ...DEFAULT_THEME,
      themeName: 'red',
    });
    expect(sanitizeSettings(null)).toEqual(DEFAULT_THEME);
    useThemeSettings.getState().set({ tabsBarStyle: 'round' as never });
    expect(useThemeSettings.getState().tabsBarStyle).toBe('smooth');
  });

  it('under 992 px every layout is vertical', () => {
    expect(effectiveLayout('column', 991)).toBe('vertical');
    expect(effectiveLayout('horizontal', 992)).toBe('horizontal');
  });

  it('each theme is antd tokens; dark mode is antd dark algorithm', () => {
    expect(themeConfig('red', false).token?.colorPrimary).toBe('#c4320a');
    expect(themeConfig('white', false).algorithm).toBe(theme.defaultAlgorithm);
    expect(themeConfig('white', true).algorithm).toBe(theme.darkAlgorithm);
    expect(menuTheme('white', false)).toBe('light');
    expect(menuTheme('default', false)).toBe('dark');
    expect(menuTheme('default', true)).toBe('light');
  });

  it('white text on a primary button reads 4.5:1 or more at rest, under the pointer and pressed, in every light theme', () => {
    // WCAG's relative luminance and contrast ratio, on the colours antd derives from our tokens.
    const channel = (c: number) => (c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4);
    const luminance = (hex: string) => {
      const [r, g, b] = [1, 3, 5].map((i) => channel(parseInt(hex.slice(i, i + 2), 16) / 255)) as [number, number, number];
      return 0.2126 * r + 0.7152 * g + 0.0722 * b;
    };
    const onWhite = (hex: string) => 1.05 / (luminance(hex) + 0.05);
    for (const name of ['default', 'ocean', 'green', 'white', 'red'] as const) {
      const token = theme.getDesignToken(themeConfig(name, false));
      for (const colour of [token.colorPrimary, token.colorPrimaryHover, token.colorPrimaryActive]) {
        expect(colour, `${name} ${colour}`).toMatch(/^#[0-9a-f]{6}$/i);
        expect(onWhite(colour), `${name} ${colour}`).toBeGreaterThanOrEqual(4.5);
      }
      // Hover and press still show: each differs from the colour at rest.
      expect(new Set([token.colorPrimary, token.colorPrimaryHover, token.colorPrimaryActive]).size).toBe(3);
    }
  });

  it("a system asking for reduced motion turns antd's motion off", () => {
    expect(themeConfig('white', false).token?.motion).toBe(true);
    expect(themeConfig('white', false, true).token?.motion).toBe(false);
    expect(themeConfig('red', true, true).token?.motion).toBe(false);
  });
});
