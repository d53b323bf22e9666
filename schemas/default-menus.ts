import type { MenuRow } from './entities/menus.ts';
import type { MenuParent } from './menu-parents.ts';

/**
 * The route items no schema describes, seeded when the menus table is empty: home, the
 * 'system' group that the administration schemas place themselves under, and hand-written
 * screens. Every schema with an x-resource `menu` block adds its own entry at startup
 * (server/menus/schema-menus.ts). `component` names an entry of the browser's component
 * registry ('Home', 'Layout' for a group); `roles` are the roles the item is allocated to
 * (admin sees every menu whatever its allocations); `key` is how schemas name a parent.
 */
export type MenuSeed = Required<Pick<MenuRow, 'path' | 'name' | 'component' | 'title' | 'icon' | 'order'>>
  & Partial<Pick<MenuRow, 'redirect' | 'alwaysShow' | 'noClosable'>> & { key?: string; roles: string[]; children?: MenuSeed[] };

export const DEFAULT_MENUS: MenuSeed[] = [
  { key: 'home', path: '/index', name: 'Index', component: 'Home', title: 'menu.home', icon: 'HomeOutlined', order: 0, noClosable: true, roles: ['admin', 'supervisor', 'agent'] },
  // A group shows only while a role has a visible child in it (api/router/getList).
  // Reports: the report schemas' menu blocks place themselves under it (spec section 2: /reportcall goes to the call report).
  {
    key: 'reportcall' satisfies MenuParent, path: '/reportcall', name: 'Reportcall', component: 'Layout', title: 'menu.reportcall', icon: 'BarChartOutlined', order: 50,
    redirect: '/reportcall/fullcallreport', alwaysShow: true, roles: ['admin', 'supervisor'],
    children: [{ path: '/reportcall/seatmonitor', name: 'SeatMonitor', component: 'SeatMonitor', title: 'menu.seatMonitor', icon: 'DesktopOutlined', order: 99, roles: ['admin', 'supervisor'] }],
  },
  {
    key: 'system' satisfies MenuParent, path: '/system', name: 'System', component: 'Layout', title: 'menu.system', icon: 'SettingOutlined', order: 90,
    redirect: '/system/user', alwaysShow: true, roles: ['admin', 'supervisor'],
  },
];
