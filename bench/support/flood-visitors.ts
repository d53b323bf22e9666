/**
 * bench/chat-flood's visitors, in a worker thread of their own: 90 sockets sending 810 frames a
 * second and reading as many answers keep an event loop busy, and the bench's timed requests
 * must not wait behind them (their times would be the bench's own stalls, not the server's).
 * workerData: {port, addresses, chatsPerAddress, messagesPerSecond}. Posts {type: 'ready'} once
 * every chat was answered (welcome or refusal) or 30 s passed; on 'stop' it closes the sockets and
 * posts {type: 'counts', counts}.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { WebSocket } from 'ws';

const { port, addresses, chatsPerAddress, messagesPerSecond } = workerData as { port: number; addresses: string[]; chatsPerAddress: number; messagesPerSecond: number };
const counts = { sent: 0, sentAtStart: 0, acked: 0, refused: {} as Record<string, number>, welcomed: 0, helloRefused: 0, socketErrors: 0 };
const sockets: WebSocket[] = [];
const timers: NodeJS.Timeout[] = [];
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** One flooding visitor: a new chat, then messagesPerSecond messages a second, whatever the server answers. */
async function floodVisitor(address: string, n: number): Promise<void> {
  const ws = new WebSocket(`ws://127.0.0.1:${port}/ws/visitor`, { localAddress: address, headers: { 'accept-language': 'en' } });
  sockets.push(ws);
  ws.on('error', () => void counts.socketErrors++);
  ws.on('message', (data) => {
    const f = JSON.parse(String(data)) as { type: string; code?: number; msg?: string; about?: string };
    if (f.type === 'welcome') {
      counts.welcomed++;
      let k = 0;
      timers.push(setInterval(() => {
        if (ws.readyState !== WebSocket.OPEN) return;
        counts.sent++;
        ws.send(JSON.stringify({ type: 'message', clientMsgId: `f${n}-${k++}`, contentType: 'text', content: `flood ${n} ${k}` }));
      }, 1000 / messagesPerSecond));
    } else if (f.type === 'ack') {
      counts.acked++;
    } else if (f.type === 'error') {
      if (f.about === 'hello' || !f.about) counts.helloRefused++;
      const key = `${f.code} ${f.msg}`;
      counts.refused[key] = (counts.refused[key] ?? 0) + 1;
    }
  });
  await new Promise<void>((resolve, reject) => {
    ws.once('open', () => resolve());
    ws.once('error', reject);
  });
  ws.send(JSON.stringify({ type: 'hello', name: `flood ${n}` }));
}

parentPort!.on('message', async (m: { type: string }) => {
  if (m.type === 'mark') {
    // The timed part begins: what was sent before it is not counted as sent during it.
    counts.sentAtStart = counts.sent;
    return;
  }
  if (m.type !== 'stop') return;
  for (const t of timers) clearInterval(t);
  for (const ws of sockets) ws.close();
  await sleep(1000);
  for (const ws of sockets) ws.terminate();
  parentPort!.postMessage({ type: 'counts', counts });
});

let n = 0;
for (const address of addresses) for (let i = 0; i < chatsPerAddress; i++) await floodVisitor(address, n++);
for (const end = Date.now() + 30_000; counts.welcomed + counts.helloRefused < n && Date.now() < end;) await sleep(50);
parentPort!.postMessage({ type: 'ready', chats: n });
