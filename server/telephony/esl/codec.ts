/**
 * Event Socket wire codec. Frames are parsed from Buffers because Content-Length counts
 * bytes, and TCP splits and merges frames anywhere (inside a UTF-8 character too).
 * Both directions live here: FreeSWITCH -> client frames (FrameParser, encodeFrame,
 * encodeEvent) and client -> FreeSWITCH commands (encodeCommand, CommandParser).
 */
import { parseEventBody, serializeEvent } from './event-formats.ts';
import { EslError, type EslCommand, type EslEvent, type EslFrame, type EventFormat } from './types.ts';

/** A header block larger than this is a protocol error (FreeSWITCH's own are a few KiB). */
export const MAX_HEADER_BYTES = 64 * 1024;
/** A Content-Length above this is a protocol error rather than a reason to buffer forever. */
export const MAX_BODY_BYTES = 16 * 1024 * 1024;

const LF = 0x0a;
const CR = 0x0d;
const EMPTY = Buffer.alloc(0);

/** Where the blank line ending a header block is: [end of headers, start of body], or null. */
function findBlankLine(buf: Buffer, from: number): [number, number] | null {
  let i = buf.indexOf(LF, from);
  while (i !== -1) {
    if (buf[i + 1] === LF) return [i, i + 2];
    if (buf[i + 1] === CR && buf[i + 2] === LF) return [i, i + 3];
    i = buf.indexOf(LF, i + 1);
  }
  return null;
}

/** `Name: value` lines -> record with lower-cased names; the first colon splits. */
function parseHeaderLines(lines: string[]): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const raw of lines) {
    const line = raw.endsWith('\r') ? raw.slice(0, -1) : raw;
    if (line === '') continue;
    const colon = line.indexOf(':');
    if (colon <= 0) throw new EslError('PROTOCOL', `malformed header line: ${line.slice(0, 80)}`);
    let start = colon + 1;
    while (line.charCodeAt(start) === 0x20) start++;
    headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(start);
  }
  return headers;
}

function contentLengthOf(headers: Record<string, string>): number {
  const value = headers['content-length'];
  if (value === undefined) return 0;
  if (!/^\d{1,9}$/.test(value.trim())) throw new EslError('PROTOCOL', `bad Content-Length: ${value.slice(0, 20)}`);
  const length = Number(value.trim());
  if (length > MAX_BODY_BYTES) throw new EslError('PROTOCOL', `Content-Length ${length} over the ${MAX_BODY_BYTES} byte limit`);
  return length;
}

/**
 * Incremental block parser shared by both directions: a header block ended by a blank
 * line, then Content-Length bytes. After a protocol error it stays failed: the stream is
 * out of step and the connection must be dropped.
 */
abstract class BlockParser<T> {
  private pending: Buffer = EMPTY;
  /** Bytes of `pending` already searched for the blank line. */
  private scanned = 0;
  private head: string[] | null = null;
  private headHeaders: Record<string, string> = {};
  private need = 0;
  private bodyParts: Buffer[] = [];
  private bodyLength = 0;
  private failed: EslError | null = null;

  protected abstract build(lines: string[], headers: Record<string, string>, body: Buffer): T;

  push(chunk: Buffer): T[] {
    if (this.failed) throw this.failed;
    const out: T[] = [];
    try {
      this.consume(chunk, out);
    } catch (error) {
      this.failed = error instanceof EslError ? error : new EslError('PROTOCOL', String(error));
      throw this.failed;
    }
    return out;
  }

  private consume(chunk: Buffer, out: T[]): void {
    let buf = chunk;
    for (;;) {
      if (this.head) {
        // Body: collect parts without copying until the whole body is there.
        const take = Math.min(this.need - this.bodyLength, buf.length);
        if (take > 0) {
          this.bodyParts.push(buf.subarray(0, take));
          this.bodyLength += take;
          buf = buf.subarray(take);
        }
        if (this.bodyLength < this.need) return;
        const body = this.bodyParts.length === 1 ? this.bodyParts[0]! : Buffer.concat(this.bodyParts, this.need);
        this.emit(body, out);
        continue;
      }
      if (buf.length === 0) return;
      this.pending = this.pending.length === 0 ? buf : Buffer.concat([this.pending, buf]);
      buf = EMPTY;
      // Blank lines between frames carry nothing.
      let skip = 0;
      while (this.pending[skip] === LF || (this.pending[skip] === CR && this.pending[skip + 1] === LF)) {
        skip += this.pending[skip] === LF ? 1 : 2;
      }
      if (skip) {
        this.pending = this.pending.subarray(skip);
        this.scanned = 0;
      }
      const found = findBlankLine(this.pending, Math.max(0, this.scanned - 2));
      if (!found) {
        if (this.pending.length > MAX_HEADER_BYTES) {
          throw new EslError('PROTOCOL', `header block over ${MAX_HEADER_BYTES} bytes`);
        }
        this.scanned = this.pending.length;
        return;
      }
      const [end, bodyStart] = found;
      if (end > MAX_HEADER_BYTES) throw new EslError('PROTOCOL', `header block over ${MAX_HEADER_BYTES} bytes`);
      const lines = this.pending.toString('utf8', 0, end).split('\n');
      this.headHeaders = this.headersOf(lines);
      this.need = contentLengthOf(this.headHeaders);
      this.head = lines;
      buf = this.pending.subarray(bodyStart);
      this.pending = EMPTY;
      this.scanned = 0;
    }
  }

