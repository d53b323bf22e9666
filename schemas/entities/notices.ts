import { ADMIN_DELETE, ADMIN_WRITE } from '../permissions.ts';
import type { EntitySchema } from '../types.ts';

const ADMIN = ['admin'] as const;

/**
 * Notices (issue 24 item 4): administrators write them here; every user reads the ones they have
 * not cleared in the header's notification popover (GET api/notice/getList, tab by `kind`), and
 * "clear" marks them read for that user on the server (server/api/notice.ts).
 */
export default {
  $id: 'notices',
  type: 'object',
  'x-resource': {
    name: 'notices',
    module: 'noticeManagement',
    actions: { list: 'getList', save: 'doEdit', remove: 'doDelete' },
    table: 'notices',
    id: 'id',
    permissions: { read: ADMIN, write: ADMIN_WRITE, remove: ADMIN_DELETE },
    menu: { parent: 'system', path: '/system/notice', icon: 'SoundOutlined', order: 48 },
    list: {
      columns: ['id', 'title', 'kind', 'createTime'],
      filters: [{ field: 'title', op: 'like' }, { field: 'kind', op: 'eq' }],
      sorters: ['id', 'title', 'createTime'],
      defaultSort: { field: 'id', order: 'desc' },
    },
    form: { fields: ['title', 'content', 'kind'] },
  },
  properties: {
    id: { type: 'integer', readOnly: true },
    title: { type: 'string', minLength: 1, maxLength: 100 },
    content: { type: 'string', maxLength: 2000, 'x-widget': 'textarea' },
    kind: { type: 'string', enum: ['notice', 'email'], default: 'notice' },
    createTime: { type: 'string', readOnly: true, 'x-column': 'created_at' },
  },
  required: ['title'],
  additionalProperties: false,
} as const satisfies EntitySchema;
