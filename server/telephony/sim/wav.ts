/**
 * The simulator's recordings: a WAV file (RIFF, PCM, 8 kHz, mono, 16-bit) holding a quiet
 * tone as long as the recorded call, so the console's player has real audio to seek in.
 */
import fs from 'node:fs/promises';
import path from 'node:path';

export const WAV_RATE = 8000;
/** Longer recordings are cut here (about 27 MB): the simulator's files are demo material. */
export const MAX_WAV_SECONDS = 30 * 60;
const HEADER_BYTES = 44;
const TONE_HZ = 400;

/** One second of a 400 Hz tone at a tenth of full scale: audible, not loud. */
const ONE_SECOND = Buffer.alloc(WAV_RATE * 2);
for (let i = 0; i < WAV_RATE; i++) ONE_SECOND.writeInt16LE(Math.round(3000 * Math.sin((2 * Math.PI * TONE_HZ * i) / WAV_RATE)), i * 2);

export function wavBytes(seconds: number): Buffer {
  const samples = Math.max(1, Math.min(MAX_WAV_SECONDS, Math.round(seconds))) * WAV_RATE;
  const data = samples * 2;
  const buf = Buffer.alloc(HEADER_BYTES + data);
  buf.write('RIFF', 0, 'ascii');
  buf.writeUInt32LE(36 + data, 4);
  buf.write('WAVE', 8, 'ascii');
  buf.write('fmt ', 12, 'ascii');
  buf.writeUInt32LE(16, 16); // PCM fmt chunk size
  buf.writeUInt16LE(1, 20); // PCM
  buf.writeUInt16LE(1, 22); // mono
  buf.writeUInt32LE(WAV_RATE, 24);
  buf.writeUInt32LE(WAV_RATE * 2, 28); // byte rate
  buf.writeUInt16LE(2, 32); // block align
  buf.writeUInt16LE(16, 34); // bits per sample
  buf.write('data', 36, 'ascii');
  buf.writeUInt32LE(data, 40);
  // The same second over and over (400 Hz divides the rate): copying it is far quicker than
  // computing every sample of a long call, which would stall the event loop for seconds.
  buf.fill(ONE_SECOND, HEADER_BYTES);
  return buf;
}

export async function writeWav(file: string, seconds: number): Promise<void> {
  await fs.mkdir(path.dirname(file), { recursive: true });
  await fs.writeFile(file, wavBytes(seconds));
}
