// @vitest-environment node
import { describe, expect, it } from 'vitest';
import {
  CommandParser,
  encodeCommand,
  encodeEvent,
  encodeFrame,
  FrameParser,
  MAX_BODY_BYTES,
  MAX_HEADER_BYTES,
  parseEvent,
} from '../../server/telephony/esl/codec.ts';
import type { EslFrame } from '../../server/telephony/esl/types.ts';

const channelHeaders = {
  'Event-Name': 'CHANNEL_CREATE',
  'Unique-ID': '4f6b1c52-8e8a-4c3e-9a0b-2f1d6f2c9e11',
  'Caller-Caller-ID-Number': '+8613800138000',
  'Caller-Caller-ID-Name': '张三 & Sons <VIP>: 100% "ok"',
  'Channel-Name': 'sofia/internal/1101@10.0.0.1',
  variable_cc_seat: '8101',
  'Empty-Value': '',
};

/** A stream of frames of every kind a switch sends, mixed like a busy link. */
function sampleStream(): { bytes: Buffer; frames: number } {
  const parts = [
    encodeFrame({ 'Content-Type': 'auth/request' }),
    encodeFrame({ 'Content-Type': 'command/reply', 'Reply-Text': '+OK accepted' }),
    encodeEvent('plain', channelHeaders, 'body line 1\n\nline 3 — 中文'),
    encodeFrame({ 'Content-Type': 'api/response' }, '+OK 通话已建立\n'),
    encodeEvent('json', { ...channelHeaders, 'Event-Name': 'CHANNEL_ANSWER' }),
    encodeEvent('xml', { ...channelHeaders, 'Event-Name': 'CUSTOM', 'Event-Subclass': 'callcenter::info' }, 'x<y>&z'),
    encodeFrame({ 'Content-Type': 'text/disconnect-notice' }, 'Disconnected, goodbye.\nSee you!\n'),
  ];
  return { bytes: Buffer.concat(parts), frames: parts.length };
}

function parseAll(chunks: Buffer[]): EslFrame[] {
  const parser = new FrameParser();
  return chunks.flatMap((chunk) => parser.push(chunk));
}

/** Frames as plain strings: deep equality on Buffers is slow over thousands of splits. */
function readable(frames: EslFrame[]): string[] {
  return frames.map((f) => `${JSON.stringify(f.headers)}\n${f.body.toString('hex')}`);
}

describe('FrameParser', () => {
  it('gives the same frames whatever byte offset the stream is split at', () => {
    const { bytes, frames } = sampleStream();
    const whole = readable(parseAll([bytes]));
    expect(whole).toHaveLength(frames);
    for (let offset = 1; offset < bytes.length; offset++) {
      const split = readable(parseAll([bytes.subarray(0, offset), bytes.subarray(offset)]));
      expect(split, `split at ${offset}`).toEqual(whole);
    }
  });

  it('parses a stream fed one byte at a time', () => {
    const { bytes, frames } = sampleStream();
    const single = parseAll([...bytes].map((b) => Buffer.from([b])));
    expect(single).toHaveLength(frames);
    expect(single).toEqual(parseAll([bytes]));
  });

  it('parses many frames merged in one chunk', () => {
    const { bytes, frames } = sampleStream();
    const parsed = parseAll([Buffer.concat([bytes, bytes, bytes])]);
    expect(parsed).toHaveLength(frames * 3);
    expect(parsed[frames]).toEqual(parsed[0]);
  });

  it('counts Content-Length in bytes, with a multibyte character across the split', () => {
    const text = '中文 body ✓';
    const frame = encodeFrame({ 'Content-Type': 'api/response' }, text);
    expect(frame.toString()).toContain(`Content-Length: ${Buffer.byteLength(text)}\n`);
    const inside = frame.indexOf(Buffer.from('文')) + 1; // splits the 3-byte character
    const [parsed] = parseAll([frame.subarray(0, inside), frame.subarray(inside)]);
    expect(parsed!.body.toString('utf8')).toBe(text);
  });

  it('matches header names case-insensitively (keys are lower-cased)', () => {
    const [frame] = parseAll([Buffer.from('CONTENT-type: api/response\ncontent-LENGTH: 3\n\n+OK')]);
    expect(frame!.headers).toEqual({ 'content-type': 'api/response', 'content-length': '3' });
    expect(frame!.body.toString()).toBe('+OK');
  });

  it('refuses a header block over the limit and a Content-Length over the limit', () => {
    const parser = new FrameParser();
    expect(() => parser.push(Buffer.from(`X-Big: ${'a'.repeat(MAX_HEADER_BYTES + 1)}`))).toThrow(/header block/);
    expect(() => parser.push(Buffer.from('\n\n'))).toThrow(/header block/); // stays failed
    expect(() => new FrameParser().push(Buffer.from(`Content-Length: ${MAX_BODY_BYTES + 1}\n\n`))).toThrow(
      /Content-Length/,
    );
    expect(() => new FrameParser().push(Buffer.from('Content-Length: -4\n\n'))).toThrow(/Content-Length/);
    expect(() => new FrameParser().push(Buffer.from('no colon here\n\n'))).toThrow(/malformed header/);
  });

  it('accepts a body of exactly the maximum size announced across many chunks', () => {
    const parser = new FrameParser();
    expect(parser.push(Buffer.from(`Content-Length: ${MAX_BODY_BYTES}\n\n`))).toEqual([]);
    const chunk = Buffer.alloc(1024 * 1024, 0x61);
    const frames = Array.from({ length: 16 }, () => parser.push(chunk)).flat();
    expect(frames).toHaveLength(1);
    expect(frames[0]!.body.length).toBe(MAX_BODY_BYTES);
  });
});

