import { CloseOutlined, DownOutlined, VerticalLeftOutlined, VerticalRightOutlined, CloseCircleOutlined } from '@ant-design/icons';
import { Button, Dropdown, Tabs, theme, type MenuProps } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { useSession } from '../../app/session';
import { MenuIcon } from '../menu-icons';
import { itemAt } from '../side-menu';
import { useThemeSettings } from '../theme/settings';
import { usePageTitles } from './page-titles';
import { isKept, useScrollKeeper } from './scroll-keeper';
import { closeTabs, HOME_PATH, nextActive, tabKey, type CloseAction, type VisitedTab } from './tab-ops';
import { useVisitedTabs } from './visited-tabs';
import './tab-bar.css';

const CLOSE_ACTIONS: ReadonlyArray<{ action: Exclude<CloseAction, 'self'>; icon: React.ReactNode }> = [
  { action: 'others', icon: <CloseOutlined /> },
  { action: 'left', icon: <VerticalRightOutlined /> },
  { action: 'right', icon: <VerticalLeftOutlined /> },
  { action: 'all', icon: <CloseCircleOutlined /> },
];

/** The tab of the current address: its route item's title (else the screen's own), icon and flags. */
function useCurrentTab(): VisitedTab | undefined {
  const { pathname, search } = useLocation();
  const routes = useSession((state) => state.routes);
  const pageTitle = usePageTitles((titles) => titles[pathname]);
  if (!routes) return undefined;
  const meta = itemAt(routes, pathname)?.meta ?? {};
  const title = meta.title || pageTitle?.title;
  if (!title) return undefined;
  const to = pathname + search;
  return {
    key: tabKey(to, Boolean(meta.dynamicNewTab)),
    to,
    title,
    ...(!meta.title && pageTitle?.values ? { values: pageTitle.values } : {}),
    ...(meta.icon ? { icon: meta.icon } : {}),
    closable: pathname !== HOME_PATH && !meta.noClosable,
  };
}

/**
 * Spec section 2's tab bar: a tab for each screen visited (home first, never closable, nor a
 * route with noClosable), titles translated as shown; a right click on a tab or the dropdown at
 * the end closes the others, those to the left or right, or all. A tab returns to its screen's
 * last address, so a list comes back with its filters and page, and at its scroll position
 * (scroll-keeper.ts).
 */
export function TabBar() {
  const { t } = useTranslation();
  // react-router's own: Refine's go() drops the query of a `to` (a tab's filters and page).
  const navigate = useNavigate();
  const { tabs, visit, close } = useVisitedTabs();
  const { showTabsBarIcon, tabsBarStyle } = useThemeSettings();
  const current = useCurrentTab();
  const routes = useSession((state) => state.routes);
  const { token } = theme.useToken();

  useEffect(() => {
    if (!routes) return;
    const home = itemAt(routes, HOME_PATH)?.meta;
    visit({ key: HOME_PATH, to: HOME_PATH, title: home?.title || 'menu.home', ...(home?.icon ? { icon: home.icon } : {}), closable: false });
  }, [routes, visit]);
  // Compared as text: `current` is a new object on every render.
  const currentText = JSON.stringify(current ?? null);
  useEffect(() => {
    const tab = JSON.parse(currentText) as VisitedTab | null;
    if (tab) visit(tab);
  }, [currentText, visit]);
  const activeKey = current?.key ?? '';
  useScrollKeeper(activeKey, tabs);

  const act = (key: string, action: CloseAction) => {
    const after = closeTabs(tabs, key, action);
    close(key, action);
    if (after.some((tab) => tab.key === activeKey)) return;
    const next = after.find((tab) => tab.key === key) ?? nextActive(tabs, after, activeKey);
    navigate(next?.to ?? HOME_PATH);
  };
  // One menu open at a time (a tab's right-click menu or the dropdown at the end), closed by a choice.
  const [menuOpen, setMenuOpen] = useState<string | null>(null);
  const menuFor = (key: string): MenuProps => ({
    items: CLOSE_ACTIONS.map(({ action, icon }) => ({ key: action, icon, label: <span data-testid={`tabs-close-${action}`}>{t(`tabs.close.${action}`)}</span> })),
    onClick: ({ key: action, domEvent }) => {
      domEvent.stopPropagation();
      setMenuOpen(null);
      act(key, action as CloseAction);
    },
  });
  const dropdown = (id: string) => ({
    open: menuOpen === id,
    // Another menu closing late must not close the one just opened.
    onOpenChange: (open: boolean) => setMenuOpen((now) => (open ? id : now === id ? null : now)),
  });

  return (
    <div
      className={`console-tabs console-tabs-${tabsBarStyle}`}
      style={{ display: 'flex', alignItems: 'center', gap: 8, ['--tabs-primary' as string]: token.colorPrimary, ['--tabs-primary-bg' as string]: token.colorPrimaryBg }}
      data-testid="tab-bar"
    >
      <Tabs
        type="editable-card"
        hideAdd
        size="small"
        // Its own controls' names (English otherwise, whatever the language).
        locale={{ removeAriaLabel: t('tabs.close.self'), dropdownAriaLabel: t('tabs.more') }}
        activeKey={activeKey}
        onChange={(key) => {
          const tab = tabs.find((one) => one.key === key);
          // A page past the keep-alive limit opens afresh, without its last filters.
          navigate(tab ? (isKept(key) ? tab.to : (tab.to.split('?')[0] ?? tab.to)) : HOME_PATH);
        }}
        onEdit={(key, kind) => kind === 'remove' && typeof key === 'string' && act(key, 'self')}
        items={tabs.map((tab) => ({
          key: tab.key,
          closable: tab.closable,
          closeIcon: tab.closable ? <CloseOutlined aria-label={t('tabs.close.self')} /> : undefined,
          label: (
            <Dropdown menu={menuFor(tab.key)} trigger={['contextMenu']} {...dropdown(`tab:${tab.key}`)}>
              <span data-testid="visited-tab">
                {showTabsBarIcon && tab.icon && <MenuIcon name={tab.icon} />} {t(tab.title, { ...tab.values, defaultValue: tab.title })}
              </span>
            </Dropdown>
          ),
        }))}
        style={{ flex: 1, minWidth: 0 }}
      />
      {/* Beside the tab list, not in it: a tablist holds only tabs (axe: aria-required-children). */}
      <Dropdown menu={menuFor(activeKey)} trigger={['click']} {...dropdown('more')}>
        <Button type="text" size="small" icon={<DownOutlined />} aria-label={t('tabs.more')} data-testid="tabs-more" />
      </Dropdown>
    </div>
  );
}
