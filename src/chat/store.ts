/**
 * The chat inbox's store (STYLE.md 9): it owns the `/ws/chat` socket (connection.ts) and the
 * typing timers, turns hub frames and the agent's actions into state through the pure
 * functions of inbox.ts and messages.ts, and hands fresh client messages to the notifier.
 * Read marks and follow flags are the hub's (`read`, `follow`; the welcome's `reads`), so unread
 * counts and follows survive a reload and reach the agent's other devices at their next connect.
 */
import { createStore, type StoreApi } from 'zustand/vanilla';
import type { ServerFrame } from '../../schemas/protocol/chat';
import { connect, type Connection, type OutFrame, type SocketFactory } from './connection';
import { dropChat, EMPTY_INBOX, putChat, sortedIds, updateChat, type Inbox } from './inbox';
import { acknowledge, chatFromInfo, highestSeq, markSeen, receive, sendPending, unacked, withInfo } from './messages';
import { STALE_NOTICE_MS } from './notices';
import type { AgentIdentity, Chat, ChatMsg, ContentType } from './types';

/** A client's typing preview (preInput) disappears when it is this old without news. */
export const TYPING_TTL_MS = 30_000;
/** At most one typing frame a second goes out while the agent writes (the hub allows 10 frames/s). */
export const TYPING_EVERY_MS = 1000;

export interface ClientNotice { chatId: string; chatName: string; contentType: ContentType; content: string; createTime: number }

export interface ChatDeps {
  /** `/ws/chat?token=...`, or null without a token. */
  socketUrl(): string | null;
  createSocket: SocketFactory | undefined;
  now(): number;
  log(message: string): void;
  /** A fresh client message id (re-sends reuse it). */
  newId(): string;
  /** A fresh client message arrived; `watching`: that chat is open on a visible inbox screen. */
  onClientMessage(notice: ClientNotice, watching: boolean): void;
}

export interface ChatState {
  status: 'idle' | 'connecting' | 'open' | 'closed';
  me: AgentIdentity | null;
  /** Supervisors read every chat and write in none. */
  supervisor: boolean;
  inbox: Inbox;
  selected: string | null;
  /** Client typing previews by chat. */
  typing: Record<string, string>;
  /** The inbox screen is mounted (no notifications then; the selected chat counts nothing unread). */
  onScreen: boolean;
  /** The hub's last refusal, its own localised text. */
  error: string | null;
  start(): void;
  stop(): void;
  select(chatId: string | null): void;
  setOnScreen(on: boolean): void;
  setDraft(chatId: string, text: string): void;
  /** Sends a message; false when the chat cannot take one (closed, supervisor, empty). */
  sendMessage(chatId: string, contentType: ContentType, content: string): boolean;
  close(chatId: string, solved: boolean): void;
  transfer(chatId: string, toSeat: string): void;
  toggleFollow(chatId: string): void;
  dismissError(): void;
}

type Frame = ServerFrame;

function parseFrame(text: string): Frame | null {
  try {
    const value: unknown = JSON.parse(text);
    return value && typeof value === 'object' && typeof (value as { type?: unknown }).type === 'string' ? (value as Frame) : null;
  } catch {
    return null;
  }
}

