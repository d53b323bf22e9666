/**
 * The three event serialisations of mod_event_socket (`event plain|json|xml`), written
 * and read the way switch_event.c does: plain and xml values are URL-encoded, json values
 * are raw; a body travels with its own Content-Length (bytes) in plain and xml, as
 * `_body` in json. Parsed headers never include that inner Content-Length.
 */
import { EslError, type EventFormat } from './types.ts';

/** Printable ASCII minus switch_url_encode's unsafe set; everything else becomes %XX (UTF-8). */
const URL_UNSAFE = /[^!$'()*,\-./0-9A-Z_a-z~]/gu;
/** What FreeSWITCH writes for an empty value in plain and xml events. */
const UNDEFINED_VALUE = '_undef_';

function urlEncodeChar(char: string): string {
  try {
    return encodeURIComponent(char);
  } catch {
    return '%EF%BF%BD'; // a lone surrogate: U+FFFD, as a UTF-8 encoder would write it
  }
}

function urlEncode(value: string): string {
  return value.replace(URL_UNSAFE, urlEncodeChar);
}

function urlDecode(value: string): string {
  if (value === UNDEFINED_VALUE) return '';
  if (!value.includes('%')) return value;
  try {
    return decodeURIComponent(value);
  } catch {
    // FreeSWITCH does not re-encode a '%XX' already in a value; a stray '%' stays as sent.
    return value;
  }
}

const XML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' };

function xmlEscape(text: string): string {
  return text.replace(/[&<>"]/g, (c) => XML_ESCAPES[c]!);
}

function xmlUnescape(text: string): string {
  return text.replace(/&(amp|lt|gt|quot|apos|#x[0-9a-fA-F]+|#[0-9]+);/g, (_m, entity: string) => {
    if (entity === 'amp') return '&';
    if (entity === 'lt') return '<';
    if (entity === 'gt') return '>';
    if (entity === 'quot') return '"';
    if (entity === 'apos') return "'";
    const code = entity[1] === 'x' ? parseInt(entity.slice(2), 16) : parseInt(entity.slice(1), 10);
    return code <= 0x10ffff ? String.fromCodePoint(code) : '\ufffd';
  });
}

export function serializeEvent(format: EventFormat, headers: Record<string, string>, body?: string): string {
  const hasBody = body !== undefined && body !== '';
  const bodyBytes = hasBody ? Buffer.byteLength(body) : 0;
  if (format === 'json') {
    const object: Record<string, string> = { ...headers };
    if (hasBody) {
      object['Content-Length'] = String(bodyBytes);
      object._body = body;
    }
    return JSON.stringify(object);
  }
  if (format === 'xml') {
    let xml = '<event>\n  <headers>\n';
    for (const [name, value] of Object.entries(headers)) {
      xml += value === '' ? `    <${name}/>\n` : `    <${name}>${xmlEscape(urlEncode(value))}</${name}>\n`;
    }
    xml += '  </headers>\n';
    if (hasBody) xml += `  <Content-Length>${bodyBytes}</Content-Length>\n  <body>${xmlEscape(body)}</body>\n`;
    return `${xml}</event>`;
  }
  let plain = '';
  for (const [name, value] of Object.entries(headers)) {
    plain += `${name}: ${value === '' ? UNDEFINED_VALUE : urlEncode(value)}\n`;
  }
  return hasBody ? `${plain}Content-Length: ${bodyBytes}\n\n${body}` : `${plain}\n`;
}

interface ParsedEvent {
  headers: Record<string, string>;
  body: string;
}

function parsePlain(bytes: Buffer): ParsedEvent {
  let end = bytes.indexOf('\n\n');
  const headEnd = end === -1 ? bytes.length : end;
  const headers: Record<string, string> = {};
  let bodyLength = -1;
  for (const line of bytes.toString('utf8', 0, headEnd).split('\n')) {
    if (line === '') continue;
    const colon = line.indexOf(':');
    if (colon <= 0) throw new EslError('PROTOCOL', `malformed event header: ${line.slice(0, 80)}`);
    const name = line.slice(0, colon).trim().toLowerCase();
    const value = line.slice(colon + 1).trimStart();
    if (name === 'content-length') {
      if (!/^\d{1,9}$/.test(value)) throw new EslError('PROTOCOL', 'bad event Content-Length');
      bodyLength = Number(value);
    } else {
      headers[name] = urlDecode(value);
    }
  }
  if (end === -1 || bodyLength <= 0) return { headers, body: '' };
  end += 2;
  if (end + bodyLength > bytes.length) throw new EslError('PROTOCOL', 'event body shorter than its Content-Length');
  return { headers, body: bytes.toString('utf8', end, end + bodyLength) };
}

function parseJson(bytes: Buffer): ParsedEvent {
  let object: unknown;
  try {
    object = JSON.parse(bytes.toString('utf8'));
  } catch {
    throw new EslError('PROTOCOL', 'event-json body is not JSON');
  }
  if (!object || typeof object !== 'object' || Array.isArray(object)) {
    throw new EslError('PROTOCOL', 'event-json body is not an object');
  }
  const headers: Record<string, string> = {};
  let body = '';
  const fields = object as Record<string, unknown>;
  for (const key in fields) {
    const value = fields[key];
    const name = key.toLowerCase();
    if (name === '_body') body = String(value);
    else if (name === 'content-length') continue;
    // Multi-valued headers come as arrays in json and as ARRAY::a|:b in plain: one shape for both.
    else headers[name] = Array.isArray(value) ? `ARRAY::${value.join('|:')}` : String(value);
  }
  return { headers, body };
}

function parseXml(bytes: Buffer): ParsedEvent {
  const text = bytes.toString('utf8');
  const block = /<headers>([\s\S]*?)<\/headers>/.exec(text);
  if (!block) throw new EslError('PROTOCOL', 'event-xml without <headers>');
  const headers: Record<string, string> = {};
  for (const match of block[1]!.matchAll(/<([^\s<>/]+)(?:\/>|>([^<]*)<\/\1>)/g)) {
    headers[match[1]!.toLowerCase()] = urlDecode(xmlUnescape(match[2] ?? ''));
  }
  const body = /<body>([\s\S]*?)<\/body>/.exec(text.slice(block.index + block[0].length));
  return { headers, body: body ? xmlUnescape(body[1]!) : '' };
}

export function parseEventBody(format: EventFormat, bytes: Buffer): ParsedEvent {
  if (format === 'json') return parseJson(bytes);
  if (format === 'xml') return parseXml(bytes);
  return parsePlain(bytes);
}
