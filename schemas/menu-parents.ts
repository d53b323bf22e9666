/**
 * The menu groups a report's entry may sit under (`menu.parent`; absent: the top level): the
 * groups every database is seeded with, under these keys (schemas/default-menus.ts). A report
 * naming another parent stops the server at start, like an unknown icon or column.
 */
export const MENU_PARENTS = ['reportcall', 'system'] as const;

export type MenuParent = (typeof MENU_PARENTS)[number];

export const isMenuParent = (key: string): key is MenuParent => (MENU_PARENTS as readonly string[]).includes(key);
