/**
 * The icon names a menu entry may use (a report schema's `menu.icon`, the menus form's icon
 * picker): antd icons the console bundles (src/shell/menu-icons.tsx maps each name to its
 * component, typed by this list so the two cannot drift). A report naming any other icon stops
 * the server at start, like an unknown column.
 */
export const MENU_ICON_NAMES = [
  'ApartmentOutlined', 'AppstoreOutlined', 'AuditOutlined', 'BarChartOutlined', 'CalendarOutlined', 'CustomerServiceOutlined',
  'DashboardOutlined', 'DesktopOutlined', 'FieldTimeOutlined', 'FileTextOutlined', 'HomeOutlined', 'LineChartOutlined', 'LinkOutlined',
  'MenuOutlined', 'MessageOutlined', 'PhoneOutlined', 'PieChartOutlined', 'ProfileOutlined', 'SafetyOutlined', 'SettingOutlined',
  'SmileOutlined', 'SoundOutlined', 'TeamOutlined', 'UserOutlined', 'WechatOutlined',
] as const;

export type MenuIconName = (typeof MENU_ICON_NAMES)[number];

export const isMenuIcon = (name: string): name is MenuIconName => (MENU_ICON_NAMES as readonly string[]).includes(name);
