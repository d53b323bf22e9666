import type { Chat } from '../chat/types';

/** The description's limit on the server (schemas/workorders/wire.ts). */
const MAX = 10_000;

const clock = (ms: number) => new Date(ms).toTimeString().slice(0, 8);

/**
 * A chat's transcript as an order's description: one line per client or agent message
 * ("HH:mm:ss name: text"; a file as its address), system lines and time stamps left out. When
 * it is longer than a description may be, the newest lines are kept.
 */
export function transcriptOf(chat: Pick<Chat, 'msgList' | 'clientChatName'>, agentName: string): string {
  const lines = chat.msgList
    .filter((m) => !m.stamp && (m.role === 'client' || m.role === 'agent'))
    .map((m) => `${clock(m.createTime)} ${m.role === 'client' ? chat.clientChatName : agentName}: ${m.content}`);
  const kept: string[] = [];
  let size = 0;
  for (let i = lines.length - 1; i >= 0; i--) {
    size += lines[i]!.length + 1;
    if (size > MAX) break;
    kept.unshift(lines[i]!);
  }
  return kept.join('\n');
}
