// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { transcriptOf } from '../../src/workorders/transcript';
import type { ChatMsg } from '../../src/chat/types';

const msg = (role: ChatMsg['role'], content: string, at: number, stamp = false): ChatMsg =>
  ({ seq: at, clientMsgId: null, role, contentType: 'text', content, createTime: at, sender: role === 'agent' ? '8201' : 'client', isNewMsg: false, ...(stamp ? { stamp: true as const } : {}) });

describe('a chat as an order description', () => {
  it('keeps the client and agent lines with their times and names, without system lines or stamps', () => {
    const base = new Date(2026, 10, 25, 10, 0, 0).getTime();
    const text = transcriptOf({ clientChatName: '访客1', msgList: [
      msg('sys', '', base, true), msg('sys', 'chat assigned', base), msg('client', 'My refund?', base + 1000), msg('agent', 'Checking now', base + 61_000),
    ] }, '赵敏');
    expect(text).toBe('10:00:01 访客1: My refund?\n10:01:01 赵敏: Checking now');
  });

  it('keeps the newest lines when the whole would be too long for a description', () => {
    const list = Array.from({ length: 400 }, (_, i) => msg('client', `${String(i).padStart(3, '0')} ${'x'.repeat(40)}`, i * 1000));
    const text = transcriptOf({ clientChatName: 'c', msgList: list }, 'a');
    expect(text.length).toBeLessThanOrEqual(10_000);
    expect(text.endsWith(`399 ${'x'.repeat(40)}`)).toBe(true);
    expect(text).not.toContain(': 000 ');
  });
});
