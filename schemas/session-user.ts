import type { FromSchema } from 'json-schema-to-ts';
import { ABILITIES } from './permissions.ts';

/**
 * GetUserInfo's answer: the spec's session-user fields (section 3) plus roles, ability,
 * username and avatar. The server serialises through this schema, so a column that is not
 * listed here (a password hash, say) can never reach the wire.
 */
export const sessionUserSchema = {
  $id: 'sessionUser',
  type: 'object',
  additionalProperties: false,
  required: ['userId', 'userName', 'username', 'avatar', 'userSeatNo', 'userSeatPwd', 'userChineseName', 'userEnglishName',
    'lineid', 'departId', 'companyId', 'fjh', 'recordSrc', 'pre', 'busy', 'mobile', 'email', 'roles', 'ability',
    'workOrderTitle', 'phoneBar', 'chat', 'workOrders', 'notifySound', 'notifyDesktop'],
  properties: {
    userId: { type: 'integer' },
    userName: { type: 'string' },
    username: { type: 'string' },
    avatar: { type: 'string' },
    userSeatNo: { type: 'string' },
    userSeatPwd: { type: 'string', description: 'SIP password of the seat, for the phone bar' },
    userChineseName: { type: 'string' },
    userEnglishName: { type: 'string' },
    lineid: { type: ['integer', 'null'] },
    departId: { type: ['integer', 'null'] },
    companyId: { type: ['integer', 'null'] },
    fjh: { type: 'string', description: 'extension number' },
    recordSrc: { type: 'string' },
    pre: { type: 'string', description: "dial prefix of the seat's line" },
    busy: { type: 'integer', description: '0 = ready' },
    mobile: { type: 'string' },
    email: { type: 'string' },
    roles: { type: 'array', items: { type: 'string' } },
    ability: { type: 'array', items: { type: 'string', enum: ABILITIES } },
    workOrderTitle: { type: 'boolean', description: "the user's department shows the work-order title (false without a department)" },
    phoneBar: { type: 'boolean', description: "the user's department has the phone bar (true without a department)" },
    chat: { type: 'boolean', description: "the user's department takes online chats (false without a department)" },
    workOrders: { type: 'boolean', description: "the user's department takes work orders: its home shows the department's queue (false without a department)" },
    notifySound: { type: 'boolean', description: 'the chat chime plays (personal center; kept with the user)' },
    notifyDesktop: { type: 'boolean', description: 'desktop notifications show (personal center; kept with the user)' },
  },
} as const;

export type SessionUserWire = FromSchema<typeof sessionUserSchema>;
