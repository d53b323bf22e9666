import { ADMIN_DELETE, ADMIN_WRITE } from '../permissions.ts';
import type { EntitySchema } from '../types.ts';

const ADMIN = ['admin'] as const;

/**
 * WeChat Official Accounts (issue 23 item 1): each one's customers write into the chat inbox
 * (server/chat/channels/wechat). Administrators alone read and write them; the app secret, the
 * push token and the EncodingAESKey are write-only (never in an answer: leave them out of an
 * edit to keep them). The push URL to give the platform is /api/weixin/push/<appId>.
 */
export default {
  $id: 'wechatAccounts',
  type: 'object',
  'x-resource': {
    name: 'wechatAccounts',
    module: 'wechatAccount',
    actions: { list: 'getList', save: 'doEdit', remove: 'doDelete', options: 'getAccountOptions' },
    table: 'wx_accounts',
    id: 'id',
    permissions: { read: ADMIN, write: ADMIN_WRITE, remove: ADMIN_DELETE, options: ADMIN },
    menu: { parent: 'system', path: '/system/wechat', icon: 'WechatOutlined', order: 45 },
    list: {
      columns: ['id', 'name', 'appId', 'enabled', 'createTime'],
      filters: [{ field: 'name', op: 'like' }, { field: 'appId', op: 'eq' }],
      sorters: ['id', 'name', 'appId', 'createTime'],
      defaultSort: { field: 'id', order: 'asc' },
    },
    form: { fields: ['name', 'appId', 'appSecret', 'token', 'aesKey', 'enabled'] },
    options: { label: 'name', value: 'id' },
    unique: ['appId'],
  },
  properties: {
    id: { type: 'integer', readOnly: true },
    name: { type: 'string', minLength: 1, maxLength: 64 },
    appId: { type: 'string', pattern: '^[A-Za-z0-9_-]{4,32}$', maxLength: 32, 'x-column': 'app_id' },
    appSecret: { type: 'string', pattern: '^[A-Za-z0-9_-]{8,64}$', maxLength: 64, writeOnly: true, 'x-column': 'app_secret', 'x-widget': 'password' },
    token: { type: 'string', pattern: '^[A-Za-z0-9]{3,32}$', maxLength: 32, writeOnly: true, 'x-widget': 'password' },
    // Safe mode's EncodingAESKey (43 characters); empty = plain mode.
    aesKey: { type: 'string', pattern: '^([A-Za-z0-9+/]{43})?$', maxLength: 43, writeOnly: true, 'x-column': 'aes_key', 'x-widget': 'password' },
    enabled: { type: 'boolean', default: true },
    createTime: { type: 'string', readOnly: true, 'x-column': 'created_at' },
  },
  required: ['name', 'appId'],
  additionalProperties: false,
} as const satisfies EntitySchema;
