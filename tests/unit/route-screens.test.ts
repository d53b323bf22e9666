// @vitest-environment node
import { describe, expect, it, vi } from 'vitest';
import { parseRouteList, type RouteItem } from '../../data-providers/routes';
import { routeScreens } from '../../src/app/route-screens';
import { resolvePath } from '../../src/lib/route-path';
import { ADMIN_ROUTES } from './support/fixtures';

const KNOWN = new Set(['Home', 'resources/users', 'resources/roles', 'resources/departments', 'resources/menus', 'resources/lines']);
const known = (component: string) => KNOWN.has(component);
const paths = (items: RouteItem[], warn = vi.fn()) =>
  routeScreens(items, known, warn).map((screen) => ('redirect' in screen ? `${screen.path} -> ${screen.redirect}` : `${screen.path} = ${screen.component}`));

describe('route list from the server', () => {
  it('must be an array ("route format returned is wrong" otherwise)', () => {
    expect(parseRouteList({ list: [] })).toBeNull();
    expect(parseRouteList(null)).toBeNull();
    expect(parseRouteList('[]')).toBeNull();
    expect(parseRouteList([])).toEqual([]);
  });

  it('keeps items with a path, nested, and drops the rest', () => {
    expect(parseRouteList([{ path: '/a', children: [{ path: 'b' }, { name: 'no path' }, 7] }, null])).toEqual([
      { path: '/a', meta: {}, children: [{ path: 'b', meta: {} }] },
    ]);
  });
});

describe('route conversion', () => {
  it("turns the seeded admin routes into home, the system redirect and each entity's screens", () => {
    expect(paths(parseRouteList(ADMIN_ROUTES) ?? [])).toEqual([
      '/index = Home',
      '/system -> /system/user',
      '/system/user = resources/users',
      '/system/role = resources/roles',
      '/system/department = resources/departments',
      '/system/menu = resources/menus',
      '/system/line = resources/lines',
    ]);
  });

  it('resolves child paths relative to their parent', () => {
    expect(resolvePath('/system', 'user')).toBe('/system/user');
    expect(resolvePath('/system/', 'user')).toBe('/system/user');
    expect(resolvePath('/system', '/other')).toBe('/other');
    expect(resolvePath('/system', '')).toBe('/system');
    expect(paths([{ path: '/system', component: 'Layout', children: [{ path: 'user', component: 'resources/users' }] }])).toEqual([
      '/system -> /system/user',
      '/system/user = resources/users',
    ]);
  });

  it("a group without a redirect opens its first child; '' is a group like 'Layout'", () => {
    expect(paths([{ path: '/g', component: '', children: [{ path: 'https://x.test', component: '' }, { path: 'line', component: 'resources/lines' }] }])).toEqual([
      '/g -> /g/line',
      '/g/line = resources/lines',
    ]);
  });

  it('leaves out unknown components with a console warning', () => {
    const warn = vi.fn();
    expect(paths([{ path: '/report', component: 'reports/FullCallReport' }, { path: '/index', component: 'Home' }], warn)).toEqual(['/index = Home']);
    expect(warn).toHaveBeenCalledWith(expect.stringContaining('reports/FullCallReport'));
  });

  it('never redirects a group outside the console: an external redirect falls back to the first child', () => {
    expect(paths([{ path: '/g', component: 'Layout', redirect: 'https://example.com', children: [{ path: 'line', component: 'resources/lines' }] }])).toEqual([
      '/g -> /g/line',
      '/g/line = resources/lines',
    ]);
  });

  it('gives external links no screen, and keeps hidden routes reachable', () => {
    expect(paths([
      { path: 'https://example.com/help', component: 'Home' },
      { path: '/index', component: 'Home', hidden: true },
    ])).toEqual(['/index = Home']);
  });

  it('mounts a path once, the first item winning', () => {
    expect(paths([{ path: '/index', component: 'Home' }, { path: '/index', component: 'resources/users' }])).toEqual(['/index = Home']);
  });
});
