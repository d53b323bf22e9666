import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import WebSocket from 'ws';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClient, type SocketLike, type WidgetClient } from '../../src/widget/client.ts';
import { CHAT_LIMITS } from '../../schemas/protocol/chat.ts';
import type { Db } from '../../server/db/index.ts';
import { freePort } from '../support/pg-cluster.ts';
import { openServerDb, spawnServer, waitHealthy } from '../support/server-process.ts';
import { clockEnv } from '../support/test-clock.ts';
import { WAIT_MS, until } from '../support/until.ts';
import { connect, urlOf } from './chat-client.ts';
import { engine, openTestDb, startTestServer, type TestServer } from './helpers.ts';

/**
 * No chat message is lost after a restart or a burst (issue 25 item 3): the hub admits a
 * reconnect backlog (past the burst, messages wait their turn instead of being refused), the
 * product's widget client (src/widget/client.ts, here over `ws`) paces what it re-sends and
 * retries with the same clientMsgId, and each message is stored exactly once.
 */

const memoryStorage = () => {
  const m = new Map<string, string>();
  return { getItem: (k: string) => m.get(k) ?? null, setItem: (k: string, v: string) => void m.set(k, v), removeItem: (k: string) => void m.delete(k) };
};

/** The widget's client on a Node socket. */
const widget = (url: string) => createClient({
  url, storage: memoryStorage(), onChange: () => undefined,
  connect: (u) => {
    const ws = new WebSocket(u, { headers: { 'accept-language': 'en' } });
    // A browser's socket reports a refused connection as a close; so does this one (no 'error' thrown).
    ws.on('error', () => undefined);
    return ws as unknown as SocketLike;
  },
});

/** Each stored visitor message of the chat: client id -> how many rows. */
async function storedOf(db: Pick<Db, 'query'>, chatId: string): Promise<Map<string, number>> {
  const rows = await db.query<{ id: string; n: number }>(
    `SELECT m.client_msg_id AS id, count(*) AS n FROM chat_messages m JOIN chats ch ON ch.id = m.chat_id
      WHERE ch.client_chat_id = $1 AND m.role = 'client' GROUP BY m.client_msg_id`, [chatId]);
  return new Map(rows.map((r) => [r.id, Number(r.n)]));
}

/** Waits for `check`, naming `what` if it never holds. */
const waitFor = (what: string, check: () => boolean, ms = WAIT_MS) => until(check, ms, what);

const written = (client: WidgetClient) => client.state.messages.filter((m) => m.role === 'client');

describe('chat backlog', () => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startTestServer();
    await s.app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(() => s.close());

  it('40 messages sent at once on one socket are all stored, each once: past the burst they wait their turn', async () => {
    expect(CHAT_LIMITS.burst + CHAT_LIMITS.backlog).toBeGreaterThanOrEqual(40);
    const v = await connect(urlOf(s.app, '/ws/visitor'));
    v.send({ type: 'hello', name: 'burst' });
    const { chat } = await v.next((f) => f.type === 'welcome');
    for (let i = 0; i < 40; i++) v.send({ type: 'message', clientMsgId: `b${i}`, contentType: 'text', content: `burst ${i}` });
    await v.next((f) => f.type === 'ack' && f.clientMsgId === 'b39');
    expect(v.frames.filter((f) => f.type === 'error')).toEqual([]);
    expect(v.frames.filter((f) => f.type === 'ack')).toHaveLength(40);
    const stored = await storedOf(s.ctx.db, chat.chatId);
    expect([...stored.keys()].sort()).toEqual(Array.from({ length: 40 }, (_, i) => `b${i}`).sort());
    expect([...stored.values()].every((n) => n === 1)).toBe(true);
    // Past burst and backlog, a message is refused with the wait before it would be admitted.
    for (let i = 0; i < CHAT_LIMITS.burst + CHAT_LIMITS.backlog + 5; i++) v.send({ type: 'message', clientMsgId: `o${i}`, contentType: 'text', content: 'over' });
    const refused = await v.next((f) => f.type === 'error' && f.code === 429);
    expect(refused).toMatchObject({ about: 'message', clientMsgId: expect.stringMatching(/^o/), retryAfterMs: expect.any(Number) });
    expect(refused.retryAfterMs).toBeGreaterThan(0);
    await v.close();
  });

  it('the widget client writes 40 at once: every one acknowledged, echoed once and stored once', async () => {
    const client = widget(urlOf(s.app, '/ws/visitor'));
    client.start('widget burst');
    await waitFor('welcomed', () => client.state.chat !== null);
    for (let i = 0; i < 40; i++) client.write('text', `widget ${i}`);
    await waitFor('all acknowledged and echoed', () => client.state.pending.length === 0 && written(client).length === 40);
    const stored = await storedOf(s.ctx.db, client.state.chat!.chatId);
    expect(stored.size).toBe(40);
    expect([...stored.values()].every((n) => n === 1)).toBe(true);
    expect(written(client).map((m) => m.content).sort()).toEqual(Array.from({ length: 40 }, (_, i) => `widget ${i}`).sort());
    client.stop();
  });
});

