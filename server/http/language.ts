import type { FastifyRequest } from 'fastify';
import { MESSAGES } from '../messages/index.ts';

export type Language = 'zh' | 'en';

/** The caller's language from Accept-Language: English when it prefers English, Chinese otherwise (the console's default). */
export function languageOf(req: Pick<FastifyRequest, 'headers'>): Language {
  const header = String(req.headers['accept-language'] ?? '').toLowerCase();
  const first = header.split(',')[0]?.trim() ?? '';
  return first.startsWith('en') ? 'en' : 'zh';
}

export type MessageKey = keyof typeof MESSAGES;

/** What-words used in "still used by" messages. */
const WHAT: Record<string, { en: string; zh: string }> = {
  users: { en: 'users', zh: '用户' },
  'sub-departments': { en: 'sub-departments', zh: '下级部门' },
  'sub-menus': { en: 'sub-menus', zh: '下级菜单' },
};

export function message(lang: Language, key: MessageKey, params: Record<string, string | number> = {}): string {
  let text: string = MESSAGES[key][lang];
  for (const [k, v] of Object.entries(params)) {
    const value = k === 'what' ? (WHAT[String(v)]?.[lang] ?? String(v)) : String(v);
    text = text.replace(`{${k}}`, value);
  }
  return text;
}
