/**
 * The inbox's own shapes (spec section 3 "chat" and "chat message"), built from the hub's
 * protocol types (schemas/protocol/chat.ts). Times are epoch milliseconds so that ordering and
 * the merge gap compare numbers, not strings.
 */
import type { AgentIdentity, ChatInfo, ChatMessageFrame } from '../../schemas/protocol/chat';

export type ContentType = ChatMessageFrame['contentType'];
export type Role = ChatMessageFrame['role'];

export interface ChatMsg {
  /** Server sequence number; null while the agent's own message awaits its ack. */
  seq: number | null;
  clientMsgId: string | null;
  role: Role;
  contentType: ContentType;
  /** Untrusted text (or an /api/File/ address): always rendered as text. */
  content: string;
  createTime: number;
  /** 'client', the agent's seat, or '' for the system. */
  sender: string;
  /** An uploaded file's original name (file kinds), when the server knows it. */
  fileName?: string | null;
  /** A client message the agent had not seen when it arrived (spec isNewMsg). */
  isNewMsg: boolean;
  /** The merge-gap time stamp, a system line the inbox adds itself (never from the server). */
  stamp?: true;
  /** Sent, not acknowledged yet: re-sent with the same clientMsgId after a reconnect. */
  pending?: true;
}

/** Spec "sourceInfo_way": web or WeChat (the hub says 'weixin'). */
export type SourceWay = 'web' | 'WeChat';

export interface Chat {
  clientChatId: string;
  clientChatName: string;
  msgList: ChatMsg[];
  /** Spec "state (on)": on while the chat runs, off once closed. */
  state: 'on' | 'off';
  accessTime: number;
  /** The agent's unsent draft, kept per chat when switching. */
  inputContent: string;
  newMsgCount: number;
  isFollow: boolean;
  lastMsgTime: number;
  /** Time of the last time stamp shown (merge gap, spec section 9). */
  lastMsgShowTime: number;
  lastMsgContent: string;
  lastMsgType: ContentType;
  sourceInfo_way: SourceWay;
  /** Highest seq received in a message frame: duplicates at or below it are dropped; `since` on resume. */
  lastSeq: number;
  agent: AgentIdentity | null;
  rating: number | null;
}

export type { AgentIdentity, ChatInfo, ChatMessageFrame };
