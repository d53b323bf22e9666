import { act, render, screen, within } from '@testing-library/react';
import { theme } from 'antd';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import '../../src/app/i18n';
import { chatStore } from '../../src/chat/chat';
import { ChatList } from '../../src/chat/ChatList';
import { EMPTY_INBOX, putChat } from '../../src/chat/inbox';
import { chatFromInfo, receive } from '../../src/chat/messages';


const chat = (id: string, name: string, lastMsgTime: number) => ({
  ...chatFromInfo({ chatId: id, clientChatName: name, sourceInfoWay: 'web', state: 'assigned', agent: null, accessTime: new Date(0).toISOString(), lastSeq: 0, rating: null }, false),
  lastMsgTime,
});

/** A client message for `chatId` as the store takes one from the hub (receive, then the chat moved to its place). */
function clientMessage(chatId: string, seq: number, content: string) {
  const { inbox } = chatStore.getState();
  const next = receive(inbox.chats.get(chatId)!, {
    seq, clientMsgId: `c${seq}`, role: 'client', contentType: 'text', content, createTime: 10_000 + seq, sender: 'visitor', isNewMsg: false, fileName: null,
  }, { selected: false, history: false });
  act(() => chatStore.setState({ inbox: putChat(inbox, next) }));
}

// jsdom lays nothing out: the list's scroller gets a height so the virtualiser shows its rows.
beforeEach(() => {
  vi.spyOn(Element.prototype, 'clientHeight', 'get').mockReturnValue(600);
  vi.spyOn(Element.prototype, 'clientWidth', 'get').mockReturnValue(300);
  const chats = [chat('a', 'Alice', 3000), chat('b', 'Bob', 2000), chat('c', 'Carol', 1000)];
  chatStore.setState({ inbox: chats.reduce(putChat, EMPTY_INBOX), selected: null });
});
afterEach(() => {
  chatStore.setState({ inbox: EMPTY_INBOX, selected: null });
});

describe('the chat list when a message comes', () => {
  it('re-renders only the row of the chat that got it, which moves to the top', () => {
    // A row reads the theme's tokens once per render, and nothing else in the list does: the count of rows rendered.
    const rowRenders = vi.spyOn(theme, 'useToken');
    render(<ChatList />);
    const names = () => screen.getAllByTestId('chat-row-name').map((n) => n.textContent);
    expect(names()).toEqual(['Alice', 'Bob', 'Carol']);
    expect(rowRenders).toHaveBeenCalledTimes(3);

    rowRenders.mockClear();
    clientMessage('b', 1, 'Where is my parcel?');
    expect(names()).toEqual(['Bob', 'Alice', 'Carol']);
    const bob = screen.getAllByTestId('chat-row')[0]!;
    expect(within(bob).getByText('Where is my parcel?')).toBeTruthy();
    // Bob's row rendered again to show it; Alice's and Carol's rows only moved.
    expect(rowRenders).toHaveBeenCalledTimes(1);

    rowRenders.mockClear();
    clientMessage('a', 1, 'Me too');
    expect(names()).toEqual(['Alice', 'Bob', 'Carol']);
    expect(rowRenders).toHaveBeenCalledTimes(1);
    expect(screen.getAllByTestId('chat-row')[1]).toBe(bob);
  });

  it('cuts long names and previews with CSS, not antd Typography ellipsis (which measures in script)', () => {
    render(<ChatList />);
    const name = screen.getAllByTestId('chat-row-name')[0]!;
    expect(name.style.textOverflow).toBe('ellipsis');
    expect(name.style.overflow).toBe('hidden');
    expect(name.style.whiteSpace).toBe('nowrap');
    expect(name.title).toBe('Alice');
    expect(document.querySelector('[data-testid="chat-row"] .ant-typography-ellipsis')).toBeNull();
  });

  it('rows are plain elements, not antd components that re-inject their styles as rows come into view; the unread count reads as the Badge did', () => {
    render(<ChatList />);
    for (let seq = 1; seq <= 3; seq++) clientMessage('c', seq, `message ${seq}`);
    const carol = screen.getAllByTestId('chat-row')[0]!;
    expect(within(carol).getByTestId('chat-row-name').textContent).toBe('Carol');
    expect(within(carol).getByTestId('chat-row-unread')).toMatchObject({ textContent: '3', title: '3' });
    expect(within(screen.getAllByTestId('chat-row')[1]!).queryByTestId('chat-row-unread')).toBeNull();
    for (let seq = 4; seq <= 100; seq++) clientMessage('c', seq, `message ${seq}`);
    expect(within(screen.getAllByTestId('chat-row')[0]!).getByTestId('chat-row-unread')).toMatchObject({ textContent: '99+', title: '100' });
    expect(document.querySelector('[data-testid="chat-row"] .ant-typography, [data-testid="chat-row"] .ant-badge, [data-testid="chat-row"] .ant-tooltip-open')).toBeNull();
  });
});
