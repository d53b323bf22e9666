import type { FastifyRequest } from 'fastify';
import { MESSAGES } from '../messages/index.ts';

export type Language = 'zh' | 'en';

export const LANGUAGES: readonly Language[] = ['zh', 'en'];

/** The caller's language from Accept-Language: English when it prefers English, Chinese otherwise (the console's default). */
export function languageOf(req: Pick<FastifyRequest, 'headers'>): Language {
  const header = String(req.headers['accept-language'] ?? '').toLowerCase();
  const first = header.split(',')[0]?.trim() ?? '';
  return first.startsWith('en') ? 'en' : 'zh';
}

export type MessageKey = keyof typeof MESSAGES;

const isKey = (k: string): k is MessageKey => Object.prototype.hasOwnProperty.call(MESSAGES, k);

/** The message in the caller's language; a `what` parameter (e.g. "users" in "still used by") is a word of the table too. */
export function message(lang: Language, key: MessageKey, params: Record<string, string | number> = {}): string {
  let text: string = MESSAGES[key][lang];
  for (const [k, v] of Object.entries(params)) {
    const word = `what_${String(v)}`;
    const value = k === 'what' && isKey(word) ? MESSAGES[word][lang] : String(v);
    text = text.replace(`{${k}}`, value);
  }
  return text;
}
