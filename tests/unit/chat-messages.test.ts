// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { acknowledge, chatFromInfo, markSeen, MERGE_GAP_MS, receive, sendPending, unacked } from '../../src/chat/messages';
import type { Chat, ChatMsg } from '../../src/chat/types';

const T0 = Date.parse('2025-03-01T09:00:00Z');
const fresh = (): Chat =>
  chatFromInfo({ chatId: 'c1', clientChatName: 'Visitor', sourceInfoWay: 'weixin', state: 'assigned', agent: null, accessTime: new Date(T0).toISOString(), lastSeq: 0, rating: null }, false);
const msg = (seq: number, at: number, over: Partial<ChatMsg> = {}): ChatMsg => ({
  seq, clientMsgId: null, role: 'client', contentType: 'text', content: `m${seq}`, createTime: at, sender: 'client', isNewMsg: false, ...over,
});
const away = { selected: false };
const shown = (c: Chat) => c.msgList.filter((m) => !m.stamp).map((m) => m.content);
const stamps = (c: Chat) => c.msgList.filter((m) => m.stamp).map((m) => m.createTime);

describe('a chat from the hub', () => {
  it('starts on, with nothing unread, WeChat shown as WeChat', () => {
    const c = fresh();
    expect(c).toMatchObject({ state: 'on', newMsgCount: 0, sourceInfo_way: 'WeChat', accessTime: T0, msgList: [] });
  });
});

describe('merge gap', () => {
  it('adds a time stamp before the first message and after more than 5 minutes since the last one shown', () => {
    let c = receive(fresh(), msg(1, T0), away);
    c = receive(c, msg(2, T0 + 60_000), away);
    c = receive(c, msg(3, T0 + MERGE_GAP_MS), away); // exactly 5 minutes after the stamp: no new stamp
    c = receive(c, msg(4, T0 + MERGE_GAP_MS + 1), away);
    expect(stamps(c)).toEqual([T0, T0 + MERGE_GAP_MS + 1]);
    expect(c.lastMsgShowTime).toBe(T0 + MERGE_GAP_MS + 1);
    expect(shown(c)).toEqual(['m1', 'm2', 'm3', 'm4']);
    expect(c.msgList[0]).toMatchObject({ role: 'sys', stamp: true });
  });

  it('counts the gap from the last stamp shown, not from the last message', () => {
    let c = fresh();
    for (let i = 0; i < 8; i++) c = receive(c, msg(i + 1, T0 + i * 60_000), away);
    expect(stamps(c)).toEqual([T0, T0 + 6 * 60_000]);
  });
});

describe('unread', () => {
  it('counts client messages while the chat is not selected and resets when it is selected', () => {
    let c = receive(fresh(), msg(1, T0), away);
    c = receive(c, msg(2, T0 + 1), away);
    expect(c.newMsgCount).toBe(2);
    expect(c.msgList.filter((m) => m.isNewMsg)).toHaveLength(2);
    c = markSeen(c);
    expect(c.newMsgCount).toBe(0);
    expect(c.msgList.some((m) => m.isNewMsg)).toBe(false);
    expect(markSeen(c)).toBe(c);
  });

  it('counts nothing for a message arriving in the selected chat, and resets it', () => {
    let c = receive(fresh(), msg(1, T0), away);
    c = receive(c, msg(2, T0 + 1), { selected: true });
    expect(c.newMsgCount).toBe(0);
  });

  it('does not count system or agent messages', () => {
    let c = receive(fresh(), msg(1, T0, { role: 'sys', sender: '' }), away);
    c = receive(c, msg(2, T0 + 1, { role: 'agent', sender: '8201' }), away);
    expect(c.newMsgCount).toBe(0);
  });

  it('in replayed history, counts only client messages after the agent\'s last reply', () => {
    const history = { selected: false, history: true };
    let c = receive(fresh(), msg(1, T0), history);
    c = receive(c, msg(2, T0 + 1, { role: 'agent', sender: '8201' }), history);
    c = receive(c, msg(3, T0 + 2), history);
    expect(c.newMsgCount).toBe(1);
  });

  it('updates the last message time and content', () => {
    const c = receive(fresh(), msg(1, T0 + 5, { content: 'hello', contentType: 'text' }), away);
    expect(c).toMatchObject({ lastMsgTime: T0 + 5, lastMsgContent: 'hello', lastMsgType: 'text', lastSeq: 1 });
  });
});

describe('duplicates and re-sends', () => {
  it('drops a message whose seq was already seen (echo or replay), returning the same chat', () => {
    const c = receive(receive(fresh(), msg(1, T0), away), msg(5, T0 + 1), away);
    expect(receive(c, msg(5, T0 + 1), away)).toBe(c);
    expect(receive(c, msg(3, T0 + 1), away)).toBe(c);
    expect(shown(receive(c, msg(7, T0 + 2), away))).toEqual(['m1', 'm5', 'm7']);
  });

  it('keeps the agent\'s message pending until the ack, then one copy whatever comes first', () => {
    const sent = sendPending(fresh(), { clientMsgId: 'k1', contentType: 'text', content: 'hi', sender: '8201', now: T0 });
    expect(unacked(sent).map((m) => m.clientMsgId)).toEqual(['k1']);
    const echo = msg(4, T0 + 3, { role: 'agent', sender: '8201', clientMsgId: 'k1', content: 'hi' });

    const ackFirst = receive(acknowledge(sent, 'k1', 4), echo, away);
    const echoFirst = acknowledge(receive(sent, echo, away), 'k1', 4);
    for (const c of [ackFirst, echoFirst]) {
      expect(unacked(c)).toEqual([]);
      expect(c.msgList.filter((m) => m.content === 'hi')).toHaveLength(1);
      expect(c.msgList.find((m) => m.content === 'hi')?.seq).toBe(4);
    }
  });

  it('re-sends unacknowledged messages under their first ids, in order', () => {
    let c = sendPending(fresh(), { clientMsgId: 'a', contentType: 'text', content: 'one', sender: '8201', now: T0 });
    c = sendPending(c, { clientMsgId: 'b', contentType: 'image', content: '/api/File/x', sender: '8201', now: T0 + 1 });
    c = acknowledge(c, 'a', 2);
    expect(unacked(c).map((m) => [m.clientMsgId, m.content])).toEqual([['b', '/api/File/x']]);
  });
});
