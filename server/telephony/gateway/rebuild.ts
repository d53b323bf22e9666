/**
 * After every (re)connect the gateway forgets its picture and rebuilds it from the switch's
 * `show channels as json` ({row_count, rows: [{uuid, direction, created_epoch, name, cid_num,
 * dest, callstate, call_uuid, presence_id, ...}]}), joined with what the database already has
 * for those calls (the record's exact call_time, its first seat, the call-leg count), so later
 * writes land on the same rows.
 */
import type { Queryable } from '../../db/types.ts';
import type { Call, SeatPart } from './call-types.ts';

interface ChannelRow {
  uuid?: string;
  direction?: string;
  created_epoch?: string | number;
  name?: string;
  cid_num?: string;
  dest?: string;
  callstate?: string;
  call_uuid?: string;
  presence_id?: string;
}

/** The extensions a channel could be ringing: its dial string user, its presence and its destination. */
function extensionsOf(row: ChannelRow): string[] {
  const out: string[] = [];
  const fromName = /\/([0-9]{1,16})(?:@|$)/.exec(row.name ?? '');
  if (fromName) out.push(fromName[1]!);
  const fromPresence = /^([0-9]{1,16})@/.exec(row.presence_id ?? '');
  if (fromPresence) out.push(fromPresence[1]!);
  if (/^[0-9]{1,16}$/.test(row.dest ?? '')) out.push(row.dest!);
  return out;
}

export function parseChannels(body: string): ChannelRow[] {
  try {
    const parsed = JSON.parse(body) as { rows?: unknown };
    return Array.isArray(parsed.rows) ? (parsed.rows as ChannelRow[]).filter((r) => typeof r?.uuid === 'string') : [];
  } catch {
    return [];
  }
}

export async function rebuildCalls(db: Queryable, rows: ChannelRow[], nowMs: number): Promise<Call[]> {
  if (rows.length === 0) return [];
  const extensions = [...new Set(rows.flatMap(extensionsOf))];
  const seats = new Map<string, string>();
  if (extensions.length) {
    const users = await db.query<{ fjh: string; seat: string }>(
      `SELECT fjh, user_seat_no AS seat FROM users WHERE fjh = ANY($1::text[]) AND user_seat_no IS NOT NULL`, [extensions]);
    for (const u of users) seats.set(u.fjh, u.seat);
  }
  const groups = new Map<string, ChannelRow[]>();
  for (const r of rows) {
    const id = r.call_uuid || r.uuid!;
    groups.set(id, [...(groups.get(id) ?? []), r]);
  }
  const ids = [...groups.keys()];
  const known = new Map<string, { ms: number; seat: string; phone: string; direction: 'in' | 'out'; answered: number | null; legs: number }>();
  const records = await db.query<{ id: string; ms: number; seat: string; phone: string; direction: 'in' | 'out'; answered: number | null; legs: number }>(
    `SELECT c.call_id AS id, (extract(epoch FROM c.call_time) * 1000)::float8 AS ms, c.user_seat_no AS seat, c.phone_no AS phone, c.direction,
            (extract(epoch FROM c.answer_time) * 1000)::float8 AS answered,
            (SELECT coalesce(max(l.leg_no), 0) FROM call_legs l WHERE l.call_id = c.call_id)::integer AS legs
       FROM call_records c WHERE c.call_id = ANY($1::text[]) AND c.destroy_time IS NULL`, [ids]);
  for (const r of records) known.set(r.id, r);
  const calls: Call[] = [];
  for (const [callId, legs] of groups) {
    const first = legs.find((l) => l.uuid === callId) ?? legs[0]!;
    const seatOf = (l: ChannelRow) => extensionsOf(l).map((e) => seats.get(e)).find(Boolean) ?? '';
    const rec = known.get(callId);
    const direction = rec?.direction ?? (first.direction === 'inbound' ? 'in' : 'out');
    const agent = direction === 'out' ? first : legs.find((l) => l !== first && seatOf(l));
    const customer = direction === 'out' ? legs.find((l) => l !== first) : first;
    const seat = agent ? seatOf(agent) : '';
    const held = legs.some((l) => l.callstate === 'HELD');
    const up = (l: ChannelRow | undefined) => l?.callstate === 'ACTIVE' || l?.callstate === 'HELD';
    // The seat's own part: connected when its leg is up (incoming) or the customer's is (dial-out).
    const parts = new Map<string, SeatPart>();
    if (agent?.uuid && seat) {
      const connected = direction === 'out' ? up(customer) : up(agent);
      parts.set(agent.uuid, { seat, leg: agent.uuid, role: 'agent', ...(connected ? { answeredAt: rec?.answered ?? nowMs } : {}) });
    }
    calls.push({
      callId, direction, phone: rec?.phone || (direction === 'in' ? first.cid_num ?? '' : customer?.dest ?? ''),
      ivr: '', queue: '', callTime: rec?.ms ?? Number(first.created_epoch ?? 0) * 1000,
      seat, firstSeat: rec?.seat || seat, holdMs: 0, heldSince: held ? nowMs : undefined,
      answeredAt: rec?.answered ?? (legs.some((l) => l.callstate === 'ACTIVE' || l.callstate === 'HELD') ? nowMs : undefined),
      transferFrom: '', transferTo: '', hangupCause: '', recordPath: '', legs: new Set(legs.map((l) => l.uuid!)), parts,
      legNo: rec?.legs ?? 0, survey: false, agentLeg: agent?.uuid, customerLeg: customer?.uuid,
    });
  }
  return calls;
}
