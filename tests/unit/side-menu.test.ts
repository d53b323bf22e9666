// @vitest-environment node
import { describe, expect, it } from 'vitest';
import type { RouteItem } from '../../data-providers/routes';
import { buildMenu, MENU_SCROLL_THRESHOLD, openKeysFor, selectedMenuKey, type MenuNode } from '../../src/shell/side-menu';
import { ADMIN_ROUTES } from './support/fixtures';

const leaf = (path: string, extra: Partial<RouteItem> = {}): RouteItem => ({ path, component: 'Home', meta: { title: path }, ...extra });
const keys = (nodes: MenuNode[]): unknown[] => nodes.map((node) => (node.children ? { [node.key]: keys(node.children) } : node.key));

describe('side menu rules', () => {
  it('shows the seeded admin menu: home, and System with its five entries (alwaysShow)', () => {
    const menu = buildMenu(ADMIN_ROUTES);
    expect(keys(menu)).toEqual(['/index', { '/system': ['/system/user', '/system/role', '/system/department', '/system/menu', '/system/line'] }]);
    expect(menu[1]).toMatchObject({ title: 'menu.system', icon: 'SettingOutlined', external: false, scroll: false });
  });

  it('leaves out entries flagged hidden or menuHidden', () => {
    expect(keys(buildMenu([leaf('/a', { hidden: true }), leaf('/b', { menuHidden: true }), leaf('/c')]))).toEqual(['/c']);
  });

  it('shows a single visible child in place of its parent, with the parent icon when it has none', () => {
    const items: RouteItem[] = [{
      path: '/system', component: 'Layout', meta: { title: 'menu.system', icon: 'SettingOutlined' },
      children: [leaf('user'), leaf('role', { hidden: true })],
    }];
    expect(buildMenu(items)).toEqual([{ key: '/system/user', title: 'user', icon: 'SettingOutlined', external: false }]);
  });

  it('keeps the parent of a single child when alwaysShow is set', () => {
    const items: RouteItem[] = [{ path: '/system', component: 'Layout', alwaysShow: true, meta: { title: 'menu.system' }, children: [leaf('user')] }];
    expect(keys(buildMenu(items))).toEqual([{ '/system': ['/system/user'] }]);
  });

  it('drops a group whose children are all hidden, but keeps a page whose children are', () => {
    const hiddenChild = [leaf('x', { hidden: true })];
    expect(buildMenu([{ path: '/g', component: 'Layout', children: hiddenChild }])).toEqual([]);
    expect(keys(buildMenu([leaf('/page', { children: hiddenChild })]))).toEqual(['/page']);
  });

  it(`gives a submenu of more than ${MENU_SCROLL_THRESHOLD} entries a scroll area`, () => {
    const parent = (n: number): RouteItem => ({ path: '/many', component: 'Layout', children: Array.from({ length: n }, (_, i) => leaf(`p${i}`)) });
    expect(buildMenu([parent(MENU_SCROLL_THRESHOLD)])[0]?.scroll).toBe(false);
    expect(buildMenu([parent(MENU_SCROLL_THRESHOLD + 1)])[0]?.scroll).toBe(true);
  });

  it('opens external paths and target _blank in a new tab', () => {
    const menu = buildMenu([leaf('https://example.com/help'), leaf('/report', { meta: { title: 'r', target: '_blank' } }), leaf('/home')]);
    expect(menu.map((node) => node.external)).toEqual([true, true, false]);
  });

  it('titles fall back to the name, then the path; badge and dot are kept', () => {
    expect(buildMenu([{ path: '/a', name: 'Alpha', component: 'Home', meta: { badge: 'new', dot: true } }, { path: '/b', component: 'Home' }])).toEqual([
      { key: '/a', title: 'Alpha', external: false, badge: 'new', dot: true },
      { key: '/b', title: '/b', external: false },
    ]);
  });
});

describe('selected entry', () => {
  const menu = buildMenu(ADMIN_ROUTES);

  it('is the entry whose path starts the current one', () => {
    expect(selectedMenuKey('/system/user', ADMIN_ROUTES, menu)).toBe('/system/user');
    expect(selectedMenuKey('/system/user/edit/3', ADMIN_ROUTES, menu)).toBe('/system/user');
    expect(selectedMenuKey('/system/username', ADMIN_ROUTES, menu)).toBeUndefined();
  });

  it("is the route's meta.activeMenu when it names one", () => {
    const items = [...ADMIN_ROUTES, leaf('/detail', { hidden: true, meta: { activeMenu: '/system/role' } })];
    expect(selectedMenuKey('/detail', items, buildMenu(items))).toBe('/system/role');
  });

  it('opens the submenus around it', () => {
    expect(openKeysFor('/system/line', menu)).toEqual(['/system']);
    expect(openKeysFor('/index', menu)).toEqual([]);
    expect(openKeysFor(undefined, menu)).toEqual([]);
  });
});
