import type { Envelope } from '../../schemas/envelope.ts';
import type { UploadedFile } from '../../schemas/protocol/chat.ts';

/**
 * Sends a file to /api/File/upload with the chat token; the answer's url is what the image,
 * file or sound message carries. Throws the server's message (wrong type, too large) on refusal.
 */
export async function uploadFile(file: Blob & { name?: string }, token: string, lang: string, fetcher: typeof fetch = fetch): Promise<UploadedFile> {
  const form = new FormData();
  form.append('file', file, file.name ?? 'file');
  const res = await fetcher('/api/File/upload', {
    method: 'POST',
    headers: { 'X-Chat-Token': token, 'Accept-Language': lang === 'en' ? 'en' : 'zh-CN' },
    body: form,
  });
  const body = (await res.json().catch(() => null)) as Partial<Envelope<UploadedFile>> | null;
  if (!res.ok || !body?.data?.url) throw new Error(body?.msg || `HTTP ${res.status}`);
  return body.data;
}
