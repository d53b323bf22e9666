// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { MESSAGE_PARTS } from '../../server/messages/index.ts';

/** The server's zh/en message table: every key in both languages, in one part only, with the same placeholders. */
describe('server message table', () => {
  const entries = Object.entries(MESSAGE_PARTS).flatMap(([part, table]) =>
    Object.entries(table as Record<string, Record<string, unknown>>).map(([key, texts]) => ({ part, key, texts })));

  it('has messages', () => {
    expect(entries.length).toBeGreaterThan(20);
  });

  it('gives every key a non-empty English and Chinese text, and nothing else', () => {
    const bad = entries.filter(({ texts }) =>
      Object.keys(texts).sort().join() !== 'en,zh' || Object.values(texts).some((t) => typeof t !== 'string' || t.trim() === ''));
    expect(bad.map((e) => `${e.part}.${e.key}`)).toEqual([]);
  });

  it('writes the Chinese text in Chinese', () => {
    const notChinese = entries.filter(({ texts }) => !/[\u4e00-\u9fa5]/.test(String(texts.zh)));
    expect(notChinese.map((e) => `${e.part}.${e.key}`)).toEqual([]);
  });

  it('keeps each key in one part only', () => {
    const seen = new Map<string, string>();
    const twice: string[] = [];
    for (const { part, key } of entries) {
      if (seen.has(key)) twice.push(`${key} in ${seen.get(key)} and ${part}`);
      seen.set(key, part);
    }
    expect(twice).toEqual([]);
  });

  it('uses the same {placeholders} in both languages', () => {
    const names = (t: unknown) => [...String(t).matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort().join();
    const differ = entries.filter(({ texts }) => names(texts.en) !== names(texts.zh));
    expect(differ.map((e) => `${e.part}.${e.key}`)).toEqual([]);
  });
});
