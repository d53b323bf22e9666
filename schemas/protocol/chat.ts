import type { FromSchema } from 'json-schema-to-ts';

/**
 * The chat hub's socket protocol: JSON text frames on `/ws/visitor` (the customer's widget, no
 * login) and `/ws/chat?token=<login token>` (agents and supervisors). Every frame is an object
 * with a `type`; what a client sends is checked against the schema of its type on arrival (an
 * unknown type, bad JSON or a bad field gets an `error` frame and the socket stays usable).
 *
 * Chats are named by `chatId` (the spec's clientChatId). Every stored message carries `seq`, a
 * server sequence number that grows within a chat; a client keeps the highest seq it saw per
 * chat and sends it when it reconnects (`hello`), and receives exactly the messages after it.
 * A message sent with a `clientMsgId` the server already stored is acknowledged again with the
 * first seq and not stored twice, so a client re-sends unacknowledged messages after a reconnect.
 */

/** Limits (README "Chat"): longer text, bigger frames or faster senders get an error frame. */
export const CHAT_LIMITS = {
  /** Characters of one message's content (text, or an uploaded file's address). */
  contentLength: 4000,
  /** Characters of a typing preview (preInput). */
  previewLength: 500,
  /** Bytes of one frame; a bigger one is refused unread. */
  frameBytes: 16 * 1024,
  /** Frames one socket may send per second on average, and in one burst. */
  framesPerSecond: 10,
  burst: 20,
  /**
   * Messages past the burst one socket may have waiting: they are stored later, at the average
   * rate, instead of refused (a widget re-sending what it wrote during an outage: burst and
   * backlog admit 50 at once). Past that, and for other frames past the burst, a 429 error frame
   * says when to try again (`retryAfterMs`).
   */
  backlog: 30,
  /** Heartbeat the clients send (spec section 9: 40 s); the server closes a socket silent for 3 periods. */
  heartbeatMs: 40_000,
} as const;

const chatId = { type: 'string', minLength: 1, maxLength: 64, pattern: '^[A-Za-z0-9_.:@-]+$' } as const;
const clientMsgId = { type: 'string', minLength: 1, maxLength: 64, pattern: '^[A-Za-z0-9_.:-]+$' } as const;
const seq = { type: 'integer', minimum: 0, maximum: 9007199254740991 } as const;
const seat = { type: 'string', minLength: 1, maxLength: 8, pattern: '^[0-9]{1,8}$' } as const;
/** Content types a sender may store; preInput (typing preview) travels in `typing`, never stored. */
export const STORED_CONTENT_TYPES = ['text', 'image', 'file', 'sound'] as const;

const frame = <const T extends string, const P extends Record<string, unknown>, const R extends readonly string[]>(type: T, properties: P, required: R) => ({
  type: 'object',
  additionalProperties: false,
  required: ['type', ...required] as ['type', ...R],
  properties: { type: { const: type }, ...properties },
}) as const;

// ---- visitor -> server (/ws/visitor) ----

/** First frame. Without `token`: a new chat (the answer carries its token). With it: resume that chat after `lastSeq`. */
export const visitorHelloSchema = frame('hello', {
  token: { type: 'string', minLength: 43, maxLength: 43, pattern: '^[A-Za-z0-9_-]{43}$' },
  name: { type: 'string', maxLength: 64 },
  lastSeq: seq,
}, []);
export const visitorMessageSchema = frame('message', {
  clientMsgId, contentType: { enum: STORED_CONTENT_TYPES }, content: { type: 'string', minLength: 1, maxLength: CHAT_LIMITS.contentLength },
}, ['clientMsgId', 'contentType', 'content']);
export const visitorTypingSchema = frame('typing', { content: { type: 'string', maxLength: CHAT_LIMITS.previewLength } }, []);
export const visitorCloseSchema = frame('close', {}, []);
/** Satisfaction 1-5, once, after the chat closed. */
export const visitorRateSchema = frame('rate', { rating: { type: 'integer', minimum: 1, maximum: 5 } }, ['rating']);
/** Heartbeat (both sockets), answered with `pong`. */
export const pingSchema = frame('ping', {}, []);

export const VISITOR_FRAMES = {
  hello: visitorHelloSchema, message: visitorMessageSchema, typing: visitorTypingSchema,
  close: visitorCloseSchema, rate: visitorRateSchema,
} as const;

// ---- agent / supervisor -> server (/ws/chat) ----

