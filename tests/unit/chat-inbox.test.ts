// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { compareChats, dropChat, EMPTY_INBOX, putChat, sortedIds, totalUnread, updateChat, type Inbox } from '../../src/chat/inbox';
import { chatFromInfo } from '../../src/chat/messages';
import type { Chat } from '../../src/chat/types';

const chat = (id: string, lastMsgTime: number, isFollow = false): Chat => ({
  ...chatFromInfo({ chatId: id, clientChatName: id, sourceInfoWay: 'web', state: 'assigned', agent: null, accessTime: new Date(0).toISOString(), lastSeq: 0, rating: null }, isFollow),
  lastMsgTime,
});

const inboxOf = (...chats: Chat[]): Inbox => chats.reduce(putChat, EMPTY_INBOX);

describe('chat list order', () => {
  it('puts followed chats first, then the latest message first', () => {
    const inbox = inboxOf(chat('a', 100), chat('b', 300), chat('c', 200, true), chat('d', 50, true));
    expect(inbox.order).toEqual(['c', 'd', 'b', 'a']);
    expect(sortedIds(inbox.chats)).toEqual(inbox.order);
  });

  it('orders chats with the same time by id, so the order never flickers', () => {
    expect(compareChats(chat('x', 5), chat('y', 5))).toBeLessThan(0);
    expect(inboxOf(chat('y', 5), chat('x', 5)).order).toEqual(['x', 'y']);
  });

  it('moves only the chat that got a message and keeps the other chat objects', () => {
    const inbox = inboxOf(chat('a', 100), chat('b', 200), chat('c', 300));
    const next = updateChat(inbox, 'a', (c) => ({ ...c, lastMsgTime: 400 }));
    expect(next.order).toEqual(['a', 'c', 'b']);
    expect(next.chats.get('b')).toBe(inbox.chats.get('b'));
    expect(inbox.order).toEqual(['c', 'b', 'a']);
  });

  it('matches a full sort after many random incremental updates', () => {
    let inbox = inboxOf(...Array.from({ length: 200 }, (_, i) => chat(`c${i}`, i * 7 % 97, i % 13 === 0)));
    let t = 1000;
    for (let i = 0; i < 500; i++) {
      const id = `c${(i * 31) % 200}`;
      inbox = updateChat(inbox, id, (c) => ({ ...c, lastMsgTime: i % 5 === 0 ? c.lastMsgTime : t++, isFollow: i % 17 === 0 ? !c.isFollow : c.isFollow }));
    }
    expect(inbox.order).toEqual(sortedIds(inbox.chats));
  });

  it('following a chat moves it above the others', () => {
    const inbox = inboxOf(chat('a', 100), chat('b', 200));
    expect(updateChat(inbox, 'a', (c) => ({ ...c, isFollow: true })).order).toEqual(['a', 'b']);
  });

  it('drops a chat that is no longer the agent\'s and sums unread over the rest', () => {
    const inbox = inboxOf({ ...chat('a', 1), newMsgCount: 2 }, { ...chat('b', 2), newMsgCount: 3 });
    expect(totalUnread(inbox)).toBe(5);
    const after = dropChat(inbox, 'b');
    expect(after.order).toEqual(['a']);
    expect(totalUnread(after)).toBe(2);
    expect(dropChat(after, 'nope')).toBe(after);
  });
});
