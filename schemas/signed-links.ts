import type { FromSchema } from 'json-schema-to-ts';

/**
 * Answers that hand out signed links (a call's recording, a chat's files). `exp` is when they
 * run out on the server's clock (seconds since the epoch, as the links carry it); `ttlSeconds`
 * is how long they last from the answer. A browser counts from when it asked, on its own clock
 * (localExpiry): a PC whose clock is off by minutes would otherwise keep an expired link or
 * renew a fresh one at once.
 */
export const recordingLinkSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['url', 'exp', 'ttlSeconds'],
  properties: { url: { type: 'string' }, exp: { type: 'integer' }, ttlSeconds: { type: 'integer' } },
} as const;
export type RecordingLinkAnswer = FromSchema<typeof recordingLinkSchema>;

export const fileLinksSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['links', 'refused', 'exp', 'ttlSeconds'],
  properties: {
    /** A link per file the caller may read. */
    links: { type: 'object', additionalProperties: { type: 'string' } },
    /** Why not, per other file. */
    refused: { type: 'object', additionalProperties: { type: 'string' } },
    exp: { type: 'integer' },
    ttlSeconds: { type: 'integer' },
  },
} as const;
export type FileLinksAnswer = FromSchema<typeof fileLinksSchema>;

/** When links asked for at `askedAtMs` run out, on the asker's clock (milliseconds). */
export const localExpiry = (askedAtMs: number, ttlSeconds: number): number => askedAtMs + ttlSeconds * 1000;
