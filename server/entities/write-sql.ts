import type { Queryable } from '../db/index.ts';
import { ApiError, conflict } from '../http/envelope.ts';
import { message, type Language } from '../http/language.ts';
import { invalid } from '../http/validate.ts';
import { binder } from '../lists/sql.ts';
import type { RowScope } from './hooks.ts';
import { columnOf, type EntityModel } from './model.ts';

type Values = Record<string, unknown>;

// Objects and arrays kept in a column (not a link table) are jsonb.
const stored = (v: unknown) => (v !== null && typeof v === 'object' ? JSON.stringify(v) : v);

/** 409 naming each unique property whose value another row already has. */
async function checkUnique(db: Queryable, model: EntityModel, values: Values, id: unknown, lang: Language): Promise<void> {
  const errors: Record<string, string> = {};
  for (const prop of model.res.unique ?? []) {
    if (values[prop] === undefined || values[prop] === null) continue;
    const clash = await db.query(
      `SELECT 1 FROM ${model.res.table} WHERE ${columnOf(model, prop)} = $1 AND ($2::text IS NULL OR ${model.idColumn}::text <> $2::text) LIMIT 1`,
      [values[prop], id === undefined ? null : String(id)],
    );
    if (clash.length) errors[prop] = message(lang, 'taken');
  }
  if (Object.keys(errors).length) throw conflict(`${Object.entries(errors).map(([f, m]) => `${f} ${m}`).join('; ')}`, errors);
}

/** A tree's parent may not be the node itself or one of its descendants. */
async function checkNoCycle(db: Queryable, model: EntityModel, id: unknown, parent: unknown, lang: Language): Promise<void> {
  if (!model.res.tree || id === undefined || parent === null || parent === undefined) return;
  const parentCol = columnOf(model, model.res.tree.parent);
  const rows = await db.query(
    `WITH RECURSIVE sub AS (SELECT ${model.idColumn} AS id FROM ${model.res.table} WHERE ${model.idColumn} = $1
       UNION SELECT c.${model.idColumn} FROM ${model.res.table} c JOIN sub ON c.${parentCol} = sub.id)
     SELECT 1 FROM sub WHERE id = $2`,
    [id, parent],
  );
  if (rows.length) throw invalid(lang, { [model.res.tree.parent]: message(lang, 'cycle') });
}

async function writeLinks(db: Queryable, model: EntityModel, id: unknown, values: Values, lang: Language): Promise<void> {
  for (const prop of model.linkProps) {
    if (values[prop] === undefined) continue;
    const link = model.props[prop]!['x-link']!;
    await db.query(`DELETE FROM ${link.table} WHERE ${link.self} = $1`, [id]);
    const list = values[prop] as unknown[];
    if (!list.length) continue;
    if (link.lookup) {
      const found = await db.query(
        `INSERT INTO ${link.table} (${link.self}, ${link.column}) SELECT $1, id FROM ${link.lookup.table} WHERE ${link.lookup.key} = ANY($2::text[]) RETURNING 1`,
        [id, list.map(String)],
      );
      if (found.length !== list.length) throw invalid(lang, { [prop]: message(lang, 'unknownValue') });
    } else {
      await db.query(`INSERT INTO ${link.table} (${link.self}, ${link.column}) SELECT $1, unnest($2::text[])`, [id, list.map(String)]);
    }
  }
}

/** A reference to a row that does not exist, named by its wire field so the form can show it. */
function missingReference(model: EntityModel, err: unknown, lang: Language): Error {
  const e = err as { code?: string; detail?: string };
  const column = /Key \((\w+)\)/.exec(e.detail ?? '')?.[1];
  const prop = model.columnProps.find((p) => columnOf(model, p) === column);
  return e.code === '23503' && prop ? invalid(lang, { [prop]: message(lang, 'missingRef') }) : (err as Error);
}

/** Inserts (no id) or updates (id) the columns and links given; answers the id. */
export async function saveRow(db: Queryable, model: EntityModel, values: Values, lang: Language): Promise<unknown> {
  try {
    return await saveColumns(db, model, values, lang);
  } catch (err) {
    throw missingReference(model, err, lang);
  }
}

