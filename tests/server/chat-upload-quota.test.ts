import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { twoInstances } from '../security/two-instances.ts';
import { startWithLogins } from '../support/demo-logins.ts';
import { engine, type TestServer } from './helpers.ts';
import { openChat, upload } from './upload-support.ts';

/**
 * What one chat may hold in files (CHAT_UPLOAD_MAX_FILES, CHAT_UPLOAD_MAX_BYTES): counted in the
 * database, so uploads through several processes together stay within it; a refused file is a
 * 413 in the caller's language and leaves neither a row nor bytes behind. Here 3 files, 1000 bytes.
 */
const QUOTA = { chatUploads: { maxFiles: 3, maxBytes: 1000 } };
const text = (n: number) => ({ name: 'notes.txt', data: Buffer.alloc(n, 'a') });

let s: TestServer;
let t: Record<'agent1', string>;
beforeAll(async () => {
  ({ s, t } = await startWithLogins(['agent1'], { config: QUOTA }));
});
afterAll(() => s.close());

const held = async (db: TestServer['ctx']['db'], chat: number) =>
  (await db.query<{ files: number; bytes: number }>('SELECT count(*) AS files, coalesce(sum(size), 0) AS bytes FROM uploads WHERE chat_id = $1', [chat]))[0]!;
const filesIn = (dataDir: string) => (fs.existsSync(path.join(dataDir, 'uploads')) ? fs.readdirSync(path.join(dataDir, 'uploads')).length : 0);

describe(`the per-chat upload quota (${engine})`, () => {
  it('takes as many files as the chat may hold, from the visitor and the agent together, then refuses the next in the caller\'s language', async () => {
    const chat = await openChat(s, '8101');
    const other = await openChat(s, '8101');
    expect((await upload(s, text(10), { chatToken: chat.token })).status).toBe(200);
    expect((await upload(s, text(10), { token: t.agent1, chatId: chat.chatId })).status).toBe(200);
    expect((await upload(s, text(10), { chatToken: chat.token })).status).toBe(200);
    const before = filesIn(s.ctx.config.dataDir);

    const en = await upload(s, text(10), { chatToken: chat.token });
    expect(en).toMatchObject({ status: 413, body: { code: 413, data: null } });
    expect(en.body.msg).toBe('This chat already holds 3 files, the most one chat may hold: send a link or end the chat and start a new one');
    const zh = await upload(s, text(10), { token: t.agent1, chatId: chat.chatId, lang: 'zh-CN' });
    expect(zh.status).toBe(413);
    expect(zh.body.msg).toBe('本次会话已有 3 个文件，已达单个会话的上限：请改发链接，或结束会话后重新发起');
    expect(await held(s.ctx.db, chat.id)).toEqual({ files: 3, bytes: 30 });
    expect(filesIn(s.ctx.config.dataDir)).toBe(before);
    // The quota is per chat: another chat still takes files.
    expect((await upload(s, text(10), { chatToken: other.token })).status).toBe(200);
  });

  it('refuses a file that would take the chat over its bytes, and still takes one that fits exactly', async () => {
    const chat = await openChat(s, '8101');
    expect((await upload(s, text(600), { chatToken: chat.token })).status).toBe(200);
    const before = filesIn(s.ctx.config.dataDir);
    const over = await upload(s, text(401), { chatToken: chat.token });
    expect(over.status).toBe(413);
    expect(over.body.msg).toBe('This file would take the chat\'s files over 1 KiB in all (1 KiB used): send a smaller file or a link');
    expect(await held(s.ctx.db, chat.id)).toEqual({ files: 1, bytes: 600 });
    expect(filesIn(s.ctx.config.dataDir)).toBe(before);
    expect((await upload(s, text(400), { chatToken: chat.token })).status).toBe(200);
    expect(await held(s.ctx.db, chat.id)).toEqual({ files: 2, bytes: 1000 });
  });
});

describe(`the per-chat upload quota across two processes (${engine})`, () => {
  it('uploads racing through two instances into one chat store no more than the quota', async () => {
    const pair = await twoInstances(QUOTA);
    try {
      const chat = await openChat(pair.a, '8101');
      const answers = await Promise.all(Array.from({ length: 8 }, (_, i) => upload(i % 2 ? pair.b : pair.a, text(10), { chatToken: chat.token })));
      expect(answers.filter((r) => r.status === 200)).toHaveLength(3);
      expect(answers.filter((r) => r.status === 413)).toHaveLength(5);
      expect(await held(pair.a.ctx.db, chat.id)).toEqual({ files: 3, bytes: 30 });
      expect(filesIn(pair.a.ctx.config.dataDir) + filesIn(pair.b.ctx.config.dataDir)).toBe(3);
    } finally {
      await pair.close();
    }
  });
});
