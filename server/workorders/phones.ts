import type { SessionUser } from '../http/access.ts';
import { ApiError } from '../http/envelope.ts';
import { seesPhones } from '../../schemas/permissions.ts';
import type { OrderRow } from '../../schemas/workorders/wire.ts';

/**
 * Customers' phone numbers for roles without the PHONE ability (schemas/permissions.ts
 * SEES_PHONES), masked by the server so the full number never reaches them: in every list the
 * number reads 139****0000; on one order (its page, an action's answer, a 409's current order)
 * its owner and its creator read it in full, since they call the customer back; everyone else
 * masked. A masked number is never a number: a change that sends one is refused (the route's
 * check), so an edit cannot write the mask over the real number.
 */
export const MASK = '****';

/** 13912340000 -> 139****0000; shorter numbers keep fewer digits, down to the mask alone. */
export function maskPhone(phone: string): string {
  if (!phone) return phone;
  const n = phone.length;
  if (n >= 11) return `${phone.slice(0, 3)}${MASK}${phone.slice(-4)}`;
  if (n >= 7) return `${phone.slice(0, 2)}${MASK}${phone.slice(-2)}`;
  return MASK;
}

export const isMasked = (phone: string | undefined): boolean => phone !== undefined && phone.includes(MASK);

type Who = Pick<SessionUser, 'userId' | 'roles' | 'ability'>;

/** Whether the user reads this order's customer number in full (`inList`: in a list, where only the ability counts). */
export const seesPhoneOf = (who: Who, row: Pick<OrderRow, 'ownerId' | 'creatorId'>, inList = false): boolean =>
  seesPhones(who) || (!inList && (row.ownerId === who.userId || row.creatorId === who.userId));

const maskRow = (who: Who, row: OrderRow, inList: boolean): OrderRow => (seesPhoneOf(who, row, inList) ? row : { ...row, phone: maskPhone(row.phone) });

/** A list's rows as the user may read them. */
export const listAsSeen = (who: Who, rows: OrderRow[]): OrderRow[] => (seesPhones(who) ? rows : rows.map((r) => maskRow(who, r, true)));

/** One order (or several, each on its own: a bulk change's answer) as the user may read it. */
export function orderAsSeen<T extends OrderRow | OrderRow[]>(who: Who, value: T): T {
  return (Array.isArray(value) ? value.map((r) => maskRow(who, r, false)) : maskRow(who, value, false)) as T;
}

/** A refusal that carries the current order (a 409) carries it as the user may read it. */
export function errorAsSeen(who: Who, err: unknown): unknown {
  const data = err instanceof ApiError ? (err.data as { order?: OrderRow } | null) : null;
  if (data?.order) data.order = orderAsSeen(who, data.order);
  return err;
}
