import type { FastifyRequest } from 'fastify';
import { MESSAGES } from '../messages/index.ts';
import { languageOfHeader, type Language } from '../../schemas/language.ts';

export { LANGUAGES, type Language } from '../../schemas/language.ts';

/** The caller's language from Accept-Language (schemas/language.ts). */
export function languageOf(req: Pick<FastifyRequest, 'headers'>): Language {
  const header = req.headers['accept-language'];
  return languageOfHeader(Array.isArray(header) ? header[0] : header);
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
