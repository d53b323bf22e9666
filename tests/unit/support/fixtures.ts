import type { SessionUserWire } from '../../../schemas/session-user';

/** GetUserInfo's answer for the seeded admin (API.md demo accounts), typed by the server's schema. */
export const ADMIN_INFO: SessionUserWire = {
  userId: 1, userName: 'admin', username: 'admin', avatar: '', userSeatNo: '8000', userSeatPwd: 'pw',
  userChineseName: '管理员', userEnglishName: 'Admin', lineid: 1, departId: 1, companyId: 1, fjh: '1000',
  recordSrc: '', pre: '9', busy: 0, mobile: '', email: '', roles: ['admin'], ability: ['READ', 'WRITE', 'DELETE'],
  workOrderTitle: false, phoneBar: true, chat: false, workOrders: false, notifySound: true, notifyDesktop: true,
};

/** api/router/getList for the seeded admin: home, and the System group with the five entity screens. */
export const ADMIN_ROUTES = [
  { path: '/index', name: 'Index', component: 'Home', meta: { title: 'menu.home', icon: 'HomeOutlined', noClosable: true } },
  {
    path: '/system', name: 'System', component: 'Layout', redirect: '/system/user', alwaysShow: true,
    meta: { title: 'menu.system', icon: 'SettingOutlined' },
    children: [
      { path: '/system/user', name: 'User', component: 'resources/users', meta: { title: 'menu.users', icon: 'UserOutlined' } },
      { path: '/system/role', name: 'Role', component: 'resources/roles', meta: { title: 'menu.roles', icon: 'SafetyOutlined' } },
      { path: '/system/department', name: 'Department', component: 'resources/departments', meta: { title: 'menu.departments', icon: 'ApartmentOutlined' } },
      { path: '/system/menu', name: 'Menu', component: 'resources/menus', meta: { title: 'menu.menus', icon: 'MenuOutlined' } },
      { path: '/system/line', name: 'Line', component: 'resources/lines', meta: { title: 'menu.lines', icon: 'PhoneOutlined' } },
    ],
  },
];

/** What the seed allocates to a supervisor: home, and users, departments and lines under System. */
export const SUPERVISOR_ROUTES = [
  ADMIN_ROUTES[0],
  { ...ADMIN_ROUTES[1], children: ADMIN_ROUTES[1]?.children?.filter((c) => ['User', 'Department', 'Line'].includes(c.name)) },
];

/** An agent sees home only. */
export const AGENT_ROUTES = [ADMIN_ROUTES[0]];

export const ADMIN_GRANTS = { roles: ['admin'], ability: ['READ', 'WRITE', 'DELETE'] };
export const SUPERVISOR_GRANTS = { roles: ['supervisor'], ability: ['READ'] };
export const AGENT_GRANTS = { roles: ['agent'], ability: ['READ', 'WRITE'] };

/** A page of users as userManagement/getList answers it. */
export const USER_ROWS = [
  { userId: 1, userName: 'admin', userChineseName: '管理员', userSeatNo: '8000', fjh: '1000', departId: 1, lineid: 1, roles: ['admin'], mobile: '', enabled: true, pending: false, createTime: '2024-06-01 09:00:00' },
  { userId: 3, userName: 'agent1', userChineseName: '李娜', userSeatNo: '8101', fjh: '1101', departId: 1, lineid: null, roles: ['agent'], mobile: '13800138000', enabled: false, pending: true, createTime: '2024-06-01 09:00:00' },
];
