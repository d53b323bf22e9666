import { Badge, Menu, type MenuProps } from 'antd';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate } from 'react-router';
import { MENU_BADGES } from '../app/menu-badges';
import { isExternal } from '../lib/route-path';
import { MenuIcon } from './menu-icons';
import { firstLeaf, openKeysFor, type MenuNode } from './side-menu';
import './side-menu.css';

type Items = NonNullable<MenuProps['items']>;

/**
 * An entry's title: an i18n key (menu.users) or plain text, which then shows as it is. The same
 * function until the words change (react-i18next gives a new `t` for a new language or new words).
 */
export function useMenuLabel() {
  const { t } = useTranslation();
  return useCallback((node: MenuNode) => {
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
  }, [t]);
}

interface Props {
  nodes: readonly MenuNode[];
  selected: string | undefined;
  mode: 'inline' | 'horizontal';
  theme: 'light' | 'dark';
  collapsed?: boolean;
  /** Top-level entries only (the comprehensive layout's header): a group opens its first entry. */
  groupsOnly?: boolean;
  /** The entry chosen (the drawer menu closes on it). */
  onChoose?: () => void;
}

/**
 * The menu of the server's route items (side-menu.ts holds its rules), as a side menu, a top
 * menu or the top-level groups alone. A user opens and closes submenus; arriving at an entry
 * also opens the submenus around it.
 */
export function ShellMenu({ nodes, selected, mode, theme, collapsed = false, groupsOnly = false, onChoose }: Props) {
  // The router's own link and navigation: Refine's Link matches the address against every resource
  // four times in each link, and again in every link at each address change (bench/RESULTS.md).
  const navigate = useNavigate();
  const label = useMenuLabel();
  const { pathname } = useLocation();
  const [openKeys, setOpenKeys] = useState<string[]>([]);
  useEffect(() => {
    const around = openKeysFor(selected, nodes);
    setOpenKeys((open) => (around.every((key) => open.includes(key)) ? open : [...new Set([...open, ...around])]));
  }, [selected, nodes]);
  // A collapsed menu's submenus are pop-outs over the page: they follow the pointer, and moving
  // to another page closes them (they stayed open over the content at 390 px).
  const [popupKeys, setPopupKeys] = useState<string[]>([]);
  useEffect(() => setPopupKeys([]), [pathname]);

  // Made again only when the entries or their words change. At an address change only the
  // selection moves: antd then does not render every entry again, each with the tooltip it keeps
  // for a collapsed menu (about 50 ms of a report screen's opening; bench/RESULTS.md).
  const items = useMemo(() => {
    const toItems = (list: readonly MenuNode[]): Items =>
      list.map((node) => {
        const icon = <MenuIcon name={node.icon} />;
        if (groupsOnly) return { key: node.key, icon, label: label(node) };
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
    return toItems(nodes);
  }, [nodes, groupsOnly, label]);

  const onClick: MenuProps['onClick'] = ({ key }) => {
    if (groupsOnly) {
      const leaf = firstLeaf(nodes.find((node) => node.key === key) ?? nodes[0]!);
      if (leaf) navigate(leaf.key);
    }
    onChoose?.();
  };
  const inline = mode === 'inline';
  return (
    <Menu
      mode={mode}
      theme={theme}
      selectedKeys={selected ? [selected] : []}
      {...(inline && !groupsOnly
        ? { openKeys: collapsed ? popupKeys : openKeys, onOpenChange: collapsed ? setPopupKeys : setOpenKeys }
        : {})}
      items={items}
      onClick={onClick}
      style={inline ? { borderInlineEnd: 'none' } : { flex: 1, minWidth: 0, borderBottom: 'none', background: 'transparent' }}
    />
  );
}
