// @vitest-environment node
import { describe, expect, it } from 'vitest';
import type { ChatInfo, ChatMessageFrame } from '../../schemas/protocol/chat';
import { TYPING_MS, agentTyping, helloFrame, initialState, isOwnFileUrl, queue, receive, tick, unacked, wantsRating } from '../../src/widget/state';

const chat = (over: Partial<ChatInfo> = {}): ChatInfo => ({
  chatId: 'c1', clientChatName: 'Ann', sourceInfoWay: 'web', state: 'assigned',
  agent: { serverChatId: '8101', serverChatName: 'Li', avatarUrl: '' }, accessTime: '2026-01-01T00:00:00Z', lastSeq: 0, rating: null, ...over,
});
const msg = (seq: number, over: Partial<ChatMessageFrame> = {}): ChatMessageFrame => ({
  type: 'message', chatId: 'c1', seq, role: 'agent', contentType: 'text', content: `m${seq}`, createTime: '2026-01-01T00:00:00Z', sender: '8101', clientMsgId: null, ...over,
});
const TOKEN = 'a'.repeat(43);

describe('widget chat state', () => {
  it('a new visitor says hello with its name; after the welcome it resumes by token after the last seq it holds', () => {
    let s = initialState();
    expect(helloFrame(s, '  Ann ')).toEqual({ type: 'hello', name: 'Ann' });
    s = receive(s, { type: 'welcome', chat: chat(), token: TOKEN }, 0);
    s = receive(s, msg(3), 0);
    s = receive(s, msg(7), 0);
    expect(helloFrame(s, 'Ann')).toEqual({ type: 'hello', token: TOKEN, lastSeq: 7 });
    // A resume's welcome carries no token: the one held stays.
    s = receive(s, { type: 'welcome', chat: chat() }, 0);
    expect(s.token).toBe(TOKEN);
  });

  it('keeps each seq once and in order, also when a resume overlaps or a message comes late', () => {
    let s = receive(initialState(), { type: 'welcome', chat: chat(), token: TOKEN }, 0);
    for (const seq of [2, 5, 5, 9, 2, 7]) s = receive(s, msg(seq), 0);
    expect(s.messages.map((m) => m.seq)).toEqual([2, 5, 7, 9]);
    expect(s.lastSeq).toBe(9);
  });

  it('re-sends only unacked messages; an acked one stays shown until its echo, which ends it', () => {
    let s = receive(initialState(), { type: 'welcome', chat: chat(), token: TOKEN }, 0);
    s = queue(s, { clientMsgId: 'a', contentType: 'text', content: 'one' });
    s = queue(s, { clientMsgId: 'b', contentType: 'text', content: 'two' });
    s = receive(s, { type: 'ack', chatId: 'c1', clientMsgId: 'a', seq: 4 }, 0);
    expect(unacked(s).map((p) => p.clientMsgId)).toEqual(['b']);
    expect(s.pending.map((p) => p.clientMsgId)).toEqual(['a', 'b']);
    s = receive(s, msg(4, { role: 'client', sender: 'client', clientMsgId: 'a', content: 'one' }), 0);
    expect(s.pending.map((p) => p.clientMsgId)).toEqual(['b']);
    // The echo before the ack: the ack then just ends it.
    s = receive(s, msg(5, { role: 'client', sender: 'client', clientMsgId: 'b', content: 'two' }), 0);
    s = receive(s, { type: 'ack', chatId: 'c1', clientMsgId: 'b', seq: 5 }, 0);
    expect(s.pending).toEqual([]);
  });

  it('drops a message refused for good, keeps one refused by the rate limit; an unknown token starts over', () => {
    let s = receive(initialState({ token: TOKEN }), { type: 'welcome', chat: chat() }, 0);
    s = queue(s, { clientMsgId: 'x', contentType: 'text', content: 'hi' });
    s = receive(s, { type: 'error', code: 429, msg: 'slow down', about: 'message', clientMsgId: 'x' }, 0);
    expect(unacked(s)).toHaveLength(1);
    s = receive(s, { type: 'error', code: 409, msg: 'closed', about: 'message', clientMsgId: 'x' }, 0);
    expect(s.pending).toEqual([]);
    expect(s.error).toBe('closed');
    const gone = receive(initialState({ token: TOKEN }), { type: 'error', code: 403, msg: 'no such chat', about: 'hello' }, 0);
    expect(gone.token).toBeNull();
    expect(helloFrame(gone, 'Ann')).toEqual({ type: 'hello', name: 'Ann' });
  });

  it('"agent is typing" turns itself off after 30 s, and at once when the agent message arrives', () => {
    let s = receive(initialState(), { type: 'typing', chatId: 'c1', role: 'agent', content: '' }, 1000);
    expect(agentTyping(s, 1000 + TYPING_MS - 1)).toBe(true);
    expect(tick(s, 1000 + TYPING_MS - 1).typingUntil).not.toBeNull();
    expect(tick(s, 1000 + TYPING_MS).typingUntil).toBeNull();
    expect(agentTyping(s, 1000 + TYPING_MS)).toBe(false);
    s = receive(s, msg(1), 2000);
    expect(s.typingUntil).toBeNull();
    // The visitor's own typing (if ever echoed) never shows.
    expect(receive(initialState(), { type: 'typing', chatId: 'c1', role: 'client', content: 'x' }, 0).typingUntil).toBeNull();
  });

  it('asks for a rating once the chat closed and until it is rated', () => {
    let s = receive(initialState(), { type: 'welcome', chat: chat(), token: TOKEN }, 0);
    expect(wantsRating(s)).toBe(false);
    s = receive(s, { type: 'chat', chat: chat({ state: 'closed' }) }, 0);
    expect(wantsRating(s)).toBe(true);
    s = receive(s, { type: 'chat', chat: chat({ state: 'closed', rating: 4 }) }, 0);
    expect(wantsRating(s)).toBe(false);
  });

  it('treats only this server upload URLs as files', () => {
    expect(isOwnFileUrl('/api/File/AbCdEfGhIjKlMnOpQrSt_-')).toBe(true);
    expect(isOwnFileUrl('https://evil.example/x.png')).toBe(false);
    expect(isOwnFileUrl('/api/File/AbCdEfGhIjKlMnOpQrSt_-?x=1')).toBe(false);
    expect(isOwnFileUrl('javascript:alert(1)')).toBe(false);
  });
});
