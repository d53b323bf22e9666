/**
 * bench/inbox: the chat inbox's cost of one new message (issue 10 target: within 5 ms of script
 * time with 1,000 chats of 50 messages, incremental: no full re-sort). Plain Node, no DOM: the
 * real store (src/chat/store.ts) fed by a fake socket, so a measured message goes the way a
 * real one does: frame parse, dedupe, merge gap, unread count, the chat moved to its place,
 * the store's state replaced. Also the full sort for comparison.
 * Run: npx tsx bench/inbox.ts   (prints JSON; copy the figures into RESULTS.md)
 */
import type { ChatInfo, ServerFrame } from '../schemas/protocol/chat.ts';
import { sortedIds, totalUnread } from '../src/chat/inbox.ts';
import { createChatStore } from '../src/chat/store.ts';

const CHATS = 1000;
const MESSAGES = 50;
const SAMPLES = 5000;
const T0 = Date.now() - 24 * 3600_000;

let deliver: (frame: ServerFrame) => void = () => undefined;
class BenchSocket {
  readyState = 1;
  onopen: (() => void) | null = null;
  onmessage: ((e: { data: string }) => void) | null = null;
  onclose: (() => void) | null = null;
  constructor() {
    queueMicrotask(() => {
      this.onopen?.();
      deliver = (frame) => this.onmessage?.({ data: JSON.stringify(frame) });
    });
  }
  send(): void {}
  close(): void {}
}

const store = createChatStore({
  socketUrl: () => 'ws://bench/ws/chat',
  createSocket: () => new BenchSocket() as unknown as WebSocket,
  now: () => Date.now(),
  log: () => undefined,
  newId: () => 'x',
  onClientMessage: () => undefined,
});
store.getState().start();
await new Promise((r) => setTimeout(r, 0));

const me = { serverChatId: '8201', serverChatName: 'Agent', avatarUrl: '' };
const info = (i: number): ChatInfo => ({
  chatId: `chat-${i}`, clientChatName: `Visitor ${i}`, sourceInfoWay: i % 3 ? 'web' : 'weixin', state: 'assigned', agent: me,
  accessTime: new Date(T0).toISOString(), lastSeq: 0, rating: null,
});
const message = (chat: number, seq: number, at: number): ServerFrame => ({
  type: 'message', chatId: `chat-${chat}`, seq, role: seq % 2 ? 'client' : 'agent', contentType: 'text',
  content: `message ${seq} of chat ${chat}, about an order that has not arrived yet`, createTime: new Date(at).toISOString(),
  sender: seq % 2 ? 'client' : '8201', clientMsgId: `m${seq}`,
});

deliver({ type: 'welcome', me, supervisor: false, chats: Array.from({ length: CHATS }, (_, i) => info(i)) });
let seq = 0;
for (let m = 0; m < MESSAGES; m++) for (let c = 0; c < CHATS; c++) deliver(message(c, ++seq, T0 + seq * 20));
for (let c = 0; c < CHATS; c += 7) store.getState().toggleFollow(`chat-${c}`);
const loaded = store.getState().inbox;
const stored = [...loaded.chats.values()].reduce((n, c) => n + c.msgList.length, 0);

// Frames are built before the clock starts: the bench measures the inbox, not the test data.
const frames = Array.from({ length: SAMPLES }, (_, i) => message((i * 7919) % CHATS, ++seq, T0 + seq * 20));
const times: number[] = [];
for (const frame of frames) {
  const start = process.hrtime.bigint();
  deliver(frame);
  totalUnread(store.getState().inbox);
  times.push(Number(process.hrtime.bigint() - start) / 1e6);
}
times.sort((a, b) => a - b);
const at = (q: number) => Number(times[Math.min(times.length - 1, Math.floor(q * times.length))]!.toFixed(3));

const sortTimes: number[] = [];
for (let i = 0; i < 50; i++) {
  const start = process.hrtime.bigint();
  sortedIds(store.getState().inbox.chats);
  sortTimes.push(Number(process.hrtime.bigint() - start) / 1e6);
}
sortTimes.sort((a, b) => a - b);

const inbox = store.getState().inbox;
console.log(JSON.stringify({
  chats: inbox.order.length, messagesHeld: stored, samples: SAMPLES,
  newMessageMs: { p50: at(0.5), p99: at(0.99), max: at(1) },
  fullSortMs: { p50: Number(sortTimes[25]!.toFixed(3)) },
  orderMatchesFullSort: inbox.order.join() === sortedIds(inbox.chats).join(),
  node: process.version,
}, null, 2));
store.getState().stop();
