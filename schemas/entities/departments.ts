import { ADMIN_DELETE, ADMIN_WRITE, EVERYONE, READERS } from '../permissions.ts';
import type { EntitySchema } from '../types.ts';

/** Departments form a tree; ids 1-6 carry meaning in the spec (phone bar, site title). */
export default {
  $id: 'departments',
  type: 'object',
  'x-resource': {
    name: 'departments',
    module: 'departmentManagement',
    actions: { list: 'getList', save: 'doEdit', remove: 'doDelete', options: 'getDepartmentOptions' },
    table: 'departments',
    id: 'id',
    permissions: {
      read: READERS,
      write: ADMIN_WRITE,
      remove: ADMIN_DELETE,
      options: EVERYONE,
    },
    menu: { parent: 'system', path: '/system/department', icon: 'ApartmentOutlined', order: 20 },
    list: {
      columns: ['name', 'id', 'order', 'createTime'],
      filters: [{ field: 'name', op: 'like' }],
      sorters: ['order', 'id', 'name'],
      defaultSort: { field: 'order', order: 'asc' },
    },
    tree: { parent: 'parentId', order: 'order' },
    options: { label: 'name', value: 'id' },
    usedBy: [
      { table: 'users', column: 'depart_id', what: 'users' },
      { table: 'departments', column: 'parent_id', what: 'sub-departments' },
    ],
  },
  properties: {
    id: { type: 'integer', readOnly: true },
    parentId: { type: ['integer', 'null'], minimum: 1, 'x-widget': 'treeselect', 'x-options': 'departments' },
    name: { type: 'string', minLength: 1, maxLength: 64 },
    order: { type: 'integer', minimum: 0, maximum: 9999, 'x-column': 'sort_order', default: 0 },
    createTime: { type: 'string', readOnly: true, 'x-column': 'created_at' },
  },
  required: ['name'],
  additionalProperties: false,
} as const satisfies EntitySchema;
