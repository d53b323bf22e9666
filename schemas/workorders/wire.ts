import type { FromSchema } from 'json-schema-to-ts';
import { PRIORITIES, SETTABLE_STATES, SOURCES } from './states.ts';

/**
 * The work-order API's bodies and answers (POST api/WorkOrder/<action>), defined once: the
 * server validates with them, the browser and the tests take their types from them. Times on
 * the wire are the API's 'YYYY-MM-DD HH:mm:ss' in the server's time zone, as everywhere else.
 */
const id = { type: 'integer', minimum: 1, maximum: 9_007_199_254_740_991 } as const;
const instant = { type: 'string', maxLength: 19, pattern: '^[0-9]{4}-[0-9]{2}-[0-9]{2} [0-9]{2}:[0-9]{2}:[0-9]{2}$' } as const;
const phone = { type: 'string', maxLength: 32, pattern: '^[0-9+*#-]*$' } as const;
const text = (max: number) => ({ type: 'string', maxLength: max }) as const;
const tags = { type: 'array', items: { type: 'string', minLength: 1, maxLength: 32 }, maxItems: 20, uniqueItems: true } as const;
/** A kind's own fields (checked against the kind's file by the server). */
const fields = { type: 'object', maxProperties: 40, additionalProperties: { anyOf: [{ type: 'string', maxLength: 500 }, { type: 'integer' }] } } as const;
const version = { type: 'integer', minimum: 1 } as const;
/** A call's or a chat's id, as the switch and the chat hub write them. */
const linkedId = { type: 'string', maxLength: 64, pattern: '^[A-Za-z0-9_.:@-]*$' } as const;
const reason = { type: 'string', minLength: 1, maxLength: 500 } as const;

export const createOrderSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['kind', 'title', 'source'],
  properties: {
    kind: { type: 'string', minLength: 1, maxLength: 32, pattern: '^[a-z][a-zA-Z0-9_]*$' },
    title: { type: 'string', minLength: 1, maxLength: 200 },
    phone,
    customerName: text(64),
    source: { enum: SOURCES },
    callId: linkedId,
    chatId: linkedId,
    ivr: { type: 'string', maxLength: 32, pattern: '^[0-9a-zA-Z_]*$' },
    category: text(64),
    priority: { enum: PRIORITIES },
    departId: { type: ['integer', 'null'], minimum: 1 },
    ownerId: { type: ['integer', 'null'], minimum: 1 },
    dueTime: { anyOf: [instant, { type: 'null' }] },
    tags,
    fields,
    /** The first note of the timeline (the customer's words, or what the agent noted). */
    description: text(10_000),
  },
} as const;
export type CreateOrder = FromSchema<typeof createOrderSchema>;

/** A change of an order's fields: `version` is the one the editor read (409 with the current order when it moved). */
export const updateOrderSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['id', 'version'],
  properties: {
    id,
    version,
    title: { type: 'string', minLength: 1, maxLength: 200 },
    customerName: text(64),
    phone,
    category: text(64),
    priority: { enum: PRIORITIES },
    state: { enum: SETTABLE_STATES },
    pendingUntil: { anyOf: [instant, { type: 'null' }] },
    ownerId: { type: ['integer', 'null'], minimum: 1 },
    departId: { type: ['integer', 'null'], minimum: 1 },
    dueTime: { anyOf: [instant, { type: 'null' }] },
    tags,
    fields,
  },
} as const;
export type UpdateOrder = FromSchema<typeof updateOrderSchema>;

/** The body of a reading that takes nothing (counts, notices, kinds, settings): anything in it is refused. */
export const noBodySchema = { type: 'object', additionalProperties: false, properties: {} } as const;

export const orderIdSchema = { type: 'object', additionalProperties: false, required: ['id'], properties: { id } } as const;

