import crypto from 'node:crypto';

/**
 * The WeChat Official Account push protocol, as both ends speak it (the console's push endpoint
 * and the fake platform of the tests and the demo): the SHA-1 signatures, safe mode's AES-256-CBC
 * envelope, and the flat XML of pushes. Written from the platform's public documentation.
 */

/** sha1 of the parts sorted and joined: `signature` (token, timestamp, nonce) and safe mode's `msg_signature` (plus the Encrypt text). */
export const signatureOf = (...parts: string[]): string => crypto.createHash('sha1').update([...parts].sort().join('')).digest('hex');

/** Constant-time comparison of two hex signatures. */
export function sameSignature(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && crypto.timingSafeEqual(x, y);
}

/** An EncodingAESKey is 43 base64 characters: 32 bytes once "=" is added. */
export const AES_KEY_PATTERN = '^[A-Za-z0-9+/]{43}$';
const BLOCK = 32; // the platform pads to 32 bytes (PKCS#7 with a 32-byte block)

const keyOf = (encodingAesKey: string) => {
  const key = Buffer.from(`${encodingAesKey}=`, 'base64');
  if (key.length !== 32) throw new Error('bad EncodingAESKey');
  return key;
};

/** Safe mode: random(16) + length(4, big-endian) + message + appId, padded, AES-256-CBC with IV = the key's first 16 bytes, base64. */
export function encrypt(encodingAesKey: string, appId: string, message: string): string {
  const key = keyOf(encodingAesKey);
  const body = Buffer.from(message);
  const len = Buffer.alloc(4);
  len.writeUInt32BE(body.length);
  const plain = Buffer.concat([crypto.randomBytes(16), len, body, Buffer.from(appId)]);
  const pad = BLOCK - (plain.length % BLOCK);
  const cipher = crypto.createCipheriv('aes-256-cbc', key, key.subarray(0, 16)).setAutoPadding(false);
  return Buffer.concat([cipher.update(Buffer.concat([plain, Buffer.alloc(pad, pad)])), cipher.final()]).toString('base64');
}

/** The message inside a safe-mode envelope, or null when it does not open with this key or names another app id. */
export function decrypt(encodingAesKey: string, appId: string, encrypted: string): string | null {
  try {
    const key = keyOf(encodingAesKey);
    const data = Buffer.from(encrypted, 'base64');
    if (data.length === 0 || data.length % 16 !== 0) return null;
    const decipher = crypto.createDecipheriv('aes-256-cbc', key, key.subarray(0, 16)).setAutoPadding(false);
    const plain = Buffer.concat([decipher.update(data), decipher.final()]);
    const pad = plain[plain.length - 1]!;
    if (pad < 1 || pad > BLOCK || pad > plain.length) return null;
    const body = plain.subarray(0, plain.length - pad);
    if (body.length < 20) return null;
    const len = body.readUInt32BE(16);
    if (20 + len > body.length) return null;
    if (body.subarray(20 + len).toString() !== appId) return null;
    return body.subarray(20, 20 + len).toString();
  } catch {
    return null;
  }
}

/** Why a push's XML was refused (the endpoint logs it and answers 400). */
export class XmlRefused extends Error {}

const NAME = /^[A-Za-z_][A-Za-z0-9_.-]{0,63}/;
const PREDEFINED: Record<string, string> = { lt: '<', gt: '>', amp: '&', quot: '"', apos: "'" };

/** Text content with only XML's five predefined entities and character references; anything else is refused. */
function textOf(raw: string): string {
  return raw.replace(/&(#x[0-9A-Fa-f]{1,6}|#[0-9]{1,7}|[A-Za-z]+);?/g, (all, ref: string) => {
    if (!all.endsWith(';')) throw new XmlRefused('bare ampersand');
    if (ref.startsWith('#x')) return String.fromCodePoint(parseInt(ref.slice(2), 16));
    if (ref.startsWith('#')) return String.fromCodePoint(parseInt(ref.slice(1), 10));
    const v = PREDEFINED[ref];
    if (v === undefined) throw new XmlRefused(`entity &${ref};`);
    return v;
  });
}

/**
 * A push's `<xml>` root as a map of its child elements' text. The platform's messages are flat;
 * a nested element (some menu events) is kept as its raw inner text. No DOCTYPE, no entity
 * declaration, no processing instruction other than the XML declaration: such input is refused,
 * so nothing is ever expanded or fetched.
 */
export function parsePushXml(xml: string): Record<string, string> {
  let s = xml.trim();
  if (s.startsWith('<?xml')) {
    const end = s.indexOf('?>');
    if (end < 0) throw new XmlRefused('unterminated declaration');
    s = s.slice(end + 2).trim();
  }
  if (/<!(?!\[CDATA\[)/.test(s) || s.includes('<?')) throw new XmlRefused('DOCTYPE, entity or processing instruction');
  if (!s.startsWith('<xml>') || !s.endsWith('</xml>')) throw new XmlRefused('root element is not <xml>');
  s = s.slice(5, -6);
  const out: Record<string, string> = {};
  let i = 0;
  while (i < s.length) {
    const ws = /^\s*/.exec(s.slice(i))![0].length;
    i += ws;
    if (i >= s.length) break;
    if (s[i] !== '<') throw new XmlRefused('text outside an element');
    const name = NAME.exec(s.slice(i + 1))?.[0];
    if (!name || s[i + 1 + name.length] !== '>') throw new XmlRefused('bad element');
    i += name.length + 2;
    const close = `</${name}>`;
    let value: string;
    if (s.startsWith('<![CDATA[', i)) {
      const end = s.indexOf(']]>', i + 9);
      if (end < 0) throw new XmlRefused('unterminated CDATA');
      value = s.slice(i + 9, end);
      i = end + 3;
      if (!s.startsWith(close, i)) throw new XmlRefused(`unclosed ${name}`);
    } else {
      const end = s.indexOf(close, i);
      if (end < 0) throw new XmlRefused(`unclosed ${name}`);
      const inner = s.slice(i, end);
      value = inner.includes('<') ? inner : textOf(inner);
      i = end;
    }
    i += close.length;
    if (Object.prototype.hasOwnProperty.call(out, name)) throw new XmlRefused(`${name} twice`);
    out[name] = value;
  }
  return out;
}

const cdata = (v: string) => `<![CDATA[${v.replaceAll(']]>', ']]]]><![CDATA[>')}]]>`;

/** Flat `<xml>` of string (CDATA) and number fields, as the platform writes pushes. */
export function buildPushXml(fields: Record<string, string | number>): string {
  return `<xml>${Object.entries(fields).map(([k, v]) => `<${k}>${typeof v === 'number' ? v : cdata(v)}</${k}>`).join('')}</xml>`;
}