  /** Which lines hold headers (a command's first line does not). */
  protected abstract headersOf(lines: string[]): Record<string, string>;

  private emit(body: Buffer, out: T[]): void {
    const lines = this.head!;
    this.head = null;
    this.need = 0;
    this.bodyParts = [];
    this.bodyLength = 0;
    out.push(this.build(lines, this.headHeaders, body));
  }
}

/** Frames from FreeSWITCH (or from our EslServer) to a client. */
export class FrameParser extends BlockParser<EslFrame> {
  protected headersOf(lines: string[]): Record<string, string> {
    return parseHeaderLines(lines);
  }

  protected build(_lines: string[], headers: Record<string, string>, body: Buffer): EslFrame {
    return { headers, body };
  }
}

/** Commands from a client to FreeSWITCH (or to our EslServer): first line, headers, body. */
export class CommandParser extends BlockParser<EslCommand> {
  protected headersOf(lines: string[]): Record<string, string> {
    return parseHeaderLines(lines.slice(1));
  }

  protected build(lines: string[], headers: Record<string, string>, body: Buffer): EslCommand {
    const first = lines[0] ?? '';
    return { line: first.endsWith('\r') ? first.slice(0, -1) : first, headers, body };
  }
}

const LINE_BREAK = /[\r\n]/;

/**
 * One command frame. A CR or LF inside the line or a header would end the frame early
 * and let the rest run as a second command, so they are refused here whatever the
 * callers validated before (defence in depth).
 */
export function encodeCommand(line: string, headers: Record<string, string> = {}): Buffer {
  if (line.trim() === '') throw new EslError('BAD_COMMAND', 'empty command');
  if (LINE_BREAK.test(line)) throw new EslError('BAD_COMMAND', 'line break in a command');
  let text = `${line}\n`;
  for (const [name, value] of Object.entries(headers)) {
    if (!/^[A-Za-z0-9_.-]+$/.test(name)) throw new EslError('BAD_COMMAND', `bad header name: ${name.slice(0, 40)}`);
    if (LINE_BREAK.test(value)) throw new EslError('BAD_COMMAND', `line break in header ${name}`);
    text += `${name}: ${value}\n`;
  }
  return Buffer.from(`${text}\n`, 'utf8');
}

/**
 * A frame as FreeSWITCH writes one (`Content-Type: command/reply`, `api/response`...):
 * the headers in the given order, then Content-Length (bytes) when there is a body.
 */
export function encodeFrame(headers: Record<string, string>, body?: string | Buffer): Buffer {
  const bytes = body === undefined ? EMPTY : typeof body === 'string' ? Buffer.from(body, 'utf8') : body;
  let head = '';
  for (const [name, value] of Object.entries(headers)) {
    if (name.toLowerCase() === 'content-length') continue;
    head += `${name}: ${value}\n`;
  }
  if (bytes.length > 0) head += `Content-Length: ${bytes.length}\n`;
  head += '\n';
  return bytes.length > 0 ? Buffer.concat([Buffer.from(head, 'utf8'), bytes]) : Buffer.from(head, 'utf8');
}

/** An event frame in the subscriber's format, shaped like mod_event_socket's. */
export function encodeEvent(format: EventFormat, headers: Record<string, string>, body?: string): Buffer {
  const inner = Buffer.from(serializeEvent(format, headers, body), 'utf8');
  const head = Buffer.from(`Content-Length: ${inner.length}\nContent-Type: text/event-${format}\n\n`, 'utf8');
  return Buffer.concat([head, inner]);
}

const EVENT_TYPES: Record<string, EventFormat> = {
  'text/event-plain': 'plain',
  'text/event-json': 'json',
  'text/event-xml': 'xml',
};

/** The event a frame carries, or null when the frame is not an event (a reply, a notice). */
export function parseEvent(frame: EslFrame): EslEvent | null {
  const format = EVENT_TYPES[frame.headers['content-type'] ?? ''];
  if (!format) return null;
  const { headers, body } = parseEventBody(format, frame.body);
  const name = headers['event-name'];
  if (!name) throw new EslError('PROTOCOL', 'event without Event-Name');
  const subclass = headers['event-subclass'];
  return subclass === undefined ? { name, headers, body } : { name, subclass, headers, body };
}
