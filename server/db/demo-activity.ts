/**
 * Generates plausible call-centre activity for the demo seed and, with larger arguments, for
 * `npm run generate` and the benchmarks. Calls are routed to seats the way an ACD would (the
 * longest-free seat on shift), so the seat status logs agree with the calls: a seat talks (1)
 * while its call is answered, does after-call work (4) after it, is ready (0) in between and
 * takes planned breaks (3) and meetings (2) in which it gets no call. One shift a day per seat
 * (8-17 or 11-20); callers queue when every seat is busy and give up past their patience
 * (abandons); ring times mostly short with a tail past 60 s; talk times skewed long; ~5% of
 * answered inbound calls are transferred (call legs); ~40% of answered inbound calls rated;
 * chats alongside, on the chat seats only. Inbound calls come through a few queues; most callers
 * come from a pool of customers who call again (the customer reports and the pop-up's history
 * have something to show). Nothing happens after `now`: today holds only the calls that ended
 * before it (at 03:00 none), at the same rate per hour as any day, so today's answer rate is a
 * day's like the others. A seat is never on two calls or in two statuses at once.
 * Deterministic for a given seed; produced a day at a time so a million calls never sit in
 * memory at once.
 */
import { startOfDay } from '../clock.ts';

export interface CallRow {
  callId: string; direction: 'in' | 'out'; userSeatNo: string; phoneNo: string; lineId: number; queue: string;
  callTime: Date; answerTime: Date | null; destroyTime: Date; linkFlag: number; ringSeconds: number;
  callSeconds: number; hangupCause: string; satisfaction: number | null;
}
export interface SeatLogRow { userSeatNo: string; userChineseName: string; status: number; start: Date; end: Date | null }
export interface LegRow { callId: string; legNo: number; kind: 'ring' | 'answer' | 'transfer' | 'hangup'; seat: string; at: Date; detail: string }
export interface ChatMessageRow { role: 'sys' | 'client' | 'agent'; content: string; at: Date }
export interface ChatRow {
  clientChatId: string; clientChatName: string; userSeatNo: string; sourceWay: 'web' | 'weixin'; state: 'on' | 'off';
  solved: boolean; accessTime: Date; endTime: Date | null; lastMsgTime: Date; messages: ChatMessageRow[];
}
export interface Seat { seat: string; name: string }
export interface DayActivity { calls: CallRow[]; logs: SeatLogRow[]; legs: LegRow[]; chats: ChatRow[] }
export interface ActivityOptions {
  calls: number; days: number; now: Date; seed?: number; chatsPerCall?: number;
  /** Seats that take chats (a chat department's); none = no chats. */
  chatSeats?: Seat[];
}

/** A department's flags: its seats take calls when it has the phone bar and is not a chat department; chats when it is one. */
export interface DepartmentFlags { phoneBar: boolean; chat: boolean }
export const takesCalls = (d: DepartmentFlags): boolean => d.phoneBar && !d.chat;
export const takesChats = (d: DepartmentFlags): boolean => d.chat;

/** Inbound calls' queues (call_records.queue, as mod_callcenter's cc_queue fills it), with their shares of the calls. */
export const QUEUES: ReadonlyArray<readonly [string, number]> = [['support', 0.55], ['sales', 0.3], ['billing', 0.15]];
/** Calls start at least this long before `now`, so that hardly any is still going on then (one that is is left out). */
const LAST_CALL_MARGIN_MS = 15 * 60_000;

/** Seat status codes written here (spec section 4). */
export const SEAT = { ready: 0, talking: 1, meeting: 2, break: 3, afterCall: 4, login: 5 } as const;

export function rng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Calls by hour of day: peaks mid-morning and mid-afternoon, nothing outside 8-20. */
const HOUR_WEIGHTS = [0, 0, 0, 0, 0, 0, 0, 0, 6, 10, 12, 10, 5, 7, 10, 11, 9, 7, 4, 2, 0, 0, 0, 0];
const HOUR_TOTAL = HOUR_WEIGHTS.reduce((a, b) => a + b, 0);
const H = 3600_000;
const addS = (d: Date, s: number) => new Date(d.getTime() + s * 1000);

