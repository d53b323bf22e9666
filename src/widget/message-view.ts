import { systemText, type ChatMessageFrame } from '../../schemas/protocol/chat.ts';
import { h } from './dom.ts';
import { isOwnFileUrl, type Pending } from './state.ts';
import type { textsOf } from './texts.ts';
import { localDate, localHourMinute } from '../../schemas/local-time.ts';

type T = ReturnType<typeof textsOf>;

/** A file of this chat as the visitor may fetch it: an <img> or <a> cannot send headers, so the token rides in the query. */
const fileSrc = (url: string, token: string | null) => `${url}?chatToken=${encodeURIComponent(token ?? '')}`;

const time = (iso: string) => {
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? '' : localHourMinute(d);
};

/**
 * A message's body. Text is always text. Images, files and sounds are shown as such only when
 * their content is one of this server's upload URLs; anything else (a foreign URL, markup) is
 * shown as the text it is.
 */
export function body(m: Pick<ChatMessageFrame, 'contentType' | 'content' | 'fileName'>, token: string | null, t: T): Node {
  if (m.contentType !== 'text' && isOwnFileUrl(m.content)) {
    const src = fileSrc(m.content, token);
    if (m.contentType === 'image') {
      return h('a', { href: src, target: '_blank', rel: 'noopener noreferrer' }, h('img', { class: 'ccw-img', src, alt: t('image') }));
    }
    if (m.contentType === 'sound') return h('audio', { controls: true, preload: 'none', src });
    return h('a', { class: 'ccw-file', href: src, download: '', rel: 'noopener noreferrer' }, `📎 ${m.fileName || t('file')}`);
  }
  return h('span', { class: 'ccw-text' }, m.content);
}

/** Two messages further apart than this get a line with the time between them. */
export const SEPARATOR_GAP_MS = 5 * 60_000;

/** The separator's text before a message written `iso`, after one written `previous`: the time, with the day when it changed; null within the gap. */
export function separatorText(previous: string | undefined, iso: string): string | null {
  const at = new Date(iso);
  if (Number.isNaN(at.getTime())) return null;
  const before = previous === undefined ? null : new Date(previous);
  if (before && !Number.isNaN(before.getTime()) && at.getTime() - before.getTime() <= SEPARATOR_GAP_MS) return null;
  return !before || before.toDateString() !== at.toDateString() ? `${localDate(at)} ${time(iso)}` : time(iso);
}

/** A message as the visitor sees it, after a time separator when `previous` (the message before it) is over 5 minutes older. */
export function messageView(m: ChatMessageFrame, token: string | null, agentName: string, t: T, lang: 'zh' | 'en', previous?: string): HTMLElement {
  const separator = separatorText(previous, m.createTime);
  const line = separator === null ? [] : [h('div', { class: 'ccw-time', 'data-testid': 'ccw-time' }, separator)];
  if (m.role === 'sys') return h('div', { 'data-seq': String(m.seq) }, ...line, h('div', { class: 'ccw-sys' }, systemText(m.content, lang)));
  const who = m.role === 'client' ? t('you') : agentName;
  return h('div', { 'data-seq': String(m.seq) }, ...line,
    h('div', { class: `ccw-msg ccw-${m.role}` },
      h('div', { class: 'ccw-meta' }, `${who} ${time(m.createTime)}`),
      h('div', { class: 'ccw-bubble' }, body(m, token, t))));
}

export function pendingView(p: Pending, token: string | null, t: T): HTMLElement {
  return h('div', { class: 'ccw-msg ccw-client ccw-pending' },
    h('div', { class: 'ccw-meta' }, t('sending')),
    h('div', { class: 'ccw-bubble' }, body(p, token, t)));
}
