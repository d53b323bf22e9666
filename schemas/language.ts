/** The two languages of the console, its server's messages and mock mode. */
export type Language = 'zh' | 'en';

export const LANGUAGES: readonly Language[] = ['zh', 'en'];

/**
 * The caller's language from an Accept-Language header: English when its first choice is
 * English, Chinese otherwise (the console's default). The server and mock mode both read it so.
 */
export function languageOfHeader(header: string | null | undefined): Language {
  const first = String(header ?? '').toLowerCase().split(',')[0]?.trim() ?? '';
  return first.startsWith('en') ? 'en' : 'zh';
}
