import { CustomerServiceOutlined } from '@ant-design/icons';
import { useLink } from '@refinedev/core';
import { Badge, Layout, Menu, type MenuProps, theme } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { MENU_BADGES } from '../app/menu-badges';
import { useSession } from '../app/session';
import { isExternal } from '../lib/route-path';
import { siteTitleKey } from '../lib/site-title';
import { MenuIcon } from './menu-icons';
import { buildMenu, hasReportEntry, openKeysFor, selectedMenuKey, type MenuNode } from './side-menu';
import './side-menu.css';

type Items = NonNullable<MenuProps['items']>;

/** Below antd's lg breakpoint (992 px, the spec's mobile width) the menu collapses. */
const MOBILE_BREAKPOINT = 'lg';

const titleStyle = {
  height: 64,
  display: 'flex',
  alignItems: 'center',
  gap: 8,
  padding: '0 16px 0 24px',
  fontWeight: 600,
  overflow: 'hidden',
} as const;

/** Long titles (the English one) take two lines instead of being cut; the whole title stays on hover. */
const titleTextStyle = {
  lineHeight: 1.3,
  display: '-webkit-box',
  WebkitBoxOrient: 'vertical',
  WebkitLineClamp: 2,
  overflow: 'hidden',
} as const;

/** The user's choice of a collapsed menu, kept across reloads (not the automatic collapse on small screens). */
const COLLAPSED_KEY = 'sideMenuCollapsed';
const savedCollapsed = () => localStorage.getItem(COLLAPSED_KEY) === '1';

/**
 * Side menu built from the server's route list (spec sections 2-3) with the site title on
 * top. Our own rather than @refinedev/antd's ThemedSider, which follows Refine's resources
 * and will not hold the spec's hidden / alwaysShow / scroll rules (side-menu.ts).
 */
export function ShellSider() {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const Link = useLink();
  const { pathname } = useLocation();
  const routes = useSession((state) => state.routes);
  const workOrderTitle = useSession((state) => state.workOrderTitle);
  const [collapsed, setCollapsed] = useState(savedCollapsed);
  const onCollapse = (value: boolean, type: 'clickTrigger' | 'responsive') => {
    if (type === 'clickTrigger') localStorage.setItem(COLLAPSED_KEY, value ? '1' : '0');
    // Growing past the breakpoint (also antd's check on mount) restores the user's choice.
    setCollapsed(type === 'clickTrigger' ? value : value || savedCollapsed());
  };
  const title = t(siteTitleKey(workOrderTitle));
  const menu = useMemo(() => buildMenu(routes ?? []), [routes]);
  const selected = selectedMenuKey(pathname, routes ?? [], menu);
  // A report added by a schema file alone words itself: its title comes with the server's report
  // catalogue, whose words i18n takes in as they arrive (the menu then re-renders).
  const reports = useMemo(() => hasReportEntry(routes ?? []), [routes]);
  useEffect(() => {
    if (reports) void import('../pages/report/catalogue-source').then((source) => source.loadReportCatalogue()).catch(() => undefined);
  }, [reports]);
  // The user opens and closes submenus; arriving at an entry also opens the ones around it.
  const [openKeys, setOpenKeys] = useState<string[]>([]);
  useEffect(() => {
    const around = openKeysFor(selected, menu);
    setOpenKeys((open) => (around.every((key) => open.includes(key)) ? open : [...new Set([...open, ...around])]));
  }, [selected, menu]);
  // A collapsed menu's submenus are pop-outs over the page: they follow the pointer, and moving
  // to another page closes them (they stayed open over the content at 390 px).
  const [popupKeys, setPopupKeys] = useState<string[]>([]);
  useEffect(() => setPopupKeys([]), [pathname]);

  const label = (node: MenuNode) => {
    // A title is an i18n key (menu.users) or plain text, which then shows as it is.
    const text = t(node.title, { defaultValue: node.title });
    const Live = MENU_BADGES[node.key];
    if (Live) return <>{text}<Live /></>;
    return node.badge || node.dot ? (
      <Badge count={node.badge} dot={node.dot} offset={[8, 0]} size="small">
        {text}
      </Badge>
    ) : (
      text
    );
  };

  const toItems = (nodes: readonly MenuNode[]): Items =>
    nodes.map((node) => {
      const icon = <MenuIcon name={node.icon} />;
      if (node.children) {
        return {
          key: node.key,
          icon,
          label: label(node),
          children: toItems(node.children),
          ...(node.scroll ? { className: 'console-menu-scroll', popupClassName: 'console-menu-scroll-popup' } : {}),
        };
      }
      const link = node.external ? (
        // An in-console path opening in a new tab still goes through the hash router.
        <a href={isExternal(node.key) ? node.key : `#${node.key}`} target="_blank" rel="noopener noreferrer">
          {label(node)}
        </a>
      ) : (
        <Link to={node.key}>{label(node)}</Link>
      );
      return { key: node.key, icon, label: link };
    });

  return (
    <Layout.Sider
      theme="light"
      width={220}
      collapsible
      collapsed={collapsed}
      onCollapse={onCollapse}
      breakpoint={MOBILE_BREAKPOINT}
      // Stays in view while the page scrolls (as antd Pro's side menu does); a long menu scrolls inside it.
      className="console-sider"
      style={{ borderRight: `1px solid ${token.colorBorderSecondary}`, position: 'sticky', top: 0, height: '100vh', alignSelf: 'flex-start' }}
      data-testid="side-menu"
    >
      <div style={collapsed ? { ...titleStyle, justifyContent: 'center', padding: 0 } : titleStyle}>
        <CustomerServiceOutlined style={{ fontSize: 20, color: token.colorPrimary }} />
        {!collapsed && (
          <span title={title} style={titleTextStyle} data-testid="shell-site-title">
            {title}
          </span>
        )}
      </div>
      <Menu
        mode="inline"
        selectedKeys={selected ? [selected] : []}
        openKeys={collapsed ? popupKeys : openKeys}
        onOpenChange={collapsed ? setPopupKeys : setOpenKeys}
        items={toItems(menu)}
        style={{ borderInlineEnd: 'none' }}
      />
    </Layout.Sider>
  );
}
