/**
 * Where a seat may send its caller: the one rule for every command that bridges the customer
 * elsewhere (blind transfer, three-way). The switch dials whatever it is given through
 * `XML default` or `sofia/gateway/...`, so without this rule an agent, or whoever holds a stolen
 * session, could bridge an inbound caller to a premium or international number at the
 * company's expense (toll fraud). Allowed:
 * - the satisfaction survey (999999), for a transfer only: it is an IVR, not a party to talk to;
 * - an internal extension (shorter than the spec's 6-character threshold) that belongs to an
 *   enabled user with a seat: the extensions the transfer dialog lists, not any short code
 *   the dialplan might route (emergency numbers, feature codes);
 * - an outside number (6 digits or more) only when it starts with one of the prefixes the
 *   operator allowed (TRANSFER_EXTERNAL_PREFIXES; none by default).
 * Dial-out (an agent calling a customer) is not a transfer and is not checked here.
 */
import type { Queryable } from '../../db/types.ts';
import { FIELD_PATTERNS, PHONE_SOCKET } from '../../../schemas/protocol/phone.ts';
import { isInternalNumber } from './commands.ts';

/** What an allowed target is: the switch is told differently for each. */
export type TargetKind = 'survey' | 'seat' | 'external';

/** The command moving the caller: the survey is a transfer target only. */
export type TargetUse = 'transfer' | 'threeWay';

const PREFIX = /^[0-9]{1,15}$/;

/** TRANSFER_EXTERNAL_PREFIXES: digit prefixes separated by commas ("0755,400"); empty = no outside number. A typo stops the start-up. */
export function externalPrefixesFrom(value: string | undefined): string[] {
  const prefixes = (value ?? '').split(',').map((p) => p.trim()).filter((p) => p !== '');
  const bad = prefixes.find((p) => !PREFIX.test(p));
  if (bad !== undefined) throw new Error(`TRANSFER_EXTERNAL_PREFIXES must be digit prefixes separated by commas (e.g. 0755,400), got "${bad}"`);
  return prefixes;
}

const SEAT_EXTENSION = 'SELECT 1 FROM users WHERE fjh = $1 AND enabled AND user_seat_no IS NOT NULL LIMIT 1';

/** The kind of an allowed target, or null when the caller may not be sent there. */
export async function targetKind(db: Queryable, target: string, use: TargetUse, externalPrefixes: readonly string[]): Promise<TargetKind | null> {
  if (!FIELD_PATTERNS.extension.test(target)) return null;
  if (target === PHONE_SOCKET.surveyTarget) return use === 'transfer' ? 'survey' : null;
  if (isInternalNumber(target)) return (await db.query(SEAT_EXTENSION, [target])).length ? 'seat' : null;
  return externalPrefixes.some((p) => target.startsWith(p)) ? 'external' : null;
}
