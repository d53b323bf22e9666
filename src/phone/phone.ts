/**
 * The console's one phone store, wired to the browser: the app's HTTP client, the real
 * WebSocket, WebAudio's ring, desktop notifications, hash navigation for pop-ups,
 * navigator.sendBeacon and the tab's sessionStorage. Loaded with the phone bar only (never on the login page).
 */
import { useStore } from 'zustand';
import i18n from '../app/i18n';
import { http } from '../app/providers';
import { socketAddress } from '../lib/api-url';
import { tokenStore } from '../lib/token';
import type { TabStorage } from './reload-memory';
import { createRinger } from './ringer';
import { createPhoneStore, type PhoneState } from './store';

const apiBase = import.meta.env.VITE_API_BASE ?? '';

/** ws(s)://<api host>/ws?token=...&lang=... (the server localises ERROR frames by lang). */
export function socketUrl(): string | null {
  const token = tokenStore.get();
  return token ? socketAddress('/ws', { token, lang: i18n.language === 'en' ? 'en' : 'zh' }) : null;
}

/** A notification only when the agent is looking elsewhere; clicking it brings the console forward. */
function notifyIncoming(phoneNo: string): void {
  if (typeof Notification === 'undefined' || Notification.permission !== 'granted' || !document.hidden) return;
  const note = new Notification(i18n.t('phone.notify.title'), { body: i18n.t('phone.notify.body', { phoneNo }), tag: 'phone-ring' });
  note.onclick = () => {
    window.focus();
    note.close();
  };
}

/** sessionStorage, when the browser lets the page use it (reading it throws where storage is blocked). */
function tabStorage(): TabStorage | undefined {
  try {
    return typeof sessionStorage === 'undefined' ? undefined : sessionStorage;
  } catch {
    return undefined;
  }
}

export const phoneStore = createPhoneStore({
  http,
  socketUrl,
  createSocket: typeof WebSocket === 'undefined' ? undefined : (url) => new WebSocket(url),
  now: () => Date.now(),
  log: (message) => console.warn(message),
  open: (path) => {
    window.location.hash = `#${path}`;
  },
  ring: createRinger(),
  notifyIncoming,
  sendBeacon: typeof navigator !== 'undefined' && navigator.sendBeacon ? (url, body) => navigator.sendBeacon(`${apiBase}${url}`, body) : undefined,
  token: () => tokenStore.get(),
  tabStorage: tabStorage(),
});

export const usePhone = <T,>(select: (state: PhoneState) => T): T => useStore(phoneStore, select);
