import { Divider, Layout, theme } from 'antd';
import { useState, type ReactNode } from 'react';
import { ShellMenu } from './ShellMenu';
import { SiteLogo } from './SiteLogo';
import type { MenuNode } from './side-menu';

/** The user's choice of a collapsed menu, kept across reloads. */
const COLLAPSED_KEY = 'sideMenuCollapsed';
const savedCollapsed = () => localStorage.getItem(COLLAPSED_KEY) === '1';

export const SIDER_WIDTH = 220;

interface Props {
  nodes: readonly MenuNode[];
  selected: string | undefined;
  menuTheme: 'light' | 'dark';
  /** The site title on top (not where the header already shows it). */
  logo?: boolean;
  /** The column layout's divider, titled with the group. */
  heading?: ReactNode;
  /** Whether it stays in view while the page scrolls (a fixed header's layouts). */
  sticky?: boolean;
  top?: number;
}

/**
 * Side menu built from the server's route list (spec sections 2-3). Our own rather than
 * @refinedev/antd's ThemedSider, which follows Refine's resources and will not hold the spec's
 * hidden / alwaysShow / scroll rules (side-menu.ts). A long menu scrolls inside it.
 */
export function ShellSider({ nodes, selected, menuTheme, logo = true, heading, sticky = true, top = 0 }: Props) {
  const { token } = theme.useToken();
  const [collapsed, setCollapsed] = useState(savedCollapsed);
  const onCollapse = (value: boolean) => {
    localStorage.setItem(COLLAPSED_KEY, value ? '1' : '0');
    setCollapsed(value);
  };
  return (
    <Layout.Sider
      theme={menuTheme}
      width={SIDER_WIDTH}
      collapsible
      collapsed={collapsed}
      onCollapse={onCollapse}
      className="console-sider"
      style={{
        borderRight: `1px solid ${token.colorBorderSecondary}`,
        ...(sticky ? { position: 'sticky', top, height: top ? `calc(100vh - ${top}px)` : '100vh', alignSelf: 'flex-start' } : {}),
      }}
      data-testid="side-menu"
    >
      {logo && <SiteLogo collapsed={collapsed} color={menuTheme === 'dark' ? '#fff' : undefined} />}
      {heading && !collapsed && (
        <Divider plain style={{ margin: '12px 0', color: menuTheme === 'dark' ? 'rgba(255,255,255,0.65)' : undefined }} data-testid="column-heading">
          {heading}
        </Divider>
      )}
      <ShellMenu nodes={nodes} selected={selected} mode="inline" theme={menuTheme} collapsed={collapsed} />
    </Layout.Sider>
  );
}
