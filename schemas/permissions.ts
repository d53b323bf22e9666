import { can } from './access.ts';

/**
 * Access rules that several schemas and server actions share (spec section 6 format, see
 * access.ts). Kept outside entities/, whose every file is an entity.
 */
/**
 * The abilities a role may hold (roles screen; role_abilities' CHECK in the migrations says the
 * same): READ, WRITE and DELETE as the spec's access rules name them, and PHONE, "sees
 * customers' phone numbers in full" (SEES_PHONES).
 */
export const ABILITIES = ['READ', 'WRITE', 'DELETE', 'PHONE'] as const;

export const READERS = ['admin', 'supervisor'] as const;
export const ADMIN_WRITE = { role: ['admin'], ability: ['WRITE'], mode: 'allOf' } as const;
export const ADMIN_DELETE = { role: ['admin'], ability: ['DELETE'], mode: 'allOf' } as const;
export const EVERYONE = [] as const;

/**
 * Who sees every seat: its calls, chats and files, the whole seat monitor and every seat's rows
 * of an own-seat report (`ownSeat.unless`). Anyone else sees only their own seat. The one place
 * that says so; the server's handlers, the chat hub, the monitor and the browser read it here.
 */
export const SEES_EVERY_SEAT = ['admin', 'supervisor'] as const;

export const seesAllSeats = (u: { readonly roles: readonly string[] }): boolean => can({ roles: u.roles, ability: [] }, SEES_EVERY_SEAT);

/**
 * Who takes chats (and gets the console's chat listener): agents with a seat whose department has
 * the chat flag (departments.chat), which the chat hub checks too. Whoever sees every seat reads
 * chats as a supervisor instead.
 */
export function isChatAgent(user: { chat: boolean; userSeatNo: string; roles: readonly string[] }): boolean {
  return user.chat && user.userSeatNo !== '' && user.userSeatNo !== '0' && !seesAllSeats(user);
}

/**
 * Who may open the chat inbox: chat agents, and supervisors and administrators, who read every
 * chat. The server leaves the inbox out of anyone else's menu and the console's route refuses it.
 */
export function readsChats(user: { chat: boolean; userSeatNo: string; roles: readonly string[] }): boolean {
  return isChatAgent(user) || seesAllSeats(user);
}

/**
 * The seat a user is limited to, or undefined for users who see every seat. A user without a
 * seat is limited to null, which `user_seat_no = $n` never matches: they see nothing.
 */
export const ownSeatOf = (u: { readonly roles: readonly string[]; readonly userSeatNo: string }): string | null | undefined =>
  seesAllSeats(u) ? undefined : u.userSeatNo || null;

/**
 * Who sees every work order (issue 21): anyone else sees the orders they own or created, and a
 * work-order department's staff also see their department's. The one place that says so.
 */
export const SEES_EVERY_ORDER = ['admin', 'supervisor'] as const;

export const seesAllOrders = (u: { readonly roles: readonly string[] }): boolean => can({ roles: u.roles, ability: [] }, SEES_EVERY_ORDER);

/**
 * Who sees customers' phone numbers in full: the roles holding the PHONE ability (data, set on
 * the roles screen). Anyone else reads them masked (139****0000) in work-order lists, and on an
 * order's page unless they own or created it; the server masks them, so they are never sent.
 */
export const SEES_PHONES = { ability: ['PHONE'] } as const;

export const seesPhones = (u: { readonly roles: readonly string[]; readonly ability: readonly string[] }): boolean => can({ roles: u.roles, ability: u.ability }, SEES_PHONES);
