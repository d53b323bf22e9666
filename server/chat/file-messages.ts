import type { Queryable } from '../db/types.ts';
import { FrameError } from './socket.ts';

/** Where a chat file is served: the content of image, file and sound messages (server/api/File.ts FILE_BASE + id). */
const FILE_CONTENT = /^\/api\/File\/([A-Za-z0-9_-]{22})$/;

/**
 * A message of a file kind (image, file, sound) names a file its sender uploaded to this very
 * chat: the visitor's own upload for a client message, an agent's for an agent message. A
 * made-up or borrowed id is refused before anything is stored (403), so no message points at a
 * file the chat cannot show. Text messages pass as they are.
 */
export async function checkFileMessage(tx: Queryable, chatId: number, m: { role: 'client' | 'agent'; contentType: string; content: string }): Promise<void> {
  if (m.contentType === 'text') return;
  const id = FILE_CONTENT.exec(m.content)?.[1];
  const [own] = id
    ? await tx.query('SELECT 1 FROM uploads WHERE id = $1 AND chat_id = $2 AND uploader_kind = $3', [id, chatId, m.role === 'client' ? 'visitor' : 'agent'])
    : [];
  if (!own) throw new FrameError(403, 'chatFileNotUploaded');
}
