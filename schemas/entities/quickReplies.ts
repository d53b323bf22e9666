import type { EntitySchema } from '../types.ts';

/** Every role that takes or reads chats; which rows each may read and write is the rule in server/api/quickReply.ts. */
const CHAT_ROLES = ['admin', 'supervisor', 'agent'] as const;

/**
 * Quick replies (canned responses, the spec's WeChat messaging helper): a caption and a text an
 * agent inserts in any chat's reply box by typing `/` and part of the caption. The text may hold
 * the variables of schemas/quick-reply.ts ({customerName}, {agentName}, {ticketNumber}), filled
 * in at insertion. A `personal` one is its owner's alone; a `shared` one is read by its
 * department and written by that department's supervisors (administrators: every department).
 * The server sets the owner (the creator) and, for a supervisor's shared one, the department,
 * and refuses a caption or text of spaces only.
 */
export default {
  $id: 'quickReplies',
  type: 'object',
  'x-resource': {
    name: 'quickReplies',
    module: 'quickReply',
    // The spec's messaging helper: api/weixin/getList, doEdit, doDelete, getCaptionOptions.
    aliases: ['weixin'],
    actions: { list: 'getList', save: 'doEdit', remove: 'doDelete', options: 'getCaptionOptions' },
    table: 'quick_replies',
    id: 'id',
    permissions: { read: CHAT_ROLES, write: CHAT_ROLES, remove: CHAT_ROLES, options: CHAT_ROLES },
    menu: { path: '/quick-replies', icon: 'MessageOutlined', order: 26 },
    list: {
      columns: ['id', 'caption', 'text', 'scope', 'departId', 'ownerName', 'createTime'],
      filters: [{ field: 'caption', op: 'like' }, { field: 'scope', op: 'eq' }, { field: 'departId', op: 'eq' }],
      sorters: ['id', 'caption', 'scope', 'createTime'],
      defaultSort: { field: 'caption', order: 'asc' },
    },
    form: { fields: ['caption', 'text', 'scope', 'departId'] },
    options: { label: 'caption', value: 'id' },
  },
  properties: {
    id: { type: 'integer', readOnly: true },
    caption: { type: 'string', minLength: 1, maxLength: 64 },
    text: { type: 'string', minLength: 1, maxLength: 2000, 'x-widget': 'textarea' },
    scope: { type: 'string', enum: ['personal', 'shared'], default: 'personal' },
    // A shared reply's department: a supervisor's own (set by the server), any one for an administrator.
    departId: { type: ['integer', 'null'], minimum: 1, 'x-widget': 'treeselect', 'x-options': 'departments', 'x-column': 'depart_id' },
    ownerId: { type: 'integer', readOnly: true, 'x-column': 'owner_id' },
    ownerName: { type: 'string', readOnly: true, 'x-select': "(SELECT u.user_name FROM users u WHERE u.id = t.owner_id)" },
    createTime: { type: 'string', readOnly: true, 'x-column': 'created_at' },
  },
  required: ['caption', 'text'],
  additionalProperties: false,
} as const satisfies EntitySchema;