/** First frame: `since` maps chatId -> last seq seen; chats not named are sent from the start. */
export const agentHelloSchema = frame('hello', {
  since: { type: 'object', maxProperties: 5000, propertyNames: chatId, additionalProperties: seq },
}, []);
export const agentMessageSchema = frame('message', {
  chatId, clientMsgId, contentType: { enum: STORED_CONTENT_TYPES }, content: { type: 'string', minLength: 1, maxLength: CHAT_LIMITS.contentLength },
}, ['chatId', 'clientMsgId', 'contentType', 'content']);
export const agentTypingSchema = frame('typing', { chatId, content: { type: 'string', maxLength: CHAT_LIMITS.previewLength } }, ['chatId']);
/** The agent read the chat up to `seq`: its client messages stop counting as unread (WebChat/getWechatMsg). */
export const agentReadSchema = frame('read', { chatId, seq }, ['chatId', 'seq']);
export const agentCloseSchema = frame('close', { chatId, solved: { type: 'boolean' } }, ['chatId']);
/** Hand the chat to another agent (by seat), who must be connected, ready and under capacity. */
export const agentTransferSchema = frame('transfer', { chatId, toSeat: seat }, ['chatId', 'toSeat']);
/** Follow the chat (listed first) or stop; kept for the user, so it holds across reloads and devices. Agents their own chats, supervisors any. */
export const agentFollowSchema = frame('follow', { chatId, follow: { type: 'boolean' } }, ['chatId', 'follow']);

export const AGENT_FRAMES = {
  hello: agentHelloSchema, message: agentMessageSchema, typing: agentTypingSchema, read: agentReadSchema,
  close: agentCloseSchema, transfer: agentTransferSchema, follow: agentFollowSchema,
} as const;

export type VisitorFrame = { [K in keyof typeof VISITOR_FRAMES]: FromSchema<(typeof VISITOR_FRAMES)[K]> }[keyof typeof VISITOR_FRAMES];
export type AgentFrame = { [K in keyof typeof AGENT_FRAMES]: FromSchema<(typeof AGENT_FRAMES)[K]> }[keyof typeof AGENT_FRAMES];

// ---- server -> clients ----

/** The agent who serves a chat, as the visitor and the inbox label it (spec "server chat identity"). */
export const agentIdentitySchema = {
  type: 'object', additionalProperties: false, required: ['serverChatId', 'serverChatName', 'avatarUrl'],
  properties: { serverChatId: { type: 'string' }, serverChatName: { type: 'string' }, avatarUrl: { type: 'string' } },
} as const;

/** A chat's state: `queued` waiting for an agent, `assigned` (agent set), `closed`. */
export const chatInfoSchema = {
  type: 'object', additionalProperties: false,
  required: ['chatId', 'clientChatName', 'sourceInfoWay', 'state', 'agent', 'accessTime', 'lastSeq', 'rating'],
  properties: {
    chatId: { type: 'string' },
    clientChatName: { type: 'string' },
    sourceInfoWay: { enum: ['web', 'weixin'] },
    state: { enum: ['queued', 'assigned', 'closed'] },
    agent: { anyOf: [agentIdentitySchema, { type: 'null' }] },
    accessTime: { type: 'string' },
    /** Highest seq stored in the chat (0: none). */
    lastSeq: { type: 'integer' },
    rating: { type: ['integer', 'null'] },
  },
} as const;

export const chatMessageSchema = {
  type: 'object', additionalProperties: false,
  required: ['type', 'chatId', 'seq', 'role', 'contentType', 'content', 'createTime', 'sender', 'clientMsgId'],
  properties: {
    type: { const: 'message' },
    chatId: { type: 'string' },
    seq: { type: 'integer' },
    role: { enum: ['sys', 'client', 'agent'] },
    contentType: { enum: ['text', 'image', 'file', 'sound'] },
    /** As the sender wrote it, never interpreted: render it as text. */
    content: { type: 'string' },
    createTime: { type: 'string' },
    /** 'client', the agent's seat, or '' for the system. */
    sender: { type: 'string' },
    clientMsgId: { type: ['string', 'null'] },
    /** An uploaded file's name as its sender's device gave it (image, file, sound), shown beside the link; null or absent otherwise. */
    fileName: { type: ['string', 'null'] },
  },
} as const;

/** What a user has read of a chat (client messages after `seq` are unread) and whether they follow it. */
export const readStateSchema = {
  type: 'object', additionalProperties: false, required: ['seq', 'follow'],
  properties: { seq: { type: 'integer' }, follow: { type: 'boolean' } },
} as const;

