/**
 * The ring, generated with WebAudio (no sound file to ship): a two-tone burst every 3 s while
 * a call rings. Audio states of spec section 4: start rings, restart rings again from the top
 * (another call while ringing), pause stops, add plays one short chirp (a transferred call
 * arriving). Browsers refuse to play before the user has touched the page; the ring is then
 * silent and the pop-up and notification still show the call.
 */
import type { AudioState } from './store';

const CYCLE_MS = 3000;

export function createRinger(): (state: AudioState) => void {
  let context: AudioContext | null = null;
  let timer: ReturnType<typeof setInterval> | undefined;

  const tone = (from: number, length: number, frequency: number) => {
    if (typeof AudioContext === 'undefined') return;
    context ??= new AudioContext();
    if (context.state === 'suspended') void context.resume().catch(() => undefined);
    const start = context.currentTime + from;
    const osc = context.createOscillator();
    const gain = context.createGain();
    osc.frequency.value = frequency;
    gain.gain.setValueAtTime(0.0001, start);
    gain.gain.exponentialRampToValueAtTime(0.2, start + 0.02);
    gain.gain.exponentialRampToValueAtTime(0.0001, start + length);
    osc.connect(gain).connect(context.destination);
    osc.start(start);
    osc.stop(start + length);
  };
  const burst = () => {
    tone(0, 0.4, 480);
    tone(0.5, 0.4, 440);
  };

  return (state) => {
    if (state === 'add') return tone(0, 0.15, 880);
    clearInterval(timer);
    timer = undefined;
    if (state === 'pause') return;
    burst();
    timer = setInterval(burst, CYCLE_MS);
  };
}
