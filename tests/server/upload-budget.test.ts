import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sweepChatFiles } from '../../server/api/file-budget.ts';
import { startTestServer, type TestServer } from './helpers.ts';
import { twoInstances } from '../security/two-instances.ts';
import { multipart, openChat, upload } from './upload-support.ts';
import { testClock } from '../support/test-clock.ts';

/**
 * Anonymous uploads cannot fill the disk (issue 25 item 4): visitors' bytes in an hour are
 * budgeted per address and in all, counted in the database both instances share (429 with the
 * reason in the visitor's language and Retry-After, nothing stored); every upload is refused
 * below the free-disk floor (507); closed chats' files are deleted after their retention.
 */
const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(92, 7)]); // 100 bytes

type App = TestServer['app'];
/** A visitor's upload from `address` to its chat. */
async function visitorUpload(app: App, chatToken: string, address: string, lang = 'en') {
  const { body, contentType } = multipart('p.png', PNG);
  const res = await app.inject({
    method: 'POST', url: '/api/File/upload', remoteAddress: address, payload: body,
    headers: { 'content-type': contentType, 'x-chat-token': chatToken, 'accept-language': lang },
  });
  return { status: res.statusCode, body: res.json(), headers: res.headers };
}

describe('visitors\' upload budget, shared by two instances', () => {
  let two: Awaited<ReturnType<typeof twoInstances>>;
  beforeAll(async () => {
    two = await twoInstances({ anonUploads: { perAddressBytes: 250, totalBytes: 450 } });
  }, 60_000);
  afterAll(() => two?.close());

  it('refuses an address past its hour\'s bytes and all visitors past theirs, on either instance; agents are not counted', async () => {
    const chats = [await openChat(two.a), await openChat(two.a), await openChat(two.a)];
    // 10.0.0.1: two files (200 bytes), one on each instance; the third passes 250.
    expect((await visitorUpload(two.a.app, chats[0]!.token, '10.0.0.1')).status).toBe(200);
    expect((await visitorUpload(two.b.app, chats[0]!.token, '10.0.0.1')).status).toBe(200);
    const third = await visitorUpload(two.b.app, chats[0]!.token, '10.0.0.1');
    expect(third.status).toBe(429);
    expect(third.body.msg).toBe('Too many files were sent from your network in the last hour (at most 1 KiB): try again in 60 minutes');
    expect(Number(third.headers['retry-after'])).toBeGreaterThan(0);
    const zh = await visitorUpload(two.a.app, chats[1]!.token, '10.0.0.1', 'zh');
    expect([zh.status, zh.body.msg]).toEqual([429, '您的网络在过去一小时内发送的文件过多（最多 1 KiB），请 60 分钟后再试']);
    // 10.0.0.2: two more (400 in all); the next from a third address would pass 450 in all.
    expect((await visitorUpload(two.b.app, chats[1]!.token, '10.0.0.2')).status).toBe(200);
    expect((await visitorUpload(two.a.app, chats[1]!.token, '10.0.0.2')).status).toBe(200);
    const all = await visitorUpload(two.a.app, chats[2]!.token, '10.0.0.3');
    expect([all.status, all.body.msg]).toEqual([429, 'Too many files were sent by visitors in the last hour (at most 1 KiB in all): try again in 60 minutes']);
    // Nothing of the refused ones was kept: four rows, four files.
    const rows = await two.a.ctx.db.query<{ id: string }>("SELECT id FROM uploads WHERE uploader_kind = 'visitor'");
    expect(rows).toHaveLength(4);
    const files = [two.a, two.b].flatMap((i) => fs.readdirSync(path.join(i.ctx.config.dataDir, 'uploads')));
    expect(files.sort()).toEqual(rows.map((r) => r.id).sort());
    // An agent's upload to a chat is not a visitor's: not counted, not refused.
    const login = await two.a.app.inject({ method: 'POST', url: '/api/default/login', payload: { username: 'agent1', password: 'agent123' } });
    const agentChat = await openChat(two.a, '8101');
    expect((await upload(two.a, { name: 'a.png', data: PNG }, { token: login.json().data.token, chatId: agentChat.chatId })).status).toBe(200);
  });
});