describe('events', () => {
  for (const format of ['plain', 'json', 'xml'] as const) {
    it(`round-trip through the ${format} encoder with values decoded and names lower-cased`, () => {
      const body = 'line 1\nline 2 <b>&amp;</b> 中文';
      const [frame] = parseAll([encodeEvent(format, channelHeaders, body)]);
      expect(frame!.headers['content-type']).toBe(`text/event-${format}`);
      const event = parseEvent(frame!);
      expect(event).toEqual({
        name: 'CHANNEL_CREATE',
        headers: Object.fromEntries(Object.entries(channelHeaders).map(([k, v]) => [k.toLowerCase(), v])),
        body,
      });
    });
  }

  it('plain values are URL-encoded on the wire the way FreeSWITCH writes them', () => {
    const text = encodeEvent('plain', channelHeaders).toString();
    expect(text).toContain('Channel-Name: sofia/internal/1101%4010.0.0.1\n');
    expect(text).toContain('Caller-Caller-ID-Number: %2B8613800138000\n');
    expect(text).toContain('Empty-Value: _undef_\n');
    expect(text).toMatch(/^Content-Length: \d+\nContent-Type: text\/event-plain\n\n/);
  });

  it('keeps the subclass of a CUSTOM event', () => {
    const headers = { 'Event-Name': 'CUSTOM', 'Event-Subclass': 'callcenter::info', 'CC-Action': 'agent-status-change' };
    const [frame] = parseAll([encodeEvent('json', headers)]);
    expect(parseEvent(frame!)).toMatchObject({ name: 'CUSTOM', subclass: 'callcenter::info', body: '' });
  });

  it('reads a json multi-valued header like the plain ARRAY:: form', () => {
    const json = JSON.stringify({ 'Event-Name': 'HEARTBEAT', 'X-List': ['a', 'b'] });
    const frame = { headers: { 'content-type': 'text/event-json' }, body: Buffer.from(json) };
    expect(parseEvent(frame)!.headers['x-list']).toBe('ARRAY::a|:b');
  });

  it('is null for frames that are not events, and a protocol error for broken ones', () => {
    expect(parseEvent({ headers: { 'content-type': 'api/response' }, body: Buffer.from('+OK') })).toBeNull();
    const broken = { headers: { 'content-type': 'text/event-json' }, body: Buffer.from('{not json') };
    expect(() => parseEvent(broken)).toThrow(/JSON/);
    const nameless = { headers: { 'content-type': 'text/event-plain' }, body: Buffer.from('Unique-ID: x\n\n') };
    expect(() => parseEvent(nameless)).toThrow(/Event-Name/);
  });
});

describe('commands', () => {
  it('encodes a command line with headers and a blank line', () => {
    expect(encodeCommand('bgapi status', { 'Job-UUID': 'abc' }).toString()).toBe('bgapi status\nJob-UUID: abc\n\n');
    expect(encodeCommand('api status').toString()).toBe('api status\n\n');
  });

  it('refuses CR or LF in the line or a header value, and a bad header name', () => {
    expect(() => encodeCommand('api status\nbgapi originate user/1 &park')).toThrow(/line break/);
    expect(() => encodeCommand('api status\r')).toThrow(/line break/);
    expect(() => encodeCommand('bgapi status', { 'Job-UUID': 'a\n\nexit' })).toThrow(/line break/);
    expect(() => encodeCommand('bgapi status', { 'Bad Name': 'x' })).toThrow(/header name/);
    expect(() => encodeCommand('  ')).toThrow(/empty/);
  });

  it('CommandParser reads what encodeCommand writes, split anywhere, CRLF tolerated', () => {
    const bytes = Buffer.concat([
      encodeCommand('auth ClueCon'),
      encodeCommand('bgapi originate user/1101 &park()', { 'Job-UUID': 'j-1' }),
      Buffer.from('event plain ALL\r\n\r\n'),
    ]);
    const expected = [
      { line: 'auth ClueCon', headers: {}, body: Buffer.alloc(0) },
      { line: 'bgapi originate user/1101 &park()', headers: { 'job-uuid': 'j-1' }, body: Buffer.alloc(0) },
      { line: 'event plain ALL', headers: {}, body: Buffer.alloc(0) },
    ];
    for (let offset = 1; offset < bytes.length; offset++) {
      const parser = new CommandParser();
      const parsed = [...parser.push(bytes.subarray(0, offset)), ...parser.push(bytes.subarray(offset))];
      expect(parsed, `split at ${offset}`).toEqual(expected);
    }
  });
});
