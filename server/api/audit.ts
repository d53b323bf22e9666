import type { Queryable } from '../db/types.ts';
import type { SessionUser } from '../http/access.ts';

export interface AuditEntry {
  action: string;
  entity: string;
  entityId: string;
  before: unknown;
  after: unknown;
}

/**
 * One audit_log row: who (the session user, name copied), when (the transaction's now()),
 * what, and the values before and after. Called with the transaction that makes the change,
 * so a change is never saved without its record, nor a record without its change.
 */
export async function writeAudit(tx: Queryable, user: Pick<SessionUser, 'userId' | 'userName'>, e: AuditEntry): Promise<void> {
  await tx.query(
    'INSERT INTO audit_log (user_id, user_name, action, entity, entity_id, before, after) VALUES ($1, $2, $3, $4, $5, $6::jsonb, $7::jsonb)',
    [user.userId, user.userName, e.action, e.entity, e.entityId, JSON.stringify(e.before), JSON.stringify(e.after)],
  );
}
