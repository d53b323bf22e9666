import { h, show } from './dom.ts';
import { visibleToVisitor } from '../../schemas/protocol/chat.ts';
import { messageView, pendingView } from './message-view.ts';
import { agentTyping, wantsRating, type WidgetState } from './state.ts';
import type { WidgetClient } from './client.ts';
import type { Lang, textsOf } from './texts.ts';

export interface ViewOptions {
  title: string;
  lang: Lang;
  t: ReturnType<typeof textsOf>;
  upload(file: File, token: string): Promise<{ url: string; messageType: 'text' | 'image' | 'file' | 'sound' }>;
}

/**
 * The widget's screen, built once; `update` changes only what a new state changed. Messages are
 * keyed by seq and added in place (a late one goes before the first higher seq); what is shown is
 * always text nodes or elements built here, never parsed markup.
 */
export function mountWidget(root: HTMLElement, client: () => WidgetClient, o: ViewOptions) {
  const { t } = o;
  const shown = new Map<number, HTMLElement>();
  const msgs = h('div', { class: 'ccw-msgs' });
  const pending = h('div', { class: 'ccw-msgs' });
  const log = h('div', { class: 'ccw-log', role: 'log', 'aria-live': 'polite' }, msgs, pending);
  const status = h('div', { class: 'ccw-status' });
  const typing = h('div', { class: 'ccw-typing' }, t('typing'));
  const error = h('div', { class: 'ccw-error', role: 'alert' });
  const endButton = h('button', { type: 'button', class: 'ccw-end' }, t('endChat'));

  const nameInput = h('input', { class: 'ccw-name', maxlength: '64', placeholder: t('namePlaceholder'), 'aria-label': t('namePlaceholder') });
  const startForm = h('form', { class: 'ccw-start' }, nameInput, h('button', { type: 'submit' }, t('start')));

  const input = h('textarea', { class: 'ccw-input', rows: '2', maxlength: '4000', placeholder: t('placeholder'), 'aria-label': t('placeholder') });
  const fileInput = h('input', { type: 'file', class: 'ccw-file-input', accept: 'image/*,audio/*,.pdf,.txt,.docx,.xlsx', 'aria-label': t('attach') });
  const attach = h('label', { class: 'ccw-attach', title: t('attach') }, '📎', fileInput);
  const composer = h('form', { class: 'ccw-composer' }, attach, input, h('button', { type: 'submit' }, t('send')));

  const stars = [1, 2, 3, 4, 5].map((n) => h('button', { type: 'button', class: 'ccw-star', 'data-rating': String(n), 'aria-label': t('star', { n }) }, '★'));
  const rating = h('div', { class: 'ccw-rating' }, h('div', {}, t('rate')), h('div', { class: 'ccw-stars' }, ...stars));
  const newChat = h('button', { type: 'button', class: 'ccw-new' }, t('newChat'));
  const done = h('div', { class: 'ccw-done' }, h('div', { class: 'ccw-thanks' }), newChat);

  root.append(h('div', { class: 'ccw' },
    h('header', { class: 'ccw-head' }, h('span', { class: 'ccw-title' }, o.title), endButton),
    status, log, typing, error, startForm, composer, rating, done));

  let last: WidgetState | null = null;

  startForm.addEventListener('submit', (e) => {
    e.preventDefault();
    client().start(nameInput.value);
  });
  composer.addEventListener('submit', (e) => {
    e.preventDefault();
    const text = input.value.trim();
    if (!text) return;
    client().write('text', text);
    input.value = '';
  });
  input.addEventListener('keydown', (e) => {
    if (e.key === 'Enter' && !e.shiftKey && !e.isComposing) {
      e.preventDefault();
      composer.requestSubmit();
    }
  });
  input.addEventListener('input', () => client().typing(input.value));
  fileInput.addEventListener('change', () => {
    const file = fileInput.files?.[0];
    const token = client().state.token;
    fileInput.value = '';
    if (!file || !token) return;
    error.textContent = t('uploading');
    o.upload(file, token).then(
      (up) => {
        error.textContent = '';
        client().write(up.messageType, up.url);
      },
      (err: Error) => {
        error.textContent = `${t('uploadFailed')}: ${err.message}`;
      },
    );
  });
  endButton.addEventListener('click', () => client().end());
  for (const star of stars) star.addEventListener('click', () => client().rate(Number(star.dataset.rating)));
  newChat.addEventListener('click', () => {
    for (const el of shown.values()) el.remove();
    shown.clear();
    client().restart(nameInput.value);
  });

  const addMessages = (s: WidgetState) => {
    const agentName = s.chat?.agent?.serverChatName ?? '';
    // What the customer sees, in order: system lines written for the agents stay out.
    const visible = s.messages.filter((m) => m.role !== 'sys' || visibleToVisitor(m.content)).sort((a, b) => a.seq - b.seq);
    for (const [i, m] of visible.entries()) {
      if (shown.has(m.seq)) continue;
      const el = messageView(m, s.token, agentName, t, o.lang, visible[i - 1]?.createTime);
      const after = [...shown.keys()].filter((seq) => seq > m.seq).sort((a, b) => a - b)[0];
      msgs.insertBefore(el, after === undefined ? null : shown.get(after)!);
      shown.set(m.seq, el);
    }
  };

  return {
    update(s: WidgetState, online: boolean) {
      addMessages(s);
      pending.replaceChildren(...s.pending.map((p) => pendingView(p, s.token, t)));
      if (s.messages.length !== last?.messages.length || s.pending !== last.pending) log.scrollTop = log.scrollHeight;
      const started = s.chat !== null || s.token !== null;
      const closed = s.chat?.state === 'closed';
      show(startForm, !started);
      show(composer, started && !closed);
      show(endButton, started && !closed && online);
      show(rating, wantsRating(s));
      show(done, closed && !wantsRating(s));
      done.firstElementChild!.textContent = closed && s.chat?.rating ? t('thanks') : t('closed');
      show(typing, !closed && agentTyping(s, Date.now()));
      status.textContent = started && !online && !closed ? t('reconnecting')
        : s.chat?.state === 'queued' ? t('queued')
        : s.chat?.state === 'assigned' ? t('agent', { name: s.chat.agent?.serverChatName ?? '' })
        : closed ? t('closed') : '';
      if (s.error && s.error !== last?.error) error.textContent = s.error;
      last = s;
    },
  };
}
