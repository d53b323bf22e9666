import { StyleProvider } from '@ant-design/cssinjs';
import { ConfigProvider } from 'antd';
// The ES builds: the default export of antd/locale/* (CommonJS) reaches the bundle as its
// module wrapper, and ConfigProvider then silently falls back to English.
import enUS from 'antd/es/locale/en_US';
import zhCN from 'antd/es/locale/zh_CN';
import { useTranslation } from 'react-i18next';
import { loadStaticSheets } from '../shell/theme/static-sheet-loader';
import { sessionStyleCache } from '../shell/theme/style-cache';
import { themeConfig } from '../shell/theme/tokens';
import { usePrefersReducedMotion } from '../shell/theme/reduced-motion';
import { useThemeSettings } from '../shell/theme/settings';
import { lazy, useMemo } from 'react';
import { HashRouter } from 'react-router';
import { FrameRoutes } from './frame-routes';

/** antd's style sheets, built once a session (style-cache.ts). */
const STYLE_CACHE = sessionStyleCache();

// Only the login page is in the first bundle; Refine, its providers and every screen behind it load on
// demand, with antd's sheets made at build for the console's default look (static-sheet-loader.ts).
const ConsoleApp = lazy(() => Promise.all([import('./ConsoleApp'), loadStaticSheets()]).then(([module]) => module));

/**
 * The frame every page shares: router, antd's styles, theme and locale. The theme settings'
 * colours and dark mode are antd tokens. antd's <App> (messages, notifications, dialogs) is the
 * console's (ConsoleApp.tsx): the login page shows none, and it would bring their code to it.
 */
export function App() {
  const { i18n } = useTranslation();
  const themeName = useThemeSettings((state) => state.themeName);
  const darkMode = useThemeSettings((state) => state.darkMode);
  const reducedMotion = usePrefersReducedMotion();
  const antdTheme = useMemo(() => themeConfig(themeName, darkMode, reducedMotion), [themeName, darkMode, reducedMotion]);
  return (
    // Without transitions: every address commits as it comes. In a transition an address could be
    // rendered and then dropped for the next one (a search followed at once by a menu click on a
    // loaded machine), and the tab bar kept the list's address without its filters.
    <HashRouter useTransitions={false}>
      <StyleProvider cache={STYLE_CACHE}>
        <ConfigProvider locale={i18n.language === 'en' ? enUS : zhCN} theme={antdTheme}>
          <FrameRoutes console={ConsoleApp} />
        </ConfigProvider>
      </StyleProvider>
    </HashRouter>
  );
}
