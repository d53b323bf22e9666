/**
 * Keyboard shortcuts for the bar's actions (Alt + a letter, matched on the physical key so
 * macOS's Option characters still match). The letters avoid the browsers' own Alt keys:
 * Alt+D (address bar), Alt+F/E (Chrome menu), Alt+F/E/V/S/B/T/H (Firefox's menu bar).
 */
import type { PhoneAction } from './state-machine';

export const SHORTCUTS: Record<PhoneAction, string> = {
  dial: 'KeyN',
  ready: 'KeyR',
  toilet: 'KeyW',
  afterCall: 'KeyG',
  hold: 'KeyP',
  resume: 'KeyP',
  hangup: 'KeyK',
  hangupAll: 'KeyK',
  dropThird: 'KeyJ',
  transfer: 'KeyX',
  survey: 'KeyQ',
  answer: 'KeyA',
  leave: 'KeyK',
  completeTransfer: 'KeyC',
  cancelConsult: 'KeyZ',
};

/** What a tooltip shows, e.g. "Alt+K". */
export const shortcutText = (action: PhoneAction): string => `Alt+${SHORTCUTS[action].slice(3)}`;

/** The shown action a key press asks for, or undefined (modifiers other than Alt, or no such action now). */
export function actionForKey(event: Pick<KeyboardEvent, 'altKey' | 'ctrlKey' | 'metaKey' | 'shiftKey' | 'code'>, shown: readonly PhoneAction[]): PhoneAction | undefined {
  if (!event.altKey || event.ctrlKey || event.metaKey || event.shiftKey) return undefined;
  return shown.find((action) => SHORTCUTS[action] === event.code);
}
