import { theme as antdTheme, type ThemeConfig } from 'antd';
import type { ThemeName } from './settings';

/**
 * Each theme name as antd tokens: a primary colour and the side menu's colours. The white
 * theme has a light side menu; the others a dark one in their own shade.
 */
interface Palette {
  primary: string;
  /**
   * A primary button's hover and pressed backgrounds. antd lightens on hover (its palette's 4th
   * shade: white on it read 3.5:1 for the default theme); these are the 7th and 8th shades of
   * antd's palette for the primary, darker, so white text keeps 4.5:1 under the pointer.
   */
  hover: string;
  active: string;
  /** The side menu's background; none: antd's light menu. */
  sider?: string;
  /** A selected entry's background on the dark side menu. */
  selected?: string;
}

// Each primary reads at 4.5:1 or more as white text on it and as text on its light tint (WCAG AA,
// checked by axe in the browser tests): antd's #1677ff, for one, gave 4.1:1 on white.
export const PALETTES: Readonly<Record<ThemeName, Palette>> = {
  default: { primary: '#1668dc', hover: '#094bb5', active: '#00328f', sider: '#001529', selected: '#1668dc' },
  ocean: { primary: '#0b68a8', hover: '#034b82', active: '#00315c', sider: '#0b2f4e', selected: '#0b68a8' },
  green: { primary: '#157a52', hover: '#0a5439', active: '#032e20', sider: '#0f3327', selected: '#157a52' },
  white: { primary: '#1668dc', hover: '#094bb5', active: '#00328f' },
  red: { primary: '#c4320a', hover: '#9e1d00', active: '#781200', sider: '#3b1212', selected: '#c4320a' },
};

/** Secondary text (descriptions, statistic titles, the footer) on a light page: antd's 45 % black read 3.4:1; this reads 5.7:1. */
const LIGHT_SECONDARY_TEXT = 'rgba(0, 0, 0, 0.6)';

/**
 * antd's theme for the side menu and the column strip: 'dark' for a theme with a dark side menu;
 * in dark mode 'light', which antd's dark algorithm already darkens.
 */
export const menuTheme = (themeName: ThemeName, darkMode: boolean): 'light' | 'dark' =>
  !darkMode && PALETTES[themeName].sider !== undefined ? 'dark' : 'light';

/** antd's theme for a theme name and dark mode; `reducedMotion` (the system's setting) turns antd's motion off. */
export function themeConfig(themeName: ThemeName, darkMode: boolean, reducedMotion = false): ThemeConfig {
  const palette = PALETTES[themeName];
  const sider = darkMode ? undefined : palette.sider;
  return {
    algorithm: darkMode ? antdTheme.darkAlgorithm : antdTheme.defaultAlgorithm,
    token: {
      colorPrimary: palette.primary, motion: !reducedMotion,
      ...(darkMode ? {} : { colorPrimaryHover: palette.hover, colorPrimaryActive: palette.active, colorTextTertiary: LIGHT_SECONDARY_TEXT, colorTextDescription: LIGHT_SECONDARY_TEXT }),
    },
    components: sider
      ? {
          Layout: { siderBg: sider, triggerBg: sider },
          Menu: { darkItemBg: sider, darkSubMenuItemBg: sider, darkPopupBg: sider, darkItemSelectedBg: palette.selected },
        }
      : {},
  };
}
