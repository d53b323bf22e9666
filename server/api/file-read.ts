import type { FastifyRequest } from 'fastify';
import { ApiError, badRequest } from '../http/envelope.ts';
import { message, type Language } from '../http/language.ts';

/** Bytes a multipart request may carry beyond the file itself (boundaries, part headers, a name). */
export const MULTIPART_OVERHEAD = 16 * 1024;

/** A size in the reader's units: '256 KiB', '10 MiB'. */
export const mib = (bytes: number) => (bytes >= 1024 * 1024 ? `${Math.round((bytes / 1024 / 1024) * 10) / 10} MiB` : `${Math.ceil(bytes / 1024)} KiB`);

/**
 * An upload's bytes: one multipart part named `file`, at most `max` bytes (413 as soon as the
 * declared length or the stream passes it; 415 when the request is not multipart). The route's
 * scope must have registered @fastify/multipart. What the bytes are is the caller's check
 * (file-types.ts detectKind): never the name or the type the sender claimed.
 */
export async function readOneFile(req: FastifyRequest, lang: Language, max: number): Promise<{ bytes: Buffer; name: string }> {
  if (!req.isMultipart()) throw new ApiError(415, message(lang, 'fileNotMultipart'));
  const tooLarge = () => new ApiError(413, message(lang, 'fileTooLarge', { max: mib(max) }));
  if (Number(req.headers['content-length'] ?? 0) > max + MULTIPART_OVERHEAD) throw tooLarge();
  const part = await req.file({ limits: { fileSize: max, files: 1, fields: 4, fieldSize: 1024, parts: 5 }, throwFileSizeLimit: true });
  if (!part || part.fieldname !== 'file') throw badRequest(message(lang, 'fileMissing'), { file: message(lang, 'fileMissing') });
  const bytes = await part.toBuffer().catch((err: { code?: string }) => {
    throw err.code === 'FST_REQ_FILE_TOO_LARGE' ? tooLarge() : err;
  });
  if (!bytes.length) throw badRequest(message(lang, 'fileEmpty'), { file: message(lang, 'fileEmpty') });
  return { bytes, name: part.filename ?? '' };
}