export function createChatStore(deps: ChatDeps): StoreApi<ChatState> {
  let connection: Connection | null = null;
  /** chatId -> the highest seq that is replayed history (a chat first seen at this page's welcome). */
  let historyUpTo = new Map<string, number>();
  /** What the last hello claimed per chat: their replays are missed messages, not history. */
  let sinceSent: Record<string, number> = {};
  /** chatId -> the agent's read mark from the last welcome: replayed client messages up to it were read. */
  let readMarks = new Map<string, number>();
  /** chatId -> follow flag as the hub keeps it (welcome, and the agent's own toggles since): for chats that arrive later. */
  let follows = new Map<string, boolean>();
  const typingTimers = new Map<string, ReturnType<typeof setTimeout>>();
  let draftTimer: ReturnType<typeof setTimeout> | undefined;
  let draftSent = new Map<string, string>();

  return createStore<ChatState>()((set, get) => {
    const send = (frame: OutFrame) => connection?.send(frame) ?? false;
    const watching = (chatId: string) => get().onScreen && get().selected === chatId;
    const change = (chatId: string, fn: (chat: Chat) => Chat) => set({ inbox: updateChat(get().inbox, chatId, fn) });

    const markRead = (chatId: string) => {
      const chat = get().inbox.chats.get(chatId);
      if (!chat || get().supervisor) return;
      change(chatId, markSeen);
      const seq = highestSeq(chat);
      if (seq > 0) send({ type: 'read', chatId, seq });
    };

    const clearTyping = (chatId: string) => {
      clearTimeout(typingTimers.get(chatId));
      typingTimers.delete(chatId);
      if (chatId in get().typing) {
        const { [chatId]: _gone, ...rest } = get().typing;
        set({ typing: rest });
      }
    };

    const onWelcome = (f: Extract<Frame, { type: 'welcome'; me: unknown }>) => {
      const before = get().inbox.chats;
      const reads = f.reads ?? {};
      const chats = new Map<string, Chat>();
      historyUpTo = new Map();
      readMarks = new Map(Object.entries(reads).map(([id, r]) => [id, r.seq]));
      follows = new Map(Object.entries(reads).map(([id, r]) => [id, r.follow]));
      for (const info of f.chats) {
        const known = before.get(info.chatId);
        const isFollow = follows.get(info.chatId) ?? false;
        chats.set(info.chatId, known ? { ...withInfo(known, info), isFollow } : chatFromInfo(info, isFollow));
        if (!(info.chatId in sinceSent)) historyUpTo.set(info.chatId, info.lastSeq);
      }
      const selected = get().selected;
      set({ me: f.me, supervisor: f.supervisor, inbox: { chats, order: sortedIds(chats) }, selected: selected && chats.has(selected) ? selected : null });
      // Messages the hub never acknowledged go again under their first id: stored once whatever happened.
      for (const chat of chats.values()) {
        for (const m of unacked(chat)) send({ type: 'message', chatId: chat.clientChatId, clientMsgId: m.clientMsgId!, contentType: m.contentType, content: m.content });
      }
    };

    const onMessage = (f: Extract<Frame, { type: 'message' }>) => {
      const chat = get().inbox.chats.get(f.chatId);
      if (!chat) return;
      const history = (historyUpTo.get(f.chatId) ?? 0) >= f.seq;
      const msg: ChatMsg = {
        seq: f.seq, clientMsgId: f.clientMsgId, role: f.role, contentType: f.contentType, content: f.content,
        createTime: Date.parse(f.createTime) || deps.now(), sender: f.sender, isNewMsg: false, fileName: f.fileName ?? null,
      };
      const seen = watching(f.chatId);
      const readUpTo = readMarks.get(f.chatId);
      const next = receive(chat, msg, { selected: seen, history, ...(history && readUpTo !== undefined ? { readUpTo } : {}) });
      if (next === chat) return;
      set({ inbox: putChat(get().inbox, next) });
      if (msg.role !== 'client') return;
      clearTyping(f.chatId);
      if (seen && !get().supervisor) send({ type: 'read', chatId: f.chatId, seq: f.seq });
      if (!history && !get().supervisor && deps.now() - msg.createTime < STALE_NOTICE_MS) {
        deps.onClientMessage({ chatId: f.chatId, chatName: next.clientChatName, contentType: msg.contentType, content: msg.content, createTime: msg.createTime }, seen);
      }
    };

    const onFrame = (f: Frame) => {
      switch (f.type) {
        case 'welcome':
          if ('me' in f) onWelcome(f);
          break;
        case 'message':
          onMessage(f);
          break;
        case 'ack':
          change(f.chatId, (c) => acknowledge(c, f.clientMsgId, f.seq));
          break;
        case 'chat': {
          const known = get().inbox.chats.get(f.chat.chatId);
          set({ inbox: putChat(get().inbox, known ? withInfo(known, f.chat) : chatFromInfo(f.chat, follows.get(f.chat.chatId) ?? false)) });
          break;
        }
        case 'unassigned':
          clearTyping(f.chatId);
          set({ inbox: dropChat(get().inbox, f.chatId), selected: get().selected === f.chatId ? null : get().selected });
          break;
        case 'typing':
          if (f.role !== 'client') break;
          clearTyping(f.chatId);
          if (f.content) {
            set({ typing: { ...get().typing, [f.chatId]: f.content } });
            typingTimers.set(f.chatId, setTimeout(() => clearTyping(f.chatId), TYPING_TTL_MS));
          }
          break;
        case 'error': {
          set({ error: f.msg });
          // A refused message will never be stored: take it out and give its text back to the draft.
          const { chatId, clientMsgId } = f;
          if (chatId && clientMsgId) {
            change(chatId, (c) => {
              const bad = c.msgList.find((m) => m.pending && m.clientMsgId === clientMsgId);
              if (!bad) return c;
              return { ...c, msgList: c.msgList.filter((m) => m !== bad), inputContent: c.inputContent || (bad.contentType === 'text' ? bad.content : '') };
            });
          }
          break;
        }
      }
    };

    /** Sends the drafts that changed since their last typing frame, then waits before the next ones. */
    const flushDraft = () => {
      draftTimer = undefined;
      let sent = false;
      for (const [chatId, text] of draftSent) {
        const draft = get().inbox.chats.get(chatId)?.inputContent;
        if (draft === undefined || draft === text) continue;
        draftSent.set(chatId, draft);
        send({ type: 'typing', chatId, content: draft });
        sent = true;
      }
      if (sent) draftTimer = setTimeout(flushDraft, TYPING_EVERY_MS);
    };

    return {
      status: 'idle',
      me: null,
      supervisor: false,
      inbox: EMPTY_INBOX,
      selected: null,
      typing: {},
      onScreen: false,
      error: null,
      start() {
        if (connection) return;
        connection = connect({
          url: deps.socketUrl,
          create: deps.createSocket,
          log: deps.log,
          onState: (status) => set({ status }),
          onOpen: (out) => {
            sinceSent = {};
            for (const chat of get().inbox.chats.values()) sinceSent[chat.clientChatId] = chat.lastSeq;
            out({ type: 'hello', since: sinceSent });
          },
          onFrame: (text) => {
            const frame = parseFrame(text);
            if (frame) onFrame(frame);
            else deps.log(`chat: ignored an unreadable frame: ${text.slice(0, 80)}`);
          },
        });
      },
      stop() {
        connection?.stop();
        connection = null;
        for (const id of [...typingTimers.keys()]) clearTyping(id);
        clearTimeout(draftTimer);
        draftTimer = undefined;
        draftSent = new Map();
        set({ status: 'idle', me: null, inbox: EMPTY_INBOX, selected: null, error: null });
      },
      select(chatId) {
        set({ selected: chatId });
        if (chatId && get().onScreen) markRead(chatId);
      },
      setOnScreen(on) {
        set({ onScreen: on });
        const selected = get().selected;
        if (on && selected) markRead(selected);
      },
      setDraft(chatId, text) {
        change(chatId, (c) => (c.inputContent === text ? c : { ...c, inputContent: text }));
        if (get().supervisor || get().inbox.chats.get(chatId)?.state !== 'on') return;
        if (!draftSent.has(chatId)) draftSent.set(chatId, '');
        if (!draftTimer) flushDraft();
      },
      sendMessage(chatId, contentType, content) {
        const chat = get().inbox.chats.get(chatId);
        const me = get().me;
        if (!chat || !me || get().supervisor || chat.state !== 'on' || !content.trim()) return false;
        const clientMsgId = deps.newId();
        const draft = contentType === 'text' ? '' : chat.inputContent;
        set({ inbox: putChat(get().inbox, { ...sendPending(chat, { clientMsgId, contentType, content, sender: me.serverChatId, now: deps.now() }), inputContent: draft }) });
        if (contentType === 'text') draftSent.set(chatId, '');
        // Not sent now (socket down): it stays pending and goes with the next welcome.
        send({ type: 'message', chatId, clientMsgId, contentType, content });
        return true;
      },
      close(chatId, solved) {
        send({ type: 'close', chatId, solved });
      },
      transfer(chatId, toSeat) {
        send({ type: 'transfer', chatId, toSeat });
      },
      toggleFollow(chatId) {
        const chat = get().inbox.chats.get(chatId);
        if (!chat) return;
        const follow = !chat.isFollow;
        change(chatId, (c) => ({ ...c, isFollow: follow }));
        follows.set(chatId, follow);
        // Offline it stays a local flag: the next welcome shows what the hub kept.
        send({ type: 'follow', chatId, follow });
      },
      dismissError: () => set({ error: null }),
    };
  });
}
