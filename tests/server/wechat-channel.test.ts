import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FakeWechatPlatform } from '../../server/chat/channels/wechat/fake-platform.ts';
import { wechatOf } from '../../server/chat/channels/wechat/index.ts';
import { ACCOUNT_SELECT, type WxAccount } from '../../server/chat/channels/wechat/platform.ts';
import { buildPushXml, signatureOf } from '../../server/chat/channels/wechat/protocol.ts';
import { twoInstances } from '../security/two-instances.ts';
import { startWithLogins } from '../support/demo-logins.ts';
import { until } from '../support/until.ts';
import { engine, type TestServer } from './helpers.ts';
import { connect, isMsg, setStatus, urlOf, type ChatSocket } from './chat-client.ts';
import { upload } from './upload-support.ts';

/**
 * The WeChat Official Account channel (issue 23 item 1) against the fake platform on loopback:
 * pushes signed like the real platform's, in plain and safe (AES) mode, become messages of a
 * WeChat chat in the same inbox; the agent's replies go out through the customer-service API.
 */
const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), crypto.randomBytes(64)]);
const PLAIN: { name: string; appId: string; appSecret: string; token: string; aesKey?: string } = { name: 'Plain shop', appId: 'wxplain0001', appSecret: 'secret-plain-0001', token: 'tokenplain' };
const SAFE = { name: 'Safe shop', appId: 'wxsafe00001', appSecret: 'secret-safe-00001', token: 'tokensafe', aesKey: crypto.randomBytes(32).toString('base64').slice(0, 43) };

let s: TestServer;
let t: Record<'admin' | 'chat1' | 'agent1', string>;
const fake = new FakeWechatPlatform();
let agent: ChatSocket;
let n = 0;
const openid = () => `o${crypto.randomBytes(8).toString('hex')}${n++}`;
const msgId = () => String(1e15 + crypto.randomInt(1e9) * 1000 + n++);
const text = (from: string, content: string, id = msgId()) => ({ FromUserName: from, MsgType: 'text', Content: content, MsgId: id });

const storedOf = (from: string) => s.ctx.db.query<{ role: string; contentType: string; content: string; chatId: string; way: string }>(
  `SELECT m.role, m.content_type AS "contentType", m.content, ch.client_chat_id AS "chatId", ch.source_way AS way
     FROM chat_messages m JOIN chats ch ON ch.id = m.chat_id WHERE ch.wx_openid = $1 AND m.role <> 'sys' ORDER BY m.seq`, [from]);
const inbound = async () => Number((await s.ctx.db.query<{ n: number }>('SELECT count(*) AS n FROM wx_inbound'))[0]!.n);

beforeAll(async () => {
  await fake.start();
  ({ s, t } = await startWithLogins(['admin', 'chat1', 'agent1'], { config: { wechat: { apiBase: fake.url }, chat: { agentCapacity: 100, graceSeconds: 60 } } }));
  await s.app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = s.app.server.address() as { port: number };
  for (const a of [PLAIN, SAFE]) {
    const res = await s.call('POST', '/api/wechatAccount/doEdit', { token: t.admin, body: a });
    expect(res.status).toBe(200);
    fake.account({ appId: a.appId, secret: a.appSecret, token: a.token, aesKey: a.aesKey ?? '', pushUrl: `http://127.0.0.1:${port}/api/weixin/push/${a.appId}` });
  }
  await setStatus(s.ctx.db, '8201', 0);
  agent = await connect(urlOf(s.app, `/ws/chat?token=${t.chat1}`));
  agent.send({ type: 'hello' });
  await agent.next((f) => f.type === 'welcome');
});
afterAll(async () => {
  await agent?.close();
  await s?.close();
  await fake.stop();
});

/** A WeChat customer's first message: the chat it opened, as the agent's inbox received it. */
async function customerWrites(appId: string, from: string, content: string, mode: 'plain' | 'aes' = 'plain') {
  const res = await fake.push(appId, text(from, content), { mode });
  expect(res).toEqual({ status: 200, body: '' });
  const msg = await agent.next(isMsg(content));
  return msg.chatId as string;
}

