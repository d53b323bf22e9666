import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ErrorObject } from 'ajv';
import { ApiError, type Envelope } from './envelope.ts';
import { languageOf, message, type Language, type MessageKey } from './language.ts';
import { invalid, localisedFieldErrors } from './validate.ts';

/** What Fastify's own 4xx errors mean to a caller, in the envelope's words. */
const FRAMEWORK: Record<string, [number, MessageKey]> = {
  FST_ERR_CTP_INVALID_JSON_BODY: [400, 'badJson'],
  FST_ERR_CTP_EMPTY_JSON_BODY: [400, 'emptyJson'],
  FST_ERR_CTP_BODY_TOO_LARGE: [413, 'tooLarge'],
  FST_ERR_CTP_INVALID_MEDIA_TYPE: [415, 'mediaType'],
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: [400, 'badLength'],
  FST_ERR_BAD_URL: [400, 'badUrl'],
};

/**
 * Constraint errors from the database that a caller's input can cause: answered as 4xx with
 * the column named, never as 500. (Validation catches nearly all of them first.)
 */
const DATABASE: Record<string, [number, MessageKey]> = {
  '23502': [400, 'dbRequired'],
  '23503': [400, 'dbReference'],
  '23505': [409, 'dbTaken'],
  '23514': [400, 'dbCheck'],
  '22001': [400, 'dbTooLong'],
  '22003': [400, 'dbNumber'],
  '22P02': [400, 'dbFormat'],
  '22021': [400, 'dbChar'],
  '22007': [400, 'dbDate'],
  '22008': [400, 'dbDate'],
};

/** What is logged of a refusal: enough to see what happened, never a copy of a huge body. */
export const MAX_LOGGED_MESSAGE = 2048;

const kib = (bytes: number) => (bytes >= 1024 * 1024 ? `${bytes / 1024 / 1024} MiB` : `${Math.round(bytes / 1024)} KiB`);

function databaseError(err: { code?: unknown; column?: unknown; detail?: unknown }, lang: Language): [number, string, unknown] | undefined {
  const known = typeof err.code === 'string' ? DATABASE[err.code] : undefined;
  if (!known) return undefined;
  const text = message(lang, known[1]);
  const column = typeof err.column === 'string' ? err.column : /Key \((\w+)\)/.exec(String(err.detail ?? ''))?.[1];
  return [known[0], column ? `${column}: ${text}` : text, column ? { errors: { [column]: text } } : null];
}

/** Status, message and data of any error, in the caller's language. */
function answerOf(err: FastifyError, req: FastifyRequest): [number, string, unknown] {
  const lang = languageOf(req);
  if (err instanceof ApiError) return [err.status, err.key ? message(lang, err.key) : err.message, err.data];
  if (err.validation) {
    // The same per-field, localised answer as the entity endpoints give.
    const [errors, count] = localisedFieldErrors(err.validation as ErrorObject[], lang);
    const refusal = invalid(lang, errors, count);
    return [refusal.status, refusal.message, refusal.data];
  }
  const db = databaseError(err, lang);
  if (db) return db;
  // JSON with a __proto__ key (secure-json-parse refuses it) and the NUL check of the JSON parser.
  if ((err as { protoKey?: boolean }).protoKey) return [400, message(lang, 'protoKey'), null];
  const framework = err.code ? FRAMEWORK[err.code] : undefined;
  if (framework) return [framework[0], message(lang, framework[1], { limit: kib(req.routeOptions.bodyLimit ?? 0) }), null];
  if ((err as { nul?: boolean }).nul) return [400, message(lang, 'nulChar'), null];
  if (err.statusCode && err.statusCode >= 400 && err.statusCode < 500) return [err.statusCode, message(lang, 'refused'), null];
  req.log.error({ err }, 'unhandled error');
  return [500, message(lang, 'internal'), null];
}

function send(req: FastifyRequest, reply: FastifyReply, [status, msg, data]: [number, string, unknown]) {
  if (status >= 400 && status < 500) req.log.info({ status, msg: msg.slice(0, MAX_LOGGED_MESSAGE) }, 'request refused');
  const body: Envelope = { code: status, msg, data };
  return reply.status(status).send(body);
}

/** Fastify's `frameworkErrors` option: a malformed URL (e.g. /api/%c0%ae/x) answers in the envelope too. */
export function frameworkErrors(err: FastifyError, req: FastifyRequest, reply: FastifyReply) {
  // No route, so no route hooks: the answer's own headers.
  reply.header('cache-control', 'no-store');
  return send(req, reply, answerOf(err, req));
}

export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((err: FastifyError, req, reply) => {
    if (err instanceof ApiError) reply.headers(err.headers);
    return send(req, reply, answerOf(err, req));
  });

  app.setNotFoundHandler((req, reply) => {
    const path = (req.url.split('?')[0] ?? '').slice(0, 200);
    const body: Envelope = { code: 404, msg: message(languageOf(req), 'noRoute', { method: req.method, path }), data: null };
    return reply.status(404).send(body);
  });
}
