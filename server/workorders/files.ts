import type { Queryable } from '../db/types.ts';
import type { SessionUser } from '../http/access.ts';
import { ApiError, forbidden, notFound } from '../http/envelope.ts';
import { message, type Language } from '../http/language.ts';
import { reachOf, reachWhere } from './reach.ts';
import { addEvent } from './rows.ts';

/**
 * Files attached to a work order (issue 21 items 1 and 4). They travel through the chat files'
 * upload and download (server/api/File.ts: one storage, one type and size check); this module
 * says who may attach and read them (whoever reaches the order: reach.ts), how many one order
 * holds, and puts each on the timeline.
 */

type Who = Pick<SessionUser, 'userId' | 'roles' | 'departId'>;

/** Whether the user reaches the order now (the rule that lists, opens and changes orders). */
export async function reachesOrder(db: Queryable, user: Who, orderId: number): Promise<boolean> {
  const params: unknown[] = [orderId];
  const where = reachWhere(reachOf(user), params);
  const [row] = await db.query(`SELECT 1 FROM work_orders o WHERE o.id = $1 AND ${where}`, params);
  return row !== undefined;
}

/** The user as they are now (a signed link lives an hour: a disabled account or a move ends it), or undefined. */
export async function orderReaderNow(db: Queryable, userId: number): Promise<Who | undefined> {
  const [u] = await db.query<{ departId: number | null; roles: string[] }>(
    `SELECT u.depart_id AS "departId", ARRAY(SELECT r.code FROM user_roles ur JOIN roles r ON r.id = ur.role_id WHERE ur.user_id = u.id) AS roles
       FROM users u WHERE u.id = $1 AND u.enabled`, [userId]);
  return u && { userId, roles: u.roles, departId: u.departId === null ? null : Number(u.departId) };
}

/**
 * Before a file is added to an order, in the upload's transaction: the order is locked (so
 * uploads to one order, from any process, take turns and together never pass `maxFiles`), must
 * be within the user's reach (403) and not merged (409: its timeline lives on elsewhere).
 */
export async function orderTakesFile(tx: Queryable, user: Who, orderId: number, maxFiles: number, lang: Language): Promise<void> {
  const [order] = await tx.query<{ state: string }>('SELECT state FROM work_orders WHERE id = $1 FOR UPDATE', [orderId]);
  if (!order) throw notFound(message(lang, 'woNotFound'));
  if (!(await reachesOrder(tx, user, orderId))) throw forbidden(message(lang, 'woForbidden'));
  if (order.state === 'merged') throw new ApiError(409, message(lang, 'woMerged'));
  const [held] = await tx.query<{ n: number }>('SELECT count(*)::integer AS n FROM uploads WHERE order_id = $1', [orderId]);
  if (Number(held?.n ?? 0) >= maxFiles) throw new ApiError(413, message(lang, 'woFilesFull', { max: maxFiles }));
}

/** The timeline's event of a file added (the upload row already written in the same transaction). */
export async function fileEvent(tx: Queryable, user: Pick<SessionUser, 'userId' | 'userName'>, orderId: number, fileId: string, name: string, at: Date): Promise<void> {
  await addEvent(tx, orderId, { type: 'file', userId: user.userId, userName: user.userName, at, internal: true, body: name, fileId });
}
