/**
 * Generates plausible call records and seat status logs for the demo (and, with larger
 * arguments, for benchmarks): working hours 8-20, more calls mid-morning and mid-afternoon,
 * ~12% abandoned, ring times mostly short with a tail past 60 s, talk times skewed long.
 * Deterministic for a given seed so tests and benchmarks see the same data.
 */
export interface CallRow {
  callId: string; direction: 'in' | 'out'; userSeatNo: string; phoneNo: string; lineId: number;
  callTime: Date; answerTime: Date | null; destroyTime: Date; linkFlag: number; ringSeconds: number;
  callSeconds: number; hangupCause: string; satisfaction: number | null;
}
export interface SeatLogRow { userSeatNo: string; userChineseName: string; status: number; start: Date; end: Date | null }
export interface Seat { seat: string; name: string }

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

const HOUR_WEIGHTS = [0, 0, 0, 0, 0, 0, 0, 0, 6, 10, 12, 10, 5, 7, 10, 11, 9, 7, 4, 2, 0, 0, 0, 0];
const addS = (d: Date, s: number) => new Date(d.getTime() + s * 1000);

function pickHour(r: () => number): number {
  const total = HOUR_WEIGHTS.reduce((a, b) => a + b, 0);
  let x = r() * total;
  for (let h = 0; h < 24; h++) {
    x -= HOUR_WEIGHTS[h]!;
    if (x < 0) return h;
  }
  return 12;
}

const uuid = (r: () => number) =>
  'xxxxxxxx-xxxx-4xxx-yxxx-xxxxxxxxxxxx'.replace(/[xy]/g, (c) => {
    const v = Math.floor(r() * 16);
    return (c === 'x' ? v : (v & 0x3) | 0x8).toString(16);
  });

export function generateCalls(seats: Seat[], count: number, days: number, now: Date, seed = 42): CallRow[] {
  const r = rng(seed);
  const rows: CallRow[] = [];
  const dayStart = new Date(now.getFullYear(), now.getMonth(), now.getDate());
  for (let i = 0; i < count; i++) {
    const day = Math.floor(r() * days);
    const base = new Date(dayStart.getTime() - day * 86_400_000);
    let callTime = addS(base, pickHour(r) * 3600 + Math.floor(r() * 3600));
    if (callTime > now) callTime = addS(now, -Math.floor(r() * 3600) - 60);
    const direction = r() < 0.7 ? 'in' : 'out';
    const seat = seats[Math.floor(r() * seats.length)]!;
    const answered = r() > (direction === 'in' ? 0.12 : 0.3);
    const ring = answered ? Math.round(2 + r() * r() * 40 + (r() < 0.05 ? 40 + r() * 40 : 0)) : Math.round(5 + r() * 70);
    const talk = answered ? Math.round(20 + Math.exp(r() * 6.2)) : 0;
    const answerTime = answered ? addS(callTime, ring) : null;
    rows.push({
      callId: uuid(r), direction, userSeatNo: seat.seat,
      phoneNo: `1${['3', '5', '8', '7'][Math.floor(r() * 4)]}${String(Math.floor(r() * 1e9)).padStart(9, '0')}`,
      lineId: r() < 0.8 ? 1 : 2, callTime, answerTime,
      destroyTime: addS(callTime, ring + talk), linkFlag: answered ? 1 : 0, ringSeconds: ring, callSeconds: talk,
      hangupCause: answered ? 'NORMAL_CLEARING' : direction === 'in' ? 'ORIGINATOR_CANCEL' : 'NO_ANSWER',
      satisfaction: answered && direction === 'in' && r() < 0.4 ? 1 + Math.min(4, Math.floor(r() * 5.6)) : null,
    });
  }
  return rows.sort((a, b) => a.callTime.getTime() - b.callTime.getTime());
}

/** One shift a day per seat: login, then ready / break / after-call / meeting spells; the last day's shift is still open. */
export function generateSeatLogs(seats: Seat[], days: number, now: Date, seed = 7): SeatLogRow[] {
  const r = rng(seed);
  const rows: SeatLogRow[] = [];
  const spells = [0, 0, 0, 4, 0, 3, 0, 4, 2, 0, 11, 0, 12, 0, 3, 0];
  for (let day = days - 1; day >= 0; day--) {
    const date = new Date(now.getFullYear(), now.getMonth(), now.getDate() - day);
    for (const s of seats) {
      let t = addS(date, 8 * 3600 + Math.floor(r() * 1800));
      const shiftEnd = addS(date, 17 * 3600 + Math.floor(r() * 3600));
      rows.push({ userSeatNo: s.seat, userChineseName: s.name, status: 5, start: t, end: addS(t, 30) });
      t = addS(t, 30);
      for (let i = 0; t < shiftEnd && t < now; i++) {
        const status = spells[Math.floor(r() * spells.length)]!;
        const len = status === 0 ? 600 + r() * 3000 : status === 2 ? 1800 + r() * 1800 : 120 + r() * 900;
        const end = addS(t, Math.round(len));
        rows.push({ userSeatNo: s.seat, userChineseName: s.name, status, start: t, end: end < now ? end : null });
        t = end;
      }
    }
  }
  return rows;
}