/** How much of the day's hour weights falls in [day, end): the share of a day's calls that come before `end`. */
function weightBefore(day: number, end: number): number {
  let w = 0;
  for (let h = 0; h < 24; h++) w += HOUR_WEIGHTS[h]! * Math.min(1, Math.max(0, (end - day - h * H) / H));
  return w;
}

/** A time in the day by the hour weights, before `end`, which leaves some weight before it (weightBefore > 0). */
function pickTime(r: () => number, day: number, end: number): number {
  let x = r() * weightBefore(day, end);
  for (let h = 0; h < 24; h++) {
    const part = Math.min(1, Math.max(0, (end - day - h * H) / H));
    const w = HOUR_WEIGHTS[h]! * part;
    if (x < w) return day + h * H + Math.floor((x / w) * part * H);
    x -= w;
  }
  return end - 1;
}

function pickQueue(r: () => number): string {
  let x = r();
  for (const [name, share] of QUEUES) if ((x -= share) < 0) return name;
  return QUEUES[0]![0];
}

const uuid = (r: () => number) =>
  'xxxxxxxx-xxxx-4xxx-yxxx-xxxxxxxxxxxx'.replace(/[xy]/g, (c) => {
    const v = Math.floor(r() * 16);
    return (c === 'x' ? v : (v & 0x3) | 0x8).toString(16);
  });
const phone = (r: () => number) => `1${['3', '5', '8', '7'][Math.floor(r() * 4)]}${String(Math.floor(r() * 1e9)).padStart(9, '0')}`;

interface Spell { start: number; end: number; status: number }
/** `planned`: breaks and meetings (no call then); `busy`: talking and after-call work, in time order. */
interface SeatDay { seat: Seat; shiftStart: number; shiftEnd: number; freeAt: number; planned: Spell[]; busy: Spell[] }

/**
 * Weekdays carry twice the weekend's calls; a day cut at `end` (today, at now) carries the share
 * of its hours before it. Counts per day add up to exactly `total`.
 */
function dayCounts(total: number, dates: Date[], end: number): number[] {
  const w = dates.map((d) => ((d.getDay() === 0 || d.getDay() === 6 ? 1 : 2) * weightBefore(d.getTime(), end)) / HOUR_TOTAL);
  const sum = w.reduce((a, b) => a + b, 0);
  if (sum === 0) return w.map(() => 0);
  let cum = 0;
  return w.map((x) => {
    const before = Math.round((cum / sum) * total);
    cum += x;
    return Math.round((cum / sum) * total) - before;
  });
}

/** Earliest start >= t at which the seat can take `dur` ms without running into a planned spell. */
function nextFree(s: SeatDay, t: number, dur: number): number {
  let at = Math.max(t, s.freeAt, s.shiftStart + 30_000);
  // Only the few planned spells can be in the way: calls never overlap (freeAt is past the last one).
  for (const p of s.planned) if (at < p.end && at + dur > p.start) at = p.end;
  return at;
}

function planDay(seats: Seat[], date: Date, r: () => number): SeatDay[] {
  return seats.map((seat, i) => {
    const shiftStart = date.getTime() + (i % 2 === 0 ? 8 : 11) * H + Math.floor(r() * 900) * 1000;
    const shiftEnd = shiftStart + 9 * H;
    const planned: Spell[] = [
      { start: shiftStart + 2 * H, end: shiftStart + 2 * H + 900_000, status: SEAT.break },
      { start: shiftStart + 4 * H, end: shiftStart + 4.5 * H, status: SEAT.break },
    ];
    if (r() < 0.2) planned.push({ start: shiftStart + 6 * H, end: shiftStart + 6.5 * H, status: SEAT.meeting });
    return { seat, shiftStart, shiftEnd, freeAt: 0, planned, busy: [] };
  });
}

/**
 * The seat on shift that can start soonest; among those (every idle seat, when the floor is not
 * busy) the one idle longest, as an ACD routes to the longest-idle agent, so calls spread over
 * the floor instead of piling on the first seat. Seats past their shift's end take a call only
 * when no seat on shift can (a late queue is worked off in overtime).
 */
function route(day: SeatDay[], t: number, dur: number): [SeatDay, number] {
  let best = day[0]!;
  let bestAt = Infinity;
  let bestRank = Infinity;
  for (const s of day) {
    const at = nextFree(s, t, dur);
    const rank = at < s.shiftEnd ? at : at + 24 * H;
    if (rank < bestRank || (rank === bestRank && s.freeAt < best.freeAt)) [best, bestAt, bestRank] = [s, at, rank];
  }
  return [best, bestAt];
}

