import {
  ApartmentOutlined,
  AppstoreOutlined,
  AuditOutlined,
  BarChartOutlined,
  CalendarOutlined,
  CustomerServiceOutlined,
  DashboardOutlined,
  DesktopOutlined,
  FieldTimeOutlined,
  FileTextOutlined,
  HomeOutlined,
  LineChartOutlined,
  LinkOutlined,
  MenuOutlined,
  MessageOutlined,
  PhoneOutlined,
  PieChartOutlined,
  ProfileOutlined,
  SafetyOutlined,
  SettingOutlined,
  SmileOutlined,
  SoundOutlined,
  TeamOutlined,
  UserOutlined,
  WechatOutlined,
} from '@ant-design/icons';
import type { ComponentType } from 'react';
import type { MenuIconName } from '../../schemas/menu-icons';

/**
 * The antd icons menus may name (route meta.icon, the menus form's icon picker): one component
 * for each name of schemas/menu-icons.ts (the server checks report menus against that list). A
 * fixed map rather than the whole icon set, which would add megabytes to the console.
 */
export const MENU_ICONS: Record<string, ComponentType> = {
  ApartmentOutlined,
  AppstoreOutlined,
  AuditOutlined,
  BarChartOutlined,
  CalendarOutlined,
  CustomerServiceOutlined,
  DashboardOutlined,
  DesktopOutlined,
  FieldTimeOutlined,
  FileTextOutlined,
  HomeOutlined,
  LineChartOutlined,
  LinkOutlined,
  MenuOutlined,
  MessageOutlined,
  PhoneOutlined,
  PieChartOutlined,
  ProfileOutlined,
  SafetyOutlined,
  SettingOutlined,
  SmileOutlined,
  SoundOutlined,
  TeamOutlined,
  UserOutlined,
  WechatOutlined,
} satisfies Record<MenuIconName, ComponentType>;

/** The icon for a name, or nothing for a name outside the map. */
export function MenuIcon({ name }: { name?: string | undefined }) {
  const Icon = name ? MENU_ICONS[name] : undefined;
  return Icon ? <Icon /> : null;
}
