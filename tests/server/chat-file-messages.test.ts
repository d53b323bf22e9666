import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './helpers.ts';
import { connect, joinChatDepartment, urlOf, type ChatSocket } from './chat-client.ts';
import { openChat, upload } from './upload-support.ts';

/**
 * A chat message of a file kind names a file its sender uploaded to that chat (issue 25 item 8):
 * a made-up `/api/File/<id>`, another chat's file, the other party's file or an outside address
 * is refused with an error frame in the sender's language and nothing is stored; the sender's
 * own upload goes through.
 */
let s: TestServer;
let agentToken: string;
const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(64, 7)]);
const open: ChatSocket[] = [];

beforeAll(async () => {
  s = await startTestServer();
  await s.app.listen({ port: 0, host: '127.0.0.1' });
  await joinChatDepartment(s.ctx.db, ['agent1']);
  agentToken = await s.login('agent1', 'agent123');
});
afterAll(() => s.close());
afterEach(async () => {
  for (const c of open.splice(0)) await c.close();
});

/** A visitor's socket on a new chat assigned to agent1 (seat 8101): the chat's row id, token and chat id. */
async function visitorOnChat(lang: string) {
  const chat = await openChat(s, '8101');
  const v = await connect(urlOf(s.app, '/ws/visitor'), lang);
  open.push(v);
  v.send({ type: 'hello', token: chat.token });
  await v.next((f) => f.type === 'welcome');
  return { ...chat, v };
}

const stored = async (chatRow: number, content: string) =>
  (await s.ctx.db.query('SELECT 1 FROM chat_messages WHERE chat_id = $1 AND content = $2', [chatRow, content])).length;

const EN = 'An image, file or sound message must name a file you uploaded to this chat: send the file again';
const ZH = '图片、文件或语音消息必须是您在本会话中上传的文件，请重新发送该文件';

describe('a file message names a file its sender uploaded to the chat', () => {
  it('refuses a visitor\'s made-up, foreign or outside file, in its language, storing nothing; its own upload goes through', async () => {
    const other = await openChat(s, '8101');
    const foreign = (await upload(s, { name: 'a.png', data: PNG }, { chatToken: other.token })).body.data.url as string;
    for (const lang of ['en', 'zh'] as const) {
      const { id, token, v } = await visitorOnChat(lang);
      const cases = [['image', '/api/File/AAAAAAAAAAAAAAAAAAAAAA'], ['image', foreign], ['file', 'https://evil.example/a.pdf'], ['sound', '/api/File/../../etc/passwd']];
      for (const [i, [contentType, content]] of cases.entries()) {
        v.send({ type: 'message', clientMsgId: `bad-${lang}-${i}`, contentType, content });
        const err = await v.next((f) => f.type === 'error' && f.clientMsgId === `bad-${lang}-${i}`);
        expect(err).toMatchObject({ code: 403, msg: lang === 'en' ? EN : ZH });
        expect(await stored(id, content!)).toBe(0);
      }
      const own = (await upload(s, { name: 'b.png', data: PNG }, { chatToken: token })).body.data.url as string;
      v.send({ type: 'message', clientMsgId: `own-${lang}`, contentType: 'image', content: own });
      expect(await v.next((f) => f.type === 'ack' && f.clientMsgId === `own-${lang}`)).toMatchObject({ seq: expect.any(Number) });
      expect(await stored(id, own)).toBe(1);
      // Text is not a file reference, whatever it looks like.
      v.send({ type: 'message', clientMsgId: `text-${lang}`, contentType: 'text', content: '/api/File/AAAAAAAAAAAAAAAAAAAAAA' });
      await v.next((f) => f.type === 'ack' && f.clientMsgId === `text-${lang}`);
    }
  });

  it('refuses an agent naming the visitor\'s file as its own; the agent\'s own upload goes through', async () => {
    const { id, chatId, token } = await visitorOnChat('en');
    const visitors = (await upload(s, { name: 'v.png', data: PNG }, { chatToken: token })).body.data.url as string;
    const a = await connect(urlOf(s.app, `/ws/chat?token=${agentToken}`), 'en');
    open.push(a);
    a.send({ type: 'hello' });
    await a.next((f) => f.type === 'welcome');
    a.send({ type: 'message', chatId, clientMsgId: 'borrowed', contentType: 'image', content: visitors });
    expect(await a.next((f) => f.type === 'error' && f.clientMsgId === 'borrowed')).toMatchObject({ code: 403, msg: EN, chatId });
    expect((await s.ctx.db.query("SELECT 1 FROM chat_messages WHERE chat_id = $1 AND role = 'agent'", [id])).length).toBe(0);
    const mine = (await upload(s, { name: 'm.png', data: PNG }, { token: agentToken, chatId })).body.data.url as string;
    a.send({ type: 'message', chatId, clientMsgId: 'mine', contentType: 'image', content: mine });
    await a.next((f) => f.type === 'ack' && f.clientMsgId === 'mine');
  });

  it("a file message carries its upload's name, live and in history, to both sides (the widget and the inbox showed only 'file')", async () => {
    const { chatId, token, v } = await visitorOnChat('en');
    const url = (await upload(s, { name: 'receipt.png', data: PNG }, { chatToken: token })).body.data.url as string;
    v.send({ type: 'message', clientMsgId: 'named', contentType: 'file', content: url });
    const { seq } = await v.next((f) => f.type === 'ack' && f.clientMsgId === 'named');
    // Live: the frame the hub fans out.
    expect(await v.next((f) => f.type === 'message' && f.seq === seq)).toMatchObject({ contentType: 'file', content: url, fileName: 'receipt.png' });
    // History: what an agent connecting now reads.
    const a = await connect(urlOf(s.app, `/ws/chat?token=${agentToken}`), 'en');
    open.push(a);
    a.send({ type: 'hello' });
    expect(await a.next((f) => f.type === 'message' && f.chatId === chatId && f.seq === seq)).toMatchObject({ fileName: 'receipt.png' });
    // A text message has no file name.
    v.send({ type: 'message', clientMsgId: 'plain', contentType: 'text', content: 'thanks' });
    const plain = await v.next((f) => f.type === 'ack' && f.clientMsgId === 'plain');
    expect((await v.next((f) => f.type === 'message' && f.seq === plain.seq)).fileName ?? null).toBeNull();
  });
});