/**
 * Callers: most from a pool of customers, a few of whom call often (the pick is skewed towards
 * the pool's first numbers), the rest first-time callers.
 */
export class Callers {
  private readonly pool: string[];
  constructor(private readonly r: () => number, calls: number) {
    this.pool = Array.from({ length: Math.max(20, Math.round(calls * 0.2)) }, () => phone(r));
  }
  next(): string {
    const r = this.r;
    return r() < 0.6 ? this.pool[Math.floor(r() * r() * this.pool.length)]! : phone(r);
  }
}

function makeCall(day: SeatDay[], t: number, r: () => number, legs: LegRow[], callers: Callers): CallRow {
  const direction = r() < 0.7 ? 'in' : 'out';
  const talk = Math.round(20 + Math.exp(r() * 6.2));
  const acw = Math.round(10 + r() * 50);
  const natural = Math.round(2 + r() * r() * 25 + (r() < 0.04 ? 40 + r() * 40 : 0));
  const [seat, at] = route(day, t, (natural + talk + acw) * 1000);
  const callId = uuid(r);
  // Outbound calls start when the agent is free; inbound callers wait in the queue until then.
  const callTime = direction === 'out' ? at : t;
  const wait = direction === 'in' ? Math.round((at - t) / 1000) : 0;
  const patience = 15 + r() * 120;
  const answered = direction === 'in' ? wait + natural <= patience && r() > 0.04 : r() > 0.3;
  const ring = answered ? wait + natural : direction === 'in' ? Math.round(Math.min(patience, wait + natural)) : Math.round(5 + r() * 40);
  const callDate = new Date(callTime);
  const answerTime = answered ? addS(callDate, ring) : null;
  const destroyTime = addS(callDate, ring + (answered ? talk : 0));
  // A seat rung (an inbound caller who hung up while it rang) or dialling out takes no other call meanwhile.
  if (!answered && destroyTime.getTime() > at) seat.freeAt = Math.max(seat.freeAt, destroyTime.getTime());
  if (answered) {
    const a = answerTime!.getTime();
    seat.busy.push({ start: a, end: destroyTime.getTime(), status: SEAT.talking },
      { start: destroyTime.getTime(), end: destroyTime.getTime() + acw * 1000, status: SEAT.afterCall });
    seat.freeAt = destroyTime.getTime() + acw * 1000;
    if (direction === 'in' && r() < 0.05) {
      const to = day[Math.floor(r() * day.length)]!.seat.seat;
      legs.push({ callId, legNo: 1, kind: 'ring', seat: seat.seat.seat, at: callDate, detail: '' },
        { callId, legNo: 2, kind: 'answer', seat: seat.seat.seat, at: answerTime!, detail: '' },
        { callId, legNo: 3, kind: 'transfer', seat: seat.seat.seat, at: new Date(a + talk * 600), detail: to },
        { callId, legNo: 4, kind: 'hangup', seat: to, at: destroyTime, detail: 'NORMAL_CLEARING' });
    }
  }
  return {
    callId, direction, userSeatNo: seat.seat.seat, phoneNo: callers.next(), lineId: r() < 0.8 ? 1 : 2,
    queue: direction === 'in' ? pickQueue(r) : '', callTime: callDate, answerTime,
    destroyTime, linkFlag: answered ? 1 : 0, ringSeconds: ring, callSeconds: answered ? talk : 0,
    hangupCause: answered ? 'NORMAL_CLEARING' : direction === 'in' ? 'ORIGINATOR_CANCEL' : 'NO_ANSWER',
    satisfaction: answered && direction === 'in' && r() < 0.4 ? 1 + Math.min(4, Math.floor(r() * 5.6)) : null,
  };
}

