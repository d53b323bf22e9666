import type { FromSchema } from 'json-schema-to-ts';
import notices from './entities/notices.ts';

/** One notice as the header's popover reads it (GET api/notice/getList): the entity's row. */
const { id, title, content, kind, createTime } = notices.properties;
export const noticeItemSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['id', 'title', 'content', 'kind', 'createTime'],
  properties: { id, title, content, kind, createTime },
} as const;
export type NoticeItem = FromSchema<typeof noticeItemSchema>;

/** The popover's query: one tab's notices, or both. */
export const noticeQuerySchema = {
  type: 'object',
  additionalProperties: false,
  properties: { kind: kind },
} as const;