describe(`WeChat accounts (${engine})`, () => {
  it('are administered by administrators only, and their secrets are never answered', async () => {
    const list = await s.call('POST', '/api/wechatAccount/getList', { token: t.admin, body: {} });
    expect(list.status).toBe(200);
    const rows = list.body.data.items ?? list.body.data.list ?? list.body.data;
    const text = JSON.stringify(list.body);
    expect(text).toContain(PLAIN.appId);
    for (const secret of [PLAIN.appSecret, PLAIN.token, SAFE.appSecret, SAFE.token, SAFE.aesKey]) expect(text).not.toContain(secret);
    expect(Array.isArray(rows) || typeof rows === 'object').toBe(true);
    expect((await s.call('POST', '/api/wechatAccount/getList', { token: t.chat1, body: {} })).status).toBe(403);
    expect((await s.call('POST', '/api/wechatAccount/doEdit', { token: t.agent1, body: { ...PLAIN, appId: 'wxother0001' } })).status).toBe(403);
    const noSecret = await s.call('POST', '/api/wechatAccount/doEdit', { token: t.admin, body: { name: 'x', appId: 'wxnosecret1' }, headers: { 'accept-language': 'en' } });
    expect(noSecret.status).toBe(400);
    expect(noSecret.body.msg).toBe('A new account needs its app secret and token');
  });
});

describe(`WeChat pushes (${engine})`, () => {
  it('answer the URL verification with echostr when signed with the account token, and refuse a wrong signature', async () => {
    const ts = String(Math.floor(Date.now() / 1000));
    const good = await s.app.inject({ method: 'GET', url: `/api/weixin/push/${PLAIN.appId}?signature=${signatureOf(PLAIN.token, ts, '42')}&timestamp=${ts}&nonce=42&echostr=hello123` });
    expect(good.statusCode).toBe(200);
    expect(good.body).toBe('hello123');
    const bad = await s.app.inject({ method: 'GET', url: `/api/weixin/push/${PLAIN.appId}?signature=${signatureOf('other', ts, '42')}&timestamp=${ts}&nonce=42&echostr=hello123`, headers: { 'accept-language': 'en' } });
    expect(bad.statusCode).toBe(403);
    expect(bad.json().msg).toBe('The push signature is wrong: refused');
  });

  it('plain mode: a customer\'s text opens a WeChat chat in the agent\'s inbox, and the agent\'s reply reaches the customer', async () => {
    const from = openid();
    const chatId = await customerWrites(PLAIN.appId, from, 'Where is my parcel?');
    const chat = agent.frames.find((f) => f.type === 'chat' && f.chat.chatId === chatId)?.chat ?? (await agent.next((f) => f.type === 'chat' && f.chat.chatId === chatId)).chat;
    expect(chat.sourceInfoWay).toBe('weixin');
    agent.send({ type: 'message', chatId, clientMsgId: 'p1', contentType: 'text', content: 'It left this morning' });
    await agent.next((f) => f.type === 'ack' && f.clientMsgId === 'p1');
    const got = await until(() => fake.received.find((r) => r.touser === from));
    expect(got).toMatchObject({ appId: PLAIN.appId, msgtype: 'text', content: 'It left this morning' });
    // The customer's next message continues the same chat.
    await fake.push(PLAIN.appId, text(from, 'Thanks!'));
    expect((await agent.next(isMsg('Thanks!'))).chatId).toBe(chatId);
  });

  it('safe mode: an encrypted push is opened with the account\'s AES key, and the reply goes out', async () => {
    const from = openid();
    const chatId = await customerWrites(SAFE.appId, from, '加密的消息', 'aes');
    agent.send({ type: 'message', chatId, clientMsgId: 's1', contentType: 'text', content: '收到' });
    expect(await until(() => fake.received.find((r) => r.touser === from))).toMatchObject({ appId: SAFE.appId, content: '收到' });
    // The same encrypted push under a wrong msg_signature is refused.
    const before = await inbound();
    const res = await fake.push(SAFE.appId, text(from, 'forged'), { mode: 'aes', signature: 'f'.repeat(40) });
    expect(res.status).toBe(403);
    expect(await inbound()).toBe(before);
  });

  it('an image comes in as a chat file, and an agent\'s image goes out uploaded first', async () => {
    const from = openid();
    const chatId = await customerWrites(PLAIN.appId, from, 'photo follows');
    const mediaId = fake.addMedia(PNG, 'image/png');
    await fake.push(PLAIN.appId, { FromUserName: from, MsgType: 'image', PicUrl: 'http://example.invalid/p.png', MediaId: mediaId, MsgId: msgId() });
    const img = await agent.next((f) => f.type === 'message' && f.chatId === chatId && f.contentType === 'image');
    expect(img.content).toMatch(/^\/api\/File\/[A-Za-z0-9_-]{22}$/);
    const file = await s.app.inject({ method: 'GET', url: img.content, headers: { authorization: `Bearer ${t.chat1}` } });
    expect(file.statusCode).toBe(200);
    expect(Buffer.from(file.rawPayload).equals(PNG)).toBe(true);

    const up = await upload(s, { name: 'answer.png', data: PNG }, { token: t.chat1, chatId });
    expect(up.status).toBe(200);
    agent.send({ type: 'message', chatId, clientMsgId: 'i1', contentType: 'image', content: up.body.data.url });
    const out = await until(() => fake.received.find((r) => r.touser === from && r.msgtype === 'image'));
    expect(out.media!.bytes.equals(PNG)).toBe(true);
  });

  it('a push delivered twice (the platform\'s retry, even at once) stores one message', async () => {
    const from = openid();
    const id = msgId();
    const answers = await Promise.all([1, 2, 3].map(() => fake.push(PLAIN.appId, text(from, 'only once', id))));
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200]);
    await agent.next(isMsg('only once'));
    await wechatOf(s.ctx).settled();
    expect((await storedOf(from)).map((m) => m.content)).toEqual(['only once']);
  });

  it('refuses a wrong signature, an old timestamp, XML with entities and an oversize body, storing nothing', async () => {
    const from = openid();
    const before = await inbound();
    const wrong = await fake.push(PLAIN.appId, text(from, 'x'), { signature: '0'.repeat(40) });
    const old = await fake.push(PLAIN.appId, text(from, 'x'), { timestamp: Math.floor(Date.now() / 1000) - 3600 });
    const entity = await fake.push(PLAIN.appId, text(from, 'x'), {
      body: `<?xml version="1.0"?><!DOCTYPE xml [<!ENTITY x SYSTEM "file:///etc/passwd">]><xml><FromUserName>${from}</FromUserName><MsgType>text</MsgType><Content>&x;</Content><MsgId>1</MsgId></xml>`,
    });
    const bare = await fake.push(PLAIN.appId, text(from, 'x'), { body: `<xml><FromUserName>${from}</FromUserName><MsgType>text</MsgType><Content>&x;</Content><MsgId>2</MsgId></xml>` });
    const huge = await fake.push(PLAIN.appId, text(from, 'x'), { body: buildPushXml({ FromUserName: from, MsgType: 'text', Content: 'y'.repeat(40_000), MsgId: 3 }) });
    expect([wrong.status, old.status, entity.status, bare.status, huge.status]).toEqual([403, 403, 400, 400, 413]);
    expect(JSON.parse(wrong.body).msg).toBe('推送签名错误，已拒绝');
    await wechatOf(s.ctx).settled();
    expect(await inbound()).toBe(before);
    expect(await storedOf(from)).toEqual([]);
  });
});