/** Login, then ready between the busy spells, up to the shift's end; cut at `now` (the last log stays open). */
function seatLogs(s: SeatDay, now: number): SeatLogRow[] {
  const rows: SeatLogRow[] = [];
  const push = (status: number, start: number, end: number) => {
    if (start >= now || end <= start) return;
    rows.push({ userSeatNo: s.seat.seat, userChineseName: s.seat.name, status, start: new Date(start), end: end < now ? new Date(end) : null });
  };
  push(SEAT.login, s.shiftStart, s.shiftStart + 30_000);
  let cursor = s.shiftStart + 30_000;
  for (const p of [...s.planned, ...s.busy].sort((a, b) => a.start - b.start)) {
    push(SEAT.ready, cursor, p.start);
    push(p.status, p.start, p.end);
    cursor = Math.max(cursor, p.end);
  }
  push(SEAT.ready, cursor, Math.max(cursor, s.shiftEnd));
  return rows;
}

function makeChat(seats: Seat[], access: number, r: () => number, now: number): ChatRow {
  const seat = seats[Math.floor(r() * seats.length)]!;
  const messages: ChatMessageRow[] = [{ role: 'sys', content: '会话已接入', at: new Date(access) }];
  let t = access;
  const n = 2 + Math.floor(r() * 6);
  for (let i = 0; i < n; i++) {
    t += (20 + Math.floor(r() * 100)) * 1000;
    messages.push({ role: i % 2 === 0 ? 'client' : 'agent', content: i % 2 === 0 ? '您好，想咨询一下订单' : '好的，请稍等，我帮您查询', at: new Date(t) });
  }
  const ended = t + 30_000 < now;
  return {
    clientChatId: uuid(r), clientChatName: `访客${Math.floor(r() * 100000)}`, userSeatNo: seat.seat, sourceWay: r() < 0.7 ? 'web' : 'weixin',
    state: ended ? 'off' : 'on', solved: ended && r() < 0.8, accessTime: new Date(access), endTime: ended ? new Date(t + 30_000) : null,
    lastMsgTime: new Date(t), messages,
  };
}

/** The first day `generateActivity` covers (local midnight, `days` days ending today). */
export const firstDay = (now: Date, days: number): Date => startOfDay(now, 1 - days);

/**
 * The activity of `days` days ending today, oldest day first. Calls start before `now` less a
 * margin, at the hours' usual rates, and a call not over by `now` is left out (its seat shows
 * talking, as it would); status logs are cut at `now` (the last one stays open).
 */
export function* generateActivity(seats: Seat[], o: ActivityOptions): Generator<DayActivity> {
  const r = rng(o.seed ?? 42);
  const now = o.now.getTime();
  const lastCall = now - LAST_CALL_MARGIN_MS;
  const lastChat = now - 10 * 60_000;
  const dates = Array.from({ length: o.days }, (_, i) => startOfDay(o.now, i + 1 - o.days));
  const counts = dayCounts(o.calls, dates, lastCall);
  const chatSeats = o.chatSeats ?? [];
  const chatCounts = chatSeats.length ? dayCounts(Math.round(o.calls * (o.chatsPerCall ?? 0.1)), dates, lastChat) : dates.map(() => 0);
  const callers = new Callers(r, o.calls);
  for (const [i, date] of dates.entries()) {
    const day = planDay(seats, date, r);
    const start = date.getTime();
    const times = Array.from({ length: counts[i]! }, () => pickTime(r, start, Math.min(start + 24 * H, lastCall))).sort((a, b) => a - b);
    const legs: LegRow[] = [];
    const calls = times.map((t) => makeCall(day, t, r, legs, callers)).filter((c) => c.destroyTime.getTime() <= now);
    const kept = new Set(calls.map((c) => c.callId));
    const chats = Array.from({ length: chatCounts[i]! }, () => makeChat(chatSeats, pickTime(r, start, Math.min(start + 24 * H, lastChat)), r, now));
    yield { calls, logs: day.flatMap((s) => seatLogs(s, now)), legs: legs.filter((l) => kept.has(l.callId)), chats };
  }
}

/** Seats enough that a seat takes about `perSeat` calls on a busy day (the demo's seats first). */
export function seatsFor(base: Seat[], calls: number, days: number, perSeat = 80): Seat[] {
  const busiest = Math.ceil((calls / days) * 1.3);
  const need = Math.max(base.length, Math.ceil(busiest / perSeat));
  // 9xxx: above the demo accounts' seats (8xxx).
  const extra = Array.from({ length: need - base.length }, (_, i) => ({ seat: String(9000 + i), name: `坐席${9000 + i}` }));
  return [...base, ...extra];
}
