/**
 * The console's one chat store, wired to the browser: the real WebSocket to /ws/chat and a hook
 * for the notifier (ChatListener registers it: notifications need antd's App context and the router). Loaded with the listener or the inbox screen only.
 */
import { useStore } from 'zustand';
import { socketAddress } from '../lib/api-url';
import { tokenStore } from '../lib/token';
import { createChatStore, type ChatState, type ClientNotice } from './store';

/** ws(s)://<api host>/ws/chat?token=... (the hub's refusals come in the browser's language). */
export function socketUrl(): string | null {
  const token = tokenStore.get();
  return token ? socketAddress('/ws/chat', { token }) : null;
}

let notify: (notice: ClientNotice, watching: boolean) => void = () => undefined;
/** Who hears about fresh client messages (one listener: the shell's). */
export function setClientMessageHandler(handler: (notice: ClientNotice, watching: boolean) => void): () => void {
  notify = handler;
  return () => {
    if (notify === handler) notify = () => undefined;
  };
}

export const chatStore = createChatStore({
  socketUrl,
  createSocket: typeof WebSocket === 'undefined' ? undefined : (url) => new WebSocket(url),
  now: () => Date.now(),
  log: (message) => console.warn(message),
  // getRandomValues, not randomUUID: the latter exists only on HTTPS, and intranets serve plain HTTP.
  newId: () => Array.from(crypto.getRandomValues(new Uint8Array(16)), (b) => b.toString(16).padStart(2, '0')).join(''),
  onClientMessage: (notice, watching) => notify(notice, watching),
});

export const useChat = <T,>(select: (state: ChatState) => T): T => useStore(chatStore, select);