describe(`WeChat replies (${engine})`, () => {
  it('are refused with a clear message once the 48-hour window has passed, and nothing is stored or sent', async () => {
    const from = openid();
    const chatId = await customerWrites(PLAIN.appId, from, 'hello from long ago');
    await s.ctx.db.query(`UPDATE wx_users SET last_inbound_at = last_inbound_at - interval '49 hours' WHERE openid = $1`, [from]);
    agent.send({ type: 'message', chatId, clientMsgId: 'w1', contentType: 'text', content: 'too late' });
    const err = await agent.next((f) => f.type === 'error' && f.clientMsgId === 'w1');
    expect(err.msg).toBe('The WeChat customer last wrote more than 48 hours ago: the platform accepts no reply until they write again');
    expect((await storedOf(from)).map((m) => m.content)).toEqual(['hello from long ago']);
    expect(fake.received.some((r) => r.touser === from)).toBe(false);
  });

  it('that the platform refuses show in the chat as not delivered, with the platform\'s reason', async () => {
    const from = openid();
    const chatId = await customerWrites(PLAIN.appId, from, 'are you there');
    fake.refuse(from, { errcode: 45047, errmsg: 'out of response count limit' });
    agent.send({ type: 'message', chatId, clientMsgId: 'r1', contentType: 'text', content: 'yes' });
    const sys = await agent.next((f) => f.type === 'message' && f.chatId === chatId && f.role === 'sys' && f.content.startsWith('未送达'));
    expect(sys.content).toBe('未送达微信用户：45047 out of response count limit');
    const [row] = await s.ctx.db.query<{ state: string; error: string }>(
      `SELECT o.state, o.error FROM wx_outbound o JOIN chat_messages m ON m.id = o.message_id WHERE m.client_msg_id = 'r1'`);
    expect(row).toEqual({ state: 'failed', error: '45047 out of response count limit' });
  });
});