describe('the free-disk floor and closed chats\' retention', () => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startTestServer({ chatFileRetentionDays: 30 });
  });
  afterAll(() => s.close());

  it('refuses every upload below the floor (507) in the caller\'s language, reading and storing nothing', async () => {
    const floor = s.ctx.config.uploadMinFreeBytes;
    const chat = await openChat(s, '8101');
    s.ctx.config.uploadMinFreeBytes = Number.MAX_SAFE_INTEGER;
    try {
      const en = await visitorUpload(s.app, chat.token, '10.0.0.9');
      expect([en.status, en.body.msg]).toEqual([507, 'The server is short of disk space: files cannot be sent now. Please tell the administrator']);
      const zh = await upload(s, { name: 'a.png', data: PNG }, { token: await s.login('agent1', 'agent123'), chatId: chat.chatId, lang: 'zh' });
      expect([zh.status, zh.body.msg]).toEqual([507, '服务器磁盘空间不足，暂时无法发送文件，请联系管理员']);
      expect(await s.ctx.db.query('SELECT 1 FROM uploads WHERE chat_id = $1', [chat.id])).toEqual([]);
    } finally {
      s.ctx.config.uploadMinFreeBytes = floor;
    }
    expect((await visitorUpload(s.app, chat.token, '10.0.0.9')).status).toBe(200);
  });

  it('deletes the files of chats closed longer ago than the retention, rows and bytes; open, recent and work-order files stay', async () => {
    const now = testClock.date();
    const day = 86_400_000;
    const chats = { old: await openChat(s, '8101'), recent: await openChat(s, '8101'), open: await openChat(s, '8101') };
    const ids: Record<string, string> = {};
    for (const [name, chat] of Object.entries(chats)) {
      const res = await visitorUpload(s.app, chat.token, '10.0.0.8');
      expect(res.status).toBe(200);
      ids[name] = res.body.data.id;
    }
    await s.ctx.db.query("UPDATE chats SET state = 'off', end_time = $2 WHERE id = $1", [chats.old.id, new Date(now.getTime() - 31 * day).toISOString()]);
    await s.ctx.db.query("UPDATE chats SET state = 'off', end_time = $2 WHERE id = $1", [chats.recent.id, new Date(now.getTime() - 29 * day).toISOString()]);
    const orderFiles = (await s.ctx.db.query<{ id: string }>('SELECT id FROM uploads WHERE order_id IS NOT NULL')).map((r) => r.id);
    const dir = path.join(s.ctx.config.dataDir, 'uploads');

    expect(await sweepChatFiles(s.ctx.db, dir, s.ctx.config.chatFileRetentionDays, now)).toEqual([ids.old]);
    expect(fs.existsSync(path.join(dir, ids.old!))).toBe(false);
    for (const kept of [ids.recent!, ids.open!]) expect(fs.existsSync(path.join(dir, kept))).toBe(true);
    const left = (await s.ctx.db.query<{ id: string }>('SELECT id FROM uploads WHERE id = ANY($1::text[])', [[...Object.values(ids), ...orderFiles]])).map((r) => r.id);
    expect(left.sort()).toEqual([ids.recent!, ids.open!, ...orderFiles].sort());
    // The chat's message keeps its place; the file answers "not found".
    const token = await s.login('supervisor', 'super123');
    const gone = await s.app.inject({ method: 'GET', url: `/api/File/${ids.old}`, headers: { authorization: `Bearer ${token}`, 'accept-language': 'en' } });
    expect([gone.statusCode, gone.json().msg]).toEqual([404, 'File not found']);
    // A retention of 0 keeps everything.
    expect(await sweepChatFiles(s.ctx.db, dir, 0, new Date(now.getTime() + 1000 * day))).toEqual([]);
  });
});
