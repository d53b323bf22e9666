import { CustomerServiceOutlined } from '@ant-design/icons';
import { type TreeMenuItem, useLink, useMenu } from '@refinedev/core';
import { Layout, Menu, type MenuProps, theme } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSession } from '../app/session';
import { siteTitle } from '../lib/site-title';

type Items = NonNullable<MenuProps['items']>;

/** Below antd's lg breakpoint (992 px, the spec's mobile width) the menu collapses. */
const MOBILE_BREAKPOINT = 'lg';

const titleStyle = {
  height: 64,
  display: 'flex',
  alignItems: 'center',
  gap: 8,
  padding: '0 24px',
  fontWeight: 600,
  overflow: 'hidden',
  whiteSpace: 'nowrap',
} as const;

/**
 * Side menu built from Refine's resources (useMenu), with the site title on top. Our own
 * rather than @refinedev/antd's ThemedSider, which still feeds antd's Menu deprecated
 * children and will not hold the spec's hidden / alwaysShow / column rules.
 */
export function ShellSider() {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const Link = useLink();
  const { menuItems, selectedKey, defaultOpenKeys } = useMenu();
  const departId = useSession((state) => state.departId);
  const [collapsed, setCollapsed] = useState(false);

  const toItems = (entries: TreeMenuItem[]): Items =>
    entries.map((entry) => ({
      key: entry.key,
      icon: entry.icon,
      label: entry.route && entry.children.length === 0 ? <Link to={entry.route}>{entry.label}</Link> : entry.label,
      ...(entry.children.length > 0 ? { children: toItems(entry.children) } : {}),
    }));

  return (
    <Layout.Sider
      theme="light"
      width={220}
      collapsible
      collapsed={collapsed}
      onCollapse={setCollapsed}
      breakpoint={MOBILE_BREAKPOINT}
      style={{ borderRight: `1px solid ${token.colorBorderSecondary}` }}
    >
      <div style={titleStyle}>
        <CustomerServiceOutlined style={{ fontSize: 20, color: token.colorPrimary }} />
        {!collapsed && <span>{t(siteTitle(departId))}</span>}
      </div>
      <Menu
        mode="inline"
        selectedKeys={[selectedKey]}
        defaultOpenKeys={defaultOpenKeys}
        items={toItems(menuItems)}
        style={{ borderInlineEnd: 'none' }}
      />
    </Layout.Sider>
  );
}
