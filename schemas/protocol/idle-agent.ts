import type { FromSchema } from 'json-schema-to-ts';

/**
 * An idle agent as User/getIdleUserInfo lists it (spec section 3 "idle agent"): the phone's
 * transfer dialog lists seats that are present and ready, the chat's (`?for=chat`) the agents
 * the chat hub would give a chat to now, both in this shape.
 */
export const idleAgentSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['userChineseName', 'fjh', 'userSeatNo'],
  properties: {
    userChineseName: { type: 'string' },
    /** The seat's extension. */
    fjh: { type: 'string' },
    userSeatNo: { type: 'string' },
  },
} as const;

export type IdleAgent = FromSchema<typeof idleAgentSchema>;

