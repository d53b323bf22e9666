/**
 * What the notifications show (spec section 9): content truncated to 24 characters plus an
 * ellipsis when over 25, at most ~5 on screen (the oldest gives way), each closing after 10 s;
 * and which messages deserve one at all (a client's, fresh: not a replay of old history).
 */
import type { ContentType } from './types';

export const NOTICE_CAP = 5;
export const NOTICE_SECONDS = 10;
/** Older messages (history replayed after reopening the browser) raise no notification (ANCHORS.md: drop stale notifications). */
export const STALE_NOTICE_MS = 5 * 60_000;
const KEEP = 24;
const LIMIT = 25;

/** Counted in characters as people see them (code points), so an emoji is never cut in half. */
export function truncate(text: string): string {
  const chars = Array.from(text);
  // A space before the ellipsis reads as a mistake: it goes.
  return chars.length > LIMIT ? `${chars.slice(0, KEEP).join('').trimEnd()}...` : text;
}

/** The list with `item` added last and the oldest dropped beyond `cap`; `dropped` are the ones to close. */
export function pushCapped<T>(list: readonly T[], item: T, cap = NOTICE_CAP): { list: T[]; dropped: T[] } {
  const all = [...list, item];
  const over = Math.max(0, all.length - cap);
  return { list: all.slice(over), dropped: all.slice(0, over) };
}

/** A notification's text: the message itself for text, an i18n key for the other kinds (their content is a file address). */
export function noticeText(contentType: ContentType, content: string): { text: string } | { key: string } {
  return contentType === 'text' ? { text: truncate(content) } : { key: `chat.kind.${contentType}` };
}
