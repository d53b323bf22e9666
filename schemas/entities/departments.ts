import { ADMIN_DELETE, ADMIN_WRITE, EVERYONE, READERS } from '../permissions.ts';
import type { EntitySchema } from '../types.ts';

/**
 * Departments form a tree. What the spec ties to departments 4-6 is data here: a department
 * with `workOrderTitle` shows its users the work-order site title, one without `phoneBar`
 * gives its users no phone bar and its seats are not offered as call seats, and only users of
 * one with `chat` take online chats (the chat hub's agents, the inbox in the browser), and one
 * with `workOrders` takes work orders (its queue, dispatch, its staff's view of its orders).
 */
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
      columns: ['name', 'nameEn', 'id', 'order', 'workOrderTitle', 'phoneBar', 'chat', 'workOrders', 'createTime'],
      filters: [{ field: 'name', op: 'like' }, { field: 'nameEn', op: 'like' }],
      sorters: ['order', 'id', 'name'],
      defaultSort: { field: 'order', order: 'asc' },
    },
    tree: { parent: 'parentId', order: 'order' },
    options: { label: 'name', labelEn: 'nameEn', value: 'id' },
    usedBy: [
      { table: 'users', column: 'depart_id', what: 'users' },
      { table: 'departments', column: 'parent_id', what: 'sub-departments' },
    ],
  },
  properties: {
    id: { type: 'integer', readOnly: true },
    parentId: { type: ['integer', 'null'], minimum: 1, 'x-widget': 'treeselect', 'x-options': 'departments' },
    name: { type: 'string', minLength: 1, maxLength: 64 },
    // Its name in the English interface; empty: the name in both languages.
    nameEn: { type: 'string', maxLength: 64, default: '', 'x-column': 'name_en' },
    order: { type: 'integer', minimum: 0, maximum: 9999, 'x-column': 'sort_order', default: 0 },
    workOrderTitle: { type: 'boolean', default: false, 'x-widget': 'switch', description: 'its users see the work-order site title' },
    phoneBar: { type: 'boolean', default: true, 'x-widget': 'switch', description: 'its users get the phone bar' },
    chat: { type: 'boolean', default: false, 'x-widget': 'switch', description: 'its users take online chats' },
    workOrders: { type: 'boolean', default: false, 'x-widget': 'switch', description: 'it takes work orders: its staff see its queue, orders are assigned to it' },
    createTime: { type: 'string', readOnly: true, 'x-column': 'created_at' },
  },
  required: ['name'],
  additionalProperties: false,
} as const satisfies EntitySchema;
