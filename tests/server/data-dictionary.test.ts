import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './helpers.ts';

/**
 * docs/data-dictionary.md against the database the migrations build: every documented table has
 * exactly the documented columns with their types, and exactly the documented indexes.
 */
const DOC = fs.readFileSync(path.resolve(import.meta.dirname, '../../docs/data-dictionary.md'), 'utf8');

interface Documented { columns: string[]; indexes: string[] }
function documented(): Map<string, Documented> {
  const out = new Map<string, Documented>();
  for (const section of DOC.split(/^### /m).slice(1)) {
    const table = /^`([a-z_]+)`/.exec(section)![1]!;
    const columns = [...section.matchAll(/^\| ([a-z_]+) \| ([a-z]+) \|/gm)].filter((m) => m[1] !== 'column').map((m) => `${m[1]} ${m[2]}`);
    const indexes = [...section.matchAll(/^- index `(.+)`( unique)?$/gm)].map((m) => `${m[2] ? 'UNIQUE ' : ''}${m[1]}`);
    out.set(table, { columns, indexes });
  }
  return out;
}

const TYPES: Record<string, string> = { 'timestamp with time zone': 'timestamptz', ARRAY: 'array' };

let s: TestServer;
beforeAll(async () => (s = await startTestServer()));
afterAll(() => s.close());

describe('the data dictionary', () => {
  it('documents the report tables', () => {
    expect([...documented().keys()]).toEqual(['call_records', 'call_hour_stats', 'call_day_stats', 'seat_status_logs', 'call_legs', 'chats', 'chat_messages', 'lines', 'voice_messages', 'email_items', 'work_orders']);
  });

  it.each([...documented()])('%s: columns, types and indexes as the migrations build them', async (table, doc) => {
    const columns = await s.ctx.db.query<{ column_name: string; data_type: string }>(
      `SELECT column_name, data_type FROM information_schema.columns WHERE table_schema = current_schema() AND table_name = $1 ORDER BY ordinal_position`, [table]);
    expect(columns.map((c) => `${c.column_name} ${TYPES[c.data_type] ?? c.data_type}`)).toEqual(doc.columns);
    const indexes = await s.ctx.db.query<{ indexdef: string }>('SELECT indexdef FROM pg_indexes WHERE schemaname = current_schema() AND tablename = $1', [table]);
    const actual = indexes.map((i) => i.indexdef.replace(/^CREATE (UNIQUE )?INDEX \S+ ON (ONLY )?\S+ USING btree /, '$1'));
    expect(actual.sort()).toEqual([...doc.indexes].sort());
  });
});