export const noteSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['id', 'body'],
  properties: {
    id,
    body: { type: 'string', minLength: 1, maxLength: 10_000 },
    /** false: a public reply to the customer (meets the first-response and update clocks). */
    internal: { type: 'boolean', default: true },
    /** The customer's words taken down by staff (restarts the update clock). */
    fromCustomer: { type: 'boolean', default: false },
  },
} as const;
export type NoteBody = FromSchema<typeof noteSchema>;

export const transferSchema = {
  type: 'object', additionalProperties: false, required: ['id', 'departId', 'reason'],
  properties: { id, departId: { type: 'integer', minimum: 1 }, reason },
} as const;
export const sendBackSchema = { type: 'object', additionalProperties: false, required: ['id', 'reason'], properties: { id, reason } } as const;
export const mergeSchema = { type: 'object', additionalProperties: false, required: ['id', 'into'], properties: { id, into: id } } as const;

/** One change to many orders; a pending state needs its time (Zammad #958). */
export const bulkSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['ids'],
  minProperties: 2,
  properties: {
    ids: { type: 'array', items: id, minItems: 1, maxItems: 200, uniqueItems: true },
    ownerId: { type: ['integer', 'null'], minimum: 1 },
    state: { enum: SETTABLE_STATES },
    pendingUntil: instant,
    priority: { enum: PRIORITIES },
  },
} as const;
export type BulkBody = FromSchema<typeof bulkSchema>;

/** The saved overviews (Zammad's): each is a filter the server knows, with its count in the menu badge. */
export const OVERVIEWS = ['mine', 'queue', 'overdue', 'reminders', 'created', 'all'] as const;
export type Overview = (typeof OVERVIEWS)[number];

export const listSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['pageNo', 'pageSize'],
  properties: {
    pageNo: { type: 'integer', minimum: 1, maximum: 100_000 },
    pageSize: { type: 'integer', minimum: 1, maximum: 200 },
    view: { enum: OVERVIEWS, default: 'all' },
    state: { type: 'array', items: { enum: [...SETTABLE_STATES, 'merged'] }, maxItems: 7, uniqueItems: true },
    kind: { type: 'string', maxLength: 32 },
    priority: { enum: PRIORITIES },
    departId: { type: 'integer', minimum: 1 },
    phone,
    keyword: text(100),
    /** Orders created today, or closed today (the work-order home's figures). */
    today: { enum: ['created', 'closed'] },
  },
} as const;
export type ListBody = FromSchema<typeof listSchema>;

const clock = {
  type: 'object',
  additionalProperties: false,
  required: ['targetSeconds', 'dueTime', 'metTime', 'late', 'running'],
  properties: {
    targetSeconds: { type: 'integer' },
    /** The deadline while it runs. */
    dueTime: { type: ['string', 'null'] },
    metTime: { type: ['string', 'null'] },
    late: { type: 'boolean' },
    running: { type: 'boolean' },
    /** Business seconds used so far (up to now when running). */
    usedSeconds: { type: 'integer' },
  },
} as const;

export const orderSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['id', 'orderNo', 'kind', 'title', 'phone', 'customerName', 'source', 'callId', 'chatId', 'creatorId', 'creatorName', 'creatorSeat', 'ivr', 'category',
    'priority', 'state', 'ownerId', 'ownerName', 'departId', 'departName', 'departNameEn', 'dueTime', 'pendingUntil', 'tags', 'fields', 'mergedInto', 'version', 'createTime', 'updateTime', 'overdue', 'clocks'],
  properties: {
    id: { type: 'integer' },
    orderNo: { type: 'string' },
    kind: { type: 'string' },
    title: { type: 'string' },
    phone: { type: 'string' },
    customerName: { type: 'string' },
    source: { enum: SOURCES },
    callId: { type: 'string' },
    chatId: { type: 'string' },
    creatorId: { type: 'integer' },
    creatorName: { type: 'string' },
    creatorSeat: { type: 'string' },
    ivr: { type: 'string' },
    category: { type: 'string' },
    priority: { enum: PRIORITIES },
    state: { enum: [...SETTABLE_STATES, 'merged'] },
    ownerId: { type: ['integer', 'null'] },
    ownerName: { type: 'string' },
    departId: { type: ['integer', 'null'] },
    departName: { type: 'string' },
    /** The department's name for the English interface (empty: none; the console shows departName). */
    departNameEn: { type: 'string' },
    dueTime: { type: ['string', 'null'] },
    pendingUntil: { type: ['string', 'null'] },
    tags: { type: 'array', items: { type: 'string' } },
    fields: { type: 'object', additionalProperties: { anyOf: [{ type: 'string' }, { type: 'integer' }] } },
    mergedInto: { type: ['integer', 'null'] },
    version: { type: 'integer' },
    createTime: { type: 'string' },
    updateTime: { type: 'string' },
    /** A running clock is past its deadline, or a pending reminder's time has passed. */
    overdue: { type: 'boolean' },
    clocks: { type: 'object', additionalProperties: false, required: ['firstResponse', 'update', 'solution'], properties: { firstResponse: clock, update: clock, solution: clock } },
  },
} as const;
export type OrderRow = FromSchema<typeof orderSchema>;

