// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { noticeText, pushCapped, truncate } from '../../src/chat/notices';

describe('notification text', () => {
  it('keeps up to 25 characters and cuts longer text to 24 plus an ellipsis', () => {
    expect(truncate('a'.repeat(25))).toBe('a'.repeat(25));
    expect(truncate('a'.repeat(26))).toBe(`${'a'.repeat(24)}...`);
    expect(truncate('')).toBe('');
    expect(truncate('Hi, I need to change my delivery address')).toBe('Hi, I need to change my...');
  });

  it('counts characters as people see them (Chinese, emoji)', () => {
    const zh = '你好'.repeat(13);
    expect(truncate(zh)).toBe(`${zh.slice(0, 24)}...`);
    const emoji = '😀'.repeat(26);
    expect(truncate(emoji)).toBe(`${'😀'.repeat(24)}...`);
  });

  it('names images, files and sounds instead of showing their address', () => {
    expect(noticeText('image', '/api/File/abc')).toEqual({ key: 'chat.kind.image' });
    expect(noticeText('text', '<b>hi</b>')).toEqual({ text: '<b>hi</b>' });
  });
});

describe('notification list', () => {
  it('holds at most 5, the oldest giving way', () => {
    let list: number[] = [];
    const dropped: number[] = [];
    for (let i = 1; i <= 7; i++) {
      const next = pushCapped(list, i);
      list = next.list;
      dropped.push(...next.dropped);
    }
    expect(list).toEqual([3, 4, 5, 6, 7]);
    expect(dropped).toEqual([1, 2]);
  });
});