describe(`the access token (${engine})`, () => {
  it('expiring mid-conversation is refreshed once for two processes sending at the same time', async () => {
    const pair = await twoInstances({ wechat: { apiBase: fake.url } });
    try {
      const [row] = await pair.a.ctx.db.query<{ id: number }>(
        `INSERT INTO wx_accounts (name, app_id, app_secret, token) VALUES ('two', 'wxtwoproc01', 'secret-two-0001', 'tokentwo') RETURNING id`);
      fake.account({ appId: 'wxtwoproc01', secret: 'secret-two-0001', token: 'tokentwo', aesKey: '', pushUrl: 'http://127.0.0.1:9/none' });
      const [account] = await pair.a.ctx.db.query<WxAccount>(`${ACCOUNT_SELECT} WHERE id = $1`, [row!.id]);
      const a = wechatOf(pair.a.ctx).api;
      const b = wechatOf(pair.b.ctx).api;
      const send = (api: typeof a, content: string) => api.send(account!, { touser: 'otwo', msgtype: 'text', text: { content } });
      const tokens = fake.tokenCalls;
      await send(a, 'first');
      await send(b, 'second');
      expect(fake.tokenCalls).toBe(tokens + 1);
      fake.expireTokens();
      await Promise.all([send(a, 'third'), send(b, 'fourth'), send(a, 'fifth'), send(b, 'sixth')]);
      expect(fake.tokenCalls).toBe(tokens + 2);
      expect(fake.received.filter((r) => r.touser === 'otwo').map((r) => r.content).sort()).toEqual(['fifth', 'first', 'fourth', 'second', 'sixth', 'third']);
    } finally {
      await pair.close();
    }
  });

  it('survives a platform outage with backoff: no process asks again before the retry time, and the next ask after it works', async () => {
    const [row] = await s.ctx.db.query<{ id: number }>(
      `INSERT INTO wx_accounts (name, app_id, app_secret, token) VALUES ('down', 'wxdown00001', 'secret-down-0001', 'tokendown') RETURNING id`);
    fake.account({ appId: 'wxdown00001', secret: 'secret-down-0001', token: 'tokendown', aesKey: '', pushUrl: 'http://127.0.0.1:9/none' });
    const [account] = await s.ctx.db.query<WxAccount>(`${ACCOUNT_SELECT} WHERE id = $1`, [row!.id]);
    const api = wechatOf(s.ctx).api;
    fake.down = true;
    try {
      const asked = fake.calls.length;
      await expect(api.token(account!)).rejects.toThrow(/HTTP 503/);
      await expect(api.token(account!)).rejects.toThrow(/HTTP 503/);
      expect(fake.calls.length).toBe(asked + 1);
      const [state] = await s.ctx.db.query<{ failures: number; waits: boolean }>('SELECT failures, retry_at > now() AS waits FROM wx_tokens WHERE account_id = $1', [row!.id]);
      expect(state).toEqual({ failures: 1, waits: true });
    } finally {
      fake.down = false;
    }
    await s.ctx.db.query(`UPDATE wx_tokens SET retry_at = now() - interval '1 second' WHERE account_id = $1`, [row!.id]);
    expect(await api.token(account!)).toMatch(/^[A-Za-z0-9_-]{20,}$/);
    expect((await s.ctx.db.query<{ failures: number }>('SELECT failures FROM wx_tokens WHERE account_id = $1', [row!.id]))[0]!.failures).toBe(0);
  });
});