export const EVENT_TYPES = ['created', 'change', 'note', 'reply', 'customer', 'take', 'transfer', 'sendBack', 'merged', 'mergedFrom', 'reminder', 'autoClose', 'reopen', 'call', 'chat', 'file'] as const;

export const eventSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['id', 'time', 'userId', 'userName', 'type', 'internal', 'body', 'changes', 'callId', 'chatId'],
  properties: {
    id: { type: 'integer' },
    time: { type: 'string' },
    userId: { type: ['integer', 'null'] },
    userName: { type: 'string' },
    type: { enum: EVENT_TYPES },
    internal: { type: 'boolean' },
    body: { type: 'string' },
    changes: { type: 'array', items: { type: 'object', additionalProperties: false, required: ['field', 'from', 'to'], properties: { field: { type: 'string' }, from: {}, to: {} } } },
    callId: { type: 'string' },
    chatId: { type: 'string' },
    /** A 'file' event's attachment (served at /api/File/<id> to whoever reaches the order); null once the file is gone. */
    file: {
      type: ['object', 'null'], additionalProperties: false, required: ['id', 'name', 'size', 'contentType'],
      properties: { id: { type: 'string' }, name: { type: 'string' }, size: { type: 'integer' }, contentType: { type: 'string' } },
    },
  },
} as const;
export type OrderEvent = FromSchema<typeof eventSchema>;

const minutes = { type: 'integer', minimum: 1, maximum: 525_600 } as const;
const targets = {
  type: 'object', additionalProperties: false, required: ['firstResponse', 'update', 'solution'],
  properties: { firstResponse: minutes, update: minutes, solution: minutes },
} as const;
/** The SLA targets per priority, in business minutes (an administrator's save recomputes every running clock). */
export const slaSettingsSchema = {
  type: 'object', additionalProperties: false, required: ['low', 'normal', 'high', 'urgent'],
  properties: { low: targets, normal: targets, high: targets, urgent: targets },
} as const;

/** A notice of an order to one user (getNotices, and the live stream's `notice` event): a mention, an assignment or a reminder due. */
export const noticeSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['id', 'kind', 'time', 'orderId', 'orderNo', 'title'],
  properties: {
    id: { type: 'integer' },
    kind: { enum: ['mention', 'assigned', 'reminder'] },
    time: { type: 'string' },
    orderId: { type: 'integer' },
    orderNo: { type: 'string' },
    title: { type: 'string' },
  },
} as const;
export type OrderNotice = FromSchema<typeof noticeSchema>;

/** The overviews' counts and today's figures (getCounts, and the live stream's `counts` event). */
export type OrderCounts = Record<Overview, number> & { createdToday: number; closedToday: number };

/** The live stream's events (GET /api/WorkOrder/events): `counts` at once and after each change that concerns the user, `notice` as one comes. */
export type OrderLiveEvent = { event: 'counts'; data: OrderCounts } | { event: 'notice'; data: OrderNotice };

