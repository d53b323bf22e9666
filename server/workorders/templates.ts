import type { Db } from '../db/types.ts';
import { notFound } from '../http/envelope.ts';
import { message, type Language } from '../http/language.ts';
import { invalid } from '../http/validate.ts';
import type { OrderTemplate, TemplateBody } from '../../schemas/workorders/wire.ts';
import type { LoadedKind } from './kinds.ts';

/**
 * Templates for common orders (issue 21 item 5): rows an administrator keeps per kind, which the
 * create form offers to fill itself from. A template's kind must exist and its fields be the
 * kind's (none required: the agent fills the rest); two templates of a kind never share a name.
 */
const SELECT = `SELECT id, kind, name, title, category, priority, description, fields, sort_order AS "sortOrder", updated_at AS "updateTime" FROM work_order_templates`;

const toTemplate = (r: OrderTemplate & { fields: unknown }): OrderTemplate =>
  ({ ...r, id: Number(r.id), sortOrder: Number(r.sortOrder), fields: (typeof r.fields === 'string' ? JSON.parse(r.fields) : r.fields) as OrderTemplate['fields'] });

/** The templates, of one kind or all, in their order. */
export async function listTemplates(db: Db, kind: string | undefined): Promise<OrderTemplate[]> {
  const rows = await db.query<OrderTemplate>(`${SELECT} ${kind ? 'WHERE kind = $1 ' : ''}ORDER BY kind, sort_order, name, id`, kind ? [kind] : []);
  return rows.map(toTemplate);
}

/** Saves a new template (no id) or changes one; 400 naming the field for an unknown kind, a field the kind does not declare or a name taken. */
export async function saveTemplate(db: Db, kinds: Map<string, LoadedKind>, lang: Language, body: TemplateBody, at: Date): Promise<OrderTemplate> {
  const kind = kinds.get(body.kind);
  if (!kind) throw invalid(lang, { kind: message(lang, 'woUnknownKind', { kind: body.kind }) });
  const check: LoadedKind['checkSome'] = kind.checkSome;
  check({ fields: body.fields ?? {} }, lang);
  return db.transaction(async (tx) => {
    const [taken] = await tx.query('SELECT 1 FROM work_order_templates WHERE kind = $1 AND name = $2 AND id <> $3', [body.kind, body.name, body.id ?? 0]);
    if (taken) throw invalid(lang, { name: message(lang, 'woTemplateName', { name: body.name }) });
    const values = [body.kind, body.name, body.title, body.category ?? '', body.priority ?? 'normal', body.description ?? '', JSON.stringify(body.fields ?? {}), body.sortOrder ?? 0, at];
    const [row] = body.id === undefined
      ? await tx.query<{ id: number }>(
        `INSERT INTO work_order_templates (kind, name, title, category, priority, description, fields, sort_order, updated_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7::jsonb, $8, $9) RETURNING id`, values)
      : await tx.query<{ id: number }>(
        `UPDATE work_order_templates SET kind = $1, name = $2, title = $3, category = $4, priority = $5, description = $6, fields = $7::jsonb, sort_order = $8, updated_at = $9
          WHERE id = $10 RETURNING id`, [...values, body.id]);
    if (!row) throw notFound(message(lang, 'woTemplateNotFound'));
    const [saved] = await tx.query<OrderTemplate>(`${SELECT} WHERE id = $1`, [row.id]);
    return toTemplate(saved!);
  });
}

export async function deleteTemplate(db: Db, lang: Language, id: number): Promise<{ id: number }> {
  const gone = await db.query('DELETE FROM work_order_templates WHERE id = $1 RETURNING id', [id]);
  if (!gone.length) throw notFound(message(lang, 'woTemplateNotFound'));
  return { id };
}
