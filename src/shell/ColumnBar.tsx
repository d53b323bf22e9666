import { useGo } from '@refinedev/core';
import { theme } from 'antd';
import { useMenuLabel } from './ShellMenu';
import { MenuIcon } from './menu-icons';
import { SiteLogo } from './SiteLogo';
import { firstLeaf, type MenuNode } from './side-menu';
import { PALETTES } from './theme/tokens';
import type { ColumnStyle, ThemeName } from './theme/settings';
import './column-bar.css';

/**
 * Spec section 2: opening a group in the column layout opens its first entry (and with it the
 * side menu). The spec names the setting without its value; the template's is on.
 */
export const OPEN_FIRST_MENU = true;

interface Props {
  nodes: readonly MenuNode[];
  active: MenuNode | undefined;
  onActivate(node: MenuNode): void;
  columnStyle: ColumnStyle;
  themeName: ThemeName;
  dark: boolean;
}

/**
 * The column layout's vertical strip of top-level entries (style vertical: icon over title;
 * horizontal: icon beside it; card: vertical on a card). A group shows its entries in the side
 * menu beside it; an entry without children opens at once.
 */
export function ColumnBar({ nodes, active, onActivate, columnStyle, themeName, dark }: Props) {
  const go = useGo();
  const label = useMenuLabel();
  const { token } = theme.useToken();
  const background = dark ? (PALETTES[themeName].sider ?? '#001529') : token.colorBgContainer;
  const choose = (node: MenuNode) => {
    onActivate(node);
    const leaf = firstLeaf(node);
    if (leaf && (!node.children || OPEN_FIRST_MENU)) go({ to: leaf.key });
  };
  return (
    <nav
      className={`console-column-bar console-column-${columnStyle}${dark ? ' console-column-dark' : ''}`}
      style={{ background, borderRight: `1px solid ${token.colorBorderSecondary}`, ['--column-primary' as string]: token.colorPrimary }}
      data-testid="column-bar"
    >
      <SiteLogo collapsed />
      <div role="tablist" aria-orientation="vertical">
        {nodes.map((node) => (
          <button
            key={node.key}
            type="button"
            role="tab"
            aria-selected={node.key === active?.key}
            className="console-column-tab"
            onClick={() => choose(node)}
          >
            <MenuIcon name={node.icon} />
            <span className="console-column-title">{label(node)}</span>
          </button>
        ))}
      </div>
    </nav>
  );
}