/** A call linked to an order (its own, or one its timeline names), as the call records tell it. */
export const linkedCallSchema = {
  type: 'object', additionalProperties: false,
  required: ['callId', 'direction', 'phoneNo', 'seat', 'callTime', 'answerTime', 'callSeconds', 'recorded'],
  properties: {
    callId: { type: 'string' },
    direction: { enum: ['in', 'out'] },
    phoneNo: { type: 'string' },
    seat: { type: 'string' },
    callTime: { type: 'string' },
    answerTime: { type: ['string', 'null'] },
    callSeconds: { type: 'integer' },
    /** It has a recording: whoever reaches the order may play it (POST /api/recordings/link with workOrderId). */
    recorded: { type: 'boolean' },
  },
} as const;
export type LinkedCall = FromSchema<typeof linkedCallSchema>;

/** One page of the linked chat's transcript: the messages after `after` (a message's seq), oldest first. */
export const orderChatSchema = {
  type: 'object', additionalProperties: false, required: ['id'],
  properties: { id, after: { type: 'integer', minimum: 0, maximum: 2_147_483_647, default: 0 }, limit: { type: 'integer', minimum: 1, maximum: 200, default: 50 } },
} as const;
export type OrderChatBody = FromSchema<typeof orderChatSchema>;

export const orderChatPageSchema = {
  type: 'object', additionalProperties: false, required: ['chatId', 'state', 'messages', 'more'],
  properties: {
    chatId: { type: 'string' },
    /** The chat's state now ('on' while it goes on); '' when the order has no chat or it is gone. */
    state: { type: 'string' },
    messages: {
      type: 'array',
      items: {
        type: 'object', additionalProperties: false, required: ['seq', 'role', 'sender', 'contentType', 'content', 'time'],
        properties: {
          seq: { type: 'integer' }, role: { enum: ['sys', 'client', 'agent'] }, sender: { type: 'string' },
          contentType: { enum: ['text', 'image', 'file', 'sound'] }, content: { type: 'string' }, time: { type: 'string' },
        },
      },
    },
    /** More messages follow this page. */
    more: { type: 'boolean' },
  },
} as const;
export type OrderChatPage = FromSchema<typeof orderChatPageSchema>;

/** Links a call the user's seat made or took to an order (a call back from the order): a 'call' event naming it. */
export const linkCallSchema = {
  type: 'object', additionalProperties: false, required: ['id', 'callId'],
  properties: { id, callId: { type: 'string', minLength: 1, maxLength: 64, pattern: '^[A-Za-z0-9_.:@-]+$' } },
} as const;
export type LinkCallBody = FromSchema<typeof linkCallSchema>;

/**
 * A template for common orders of a kind (an administrator's; everyone who creates orders reads
 * them): what it fills in on the create form. `id` names the template to change; without it a new
 * one is made. Its fields are the kind's (checked against its file), none of them required.
 */
export const templateSchema = {
  type: 'object', additionalProperties: false, required: ['kind', 'name', 'title'],
  properties: {
    id,
    kind: { type: 'string', minLength: 1, maxLength: 32, pattern: '^[a-z][a-zA-Z0-9_]*$' },
    name: { type: 'string', minLength: 1, maxLength: 64 },
    title: { type: 'string', minLength: 1, maxLength: 200 },
    category: text(64),
    priority: { enum: PRIORITIES },
    description: text(10_000),
    fields,
    sortOrder: { type: 'integer', minimum: 0, maximum: 100_000 },
  },
} as const;
export type TemplateBody = FromSchema<typeof templateSchema>;
export type OrderTemplate = Required<Omit<TemplateBody, 'id'>> & { id: number; updateTime: string };

export const templateListSchema = {
  type: 'object', additionalProperties: false, properties: { kind: { type: 'string', minLength: 1, maxLength: 32, pattern: '^[a-z][a-zA-Z0-9_]*$' } },
} as const;
