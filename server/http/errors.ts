import type { FastifyError, FastifyInstance } from 'fastify';
import type { ErrorObject } from 'ajv';
import { ApiError, type Envelope } from './envelope.ts';
import { languageOf } from './language.ts';
import { invalid, localisedFieldErrors } from '../entities/validate.ts';

/** What Fastify's own 4xx errors mean to a caller, in the envelope's words. */
const FRAMEWORK: Record<string, [number, string]> = {
  FST_ERR_CTP_INVALID_JSON_BODY: [400, 'request body is not valid JSON'],
  FST_ERR_CTP_EMPTY_JSON_BODY: [400, 'request body is empty but Content-Type is application/json'],
  FST_ERR_CTP_BODY_TOO_LARGE: [413, 'request body is too large'],
  FST_ERR_CTP_INVALID_MEDIA_TYPE: [415, 'content type not supported'],
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: [400, 'content length does not match the body'],
  FST_ERR_BAD_URL: [400, 'malformed URL'],
};

/**
 * Constraint errors from the database that a caller's input can cause: answered as 4xx with
 * the column named, never as 500. (Validation catches nearly all of them first.)
 */
const DATABASE: Record<string, [number, string]> = {
  '23502': [400, 'a required value is missing'],
  '23503': [400, 'a referenced record does not exist'],
  '23505': [409, 'the value is already taken'],
  '23514': [400, 'a value is out of range'],
  '22001': [400, 'a value is too long'],
  '22003': [400, 'a number is out of range'],
  '22P02': [400, 'a value has the wrong format'],
  '22021': [400, 'a value contains a character that cannot be stored'],
};

function databaseError(err: { code?: unknown; column?: unknown; detail?: unknown }): [number, string, unknown] | undefined {
  const known = typeof err.code === 'string' ? DATABASE[err.code] : undefined;
  if (!known) return undefined;
  const column = typeof err.column === 'string' ? err.column : /Key \((\w+)\)/.exec(String(err.detail ?? ''))?.[1];
  return [known[0], column ? `${column}: ${known[1]}` : known[1], column ? { errors: { [column]: known[1] } } : null];
}

export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((err: FastifyError, req, reply) => {
    let status: number;
    let msg: string;
    let data: unknown = null;
    if (err instanceof ApiError) {
      [status, msg, data] = [err.status, err.message, err.data];
      reply.headers(err.headers);
    } else if (err.validation) {
      // The same per-field, localised answer as the entity endpoints give.
      const lang = languageOf(req);
      const refusal = invalid(lang, localisedFieldErrors(err.validation as ErrorObject[], lang));
      [status, msg, data] = [refusal.status, refusal.message, refusal.data];
    } else if (databaseError(err)) {
      [status, msg, data] = databaseError(err)!;
    } else if (err.code && FRAMEWORK[err.code]) {
      [status, msg] = FRAMEWORK[err.code]!;
    } else if (err.statusCode && err.statusCode >= 400 && err.statusCode < 500) {
      [status, msg] = [err.statusCode, err.message];
    } else {
      req.log.error({ err }, 'unhandled error');
      [status, msg] = [500, 'internal server error'];
    }
    if (status >= 400 && status < 500) req.log.info({ status, msg }, 'request refused');
    const body: Envelope = { code: status, msg, data };
    return reply.status(status).send(body);
  });

  app.setNotFoundHandler((req, reply) => {
    const body: Envelope = { code: 404, msg: `not found: ${req.method} ${(req.url.split('?')[0] ?? '').slice(0, 200)}`, data: null };
    return reply.status(404).send(body);
  });
}
