/**
 * The console's default route items. `component` names an entry of the browser's component
 * registry ('Home', 'resources/<entity>'); `roles` are the roles the item is allocated to
 * (admin sees every menu whatever its allocations).
 */
export interface MenuSeed {
  path: string; name: string; component: string; title: string; icon: string; order: number;
  redirect?: string; alwaysShow?: boolean; noClosable?: boolean; roles: string[]; children?: MenuSeed[];
}

export const DEFAULT_MENUS: MenuSeed[] = [
  { path: '/index', name: 'Index', component: 'Home', title: 'menu.home', icon: 'HomeOutlined', order: 0, noClosable: true, roles: ['admin', 'supervisor', 'agent'] },
  {
    path: '/system', name: 'System', component: 'Layout', title: 'menu.system', icon: 'SettingOutlined', order: 90,
    redirect: '/system/user', alwaysShow: true, roles: ['admin', 'supervisor'],
    children: [
      { path: '/system/user', name: 'User', component: 'resources/users', title: 'menu.users', icon: 'UserOutlined', order: 10, roles: ['admin', 'supervisor'] },
      { path: '/system/role', name: 'Role', component: 'resources/roles', title: 'menu.roles', icon: 'SafetyOutlined', order: 15, roles: ['admin'] },
      { path: '/system/department', name: 'Department', component: 'resources/departments', title: 'menu.departments', icon: 'ApartmentOutlined', order: 20, roles: ['admin', 'supervisor'] },
      { path: '/system/menu', name: 'Menu', component: 'resources/menus', title: 'menu.menus', icon: 'MenuOutlined', order: 30, roles: ['admin'] },
      { path: '/system/line', name: 'Line', component: 'resources/lines', title: 'menu.lines', icon: 'PhoneOutlined', order: 40, roles: ['admin', 'supervisor'] },
    ],
  },
];
