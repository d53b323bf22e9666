import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { loadConfig } from '../../server/config.ts';
import { createContext } from '../../server/main.ts';
import { buildApp } from '../../server/app.ts';
import { twoInstances, type Instance } from '../security/two-instances.ts';
import { demoToken } from '../support/demo-logins.ts';
import { connect, fastChatTiming, isChat, isMsg, setStatus, urlOf, type ChatSocket } from './chat-client.ts';

/**
 * Two server instances on one database (on PostgreSQL two pools, fan-out by LISTEN/NOTIFY; on
 * PGlite one shared database): a visitor on one and its agent on the other talk normally, every
 * message arrives once; a restarted server resumes a visitor from the database.
 */
describe('chat hub across processes', () => {
  let two: { a: Instance; b: Instance; close: () => Promise<void> };
  const extra: FastifyInstance[] = [];
  let agentToken: string;

  fastChatTiming({ tickMs: 200, staleMs: 2000 });
  beforeAll(async () => {
    two = await twoInstances({ chat: { agentCapacity: 5, graceSeconds: 60 } });
    for (const i of [two.a, two.b]) await i.app.listen({ port: 0, host: '127.0.0.1' });
    agentToken = await demoToken(two.b.app, 'chat1');
    await setStatus(two.a.ctx.db, '8201', 0);
  });
  afterAll(async () => {
    for (const app of extra) await app.close();
    await two.close();
  });

  const agentOn = async (app: FastifyInstance) => {
    const c = await connect(urlOf(app, `/ws/chat?token=${agentToken}`));
    c.send({ type: 'hello' });
    await c.next((f) => f.type === 'welcome');
    return c;
  };

  it('a visitor on one process and the agent on the other exchange messages, each delivered once', async () => {
    const agent = await agentOn(two.b.app);
    const v = await connect(urlOf(two.a.app, '/ws/visitor'));
    v.send({ type: 'hello', name: 'Bob' });
    const { chat } = await v.next((f) => f.type === 'welcome');
    await agent.next(isChat(chat.chatId, 'assigned'));
    const sent: string[] = [];
    for (let i = 0; i < 10; i++) {
      v.send({ type: 'message', clientMsgId: `v${i}`, contentType: 'text', content: `from visitor ${i}` });
      agent.send({ type: 'message', chatId: chat.chatId, clientMsgId: `a${i}`, contentType: 'text', content: `from agent ${i}` });
      sent.push(`from visitor ${i}`, `from agent ${i}`);
    }
    await agent.next(isMsg('from visitor 9'));
    await v.next(isMsg('from agent 9'));
    for (const c of [agent, v]) {
      // Only this chat's messages: the agent's hello also replays its other open chats.
      const ours = (f: { type: string; chatId?: string }) => f.type === 'message' && f.chatId === chat.chatId;
      const got = (await c.settle((f) => ours(f) && f.role !== 'sys')).map((f) => f.content);
      expect(got.slice().sort()).toEqual(sent.slice().sort());
      const seqs = c.frames.filter(ours).map((f) => f.seq);
      expect(seqs).toEqual([...seqs].sort((x, y) => x - y));
    }
    await v.close();
    await agent.close();
  });

  // A server on instance a's database, started and stopped by the restart test alone (the
  // shared instances stay up for the other test, whichever order they run in).
  const serverOnA = async () => {
    const config = { ...loadConfig({}), ...two.a.ctx.config, staticDir: path.join(two.a.ctx.config.dataDir, 'no-dist') };
    const app = await buildApp(await createContext(config, two.a.ctx.db), { logger: false });
    extra.push(app);
    await app.listen({ port: 0, host: '127.0.0.1' });
    return app;
  };

  it('after a server restart, a visitor resumes from its last seq and gets exactly what it missed', async () => {
    const agent = await agentOn(two.b.app);
    const first = await serverOnA();
    const v = await connect(urlOf(first, '/ws/visitor'));
    v.send({ type: 'hello' });
    const welcome = await v.next((f) => f.type === 'welcome');
    const chatId = welcome.chat.chatId;
    await agent.next(isChat(chatId, 'assigned'));
    agent.send({ type: 'message', chatId, clientMsgId: 'r1', contentType: 'text', content: 'before' });
    const before = await v.next(isMsg('before'));
    await v.close();
    await first.close();
    agent.send({ type: 'message', chatId, clientMsgId: 'r2', contentType: 'text', content: 'while down 1' });
    agent.send({ type: 'message', chatId, clientMsgId: 'r3', contentType: 'text', content: 'while down 2' });
    await agent.next((f) => f.type === 'ack' && f.clientMsgId === 'r3');

    const restarted = await serverOnA();
    const again = await connect(urlOf(restarted, '/ws/visitor'));
    again.send({ type: 'hello', token: welcome.token, lastSeq: before.seq });
    await again.next(isMsg('while down 2'));
    const got = await again.settle((f) => f.type === 'message');
    expect(got.map((f) => f.content)).toEqual(['while down 1', 'while down 2']);
    await again.close();
    await agent.close();
  });
});
