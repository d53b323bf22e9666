// @engine-independent: no database of the suite's (runs once, in the PGlite suite: vitest.server.config.ts).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPglite } from '../../server/db/pglite.ts';
import { PREPARED_LIMIT } from '../../server/db/pglite-statements.ts';
import type { Db } from '../../server/db/types.ts';

/**
 * The embedded database's statements (server/db/pglite-statements.ts): each text prepared once in
 * PGlite's one session and run in one call. The whole server suite runs on it; these are the
 * cases a prepared statement could get wrong: values of every kind, transactions that roll back,
 * errors, a table altered under a statement, more texts than are kept, and a statement from
 * outside waiting for a transaction to end. On PGlite whichever database the suite runs on.
 */
let db: Db;
beforeAll(async () => {
  db = await openPglite(undefined, 'Asia/Shanghai');
  await db.exec(`CREATE TABLE t (id serial PRIMARY KEY, n int, label text UNIQUE, doc jsonb, at timestamptz, ok boolean, tags int[])`);
});
afterAll(() => db?.close());

const prepared = async () => Number((await db.query<{ n: string }>('SELECT count(*) AS n FROM pg_prepared_statements'))[0]!.n);

describe('statements on the embedded database, each text prepared once', () => {
  it('binds and reads back every kind of value, the same on every run of one text', async () => {
    const at = new Date('2026-03-04T05:06:07.089Z');
    const insert = 'INSERT INTO t (n, label, doc, at, ok, tags) VALUES ($1, $2, $3, $4, $5, $6) RETURNING id, n, label, doc, at, ok, tags';
    const before = await prepared();
    for (let i = 0; i < 8; i++) {
      const [row] = await db.query(insert, [i, `row ${i} 中文`, { i, nested: [i, 'x'] }, at, i % 2 === 0, [i, i + 1]]);
      // Times come back as the server's parsers give them: wall time in the session's zone.
      expect(row).toEqual({ id: expect.any(Number), n: i, label: `row ${i} 中文`, doc: { i, nested: [i, 'x'] }, at: '2026-03-04 13:06:07', ok: i % 2 === 0, tags: [i, i + 1] });
    }
    const [empty] = await db.query('INSERT INTO t (n, label) VALUES ($1, $2) RETURNING n, doc, at, tags', [null, undefined]);
    expect(empty).toEqual({ n: null, doc: null, at: null, tags: null });
    // Eight runs of one text and one of another: two more statements in the session (the count's own was there before).
    expect(await prepared()).toBe(before + 2);
    const rows = await db.query<{ n: number }>('SELECT n FROM t WHERE n = ANY($1) ORDER BY n', [[2, 5, 7]]);
    expect(rows.map((r) => r.n)).toEqual([2, 5, 7]);
    // A statement with no rows to give answers none.
    expect(await db.query('UPDATE t SET n = n WHERE id < 0')).toEqual([]);
  });

  it('keeps a statement first prepared in a transaction that rolled back, and the rollback undoes its rows', async () => {
    const text = 'INSERT INTO t (n, label) VALUES ($1, $2) RETURNING id';
    await prepared(); // its own text prepared first, so that the counts below are the others'
    const before = await prepared();
    await expect(db.transaction(async (tx) => {
      await tx.query(text, [100, 'rolled back']);
      throw new Error('stop');
    })).rejects.toThrow('stop');
    expect(await prepared()).toBe(before + 1);
    expect(await db.query('SELECT id FROM t WHERE label = $1', ['rolled back'])).toEqual([]);
    expect(await db.query(text, [101, 'kept'])).toEqual([{ id: expect.any(Number) }]);
    // Run again under the name it got in the rolled-back transaction: no new statement.
    expect(await prepared()).toBe(before + 2);
  });

  it('reports an error with its statement, and the same text runs again after it', async () => {
    const text = 'INSERT INTO t (n, label) VALUES ($1, $2)';
    await db.query(text, [1, 'unique one']);
    const err = await db.query(text, [2, 'unique one']).catch((e: unknown) => e);
    expect(err).toMatchObject({ code: '23505', query: text });
    await expect(db.query(text, ['not a number', 'other'])).rejects.toMatchObject({ code: '22P02' });
    await expect(db.query('SELEC 1')).rejects.toMatchObject({ code: '42601', query: 'SELEC 1' });
    await db.query(text, [3, 'unique two']);
    expect(await db.query('SELECT n FROM t WHERE label LIKE $1 ORDER BY n', ['unique %'])).toEqual([{ n: 1 }, { n: 3 }]);
    // A failed statement in a transaction fails the transaction, which rolls back whole.
    await expect(db.transaction(async (tx) => {
      await tx.query(text, [4, 'unique three']);
      await tx.query(text, [5, 'unique one']);
    })).rejects.toMatchObject({ code: '23505' });
    expect(await db.query('SELECT count(*)::int AS c FROM t WHERE label = $1', ['unique three'])).toEqual([{ c: 0 }]);
  });

  it('prepares a statement afresh when its table changes under it', async () => {
    await db.exec('CREATE TABLE altered (id int)');
    const text = 'SELECT * FROM altered ORDER BY id';
    await db.query('INSERT INTO altered VALUES ($1)', [1]);
    expect(await db.query(text)).toEqual([{ id: 1 }]);
    await db.exec('ALTER TABLE altered ADD COLUMN note text');
    expect(await db.query(text)).toEqual([{ id: 1, note: null }]);
  });

  it(`closes the least recently used beyond ${PREPARED_LIMIT} texts, and a closed text runs again`, async () => {
    // A database of its own: the other tests (in any order) count statements on a session not yet full.
    const own = await openPglite(undefined, 'Asia/Shanghai');
    try {
      const count = async () => Number((await own.query<{ n: string }>('SELECT count(*) AS n FROM pg_prepared_statements'))[0]!.n);
      const first = 'SELECT $1::int + 0 AS v';
      expect(await own.query(first, [1])).toEqual([{ v: 1 }]);
      for (let i = 1; i <= PREPARED_LIMIT + 20; i++) await own.query(`SELECT $1::int + ${i} AS v`, [1]);
      const kept = await count();
      expect(kept).toBeLessThanOrEqual(PREPARED_LIMIT + 1);
      expect(kept).toBeGreaterThan(PREPARED_LIMIT - 10);
      expect(await own.query(first, [41])).toEqual([{ v: 41 }]);
    } finally {
      await own.close();
    }
  });

  it('makes a statement from outside wait for a transaction under way, and refuses its handle once it ended', async () => {
    await db.exec('CREATE TABLE waits (id int)');
    let release!: () => void;
    const held = new Promise<void>((r) => {
      release = r;
    });
    let inserted!: () => void;
    const afterInsert = new Promise<void>((r) => {
      inserted = r;
    });
    let handle!: Parameters<Parameters<Db['transaction']>[0]>[0];
    const tx = db.transaction(async (t) => {
      handle = t;
      await t.query('INSERT INTO waits VALUES ($1)', [1]);
      inserted();
      await held;
      await t.query('INSERT INTO waits VALUES ($1)', [2]);
    });
    await afterInsert;
    const outside = db.query<{ c: number }>('SELECT count(*)::int AS c FROM waits');
    release();
    await tx;
    // The count ran after the commit: both rows, never one.
    expect(await outside).toEqual([{ c: 2 }]);
    await expect(handle.query('SELECT 1')).rejects.toThrow('Transaction is closed');
  });
});
