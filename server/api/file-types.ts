/**
 * What an uploaded file is, told from its bytes (never from its name or the type the sender
 * claimed): the kinds a chat accepts, the content type the server serves it with, and how a
 * chat message shows it (`image`, `sound` or `file`). Anything else is refused (415), so the
 * server never serves HTML, SVG or scripts from its own origin.
 */
import type { UploadedFile } from '../../schemas/protocol/chat.ts';

export interface FileKind {
  /** The content type served (a fixed, safe value per kind). */
  type: string;
  /** The chat message's contentType for this file. */
  message: UploadedFile['messageType'];
  /** File name extensions that fit; a name without one of them gets the first appended. */
  extensions: readonly string[];
}

export const FILE_KINDS = {
  png: { type: 'image/png', message: 'image', extensions: ['.png'] },
  jpeg: { type: 'image/jpeg', message: 'image', extensions: ['.jpg', '.jpeg'] },
  gif: { type: 'image/gif', message: 'image', extensions: ['.gif'] },
  webp: { type: 'image/webp', message: 'image', extensions: ['.webp'] },
  pdf: { type: 'application/pdf', message: 'file', extensions: ['.pdf'] },
  text: { type: 'text/plain; charset=utf-8', message: 'file', extensions: ['.txt', '.log', '.csv'] },
  docx: { type: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document', message: 'file', extensions: ['.docx'] },
  xlsx: { type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', message: 'file', extensions: ['.xlsx'] },
  mp3: { type: 'audio/mpeg', message: 'sound', extensions: ['.mp3'] },
  wav: { type: 'audio/wav', message: 'sound', extensions: ['.wav'] },
  ogg: { type: 'audio/ogg', message: 'sound', extensions: ['.ogg', '.oga'] },
} as const satisfies Record<string, FileKind>;

export type FileKindName = keyof typeof FILE_KINDS;

const startsWith = (buf: Buffer, bytes: number[] | string, at = 0) => {
  const want = typeof bytes === 'string' ? Buffer.from(bytes, 'latin1') : Buffer.from(bytes);
  return buf.length >= at + want.length && buf.subarray(at, at + want.length).equals(want);
};

/**
 * The names of a zip's entries, read from its central directory (the end record is within the
 * last 64 KiB + 22 bytes). undefined when the structure does not hold together.
 */
export function zipEntries(buf: Buffer): string[] | undefined {
  const from = Math.max(0, buf.length - 65_557);
  let end = -1;
  for (let i = buf.length - 22; i >= from; i--) {
    if (buf.readUInt32LE(i) === 0x06054b50) {
      end = i;
      break;
    }
  }
  if (end < 0) return undefined;
  const count = buf.readUInt16LE(end + 10);
  let at = buf.readUInt32LE(end + 16);
  const names: string[] = [];
  for (let n = 0; n < count; n++) {
    if (at + 46 > buf.length || buf.readUInt32LE(at) !== 0x02014b50) return undefined;
    const nameLength = buf.readUInt16LE(at + 28);
    const extra = buf.readUInt16LE(at + 30);
    const comment = buf.readUInt16LE(at + 32);
    if (at + 46 + nameLength > buf.length) return undefined;
    names.push(buf.toString('utf8', at + 46, at + 46 + nameLength));
    at += 46 + nameLength + extra + comment;
  }
  return names;
}

/** Office Open XML: a zip with [Content_Types].xml and the main part of a Word or Excel file (no macros: those are .docm/.xlsm). */
function officeKind(buf: Buffer): FileKindName | undefined {
  const names = zipEntries(buf);
  if (!names?.includes('[Content_Types].xml') || names.some((n) => /vbaProject\.bin$/i.test(n))) return undefined;
  if (names.includes('word/document.xml')) return 'docx';
  if (names.includes('xl/workbook.xml')) return 'xlsx';
  return undefined;
}

/**
 * Plain text: valid UTF-8 without control characters other than tab, line breaks and form feed,
 * and not markup (a text that opens with `<` is HTML, SVG or XML, which a browser might render).
 */
function isPlainText(buf: Buffer): boolean {
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(buf);
  } catch {
    return false;
  }
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u0008\u000b\u000e-\u001f\u007f]/.test(text)) return false;
  return !/^\uFEFF?\s*</.test(text);
}

/** MPEG audio layer III frame header (an MP3 without an ID3 tag). */
const isMp3Frame = (buf: Buffer) => buf.length >= 2 && buf[0] === 0xff && (buf[1]! & 0xe0) === 0xe0 && (buf[1]! & 0x06) === 0x02;

/** The kind of a file from its content, or undefined when it is none the chat accepts. */
export function detectKind(buf: Buffer): FileKindName | undefined {
  if (startsWith(buf, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'png';
  if (startsWith(buf, [0xff, 0xd8, 0xff])) return 'jpeg';
  if (startsWith(buf, 'GIF87a') || startsWith(buf, 'GIF89a')) return 'gif';
  if (startsWith(buf, 'RIFF') && startsWith(buf, 'WEBP', 8)) return 'webp';
  if (startsWith(buf, 'RIFF') && startsWith(buf, 'WAVE', 8)) return 'wav';
  if (startsWith(buf, '%PDF-')) return 'pdf';
  if (startsWith(buf, 'OggS')) return 'ogg';
  if (startsWith(buf, 'ID3') || isMp3Frame(buf)) return 'mp3';
  if (startsWith(buf, [0x50, 0x4b, 0x03, 0x04])) return officeKind(buf);
  return isPlainText(buf) ? 'text' : undefined;
}

/**
 * The name a download is saved under: the sender's name without path or control characters,
 * with an extension that fits what the file is (so "page.html" holding text saves as
 * "page.html.txt" and never opens as a web page).
 */
export function safeName(original: string, kind: FileKindName): string {
  // eslint-disable-next-line no-control-regex
  const base = (original.split(/[\\/]/).pop() ?? '').replace(/[\u0000-\u001f\u007f"]/g, '').trim().slice(0, 200) || 'file';
  const { extensions } = FILE_KINDS[kind] as FileKind;
  return extensions.some((e) => base.toLowerCase().endsWith(e)) ? base : `${base}${extensions[0]}`;
}

/** Content-Disposition: images inline (the chat shows them), everything else as a download; the UTF-8 name per RFC 6266/5987. */
export function disposition(name: string, kind: FileKindName): string {
  const ascii = name.replace(/[^\x20-\x7e]/g, '_').replace(/[\\%]/g, '_');
  const encoded = encodeURIComponent(name).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  const how = FILE_KINDS[kind].message === 'image' ? 'inline' : 'attachment';
  return `${how}; filename="${ascii}"; filename*=UTF-8''${encoded}`;
}