describe(`the spec's WeChat endpoints (${engine})`, () => {
  const post = (url: string, token: string, body: unknown) => s.call('POST', url, { token, body, headers: { 'accept-language': 'en' } });
  const rowsOf = (r: { body: { data: any } }) => (Array.isArray(r.body.data) ? r.body.data : r.body.data.rows ?? r.body.data.list ?? r.body.data.items);

  it('api/weixin/getList, doEdit, doDelete, getCaptionOptions and getContentById are the quick replies, under the same rules', async () => {
    const saved = await post('/api/weixin/doEdit', t.chat1, { caption: 'wx-greet', text: 'Hello {customerName}' });
    expect(saved.status).toBe(200);
    const id = saved.body.data.id as number;
    expect(rowsOf(await post('/api/weixin/getList', t.chat1, { caption: 'wx-greet' })).map((r: { id: number }) => r.id)).toEqual([id]);
    expect((await post('/api/weixin/getCaptionOptions', t.chat1, {})).body.data).toContainEqual({ label: 'wx-greet', value: id });
    expect((await post('/api/weixin/getContentById', t.chat1, { id })).body.data).toMatchObject({ id, caption: 'wx-greet', text: 'Hello {customerName}' });
    // Another agent's personal reply is not theirs to read, by any name.
    expect((await post('/api/weixin/getContentById', t.agent1, { id })).status).toBe(404);
    expect((await post('/api/weixin/getContentById', t.chat1, { id: 'x' })).status).toBe(400);
    expect((await post('/api/weixin/doDelete', t.chat1, { ids: [id] })).status).toBe(200);
    expect((await post('/api/weixin/getContentById', t.chat1, { id })).status).toBe(404);
  });

  it('getWeixinMsg lists the seat\'s unread WeChat messages; getWeiTalk a customer\'s conversations together; getWeiTalkByPhone once a phone is recorded', async () => {
    const from = openid();
    const first = await customerWrites(PLAIN.appId, from, 'first visit');
    const unread = rowsOf(await post('/api/WeiXin/getWeixinMsg', t.chat1, { userSeatNo: '8201' }));
    expect(unread.filter((r: { clientChatId: string }) => r.clientChatId === first).map((r: { content: string }) => r.content)).toEqual(['first visit']);
    expect(unread.every((r: { sourceInfoWay: string }) => r.sourceInfoWay === 'weixin')).toBe(true);

    agent.send({ type: 'close', chatId: first });
    await agent.next((f) => f.type === 'chat' && f.chat.chatId === first && f.chat.state === 'closed');
    const second = await customerWrites(PLAIN.appId, from, 'second visit');
    expect(second).not.toBe(first);
    const talks = rowsOf(await post('/api/weixin/getWeiTalk', t.chat1, { clientChatId: second }));
    expect(talks.map((r: { clientChatId: string }) => r.clientChatId).sort()).toEqual([first, second].sort());
    expect(talks[0]).toMatchObject({ openid: from, accountName: PLAIN.name });
    // An agent of another seat does not read this customer's history through a chat that is not theirs.
    expect(rowsOf(await post('/api/weixin/getWeiTalk', t.agent1, { clientChatId: second }))).toEqual([]);

    expect((await post('/api/weixin/savePhone', t.agent1, { clientChatId: second, phone: '13800138000' })).status).toBe(403);
    expect((await post('/api/weixin/savePhone', t.chat1, { clientChatId: second, phone: 'abc' })).status).toBe(400);
    expect((await post('/api/weixin/savePhone', t.chat1, { clientChatId: second, phone: '13800138000' })).status).toBe(200);
    const byPhone = rowsOf(await post('/api/weixin/getWeiTalkByPhone', t.chat1, { phone: '13800138000' }));
    expect(byPhone.map((r: { clientChatId: string }) => r.clientChatId).sort()).toEqual([first, second].sort());

    const friends = rowsOf(await post('/api/WeiXin/getwxFrList', t.chat1, {}));
    expect(friends.find((r: { openid: string }) => r.openid === from)).toMatchObject({ phone: '13800138000', userSeatNo: '8201', chats: 2 });
    expect((await post('/api/WeiXin/getwxFrAllList', t.chat1, {})).status).toBe(403);
    expect(rowsOf(await post('/api/WeiXin/getwxFrAllList', t.admin, {})).some((r: { openid: string }) => r.openid === from)).toBe(true);
  });

  it('getEncodePath gives an administrator the push address and mode of an account', async () => {
    expect((await post('/api/WeiXin/getEncodePath', t.admin, { appId: SAFE.appId })).body.data).toEqual({ appId: SAFE.appId, pushPath: `/api/weixin/push/${SAFE.appId}`, mode: 'aes' });
    expect((await post('/api/WeiXin/getEncodePath', t.chat1, { appId: SAFE.appId })).status).toBe(403);
    expect((await post('/api/WeiXin/getEncodePath', t.admin, { appId: 'wxnone0000' })).status).toBe(404);
  });
});
