/**
 * Sends a file into a chat: POST /api/File/upload?chatId=<chat> (multipart, one part `file`),
 * then a message of the kind the server told from the bytes (image, file or sound) whose
 * content is the answer's /api/File/<id> address.
 */
import type { UploadedFile } from '../../schemas/protocol/chat';
import { http } from '../app/providers';

export async function uploadFile(chatId: string, file: Blob & { name?: string }): Promise<UploadedFile> {
  const form = new FormData();
  form.append('file', file, file.name ?? 'file');
  // Sent as multipart/form-data, the browser adding the boundary (data-providers/http.ts).
  const { data } = await http.post<UploadedFile>('/api/File/upload', form, { params: { chatId } });
  return data;
}