async function saveColumns(db: Queryable, model: EntityModel, values: Values, lang: Language): Promise<unknown> {
  const id = values[model.idProp];
  await checkUnique(db, model, values, id, lang);
  if (model.res.tree) {
    // Two concurrent moves (A under B, B under A) would each pass the cycle check alone: one at a time.
    await db.query('SELECT pg_advisory_xact_lock(hashtext($1))', [`tree:${model.res.table}`]);
    await checkNoCycle(db, model, id, values[model.res.tree.parent], lang);
  }
  const props = [...model.columnProps, ...model.serverProps].filter((p) => values[p] !== undefined);
  const cols = props.map((p) => columnOf(model, p));
  const params = props.map((p) => stored(values[p]));
  let savedId = id;
  if (id === undefined) {
    const sql = cols.length
      ? `INSERT INTO ${model.res.table} (${cols.join(', ')}) VALUES (${cols.map((_, i) => `$${i + 1}`).join(', ')}) RETURNING ${model.idColumn} AS id`
      : `INSERT INTO ${model.res.table} DEFAULT VALUES RETURNING ${model.idColumn} AS id`;
    savedId = (await db.query<{ id: unknown }>(sql, params))[0]!.id;
  } else if (cols.length) {
    const set = cols.map((c, i) => `${c} = $${i + 2}`).join(', ');
    const touched = await db.query(`UPDATE ${model.res.table} SET ${set} WHERE ${model.idColumn} = $1 RETURNING 1`, [id, ...params]);
    if (!touched.length) throw new ApiError(404, message(lang, 'notFound'));
  } else {
    const exists = await db.query(`SELECT 1 FROM ${model.res.table} WHERE ${model.idColumn} = $1`, [id]);
    if (!exists.length) throw new ApiError(404, message(lang, 'notFound'));
  }
  await writeLinks(db, model, savedId, values, lang);
  return savedId;
}

/** Refuses while other rows still point at any of the ids; otherwise deletes them. */
export async function removeRows(db: Queryable, model: EntityModel, ids: unknown[], lang: Language): Promise<number> {
  for (const use of model.res.usedBy ?? []) {
    // Rows of the same table that are being deleted too (a parent with its children) do not count.
    const self = use.table === model.res.table ? ` AND NOT (${model.idColumn}::text = ANY($1::text[]))` : '';
    const [{ n } = { n: 0 }] = await db.query<{ n: number }>(
      `SELECT count(*) AS n FROM ${use.table} WHERE ${use.column}::text = ANY($1::text[])${self}`, [ids.map(String)]);
    if (n > 0) throw conflict(message(lang, 'inUse', { n, what: use.what }));
  }
  const gone = await db.query(`DELETE FROM ${model.res.table} WHERE ${model.idColumn}::text = ANY($1::text[]) RETURNING 1`, [ids.map(String)]);
  if (!gone.length) throw new ApiError(404, message(lang, 'notFound'));
  return gone.length;
}

/** 404 unless every id names a row inside the caller's scope (a row they may not see does not exist for them). */
export async function checkInScope(db: Queryable, model: EntityModel, ids: unknown[], scope: RowScope | undefined, lang: Language): Promise<void> {
  if (!scope) return;
  const params: unknown[] = [ids.map(String)];
  const where = scope(binder(params));
  const [{ n } = { n: 0 }] = await db.query<{ n: number }>(
    `SELECT count(*) AS n FROM ${model.res.table} t WHERE t.${model.idColumn}::text = ANY($1::text[]) AND (${where})`, params);
  if (Number(n) < new Set(ids.map(String)).size) throw new ApiError(404, message(lang, 'notFound'));
}

/** A row as the list answers it. */
export async function readRow(db: Queryable, model: EntityModel, id: unknown): Promise<Record<string, unknown> | undefined> {
  const rows = await db.query<Record<string, unknown>>(`SELECT ${model.selectSql} FROM ${model.res.table} t WHERE t.${model.idColumn} = $1`, [id]);
  return rows[0];
}
