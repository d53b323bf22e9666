import { useVisitedTabs } from '../shell/tabs/visited-tabs';
import { useSession } from './session';

/** Fired just before a reset replaces the page; main.tsx unmounts the app on it. */
export const LEAVE_EVENT = 'console:leave';

/** How a reset leaves the page; tests pass a spy. */
export interface ResetEffects {
  leave(): void;
}

const browserEffects: ResetEffects = {
  leave: () => {
    // Unmounting first runs every cleanup (later: phone and chat sockets) and stops the
    // old page from navigating while the new one loads.
    window.dispatchEvent(new Event(LEAVE_EVENT));
    // The address without its fragment is a full page load, not a hash change, so the URL
    // shows the login page only once the fresh console (no token) has opened it.
    window.location.replace(window.location.pathname + window.location.search);
  },
};

/**
 * Spec section 4: logout or reset clears the session, then reloads. Reloading drops
 * everything held in memory (query caches, sockets, another user's data) in one go.
 */
export function resetSession(effects: ResetEffects = browserEffects): void {
  useSession.getState().reset();
  // The next user starts without the last one's tabs (issue 24 item 5).
  useVisitedTabs.getState().clear();
  effects.leave();
}
