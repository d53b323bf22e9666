import { parse, protocol, type PGlite } from '@electric-sql/pglite';

const { serialize } = protocol;

/**
 * How many statement texts keep a prepared statement in PGlite's one session. The console's own
 * statements are a few hundred fixed texts; reports and lists build theirs from their conditions,
 * so the oldest unused ones are closed beyond this many.
 */
export const PREPARED_LIMIT = 400;

/** A prepared text: its name, its parameters' types and its result's columns (none: no rows). */
type Prepared = { name: string; types: number[]; columns: { name: string; parse?: (value: string, type: number) => unknown; type: number }[] };
type Message = Awaited<ReturnType<PGlite['execProtocolStream']>>[number];

function concat(parts: Uint8Array[]): Uint8Array {
  let size = 0;
  for (const p of parts) size += p.length;
  const out = new Uint8Array(size);
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
}

/** The rows of an Execute's answer, read with the columns described at Parse and the session's parsers. */
function rowsOf(messages: Message[], columns: Prepared['columns']): Record<string, unknown>[] {
  const rows: Record<string, unknown>[] = [];
  for (const m of messages) {
    if (m.name !== 'dataRow') continue;
    const fields = (m as unknown as { fields: (string | null)[] }).fields;
    const row: Record<string, unknown> = {};
    for (let i = 0; i < columns.length; i++) {
      const c = columns[i]!;
      const v = fields[i] ?? null;
      row[c.name] = v === null || !c.parse ? v : c.parse(v, c.type);
    }
    rows.push(row);
  }
  return rows;
}

/**
 * Statements on PGlite, each text parsed and planned once. PGlite's own `query` sends Parse,
 * Describe, Bind, Describe, Execute and Sync as six separate calls into the database, and plans
 * the text again on every one: 60% of a short statement's time. Here a text is prepared under a
 * name the first time it is seen (Parse and Describe, for its parameters' types and its columns), and
 * every run is one call (Bind, Execute, Sync) that PostgreSQL's plan cache answers: custom plans for
 * the first five runs, then a generic plan when it costs no more (the same as a named statement
 * on a PostgreSQL connection).
 *
 * Locks as PGlite's `query` takes them: outside a transaction, its transaction lock then its query
 * lock; inside `transaction()`, which holds the first, only the query lock.
 */
export function pgliteStatements(pg: PGlite) {
  // Insertion order is use order: a run moves its text to the end, the first is the least recent.
  const prepared = new Map<string, Prepared>();
  const toClose: string[] = [];
  let next = 0;

  const exchange = (parts: Uint8Array[]) => pg.execProtocolStream(concat(parts), { syncToFs: false });

  async function prepare(sql: string): Promise<Prepared> {
    const name = `cc${(next++).toString(36)}`;
    const messages = await exchange([serialize.parse({ name, text: sql, types: [] }), serialize.describe({ type: 'S', name }), serialize.sync()]);
    const description = messages.find((m) => m.name === 'rowDescription') as { fields: { name: string; dataTypeID: number }[] } | undefined;
    const columns = (description?.fields ?? []).map((f) => ({ name: f.name, parse: pg.parsers[f.dataTypeID], type: f.dataTypeID }));
    const entry = { name, types: parse.parseDescribeStatementResults(messages), columns };
    prepared.set(sql, entry);
    if (prepared.size > PREPARED_LIMIT) {
      const [oldest, gone] = prepared.entries().next().value as [string, Prepared];
      prepared.delete(oldest);
      toClose.push(gone.name);
    }
    return entry;
  }

  async function runOne(sql: string, params: readonly unknown[], inTransaction: boolean, retried = false): Promise<Record<string, unknown>[]> {
    // Closing outside a transaction only: nothing that fails there can abort one.
    if (!inTransaction && toClose.length > 0) {
      const names = toClose.splice(0);
      await pg.execProtocolStream(concat([...names.map((name) => serialize.close({ type: 'S', name })), serialize.sync()]), { syncToFs: false, throwOnError: false });
    }
    let entry = prepared.get(sql);
    try {
      if (entry) {
        prepared.delete(sql);
        prepared.set(sql, entry);
      } else {
        entry = await prepare(sql);
      }
      const { name, types } = entry;
      const values = params.map((value, i) => {
        if (value === null || value === undefined) return null;
        const serializer = pg.serializers[types[i]!];
        return serializer ? serializer(value) : String(value);
      });
      // No Describe: the columns were described once, at Parse (text format, as Bind asks by default).
      return rowsOf(await exchange([serialize.bind({ statement: name, values }), serialize.execute({}), serialize.sync()]), entry.columns);
    } catch (err) {
      // A table altered under a statement's result ("cached plan must not change result type",
      // 0A000): closed and prepared afresh, at once outside a transaction (whose statement failed
      // and would be aborted), next time inside one. Other errors (a constraint, a bad value) leave it be.
      if (entry && prepared.get(sql) === entry && (err as { code?: string } | null)?.code === '0A000' && /cached plan must not change result type/.test(String((err as Error).message))) {
        prepared.delete(sql);
        toClose.push(entry.name);
        if (!inTransaction && !retried) return runOne(sql, params, false, true);
      }
      if (err && typeof err === 'object') Object.assign(err, { query: sql, params });
      throw err;
    }
  }

  return {
    /** One statement; `inTransaction` when called from inside `pg.transaction()`. */
    async query(sql: string, params: readonly unknown[], inTransaction: boolean): Promise<Record<string, unknown>[]> {
      // "PGlite is closed" after close(), as PGlite's own query says.
      await pg._checkReady();
      if (inTransaction) return pg._runExclusiveQuery(() => runOne(sql, params, true));
      return pg._runExclusiveTransaction(() => pg._runExclusiveQuery(async () => {
        const rows = await runOne(sql, params, false);
        await pg.syncToFs();
        return rows;
      }));
    },
  };
}
