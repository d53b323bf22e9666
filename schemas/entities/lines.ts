import { ADMIN_DELETE, ADMIN_WRITE, EVERYONE, READERS } from '../permissions.ts';
import type { EntitySchema } from '../types.ts';

/** Outbound lines (trunks): the dial prefix `pre` and caller id a seat's calls go out with. */
export default {
  $id: 'lines',
  type: 'object',
  'x-resource': {
    name: 'lines',
    module: 'lineManagement',
    actions: { list: 'getList', save: 'doEdit', remove: 'doDelete', options: 'getLineOptions' },
    table: 'lines',
    id: 'id',
    permissions: {
      read: READERS,
      write: ADMIN_WRITE,
      remove: ADMIN_DELETE,
      options: EVERYONE,
    },
    menu: { parent: 'system', path: '/system/line', icon: 'PhoneOutlined', order: 40 },
    list: {
      columns: ['id', 'lineName', 'lineNameEn', 'pre', 'callerId', 'gateway', 'createTime'],
      filters: [{ field: 'lineName', op: 'like' }, { field: 'pre', op: 'eq' }],
      sorters: ['id', 'lineName', 'pre', 'createTime'],
      defaultSort: { field: 'id', order: 'asc' },
    },
    options: { label: 'lineName', labelEn: 'lineNameEn', value: 'id' },
    usedBy: [{ table: 'users', column: 'lineid', what: 'users' }],
  },
  properties: {
    id: { type: 'integer', readOnly: true },
    lineName: { type: 'string', minLength: 1, maxLength: 64 },
    // Its name in the English interface; empty: the name in both languages.
    lineNameEn: { type: 'string', maxLength: 64, default: '', 'x-column': 'line_name_en' },
    pre: { type: 'string', pattern: '^[0-9]{0,8}$', maxLength: 8, 'x-validator': 'digits' },
    callerId: { type: 'string', pattern: '^(\\+?[0-9]{3,20})?$', maxLength: 21 },
    gateway: { type: 'string', pattern: '^[A-Za-z0-9_.-]{0,64}$', maxLength: 64 },
    createTime: { type: 'string', readOnly: true, 'x-column': 'created_at' },
  },
  required: ['lineName'],
  additionalProperties: false,
} as const satisfies EntitySchema;
