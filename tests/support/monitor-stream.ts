import type { FastifyInstance } from 'fastify';
import { EventStreamParser, type StreamEvent } from '../../src/pages/monitor/event-stream.ts';
import { arrivals } from './arrivals.ts';
import { WAIT_MS } from './until.ts';

/** The live seat monitor's event stream, as a test client reads it (the screen's own parser). */
export const MONITOR_PATH = '/api/CallInfo/seatMonitorEvents';
/** How long a test waits for a change to reach the stream (a limit for hangs; the machine may be loaded). */
const WITHIN = WAIT_MS;

export interface Stream {
  status: number;
  /** The first event (received before or after the call) that matches, within `ms` (default WAIT_MS). */
  next: (match: (e: StreamEvent) => boolean, ms?: number) => Promise<StreamEvent>;
  seen: StreamEvent[];
  close: () => void;
  /** Settles when the server ends the stream (or the client closes it). */
  ended: Promise<void>;
}

/** An event stream of `app` (the seat monitor's unless `path` names another, e.g. the work orders' live stream). */
export async function openStream(app: FastifyInstance, token: string | undefined, lastId?: string, path = MONITOR_PATH): Promise<Stream> {
  const address = app.server.address() as { port: number };
  const abort = new AbortController();
  const res = await fetch(`http://127.0.0.1:${address.port}${path}`, {
    headers: { accept: 'text/event-stream', ...(token ? { authorization: `Bearer ${token}` } : {}), ...(lastId ? { 'last-event-id': lastId } : {}) },
    signal: abort.signal,
  });
  const got = arrivals<StreamEvent>('event', (seen) => seen.map((e) => e.data).join(' | '));
  let ended: Promise<void> = Promise.resolve();
  if (res.ok && res.body) {
    const parser = new EventStreamParser();
    const decoder = new TextDecoder();
    const reader = res.body.getReader();
    ended = (async () => {
      for (;;) {
        const { done, value } = await reader.read();
        if (done) return;
        got.push(...parser.push(decoder.decode(value, { stream: true })));
      }
    })().catch(() => undefined);
  }
  const next: Stream['next'] = (match, ms = WITHIN) => got.next(match, ms);
  return { status: res.status, next, seen: got.seen, close: () => abort.abort(), ended };
}

/** A `seat` event of this seat (with this status, when given). */
export const isSeat = (seat: string, status?: number) => (e: StreamEvent) => {
  if (e.event !== 'seat') return false;
  const d = JSON.parse(e.data) as { userSeatNo: string; seat: { status: number | null } | null };
  return d.userSeatNo === seat && (status === undefined || d.seat?.status === status);
};
