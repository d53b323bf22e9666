/**
 * bench/phone-codec: Event Socket codec throughput on event frames (target: at least
 * 50 MB/s). A stream of FreeSWITCH-sized channel events (about 150 headers, as a real
 * CHANNEL_CREATE carries) is cut into 64 KiB reads, like a busy socket, and parsed into
 * frames alone, then into frames and decoded events; also the encoder's rate.
 * Rates are MB per CPU-second of the benchmark process.
 * Run: npm run bench:phone-codec   (writes bench/out/phone-codec.json; copy the figures into RESULTS.md)
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { encodeEvent, FrameParser, parseEvent } from '../server/telephony/esl/codec.ts';
import type { EventFormat } from '../server/telephony/esl/types.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const READ_SIZE = 64 * 1024;
const STREAM_BYTES = 64 * 1024 * 1024;
const ROUNDS = 5;

/** A channel event shaped like FreeSWITCH's: core headers, caller profile, channel variables. */
function channelEvent(i: number): Record<string, string> {
  const uuid = `4f6b1c52-8e8a-4c3e-9a0b-${String(i).padStart(12, '0')}`;
  const headers: Record<string, string> = {
    'Event-Name': i % 3 === 0 ? 'CHANNEL_CREATE' : i % 3 === 1 ? 'CHANNEL_ANSWER' : 'CHANNEL_HANGUP_COMPLETE',
    'Core-UUID': '9d3a1f2e-2c1b-4f0e-8a7d-5b6c4d3e2f1a',
    'FreeSWITCH-Hostname': 'switch-01',
    'Event-Date-Local': '2026-11-23 12:00:00',
    'Event-Date-Timestamp': String(1795435200000000 + i),
    'Unique-ID': uuid,
    'Channel-Call-UUID': uuid,
    'Channel-Name': `sofia/internal/1101@10.0.0.${i % 250}`,
    'Caller-Caller-ID-Name': '张三',
    'Caller-Caller-ID-Number': '+8613800138000',
    'Caller-Destination-Number': '60011',
    'Call-Direction': 'inbound',
    variable_cc_seat: '8101',
    variable_sip_from_user: '1101',
  };
  for (let v = 0; v < 140; v++) headers[`variable_sip_h_X-Custom-${v}`] = `value ${v}; tag=${uuid.slice(0, 8)}`;
  return headers;
}

function stream(format: EventFormat): { chunks: Buffer[]; bytes: number; frames: number } {
  const frames: Buffer[] = [];
  let bytes = 0;
  for (let i = 0; bytes < STREAM_BYTES; i++) {
    const frame = encodeEvent(format, channelEvent(i));
    frames.push(frame);
    bytes += frame.length;
  }
  const whole = Buffer.concat(frames);
  const chunks: Buffer[] = [];
  for (let offset = 0; offset < whole.length; offset += READ_SIZE) chunks.push(whole.subarray(offset, offset + READ_SIZE));
  return { chunks, bytes: whole.length, frames: frames.length };
}

/**
 * MB per second of this process's CPU time, best of ROUNDS: the machine is shared, and
 * wall time would count the neighbours' work too (the load average is recorded beside).
 */
function rate(bytes: number, run: () => void): number {
  let best = Infinity;
  for (let r = 0; r < ROUNDS; r++) {
    const before = process.cpuUsage();
    run();
    const used = process.cpuUsage(before);
    best = Math.min(best, (used.user + used.system) / 1000);
  }
  return bytes / 1e6 / (best / 1000);
}

const results: Record<string, number> = {};
for (const format of ['plain', 'json'] as const) {
  const { chunks, bytes, frames } = stream(format);
  const frameRate = rate(bytes, () => {
    const parser = new FrameParser();
    let n = 0;
    for (const chunk of chunks) n += parser.push(chunk).length;
    if (n !== frames) throw new Error(`parsed ${n} frames of ${frames}`);
  });
  const eventRate = rate(bytes, () => {
    const parser = new FrameParser();
    for (const chunk of chunks) for (const frame of parser.push(chunk)) parseEvent(frame);
  });
  const sample = channelEvent(1);
  const encodeCount = 20_000;
  const encodedBytes = encodeEvent(format, sample).length * encodeCount;
  const encodeRate = rate(encodedBytes, () => {
    for (let i = 0; i < encodeCount; i++) encodeEvent(format, sample);
  });
  results[`${format}.framesMBps`] = Math.round(frameRate);
  results[`${format}.framesAndEventsMBps`] = Math.round(eventRate);
  results[`${format}.encodeMBps`] = Math.round(encodeRate);
  results[`${format}.frameBytes`] = Math.round(bytes / frames);
  console.log(
    `${format}: ${frames} events of ~${Math.round(bytes / frames)} B in 64 KiB reads: ` +
      `frames ${frameRate.toFixed(0)} MB/s, frames + decoded events ${eventRate.toFixed(0)} MB/s, encode ${encodeRate.toFixed(0)} MB/s`,
  );
}
fs.mkdirSync(path.join(root, 'bench/out'), { recursive: true });
const loadAverage = os.loadavg().map((n) => Number(n.toFixed(2)));
console.log(`load average ${loadAverage.join(' ')} on ${os.cpus().length} cores`);
fs.writeFileSync(
  path.join(root, 'bench/out/phone-codec.json'),
  `${JSON.stringify({ node: process.version, loadAverage, ...results }, null, 2)}\n`,
);
