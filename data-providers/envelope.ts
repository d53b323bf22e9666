import type { Envelope } from './http';

/**
 * Reads list answers: `data: {list, total}` for pages, or a bare array for the unpaged
 * option lists (`data: [{label, value}]`). `total` may arrive as a string (PostgreSQL
 * counts), so it is converted.
 */
export function unwrapList<T>(body: Envelope<unknown>): { data: T[]; total: number } | null {
  const data = body.data;
  if (Array.isArray(data)) return { data: data as T[], total: data.length };
  if (typeof data !== 'object' || data === null) return null;
  const { list, total } = data as { list?: unknown; total?: unknown };
  if (!Array.isArray(list)) return null;
  const count = Number(total);
  return { data: list as T[], total: total !== undefined && Number.isFinite(count) ? count : list.length };
}

/** The saved record when the server echoes it, otherwise what was sent. */
export function savedRecord<T>(body: Envelope<unknown>, sent: T): T {
  return typeof body.data === 'object' && body.data !== null && !Array.isArray(body.data) ? (body.data as T) : sent;
}
