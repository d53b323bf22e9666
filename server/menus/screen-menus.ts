import type { MenuSource } from './schema-menus.ts';

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
];
