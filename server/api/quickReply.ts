import type { FastifyInstance } from 'fastify';
import type { SessionUser } from '../http/access.ts';
import { isAdmin } from '../http/access.ts';
import type { AppContext } from '../context.ts';
import { useEntityHooks } from '../entities/hooks.ts';
import { forbidden, notFound } from '../http/envelope.ts';
import { message, type Language } from '../http/language.ts';
import { invalid } from '../http/validate.ts';

/** Who manages a department's shared quick replies (besides administrators, who manage every department's). */
const isSupervisor = (u: SessionUser) => u.roles.includes('supervisor');

interface Reply { scope: string; ownerId: number | null; departId: number | null }

/**
 * Quick replies (schemas/entities/quickReplies.ts). The rule, enforced here for every action:
 * - read: your own personal ones, and the shared ones of your department (administrators: of
 *   every department); anyone else's personal ones never, not even an administrator;
 * - write: a personal one only by its owner (the creator, set here); a shared one only by a
 *   supervisor of its department or an administrator.
 */
export function readableReplies(u: SessionUser, bind: (v: unknown) => string): string {
  const own = `(t.scope = 'personal' AND t.owner_id = ${bind(u.userId)})`;
  if (isAdmin(u)) return `(${own} OR t.scope = 'shared')`;
  return `(${own} OR (t.scope = 'shared' AND t.depart_id = ${bind(u.departId ?? -1)}))`;
}

/** Whether the caller may edit and delete a stored reply: their own personal one, or a shared one they manage. */
function mayWrite(r: Reply, u: SessionUser): boolean {
  if (r.scope === 'personal') return r.ownerId === u.userId && r.departId === null;
  return r.departId !== null && (isAdmin(u) || (isSupervisor(u) && r.departId === u.departId));
}

/**
 * Refuses a row the caller may not write. `asked`: the row is what the caller asks it to become
 * (a new one, or a changed scope or department): a refusal names the field, as a form shows it
 * (400); a stored row they may read but not manage is a 403.
 */
function checkWritable(r: Reply, u: SessionUser, lang: Language, asked = false): void {
  if (mayWrite(r, u)) return;
  if (r.scope === 'personal') {
    // The engine already answered 404 for rows outside the reader's scope; a personal row in scope is the caller's.
    if (r.ownerId !== u.userId) throw notFound(message(lang, 'notFound'));
    if (r.departId !== null) throw invalid(lang, { departId: message(lang, 'personalNoDepartment') });
    return;
  }
  if (r.departId === null) throw invalid(lang, { departId: message(lang, 'sharedNeedsDepartment') });
  if (isAdmin(u) || (isSupervisor(u) && r.departId === u.departId)) return;
  if (!asked) throw forbidden(message(lang, 'sharedNotYours'));
  throw invalid(lang, { [isSupervisor(u) ? 'departId' : 'scope']: message(lang, 'sharedNotAllowed') });
}

async function stored(db: { query: <T>(sql: string, p: unknown[]) => Promise<T[]> }, ids: unknown[]): Promise<Reply[]> {
  return db.query<Reply>(
    'SELECT scope, owner_id AS "ownerId", depart_id AS "departId" FROM quick_replies WHERE id::text = ANY($1::text[])', [ids.map(String)]);
}

export default async function quickReplyRoutes(app: FastifyInstance, _ctx: AppContext): Promise<void> {
  useEntityHooks(app, 'quickReplies', {
    rowScope: readableReplies,
    canWrite: (row, user) => mayWrite(row as unknown as Reply, user),
    async beforeSave(values, { db, user, lang, isCreate }) {
      const blank = ['caption', 'text'].filter((f) => typeof values[f] === 'string' && !(values[f] as string).trim());
      if (blank.length) throw invalid(lang, Object.fromEntries(blank.map((f) => [f, message(lang, 'required')])));
      // The owner is the creator, and whoever turns a reply personal; a shared reply's department
      // is the caller's unless named (naming another is only an administrator's right: checkWritable).
      const before = isCreate ? undefined : (await stored(db, [values.id]))[0];
      if (!isCreate && !before) throw notFound(message(lang, 'notFound'));
      if (before) checkWritable(before, user, lang);
      const scope = (values.scope as string | undefined) ?? before?.scope ?? 'personal';
      if (scope !== before?.scope) {
        values.ownerId = user.userId;
        if (scope === 'shared') values.departId ??= user.departId;
        else values.departId ??= null;
      }
      checkWritable({
        scope,
        ownerId: (values.ownerId as number | undefined) ?? before!.ownerId,
        departId: values.departId === undefined ? before!.departId : (values.departId as number | null),
      }, user, lang, true);
    },
    async beforeRemove(ids, { db, user, lang }) {
      for (const r of await stored(db, ids)) checkWritable(r, user, lang);
    },
  });
}
