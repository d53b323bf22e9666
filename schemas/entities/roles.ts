import { ABILITIES, ADMIN_DELETE, ADMIN_WRITE, EVERYONE, READERS } from '../permissions.ts';
import type { EntitySchema } from '../types.ts';

/** Roles with their abilities; which menus a role sees is set with menuManagement/allocMenu. */
export default {
  $id: 'roles',
  type: 'object',
  'x-resource': {
    name: 'roles',
    module: 'roleManagement',
    actions: { list: 'getList', save: 'doEdit', remove: 'doDelete', options: 'getRoleOptions' },
    table: 'roles',
    id: 'id',
    permissions: {
      read: READERS,
      write: ADMIN_WRITE,
      remove: ADMIN_DELETE,
      options: EVERYONE,
    },
    menu: { parent: 'system', path: '/system/role', icon: 'SafetyOutlined', order: 15 },
    list: {
      columns: ['id', 'code', 'name', 'nameEn', 'abilities', 'menuIds', 'createTime'],
      filters: [{ field: 'name', op: 'like' }, { field: 'code', op: 'eq' }],
      sorters: ['id', 'code', 'name'],
      defaultSort: { field: 'id', order: 'asc' },
    },
    form: { fields: ['code', 'name', 'nameEn', 'abilities'] },
    options: { label: 'name', labelEn: 'nameEn', value: 'code' },
    unique: ['code'],
    usedBy: [{ table: 'user_roles', column: 'role_id', what: 'users' }],
  },
  properties: {
    id: { type: 'integer', readOnly: true },
    code: { type: 'string', pattern: '^[a-z][a-z0-9_]{1,31}$', maxLength: 32 },
    name: { type: 'string', minLength: 1, maxLength: 64 },
    // Its name in the English interface; empty: the name in both languages.
    nameEn: { type: 'string', maxLength: 64, default: '', 'x-column': 'name_en' },
    abilities: {
      type: 'array', items: { type: 'string', enum: ABILITIES }, uniqueItems: true, maxItems: ABILITIES.length,
      'x-widget': 'multiselect', 'x-link': { table: 'role_abilities', self: 'role_id', column: 'ability' },
    },
    menuIds: {
      type: 'array', items: { type: 'integer' }, readOnly: true, 'x-options': 'menus',
      'x-select': '(SELECT coalesce(array_agg(rm.menu_id ORDER BY rm.menu_id), \'{}\') FROM role_menus rm WHERE rm.role_id = t.id)',
    },
    createTime: { type: 'string', readOnly: true, 'x-column': 'created_at' },
  },
  required: ['code', 'name'],
  additionalProperties: false,
} as const satisfies EntitySchema;
