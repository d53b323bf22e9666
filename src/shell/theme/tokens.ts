import { theme as antdTheme, type ThemeConfig } from 'antd';
import type { ThemeName } from './settings';

/**
 * Each theme name as antd tokens: a primary colour and the side menu's colours. The white
 * theme has a light side menu; the others a dark one in their own shade.
 */
interface Palette {
  primary: string;
  /** The side menu's background; none: antd's light menu. */
  sider?: string;
  /** A selected entry's background on the dark side menu. */
  selected?: string;
}

export const PALETTES: Readonly<Record<ThemeName, Palette>> = {
  default: { primary: '#1677ff', sider: '#001529', selected: '#1677ff' },
  ocean: { primary: '#0e7ac4', sider: '#0b2f4e', selected: '#0e7ac4' },
  green: { primary: '#1f9d6b', sider: '#0f3327', selected: '#1f9d6b' },
  white: { primary: '#1677ff' },
  red: { primary: '#d4380d', sider: '#3b1212', selected: '#d4380d' },
};

/**
 * antd's theme for the side menu and the column strip: 'dark' for a theme with a dark side menu;
 * in dark mode 'light', which antd's dark algorithm already darkens.
 */
export const menuTheme = (themeName: ThemeName, darkMode: boolean): 'light' | 'dark' =>
  !darkMode && PALETTES[themeName].sider !== undefined ? 'dark' : 'light';

export function themeConfig(themeName: ThemeName, darkMode: boolean): ThemeConfig {
  const palette = PALETTES[themeName];
  const sider = darkMode ? undefined : palette.sider;
  return {
    algorithm: darkMode ? antdTheme.darkAlgorithm : antdTheme.defaultAlgorithm,
    token: { colorPrimary: palette.primary },
    components: sider
      ? {
          Layout: { siderBg: sider, triggerBg: sider },
          Menu: { darkItemBg: sider, darkSubMenuItemBg: sider, darkPopupBg: sider, darkItemSelectedBg: palette.selected },
        }
      : {},
  };
}
