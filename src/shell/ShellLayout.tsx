import { MenuUnfoldOutlined } from '@ant-design/icons';
import { Button, Drawer, Layout, theme } from 'antd';
import { Suspense, useEffect, useState, useSyncExternalStore, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, useLocation } from 'react-router';
import { ColumnBar } from './ColumnBar';
import { installErrorHandlers } from './header/error-log';
import { IeWarning } from './header/IeWarning';
import { useScreenKey } from './header/refresh';
import { RouteProgress, RouteShown } from './header/RouteProgress';
import { ScreenBoundary } from './header/ScreenBoundary';
import { PageLoading } from './PageLoading';
import { ShellBreadcrumb } from './ShellBreadcrumb';
import { ShellFooter } from './ShellFooter';
import { PhoneSlot, ShellHeader } from './ShellHeader';
import { ShellMenu } from './ShellMenu';
import { ShellSider, SIDER_WIDTH } from './ShellSider';
import { SiteLogo } from './SiteLogo';
import { TabBar } from './tabs/TabBar';
import type { MenuNode } from './side-menu';
import { ThemeDrawer, ThemeSettingButton } from './theme/ThemeDrawer';
import { effectiveLayout, MOBILE_WIDTH, useThemeSettings } from './theme/settings';
import { menuTheme } from './theme/tokens';
import { useNarrow } from './use-narrow';
import { useShellMenu } from './use-shell-menu';

const onResize = (changed: () => void) => {
  window.addEventListener('resize', changed);
  return () => window.removeEventListener('resize', changed);
};
/** The window is under the spec's 992 px. */
const useMobile = () => useSyncExternalStore(onResize, () => window.innerWidth < MOBILE_WIDTH);

/** The page: tab bar, breadcrumb, the screen (lazy-loaded), footer. */
function Page() {
  const showTabs = useThemeSettings((state) => state.showTabs);
  const { pathname } = useLocation();
  // The header's refresh mounts the screen afresh under a new key.
  const screenKey = useScreenKey((state) => state.key);
  // A phone keeps its width for the screen: half the margin.
  const narrow = useNarrow();
  return (
    <Layout.Content style={{ padding: narrow ? 12 : 24, display: 'flex', flexDirection: 'column' }}>
      {showTabs && <TabBar />}
      <ShellBreadcrumb />
      <div style={{ flex: 1 }} key={screenKey} data-screen-key={screenKey} data-testid="screen">
        <ScreenBoundary resetKey={`${pathname}#${screenKey}`}>
          <Suspense fallback={<PageLoading />}>
            <Outlet />
            <RouteShown />
          </Suspense>
        </ScreenBoundary>
      </div>
      <ShellFooter />
    </Layout.Content>
  );
}

/** Under 992 px: the whole menu in a drawer, opened from the header and closed by a choice. */
function DrawerMenu({ nodes, selected }: { nodes: readonly MenuNode[]; selected: string | undefined }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const { pathname } = useLocation();
  useEffect(() => setOpen(false), [pathname]);
  return (
    <>
      <Button type="text" icon={<MenuUnfoldOutlined />} aria-label={t('shell.openMenu')} onClick={() => setOpen(true)} data-testid="menu-drawer-toggle" />
      <Drawer
        open={open}
        onClose={() => setOpen(false)}
        placement="left"
        width={SIDER_WIDTH + 40}
        closable={false}
        styles={{ body: { padding: 0 } }}
        data-testid="menu-drawer"
      >
        <div data-testid="side-menu">
          <SiteLogo />
          <ShellMenu nodes={nodes} selected={selected} mode="inline" theme="light" onChoose={() => setOpen(false)} />
        </div>
      </Drawer>
    </>
  );
}

/**
 * The console's frame in the layout the theme settings choose (spec section 2): vertical (side
 * menu), horizontal (top menu), column (strip of groups beside the group's menu), comprehensive
 * (groups on top, the group's menu at the side) and common (header over a side menu). Under
 * 992 px it is vertical with the menu in a drawer.
 */
