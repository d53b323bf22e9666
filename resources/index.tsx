import { HomeOutlined } from '@ant-design/icons';
import type { ResourceProps } from '@refinedev/core';

/**
 * The console's Refine resources. `meta.labelKey` is an i18n key; the app translates it
 * into `meta.label` (what Refine's menu and breadcrumb show) for the current language.
 * Schema-generated resources join this list with the same shape.
 */
export const resources: ResourceProps[] = [
  { name: 'index', list: '/index', meta: { labelKey: 'menu.home', icon: <HomeOutlined /> } },
];