describe(`chat across a kill -9 of the server (${engine})`, () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cc-chat-kill-'));
  afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

  it('the widget client writing 60 messages loses none and doubles none when the server is killed mid-stream and restarted', async () => {
    const port = await freePort();
    // On PostgreSQL: an empty database of the suite's cluster that the server prepares and owns.
    const pgTest = engine === 'postgres' ? await openTestDb('UTC') : undefined;
    await pgTest?.db.close();
    const env = { ...clockEnv(), PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'warn', SIM_ESL_PORT: '0', DATABASE_URL: pgTest?.url ?? '' };
    let server = spawnServer(env);
    await waitHealthy(port);
    const client = widget(`ws://127.0.0.1:${port}/ws/visitor`);
    client.start('through a crash');
    const N = 60;
    let n = 0;
    let writer: ReturnType<typeof setInterval> | undefined;
    try {
      // A new process's first chat: on a machine loaded by the other suites its first answers wait
      // behind what a start leaves to do (PGlite compiling its WebAssembly, validators compiled on
      // first use), as the restart's do below: the same limit for a hang.
      await waitFor('welcomed', () => client.state.chat !== null, 120_000);
      // Written at 20 a second, faster than the client's pace: a backlog builds, then the crash adds to it.
      writer = setInterval(() => {
        if (n < N) client.write('text', `numbered ${n++}`);
      }, 50);
      await waitFor('a third written', () => n >= N / 3);
      server.child.kill('SIGKILL');
      await server.exited;
      server = spawnServer(env);
      await waitHealthy(port);
      await waitFor('every message acknowledged and echoed', () => n === N && client.state.pending.length === 0 && written(client).length === N, 120_000);
    } catch (err) {
      const { pending, messages, chat } = client.state;
      throw new Error(`${String(err)}: written ${n}, pending ${pending.length} (${pending.filter((p) => p.seq !== undefined).length} acked), echoed ${written(client).length} of ${messages.length}, chat ${chat?.state}\n${server.output().slice(-3000)}`);
    } finally {
      clearInterval(writer);
      client.stop();
      server.child.kill('SIGTERM');
      await server.exited;
    }
    const chatId = client.state.chat!.chatId;
    const db = await openServerDb(dataDir, pgTest?.url);
    try {
      const stored = await storedOf(db, chatId);
      const contents = await db.query<{ content: string }>(
        `SELECT m.content FROM chat_messages m JOIN chats ch ON ch.id = m.chat_id WHERE ch.client_chat_id = $1 AND m.role = 'client'`, [chatId]);
      expect(contents.map((r) => r.content).sort()).toEqual(Array.from({ length: N }, (_, i) => `numbered ${i}`).sort());
      expect(stored.size).toBe(N);
      expect([...stored.values()].every((k) => k === 1)).toBe(true);
      // The visitor saw each once too.
      expect(new Set(written(client).map((m) => m.seq)).size).toBe(N);
    } finally {
      await db.close();
      await pgTest?.drop();
    }
  }, 300_000);
});
