/**
 * How a fresh client message reaches an agent who is not looking at it (spec sections 4 and 9):
 * a chime; off the inbox screen, the persistent "you have new webchat message" notice (until
 * closed) and a notice per message (truncated, at most ~5, closing after 10 s); when the tab is
 * hidden, a desktop notification the same way (unless the user turned them off in the personal
 * center). Clicking any of them opens the chat.
 */
import type { NotificationInstance } from 'antd/es/notification/interface';
import type { TFunction } from 'i18next';
import { useSession } from '../app/session';
import { chime } from './sound';
import { NOTICE_SECONDS, noticeText, pushCapped } from './notices';
import type { ClientNotice } from './store';

export const PERSISTENT_KEY = 'chat-new-message';
/** Bottom right: at the top they would cover the header's buttons, the chat one included. */
const PLACEMENT = 'bottomRight';

export interface NotifierDeps {
  notification: NotificationInstance;
  t: TFunction;
  /** The inbox screen is mounted. */
  onScreen(): boolean;
  /** Opens the inbox on this chat. */
  open(chatId: string): void;
}

/** Keys of the in-page notices on screen now (one notifier per page: the shell's listener). */
let inPage: string[] = [];

/** The agent opened the inbox: every chat notice, the persistent one included, has done its job. */
export function clearNotices(notification: NotificationInstance): void {
  for (const key of [PERSISTENT_KEY, ...inPage]) notification.destroy(key);
  inPage = [];
}

export function createNotifier(deps: NotifierDeps): (notice: ClientNotice, watching: boolean) => void {
  let desktop: Notification[] = [];
  let count = 0;

  const desktopNotice = (title: string, body: string, chatId: string) => {
    if (!useSession.getState().notifyDesktop || typeof Notification === 'undefined' || Notification.permission !== 'granted') return;
    const note = new Notification(title, { body, tag: `chat-${chatId}-${count}` });
    note.onclick = () => {
      window.focus();
      deps.open(chatId);
      note.close();
    };
    setTimeout(() => note.close(), NOTICE_SECONDS * 1000);
    const next = pushCapped(desktop, note);
    desktop = next.list;
    for (const old of next.dropped) old.close();
  };

  return (notice, watching) => {
    const hidden = document.hidden;
    if (!watching || hidden) chime();
    if (deps.onScreen() && !hidden) return;
    count += 1;
    const shown = noticeText(notice.contentType, notice.content);
    const body = 'text' in shown ? shown.text : deps.t(shown.key);
    const title = deps.t('chat.notify.from', { name: notice.chatName });
    if (hidden) desktopNotice(title, body, notice.chatId);
    deps.notification.info({
      key: PERSISTENT_KEY,
      message: deps.t('chat.notify.persistent'),
      duration: 0,
      placement: PLACEMENT,
      onClick: () => deps.open(notice.chatId),
    });
    const key = `chat-msg-${count}`;
    deps.notification.open({
      key,
      message: title,
      description: body,
      duration: NOTICE_SECONDS,
      placement: PLACEMENT,
      onClick: () => {
        deps.notification.destroy(key);
        deps.open(notice.chatId);
      },
      onClose: () => {
        inPage = inPage.filter((k) => k !== key);
      },
    });
    const next = pushCapped(inPage, key);
    inPage = next.list;
    for (const old of next.dropped) deps.notification.destroy(old);
  };
}
