import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './helpers.ts';
import { multipart, openChat as chat, upload } from './upload-support.ts';
import { maskToken } from '../../server/http/guard.ts';

/**
 * Chat files: POST /api/File/upload and GET /api/File/<id>. The type comes from the bytes, the
 * size is capped, and a file reaches only its chat's visitor, the agent the chat is assigned to,
 * and supervisors/administrators. Every test makes its own chats; seats 8101 and 8102 are agent1/2.
 */

/** A zip of stored (uncompressed) entries with its central directory: enough for the content check. */
function zip(entries: Record<string, string>): Buffer {
  const locals: Buffer[] = [];
  const central: Buffer[] = [];
  let offset = 0;
  for (const [name, text] of Object.entries(entries)) {
    const data = Buffer.from(text);
    const nameBytes = Buffer.from(name);
    const crc = zlib.crc32(data);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(data.length, 18);
    local.writeUInt32LE(data.length, 22);
    local.writeUInt16LE(nameBytes.length, 26);
    const head = Buffer.alloc(46);
    head.writeUInt32LE(0x02014b50, 0);
    head.writeUInt16LE(20, 4);
    head.writeUInt16LE(20, 6);
    head.writeUInt32LE(crc, 16);
    head.writeUInt32LE(data.length, 20);
    head.writeUInt32LE(data.length, 24);
    head.writeUInt16LE(nameBytes.length, 28);
    head.writeUInt32LE(offset, 42);
    locals.push(local, nameBytes, data);
    central.push(head, nameBytes);
    offset += 30 + nameBytes.length + data.length;
  }
  const dir = Buffer.concat(central);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(Object.keys(entries).length, 8);
  end.writeUInt16LE(Object.keys(entries).length, 10);
  end.writeUInt32LE(dir.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, dir, end]);
}

const bytes = (...parts: Array<number[] | string>) => Buffer.concat(parts.map((p) => (typeof p === 'string' ? Buffer.from(p, 'latin1') : Buffer.from(p))));
const padded = (head: Buffer) => Buffer.concat([head, Buffer.alloc(64, 7)]);

