import type { ChatInfo, ChatMessageFrame, ServerFrame } from '../../schemas/protocol/chat.ts';

/**
 * The widget's chat as plain data, changed only by `receive`, `queue` and `tick` (no DOM, no
 * socket: the unit tests drive it directly). Messages are kept in seq order and a seq is taken
 * once (a visitor's own message arrives as an echo after its ack, and again on a resume that
 * overlaps). Messages without an ack stay in `pending` (also across reloads) and are sent again
 * with the same clientMsgId after every welcome, which the hub stores only once.
 */

/** How long "agent is typing" shows after the last typing frame. */
export const TYPING_MS = 30_000;

export type StoredType = ChatMessageFrame['contentType'];

/** A message the visitor wrote; `seq` once acked (it stays shown until its echo arrives, so it never blinks out). */
export interface Pending { clientMsgId: string; contentType: StoredType; content: string; seq?: number }

export interface WidgetState {
  /** The chat token (the only key to this chat); null until the first welcome. */
  token: string | null;
  chat: ChatInfo | null;
  /** Highest seq received: sent as `lastSeq` when the socket resumes. */
  lastSeq: number;
  messages: ChatMessageFrame[];
  pending: Pending[];
  /** When the agent's typing indicator goes off (epoch ms), or null. */
  typingUntil: number | null;
  /** The last refusal the server explained (shown to the visitor), or null. */
  error: string | null;
}

/** What survives a reload: the token and what still waits for an ack. */
export interface Saved { token: string | null; pending: Pending[] }

export const initialState = (saved?: Partial<Saved> | null): WidgetState => ({
  token: typeof saved?.token === 'string' ? saved.token : null,
  chat: null,
  lastSeq: 0,
  messages: [],
  pending: Array.isArray(saved?.pending) ? saved.pending : [],
  typingUntil: null,
  error: null,
});

export const saved = (s: WidgetState): Saved => ({ token: s.token, pending: s.pending });

/** The first frame on every (re)connection: resume by token after what we hold, or open a new chat. */
export const helloFrame = (s: WidgetState, name: string) =>
  (s.token ? { type: 'hello', token: s.token, lastSeq: s.lastSeq } : { type: 'hello', name: name.trim().slice(0, 64) });

/** What to send after a welcome: every message without an ack, in the order written. */
export const unacked = (s: WidgetState) => s.pending.filter((p) => p.seq === undefined);

export const messageFrame = (p: Pending) => ({ type: 'message', clientMsgId: p.clientMsgId, contentType: p.contentType, content: p.content });

/** A message the visitor writes: pending until acked. */
export const queue = (s: WidgetState, p: Pending): WidgetState => ({ ...s, pending: [...s.pending, p], error: null });

const withoutPending = (s: WidgetState, clientMsgId: string | null) =>
  (clientMsgId === null ? s.pending : s.pending.filter((p) => p.clientMsgId !== clientMsgId));

/** Inserts by seq; a seq already held changes nothing. */
function addMessage(s: WidgetState, m: ChatMessageFrame, now: number): WidgetState {
  if (s.messages.some((x) => x.seq === m.seq)) return s;
  const at = s.messages.findIndex((x) => x.seq > m.seq);
  const messages = at < 0 ? [...s.messages, m] : [...s.messages.slice(0, at), m, ...s.messages.slice(at)];
  return {
    ...s,
    messages,
    lastSeq: Math.max(s.lastSeq, m.seq),
    pending: m.role === 'client' ? withoutPending(s, m.clientMsgId) : s.pending,
    // The agent's message ends its typing.
    typingUntil: m.role === 'agent' ? null : s.typingUntil !== null && s.typingUntil <= now ? null : s.typingUntil,
  };
}

/** The state after a frame from the server. */
export function receive(s: WidgetState, f: ServerFrame, now: number): WidgetState {
  switch (f.type) {
    case 'welcome':
      if (!('chat' in f)) return s;
      return { ...s, chat: f.chat, token: f.token ?? s.token, error: null };
    case 'message':
      return addMessage(s, f, now);
    case 'ack':
      return {
        ...s,
        pending: s.messages.some((m) => m.seq === f.seq)
          ? withoutPending(s, f.clientMsgId)
          : s.pending.map((p) => (p.clientMsgId === f.clientMsgId ? { ...p, seq: f.seq } : p)),
      };
    case 'chat':
      return { ...s, chat: f.chat, typingUntil: f.chat.state === 'closed' ? null : s.typingUntil };
    case 'typing':
      return f.role === 'agent' ? { ...s, typingUntil: now + TYPING_MS } : s;
    case 'error': {
      // A chat token the server does not know (the chat was deleted): start over with a new chat.
      if (f.about === 'hello' && f.code === 403) return { ...initialState(), error: f.msg };
      // A message refused for good (too long, chat closed) is dropped; rate limits and server errors keep it for the next try
      // (client.ts sends it again after the server's wait), and a rate refusal is not the visitor's to read.
      const final = f.about === 'message' && f.clientMsgId && f.code !== 429 && f.code < 500;
      if (f.about === 'message' && f.code === 429) return s;
      return { ...s, pending: final ? withoutPending(s, f.clientMsgId!) : s.pending, error: f.msg };
    }
    default:
      return s;
  }
}

/** Time passed: the typing indicator turns itself off. */
export const tick = (s: WidgetState, now: number): WidgetState =>
  (s.typingUntil !== null && s.typingUntil <= now ? { ...s, typingUntil: null } : s);

export const agentTyping = (s: WidgetState, now: number) => s.typingUntil !== null && s.typingUntil > now;

/** The chat ended and waits for the visitor's 1-5 rating. */
export const wantsRating = (s: WidgetState) => s.chat?.state === 'closed' && s.chat.rating === null;

/** Upload URLs of this server (`/api/File/<id>`): the only image and file sources the widget shows. */
export const isOwnFileUrl = (content: string) => /^\/api\/File\/[A-Za-z0-9_-]{22}$/.test(content);