export default function ShellLayout() {
  const settings = useThemeSettings();
  const phone = useNarrow();
  const mobile = useMobile();
  const layout = effectiveLayout(settings.layout, window.innerWidth);
  const { menu, selected, group } = useShellMenu();
  const shade = menuTheme(settings.themeName, settings.darkMode);
  const { token } = theme.useToken();
  // The column layout's chosen group; it follows the route's group when the route changes.
  const [chosen, setChosen] = useState(group);
  useEffect(() => setChosen(group), [group]);
  const headerTop = settings.fixedHeader ? 64 : 0;

  let frame: ReactNode;
  if (layout === 'vertical' && mobile) {
    frame = (
      <Layout>
        <ShellHeader start={<DrawerMenu nodes={menu} selected={selected} />} />
        <Page />
      </Layout>
    );
  } else if (layout === 'vertical') {
    frame = (
      <Layout hasSider>
        <ShellSider nodes={menu} selected={selected} menuTheme={shade} />
        <Layout>
          <ShellHeader />
          <Page />
        </Layout>
      </Layout>
    );
  } else if (layout === 'horizontal' || layout === 'comprehensive') {
    const top = (
      <div style={{ display: 'flex', alignItems: 'center', flex: 3, minWidth: 0, marginLeft: -24 }}>
        <SiteLogo width={SIDER_WIDTH} />
        <div style={{ flex: 1, minWidth: 0 }} data-testid="top-menu">
          <ShellMenu
            nodes={menu}
            selected={layout === 'comprehensive' ? group?.key : selected}
            mode="horizontal"
            theme="light"
            groupsOnly={layout === 'comprehensive'}
          />
        </div>
      </div>
    );
    const side = layout === 'comprehensive' && group?.children;
    frame = (
      <Layout>
        <ShellHeader start={top} phone={false} />
        <div style={{ padding: '8px 24px', background: token.colorBgContainer, borderBottom: `1px solid ${token.colorBorderSecondary}` }}>
          <PhoneSlot />
        </div>
        <Layout hasSider={Boolean(side)}>
          {side && <ShellSider nodes={side} selected={selected} menuTheme={shade} logo={false} top={headerTop} />}
          <Page />
        </Layout>
      </Layout>
    );
  } else if (layout === 'common') {
    frame = (
      <Layout>
        <ShellHeader start={<div style={{ marginLeft: -24 }}><SiteLogo width={SIDER_WIDTH} /></div>} />
        <Layout hasSider>
          <ShellSider nodes={menu} selected={selected} menuTheme={shade} logo={false} top={headerTop} />
          <Page />
        </Layout>
      </Layout>
    );
  } else {
    const side = chosen?.children;
    frame = (
      <Layout hasSider>
        <ColumnBar
          nodes={menu}
          active={chosen}
          onActivate={setChosen}
          columnStyle={settings.columnStyle}
          themeName={settings.themeName}
          dark={shade === 'dark'}
        />
        {side && (
          <ShellSider nodes={side} selected={selected} menuTheme={shade} heading={<ColumnHeading node={chosen} />} logo />
        )}
        <Layout>
          <ShellHeader />
          <Page />
        </Layout>
      </Layout>
    );
  }
  // Spec section 8: in production, uncaught errors and rejections go into the header's error log.
  useEffect(() => (import.meta.env.PROD ? installErrorHandlers() : undefined), []);
  return (
    <Layout style={{ minHeight: '100vh' }} data-layout={layout} data-theme-name={settings.themeName} data-testid="shell">
      {settings.showProgressBar && <RouteProgress />}
      {frame}
      <IeWarning />
      <ThemeDrawer />
      {/* At a phone's width the edge button covered the lists' last column; the header's palette opens the same drawer. */}
      {settings.showThemeSetting && !(phone && settings.showTheme) && <ThemeSettingButton />}
    </Layout>
  );
}

function ColumnHeading({ node }: { node: MenuNode | undefined }) {
  const { t } = useTranslation();
  return node ? <>{t(node.title, { defaultValue: node.title })}</> : null;
}