/** One sample per accepted kind: name sent, bytes, the type served and the message kind. */
const SAMPLES = [
  { name: 'photo.png', data: padded(bytes([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])), type: 'image/png', as: 'image' },
  { name: 'photo.jpg', data: padded(bytes([0xff, 0xd8, 0xff, 0xe0])), type: 'image/jpeg', as: 'image' },
  { name: 'anim.gif', data: padded(bytes('GIF89a')), type: 'image/gif', as: 'image' },
  { name: 'pic.webp', data: padded(bytes('RIFF', [0x40, 0, 0, 0], 'WEBPVP8 ')), type: 'image/webp', as: 'image' },
  { name: 'invoice.pdf', data: padded(bytes('%PDF-1.7\n')), type: 'application/pdf', as: 'file' },
  { name: 'notes.txt', data: Buffer.from('order 1234: 两件，明天送达\n'), type: 'text/plain; charset=utf-8', as: 'file' },
  { name: 'letter.docx', data: zip({ '[Content_Types].xml': '<Types/>', 'word/document.xml': '<w:document/>' }),
    type: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document', as: 'file' },
  { name: 'sheet.xlsx', data: zip({ '[Content_Types].xml': '<Types/>', 'xl/workbook.xml': '<workbook/>' }),
    type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', as: 'file' },
  { name: 'voice.mp3', data: padded(bytes('ID3', [4, 0, 0])), type: 'audio/mpeg', as: 'sound' },
  { name: 'voice2.mp3', data: padded(bytes([0xff, 0xfb, 0x90, 0x64])), type: 'audio/mpeg', as: 'sound' },
  { name: 'voice.wav', data: padded(bytes('RIFF', [0x40, 0, 0, 0], 'WAVEfmt ')), type: 'audio/wav', as: 'sound' },
  { name: 'voice.ogg', data: padded(bytes('OggS', [0, 2])), type: 'audio/ogg', as: 'sound' },
] as const;

/** Contents that must be refused whatever their name says. */
const REFUSED = [
  { name: 'cat.png', data: Buffer.from('<html><body><script>alert(1)</script></body></html>') },
  { name: 'logo.svg', data: Buffer.from('<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>') },
  { name: 'page.txt', data: Buffer.from('\uFEFF  <!doctype html><p>hi') },
  { name: 'archive.docx', data: zip({ 'readme.txt': 'hello' }) },
  { name: 'macro.docx', data: zip({ '[Content_Types].xml': '<Types/>', 'word/document.xml': '<w/>', 'word/vbaProject.bin': 'x' }) },
  { name: 'program.exe', data: padded(bytes('MZ', [0x90, 0, 3, 0])) },
] as const;

describe('chat files', () => {
  let s: TestServer;
  let small: TestServer;
  const tokens: Record<string, string> = {};

  beforeAll(async () => {
    s = await startTestServer();
    small = await startTestServer({ uploadMaxBytes: 1024 });
    tokens.agent1 = await s.login('agent1', 'agent123');
    tokens.agent2 = await s.login('agent2', 'agent123');
    tokens.supervisor = await s.login('supervisor', 'super123');
    tokens.admin = await s.login('admin', 'admin123');
  });
  afterAll(async () => {
    await s?.close();
    await small?.close();
  });

  const download = (server: TestServer, url: string, who: { chatToken?: string; token?: string; query?: string }) =>
    server.app.inject({
      method: 'GET',
      url: `${url}${who.query ?? ''}`,
      headers: {
        'accept-language': 'en',
        ...(who.chatToken ? { 'x-chat-token': who.chatToken } : {}),
        ...(who.token ? { authorization: `Bearer ${who.token}` } : {}),
      },
    });

  /** Rows and stored files: a refusal must change neither. */
  const stored = async (server: TestServer) => {
    const [row] = await server.ctx.db.query<{ n: number }>('SELECT count(*)::int AS n FROM uploads');
    const dir = path.join(server.ctx.config.dataDir, 'uploads');
    return { rows: row!.n, files: fs.existsSync(dir) ? fs.readdirSync(dir).length : 0 };
  };

  it.each(SAMPLES)('accepts $name by its content and serves it back as $type', async (sample) => {
    const c = await chat(s, '8101');
    const res = await upload(s, sample, { chatToken: c.token });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ contentType: sample.type, messageType: sample.as, name: sample.name, size: sample.data.length });
    expect(res.body.data.url).toBe(`/api/File/${res.body.data.id}`);
    const got = await download(s, res.body.data.url, { chatToken: c.token });
    expect(got.statusCode).toBe(200);
    expect(got.headers['content-type']).toBe(sample.type);
    expect(got.rawPayload.equals(sample.data)).toBe(true);
    const [row] = await s.ctx.db.query<Record<string, unknown>>(
      'SELECT chat_id, uploader_kind, user_seat_no, original_name, content_type, size FROM uploads WHERE id = $1', [res.body.data.id]);
    expect(row).toMatchObject({ uploader_kind: 'visitor', user_seat_no: '', original_name: sample.name, content_type: sample.type });
    expect(Number(row!.chat_id)).toBe(c.id);
    expect(Number(row!.size)).toBe(sample.data.length);
  });

  it.each(REFUSED)('refuses $name with 415 whatever its name says, storing nothing', async (file) => {
    const c = await chat(s, '8101');
    const before = await stored(s);
    const res = await upload(s, file, { chatToken: c.token });
    expect(res.status).toBe(415);
    expect(res.body).toMatchObject({ code: 415, data: null });
    expect(res.body.msg).toMatch(/cannot be sent.*PNG/);
    expect(await stored(s)).toEqual(before);
  });

  it('refuses a file over UPLOAD_MAX_BYTES with 413 in both languages, storing nothing', async () => {
    const c = await chat(small, '8101');
    const big = { name: 'big.txt', data: Buffer.alloc(1025, 'a') };
    const before = await stored(small);
    const en = await upload(small, big, { chatToken: c.token });
    expect(en.status).toBe(413);
    expect(en.body).toMatchObject({ code: 413, msg: 'The file is too large: at most 1 KiB' });
    const zh = await upload(small, big, { chatToken: c.token, lang: 'zh-CN' });
    expect(zh.body).toMatchObject({ code: 413, msg: '文件过大：最多 1 KiB' });
    expect(await stored(small)).toEqual(before);
    expect((await upload(small, { name: 'ok.txt', data: Buffer.alloc(1024, 'a') }, { chatToken: c.token })).status).toBe(200);
  });

  it('serves images inline and other files as attachments, with nosniff and the UTF-8 name', async () => {
    const c = await chat(s, '8101');
    const img = await upload(s, SAMPLES[0], { chatToken: c.token });
    const imgRes = await download(s, img.body.data.url, { chatToken: c.token });
    expect(imgRes.headers['x-content-type-options']).toBe('nosniff');
    expect(imgRes.headers['content-disposition']).toBe(`inline; filename="photo.png"; filename*=UTF-8''photo.png`);
    const pdf = await upload(s, { name: '发票 (1).pdf', data: SAMPLES[4].data }, { chatToken: c.token });
    const pdfRes = await download(s, pdf.body.data.url, { chatToken: c.token });
    expect(pdfRes.headers['x-content-type-options']).toBe('nosniff');
    expect(pdfRes.headers['content-disposition']).toBe(`attachment; filename="__ (1).pdf"; filename*=UTF-8''%E5%8F%91%E7%A5%A8%20%281%29.pdf`);
    // A text file named like a web page downloads as text: its name gets the .txt it really is.
    const page = await upload(s, { name: 'page.html', data: Buffer.from('just words') }, { chatToken: c.token });
    expect(page.body.data.name).toBe('page.html.txt');
    const pageRes = await download(s, page.body.data.url, { chatToken: c.token });
    expect(pageRes.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(pageRes.headers['content-disposition']).toMatch(/^attachment; filename="page\.html\.txt"/);
  });

  it('a file reaches its chat visitor, the assigned agent, supervisors and admins; not another chat visitor or agent', async () => {
    const mine = await chat(s, '8101');
    const other = await chat(s, '8102');
    const res = await upload(s, SAMPLES[0], { chatToken: mine.token });
    const url = res.body.data.url as string;
    expect((await download(s, url, { chatToken: mine.token })).statusCode).toBe(200);
    // An <img> sends the chat token in the query.
    expect((await download(s, url, { query: `?chatToken=${mine.token}` })).statusCode).toBe(200);
    expect((await download(s, url, { token: tokens.agent1 })).statusCode).toBe(200);
    // A login token in the URL is refused (signed links instead: file-links.test.ts).
    expect((await download(s, url, { query: `?token=${tokens.agent1}` })).statusCode).toBe(400);
    expect((await download(s, url, { token: tokens.supervisor })).statusCode).toBe(200);
    expect((await download(s, url, { token: tokens.admin })).statusCode).toBe(200);

    const stranger = await download(s, url, { chatToken: other.token });
    expect(stranger.statusCode).toBe(403);
    expect(stranger.json()).toMatchObject({ code: 403, msg: 'Permission denied: this file belongs to a chat that is not yours' });
    expect((await download(s, url, { token: tokens.agent2 })).statusCode).toBe(403);
    expect((await download(s, url, {})).statusCode).toBe(401);
    expect((await download(s, url, { chatToken: 'x'.repeat(43) })).statusCode).toBe(403);
    expect((await download(s, '/api/File/AAAAAAAAAAAAAAAAAAAAAA', { token: tokens.supervisor })).statusCode).toBe(404);
    expect((await download(s, '/api/File/..%2F..%2Fetc%2Fpasswd', { token: tokens.supervisor })).statusCode).toBe(400);
  });

  it('an agent uploads into an open chat assigned to it only; supervisors do not send files', async () => {
    const mine = await chat(s, '8101');
    const before = await stored(s);
    const ok = await upload(s, SAMPLES[0], { token: tokens.agent1, chatId: mine.chatId });
    expect(ok.status).toBe(200);
    const [row] = await s.ctx.db.query<{ kind: string; seat: string }>('SELECT uploader_kind AS kind, user_seat_no AS seat FROM uploads WHERE id = $1', [ok.body.data.id]);
    expect(row).toEqual({ kind: 'agent', seat: '8101' });
    expect((await download(s, ok.body.data.url, { chatToken: mine.token })).statusCode).toBe(200);
    const after = await stored(s);

    expect((await upload(s, SAMPLES[0], { token: tokens.agent2, chatId: mine.chatId })).status).toBe(403);
    expect((await upload(s, SAMPLES[0], { token: tokens.supervisor, chatId: mine.chatId })).status).toBe(403);
    const noChat = await upload(s, SAMPLES[0], { token: tokens.agent1 });
    expect(noChat).toMatchObject({ status: 400, body: { data: { errors: { chatId: expect.stringMatching(/^chatId/) } } } });
    expect((await upload(s, SAMPLES[0], { token: tokens.agent1, chatId: 'no-such-chat' })).status).toBe(404);
    expect((await upload(s, SAMPLES[0], {})).status).toBe(401);
    expect((await upload(s, SAMPLES[0], { chatToken: 'y'.repeat(43) })).status).toBe(403);
    expect(await stored(s)).toEqual({ rows: before.rows + 1, files: before.files + 1 });
    expect(after).toEqual({ rows: before.rows + 1, files: before.files + 1 });
  });

  it('refuses uploads into a closed chat (409), a request that is not multipart (415) and an empty or misnamed part (400)', async () => {
    const c = await chat(s, '8101');
    const before = await stored(s);
    const json = await s.app.inject({
      method: 'POST', url: '/api/File/upload', headers: { 'x-chat-token': c.token, 'content-type': 'application/json', 'accept-language': 'en' }, payload: '{}',
    });
    expect(json.statusCode).toBe(415);
    expect((await upload(s, { name: 'empty.txt', data: Buffer.alloc(0) }, { chatToken: c.token })).status).toBe(400);
    const { body, contentType } = multipart('a.txt', Buffer.from('hi'), 'attachment');
    const misnamed = await s.app.inject({ method: 'POST', url: '/api/File/upload', headers: { 'x-chat-token': c.token, 'content-type': contentType }, payload: body });
    expect(misnamed.statusCode).toBe(400);
    await s.ctx.db.query(`UPDATE chats SET state = 'off' WHERE id = $1`, [c.id]);
    expect((await upload(s, SAMPLES[0], { chatToken: c.token })).status).toBe(409);
    expect(await stored(s)).toEqual(before);
  });

  it('multipart is parsed only by the upload route; logs never hold a chat token or a link\'s signature', async () => {
    const { body, contentType } = multipart('a.txt', Buffer.from('hi'));
    const res = await s.app.inject({ method: 'POST', url: '/api/default/GetUserInfo', headers: { authorization: `Bearer ${tokens.agent1}`, 'content-type': contentType }, payload: body });
    expect(res.statusCode).toBe(415);
    expect(maskToken('/api/File/abc?chatToken=secret&x=1')).toBe('/api/File/abc?chatToken=***&x=1');
    expect(maskToken('/api/File/abc?uid=1&exp=2&sig=secret')).toBe('/api/File/abc?uid=1&exp=2&sig=***');
  });
});
