import type { FromSchema } from 'json-schema-to-ts';

/**
 * The header's search (issue 24 item 4, spec: GET /search/getList): what the caller may open
 * among the menu entries they have and the records they may read, for a few typed characters.
 */
export const SEARCH_MAX_HITS = 8;

export const searchQuerySchema = {
  type: 'object',
  additionalProperties: false,
  required: ['keyword'],
  properties: {
    // Something besides spaces, and no control characters (anchored, as every schema pattern is).
    keyword: { type: 'string', minLength: 1, maxLength: 64, pattern: '^[^\\u0000-\\u001f]*[^\\s\\u0000-\\u001f][^\\u0000-\\u001f]*$' },
    pageSize: { type: 'integer', minimum: 1, maximum: SEARCH_MAX_HITS },
  },
} as const;
export type SearchQuery = FromSchema<typeof searchQuerySchema>;

export const SEARCH_KINDS = ['menu', 'user', 'workOrder', 'call'] as const;

export const searchHitSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['kind', 'title', 'path'],
  properties: {
    kind: { enum: SEARCH_KINDS },
    /** A menu entry's title as an i18n key (the browser translates it), a record's own words otherwise. */
    title: { type: 'string' },
    detail: { type: 'string' },
    /** The console route that opens it. */
    path: { type: 'string' },
  },
} as const;
export type SearchHit = FromSchema<typeof searchHitSchema>;
