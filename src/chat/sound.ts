import { useSession } from '../app/session';

/**
 * The new-message chime, generated with WebAudio (no sound file to ship): two short rising
 * notes, loud enough to hear by default (ANCHORS.md: agents complain of silent alerts). An
 * agent may turn it off on the inbox screen or in the personal center; the choice is kept on
 * the server with the user (app/notify-prefs.ts, read from the session). Browsers refuse to play before the user has
 * touched the page: the chime is then silent and the notifications still show.
 */
export const soundOn = (): boolean => useSession.getState().notifySound;

let context: AudioContext | null = null;
/** When the last chime ends (the context's clock): messages that come while it plays share it. */
let playingUntil = 0;
/** The chime's length in seconds: its second note starts at 0.14 s and lasts 0.25 s. */
const CHIME_S = 0.39;

export function chime(): void {
  if (!soundOn() || typeof AudioContext === 'undefined') return;
  context ??= new AudioContext();
  if (context.state === 'suspended') void context.resume().catch(() => undefined);
  // A burst of messages is one chime, not overlapping ones (and 20 a second built 80 audio nodes).
  if (context.currentTime < playingUntil) return;
  playingUntil = context.currentTime + CHIME_S;
  const notes: Array<[number, number]> = [[0, 660], [0.14, 880]];
  for (const [from, frequency] of notes) {
    const start = context.currentTime + from;
    const osc = context.createOscillator();
    const gain = context.createGain();
    osc.frequency.value = frequency;
    gain.gain.setValueAtTime(0.0001, start);
    gain.gain.exponentialRampToValueAtTime(0.35, start + 0.02);
    gain.gain.exponentialRampToValueAtTime(0.0001, start + 0.25);
    osc.connect(gain).connect(context.destination);
    osc.start(start);
    osc.stop(start + 0.25);
  }
}
