/**
 * One chat's messages as pure functions (spec sections 4 and 9): append with the merge-gap time
 * stamp, unread counting, duplicates dropped by seq, the agent's own messages kept pending
 * until acknowledged (and re-sent with the same clientMsgId after a reconnect).
 */
import type { Chat, ChatInfo, ChatMsg, ContentType } from './types';

/** Spec section 9: a time stamp when over 5 minutes passed since the last one shown. */
export const MERGE_GAP_MS = 5 * 60_000;

export interface Arrival {
  /** The chat is open on the agent's screen: nothing becomes unread. */
  selected: boolean;
  /**
   * Replayed history of a chat the inbox had not seen (first connection of the page): client
   * messages up to `readUpTo` were read. Without a read mark (a chat read before marks were
   * kept) the agent's reply marks what came before it as handled instead.
   */
  history?: boolean;
  /** The agent's read mark of the chat (the hub's welcome `reads`), for history. */
  readUpTo?: number;
}

/** A new chat from the hub's chat info (no messages yet: they follow as message frames). */
export function chatFromInfo(info: ChatInfo, isFollow: boolean): Chat {
  const accessTime = Date.parse(info.accessTime) || 0;
  return {
    clientChatId: info.chatId,
    clientChatName: info.clientChatName,
    msgList: [],
    state: info.state === 'closed' ? 'off' : 'on',
    accessTime,
    inputContent: '',
    newMsgCount: 0,
    isFollow,
    lastMsgTime: accessTime,
    lastMsgShowTime: 0,
    lastMsgContent: '',
    lastMsgType: 'text',
    sourceInfo_way: info.sourceInfoWay === 'weixin' ? 'WeChat' : 'web',
    lastSeq: 0,
    agent: info.agent,
    rating: info.rating,
  };
}

/** The chat with the hub's newer info (name, state, agent, rating); messages and draft kept. */
export function withInfo(chat: Chat, info: ChatInfo): Chat {
  return {
    ...chat,
    clientChatName: info.clientChatName,
    state: info.state === 'closed' ? 'off' : 'on',
    agent: info.agent,
    rating: info.rating,
  };
}

/** Appends `msg`, preceded by a time stamp when the gap since the last one shown is over 5 minutes. */
function append(chat: Chat, msg: ChatMsg): Chat {
  const list = chat.msgList.slice();
  let shown = chat.lastMsgShowTime;
  if (msg.createTime - shown > MERGE_GAP_MS) {
    list.push({ seq: null, clientMsgId: null, role: 'sys', contentType: 'text', content: '', createTime: msg.createTime, sender: '', isNewMsg: false, stamp: true });
    shown = msg.createTime;
  }
  list.push(msg);
  return {
    ...chat,
    msgList: list,
    lastMsgShowTime: shown,
    lastMsgTime: Math.max(chat.lastMsgTime, msg.createTime),
    lastMsgContent: msg.content,
    lastMsgType: msg.contentType,
  };
}

/**
 * A message frame for this chat. Returns the same chat object for a duplicate (seq already
 * seen: an echo after the ack, or a replay after a resume). The agent's own pending message
 * is replaced in place by its stored copy.
 */
export function receive(chat: Chat, msg: ChatMsg, arrival: Arrival): Chat {
  if (msg.seq !== null && msg.seq <= chat.lastSeq) return chat;
  const lastSeq = msg.seq ?? chat.lastSeq;
  if (msg.role === 'agent' && msg.clientMsgId !== null) {
    // Our own message coming back (searched from the end, where it is): pending (echo before the ack) or acknowledged (ack first).
    const at = chat.msgList.findLastIndex((m) => m.clientMsgId === msg.clientMsgId && (m.pending === true || m.seq === msg.seq));
    if (at >= 0) {
      const list = chat.msgList.slice();
      list[at] = { ...msg, createTime: list[at]!.createTime, isNewMsg: false };
      return { ...chat, msgList: list, lastSeq };
    }
  }
  const marked = arrival.history === true && arrival.readUpTo !== undefined;
  const readBefore = marked && msg.seq !== null && msg.seq <= arrival.readUpTo!;
  const unread = msg.role === 'client' && !arrival.selected && !readBefore;
  const next = append(chat, { ...msg, isNewMsg: unread });
  let newMsgCount = arrival.selected ? 0 : chat.newMsgCount;
  if (unread) newMsgCount += 1;
  else if (arrival.history && !marked && msg.role === 'agent') newMsgCount = 0;
  return { ...next, lastSeq, newMsgCount };
}

/** The agent's message as sent: shown at once, pending until its ack. */
export function sendPending(chat: Chat, m: { clientMsgId: string; contentType: ContentType; content: string; sender: string; now: number }): Chat {
  return append(chat, {
    seq: null, clientMsgId: m.clientMsgId, role: 'agent', contentType: m.contentType, content: m.content,
    createTime: m.now, sender: m.sender, isNewMsg: false, pending: true,
  });
}

/** The hub stored the message as `seq`: no longer pending (an echo that came first already replaced it). */
export function acknowledge(chat: Chat, clientMsgId: string, seq: number): Chat {
  const at = chat.msgList.findLastIndex((m) => m.pending && m.clientMsgId === clientMsgId);
  if (at < 0) return chat;
  const list = chat.msgList.slice();
  const { pending: _pending, ...sent } = list[at]!;
  list[at] = { ...sent, seq };
  return { ...chat, msgList: list };
}

/** Messages to send again after a reconnect, oldest first. */
export function unacked(chat: Chat): ChatMsg[] {
  return chat.msgList.filter((m) => m.pending);
}

/** The agent opened the chat: nothing is unread any more. */
export function markSeen(chat: Chat): Chat {
  if (chat.newMsgCount === 0 && !chat.msgList.some((m) => m.isNewMsg)) return chat;
  return { ...chat, newMsgCount: 0, msgList: chat.msgList.map((m) => (m.isNewMsg ? { ...m, isNewMsg: false } : m)) };
}

/** The highest seq of the chat (for `read`), counting acknowledged own messages. */
export function highestSeq(chat: Chat): number {
  let seq = chat.lastSeq;
  for (const m of chat.msgList) if (m.seq !== null && m.seq > seq) seq = m.seq;
  return seq;
}
