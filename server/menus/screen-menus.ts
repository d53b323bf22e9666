import { ARCHIVED_CALLS } from '../../schemas/reports/shared/derived.ts';
import { reportMenuSources, type MenuSource } from '../../schemas/menu-sources.ts';

/**
 * Hand-written screens that must reach every database, also one seeded before the screen
 * existed: added at startup like schema menus (once per key, allocated to the roles that may
 * read; after that administrators own the row). DEFAULT_MENUS only seeds an empty menu table.
 */
export const SCREEN_MENUS: readonly MenuSource[] = [
  // The switch simulator's "ring this seat" demo screen (issue 9 item 8): administrators only.
  {
    name: 'simulator',
    permissions: { read: ['admin'] },
    menu: { parent: 'system', path: '/system/simulator', component: 'Simulator', title: 'menu.simulator', icon: 'PhoneOutlined', order: 95 },
  },
  // The chat inbox (spec: route name im; also reached from the header's chat button): agents take chats there,
  // supervisors and administrators read them; an agent whose department takes no chats is told so on the page.
  {
    name: 'chatInbox',
    permissions: { read: ['admin', 'supervisor', 'agent'] },
    menu: { path: '/im', name: 'im', component: 'ChatInbox', title: 'menu.chat', icon: 'MessageOutlined', order: 25 },
  },
  // The work-order system (issue 21; spec: /workorder/consultorder): everyone has it; what each one sees is the server's reach rule.
  {
    name: 'workOrders',
    permissions: { read: ['admin', 'supervisor', 'agent'] },
    menu: { path: '/workorder/consultorder', name: 'consultorder', component: 'WorkOrders', title: 'menu.workOrders', icon: 'FileTextOutlined', order: 30 },
  },
  // The archived call report's screen is the generic report page (its schema is in the console's catalogue).
  ...reportMenuSources([ARCHIVED_CALLS]),
  // The period comparison: KPI rows, not report columns, so a screen of its own; supervisors (agents have no report menu).
  {
    name: 'reports/comparisonByConditions',
    permissions: { read: ['admin', 'supervisor'] },
    menu: { parent: 'reportcall', path: '/reportcall/comparison', component: 'ComparisonReport', title: 'reports.comparisonByConditions.title', icon: 'LineChartOutlined', order: 95 },
  },
];
