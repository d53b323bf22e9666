import type { FromSchema } from 'json-schema-to-ts';
import { ADMIN_DELETE, ADMIN_WRITE, READERS } from '../permissions.ts';
import type { EntitySchema } from '../types.ts';

/**
 * Menus are the route items of spec section 3, kept as a tree. api/router/getList builds
 * each user's route list from them: a menu is visible to the roles it is allocated to
 * (menuManagement/allocMenu), and its `roles` here are those allocations.
 */
const menus = {
  $id: 'menus',
  type: 'object',
  'x-resource': {
    name: 'menus',
    module: 'menuManagement',
    actions: { list: 'getList', save: 'doEdit', remove: 'doDelete', options: 'getMenuOptions' },
    table: 'menus',
    id: 'id',
    permissions: {
      read: ['admin'],
      write: ADMIN_WRITE,
      remove: ADMIN_DELETE,
      // Whoever reads the roles reads their menus by name (the role list names each menu).
      options: READERS,
    },
    menu: { parent: 'system', path: '/system/menu', icon: 'MenuOutlined', order: 30 },
    list: {
      columns: ['title', 'name', 'path', 'component', 'icon', 'order', 'hidden', 'roles'],
      // Titles are stored as i18n keys the user never sees: search by what an administrator types.
      filters: [{ field: 'path', op: 'like' }, { field: 'name', op: 'like' }],
      sorters: ['order', 'id'],
      defaultSort: { field: 'order', order: 'asc' },
    },
    form: {
      fields: ['parentId', 'title', 'name', 'path', 'component', 'redirect', 'icon', 'order', 'hidden', 'alwaysShow',
        'menuHidden', 'target', 'badge', 'dot', 'noKeepAlive', 'noClosable', 'dynamicNewTab', 'activeMenu', 'isCustomSvg'],
    },
    tree: { parent: 'parentId', order: 'order' },
    options: { label: 'title', value: 'id' },
    usedBy: [{ table: 'menus', column: 'parent_id', what: 'sub-menus' }],
  },
  properties: {
    id: { type: 'integer', readOnly: true },
    parentId: { type: ['integer', 'null'], minimum: 1, 'x-widget': 'treeselect', 'x-options': 'menus' },
    path: { type: 'string', minLength: 1, maxLength: 200, pattern: '^(/[A-Za-z0-9_\\-/:.]*|[A-Za-z0-9_\\-:.]+|https?://\\S+)$' },
    name: { type: 'string', minLength: 1, maxLength: 64, pattern: '^[A-Za-z][A-Za-z0-9_]*$' },
    component: { type: 'string', maxLength: 64, pattern: '^[A-Za-z0-9_/]*$', description: "a name in the console's component registry", 'x-widget': 'component' },
    redirect: { type: 'string', maxLength: 200 },
    title: { type: 'string', minLength: 1, maxLength: 64, description: 'an i18n key or plain text', 'x-i18n': true, 'x-widget': 'i18nKey' },
    icon: { type: 'string', maxLength: 64, pattern: '^[A-Za-z0-9_-]*$', 'x-widget': 'icon' },
    order: { type: 'integer', minimum: 0, maximum: 9999, 'x-column': 'sort_order', default: 0 },
    hidden: { type: 'boolean', default: false },
    alwaysShow: { type: 'boolean', default: false },
    menuHidden: { type: 'boolean', default: false },
    target: { type: 'string', enum: ['', '_blank'], default: '' },
    badge: { type: 'string', maxLength: 16 },
    dot: { type: 'boolean', default: false },
    noKeepAlive: { type: 'boolean', default: false },
    noClosable: { type: 'boolean', default: false },
    dynamicNewTab: { type: 'boolean', default: false },
    activeMenu: { type: 'string', maxLength: 200 },
    isCustomSvg: { type: 'boolean', default: false },
    roles: {
      type: 'array', items: { type: 'string' }, readOnly: true, 'x-options': 'roles',
      'x-select': '(SELECT coalesce(array_agg(r.code ORDER BY r.code), \'{}\') FROM role_menus rm JOIN roles r ON r.id = rm.role_id WHERE rm.menu_id = t.id)',
    },
  },
  required: ['path', 'name', 'title'],
  additionalProperties: false,
} as const satisfies EntitySchema;

export default menus;

/** A menu as the menus list answers it; api/router/getList reads rows of the same shape. */
export type MenuRow = FromSchema<typeof menus>;