const serverFrames = {
  /** Visitor: the chat (and, for a new chat only, its token: keep it to resume). Agent: who it is and its chats. */
  welcomeVisitor: frame('welcome', { chat: chatInfoSchema, token: { type: 'string' } }, ['chat']),
  welcomeAgent: frame('welcome', {
    me: agentIdentitySchema, supervisor: { type: 'boolean' }, chats: { type: 'array', items: chatInfoSchema },
    /** By chatId, for the chats the user has a mark in: the last seq read (`read`) and the follow flag (`follow`). */
    reads: { type: 'object', additionalProperties: readStateSchema },
  }, ['me', 'supervisor', 'chats']),
  /** The message with `clientMsgId` is stored as `seq`. */
  ack: frame('ack', { chatId: { type: 'string' }, clientMsgId: { type: 'string' }, seq: { type: 'integer' } }, ['chatId', 'clientMsgId', 'seq']),
  /** A chat's state changed (queued, assigned to an agent, closed, rated); agents get it for chats that became theirs. */
  chat: frame('chat', { chat: chatInfoSchema }, ['chat']),
  /** Agent: the chat is no longer yours (transferred, re-queued). */
  unassigned: frame('unassigned', { chatId: { type: 'string' } }, ['chatId']),
  typing: frame('typing', { chatId: { type: 'string' }, role: { enum: ['client', 'agent'] }, content: { type: 'string' } }, ['chatId', 'role', 'content']),
  error: frame('error', {
    code: { type: 'integer' }, msg: { type: 'string' },
    /** What the refused frame was about, when known. */
    about: { type: 'string' }, chatId: { type: 'string' }, clientMsgId: { type: 'string' },
    errors: { type: 'object', additionalProperties: { type: 'string' } },
    /** A 429's wait (ms) before the same frame is admitted. */
    retryAfterMs: { type: 'integer', minimum: 0 },
  }, ['code', 'msg']),
  pong: frame('pong', {}, []),
} as const;

/**
 * The answer's `data` to `POST /api/File/upload` (multipart): the inbox and the widget then send
 * `url` as a message of type `messageType`, which the server told from the file's bytes.
 */
export const uploadedFileSchema = {
  type: 'object', additionalProperties: false,
  required: ['id', 'url', 'contentType', 'messageType', 'name', 'size'],
  properties: {
    id: { type: 'string' },
    /** /api/File/<id>: the content of the message that shows the file. */
    url: { type: 'string' },
    /** The content type the file is served with. */
    contentType: { type: 'string' },
    messageType: { enum: ['image', 'file', 'sound'] },
    /** The file's name as kept (made safe, with an extension that fits its kind). */
    name: { type: 'string' },
    size: { type: 'integer' },
  },
} as const;

export type UploadedFile = FromSchema<typeof uploadedFileSchema>;
export type ChatInfo = FromSchema<typeof chatInfoSchema>;
export type ReadState = FromSchema<typeof readStateSchema>;
export type AgentIdentity = FromSchema<typeof agentIdentitySchema>;
export type ChatMessageFrame = FromSchema<typeof chatMessageSchema>;
export type ServerFrame = ChatMessageFrame | { [K in keyof typeof serverFrames]: FromSchema<(typeof serverFrames)[K]> }[keyof typeof serverFrames];
export const SERVER_FRAMES = { ...serverFrames, message: chatMessageSchema } as const;

/**
 * System messages the hub stores (role 'sys'), in both languages. The hub stores the Chinese
 * text (the console's default language, as the chat reports show it); every reader shows the
 * reader's language with `systemText` (the server's message table takes them from here too).
 */
export const SYSTEM_MESSAGES = {
  /** For the agents only: the customer never sees it (visibleToVisitor). */
  newCustomer: { en: 'New customer connected', zh: '新客户已接入', agentsOnly: true },
  /** An agent's message the WeChat platform refused (server/chat/channels/wechat): its reason follows. */
  wechatNotDelivered: { en: 'Not delivered to the WeChat customer: {reason}', zh: '未送达微信用户：{reason}' },
} as const;

/** Whether the customer sees a stored system message: not those written for the agents (a new customer connected). */
export function visibleToVisitor(content: string): boolean {
  return !Object.values(SYSTEM_MESSAGES).some((texts) => 'agentsOnly' in texts && (content === texts.zh || content === texts.en));
}

/** A stored system message in `lang` when it is one of SYSTEM_MESSAGES (in either language, `{reason}` standing for any text); else the content as it is. */
export function systemText(content: string, lang: 'zh' | 'en'): string {
  for (const texts of Object.values(SYSTEM_MESSAGES)) {
    for (const stored of [texts.zh, texts.en] as string[]) {
      const at = stored.indexOf('{reason}');
      if (at < 0 ? content === stored : content.startsWith(stored.slice(0, at)) && content.length >= at) {
        return at < 0 ? texts[lang] : texts[lang].replace('{reason}', content.slice(at));
      }
    }
  }
  return content;
}
