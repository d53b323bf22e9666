import { ADMIN_DELETE, ADMIN_WRITE, EVERYONE, READERS } from '../permissions.ts';
import type { EntitySchema } from '../types.ts';

/**
 * Users hold a seat (userSeatNo) and an extension (fjh). The password is write-only and
 * stored hashed; on edit, leaving it out keeps the old one. Roles live in user_roles.
 * Actions beyond list/save/delete (reset, change password, options by department...) are
 * in server/api/userManagement.ts. A self-registered user (server/api/signup.ts) is `pending`
 * until an administrator gives it roles and a seat.
 */
export default {
  $id: 'users',
  type: 'object',
  'x-resource': {
    name: 'users',
    module: 'userManagement',
    actions: { list: 'getList', save: 'doEdit', remove: 'doDelete', options: 'getUserSeatOptions' },
    table: 'users',
    id: 'userId',
    permissions: {
      read: READERS,
      write: ADMIN_WRITE,
      remove: ADMIN_DELETE,
      options: EVERYONE,
    },
    menu: { parent: 'system', path: '/system/user', icon: 'UserOutlined', order: 10 },
    list: {
      columns: ['userId', 'userName', 'userChineseName', 'userSeatNo', 'fjh', 'departId', 'lineid', 'roles', 'mobile', 'enabled', 'pending', 'createTime'],
      filters: [
        { field: 'userName', op: 'like' }, { field: 'userChineseName', op: 'like' }, { field: 'userSeatNo', op: 'like' },
        { field: 'departId', op: 'eq' }, { field: 'lineid', op: 'eq' }, { field: 'enabled', op: 'eq' }, { field: 'pending', op: 'eq' },
      ],
      sorters: ['userId', 'userName', 'userSeatNo', 'departId', 'createTime'],
      defaultSort: { field: 'userId', order: 'asc' },
    },
    form: {
      fields: ['userName', 'password', 'userChineseName', 'userEnglishName', 'roles', 'departId', 'lineid', 'userSeatNo',
        'userSeatPwd', 'fjh', 'mobile', 'email', 'ssoSubject', 'enabled'],
    },
    options: { label: 'userSeatNo', value: 'userSeatNo', where: 't.enabled' },
    unique: ['userName', 'userSeatNo', 'ssoSubject'],
  },
  properties: {
    userId: { type: 'integer', readOnly: true, 'x-column': 'id' },
    userName: { type: 'string', minLength: 2, maxLength: 32, pattern: '^[A-Za-z0-9_.@-]+$', 'x-validator': 'name' },
    password: { type: 'string', minLength: 6, maxLength: 64, writeOnly: true, 'x-column': 'password_hash', 'x-widget': 'password', 'x-validator': 'password' },
    userChineseName: { type: 'string', pattern: '^[\\u4e00-\\u9fa5]{2,4}$', 'x-validator': 'chineseName' },
    userEnglishName: { type: 'string', maxLength: 64 },
    userSeatNo: { type: 'string', pattern: '^[0-9]{1,8}$', 'x-validator': 'digits' },
    userSeatPwd: { type: 'string', maxLength: 64, writeOnly: true, 'x-widget': 'password' },
    fjh: { type: 'string', pattern: '^[0-9]{0,8}$', 'x-validator': 'digits' },
    lineid: { type: ['integer', 'null'], minimum: 1, 'x-widget': 'select', 'x-options': 'lines' },
    departId: { type: ['integer', 'null'], minimum: 1, 'x-widget': 'treeselect', 'x-options': 'departments', 'x-column': 'depart_id' },
    companyId: { type: 'integer', readOnly: true },
    pre: { type: 'string', readOnly: true, 'x-select': "coalesce((SELECT l.pre FROM lines l WHERE l.id = t.lineid), '')" },
    mobile: { type: 'string', pattern: '^(1[0-9]{10})?$', 'x-validator': 'phone' },
    email: { type: 'string', maxLength: 128, pattern: '^([^\\s@]+@[^\\s@]+\\.[^\\s@]+)?$', 'x-validator': 'email' },
    roles: {
      type: 'array', items: { type: 'string', pattern: '^[a-z][a-z0-9_]{1,31}$' }, minItems: 1, uniqueItems: true, maxItems: 16,
      'x-widget': 'multiselect', 'x-options': 'roles',
      'x-link': { table: 'user_roles', self: 'user_id', column: 'role_id', lookup: { table: 'roles', key: 'code' } },
    },
    busy: { type: 'integer', readOnly: true },
    enabled: { type: 'boolean', default: true, 'x-widget': 'switch' },
    // Self-registered, waiting for an administrator to assign roles and a seat (saving both clears it).
    pending: { type: 'boolean', readOnly: true },
    // The single sign-on identity (the provider's `sub`) an administrator maps to this user; empty = none.
    ssoSubject: { type: ['string', 'null'], maxLength: 255 },
    createTime: { type: 'string', readOnly: true, 'x-column': 'created_at' },
  },
  required: ['userName', 'password', 'userChineseName', 'userSeatNo', 'roles'],
  additionalProperties: false,
} as const satisfies EntitySchema;
