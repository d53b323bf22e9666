import { STATUS_LIMITS } from '../../../schemas/home';
import { shownStatus, type SeatRow } from '../monitor/seat-state';

/** Seconds a seat has been in its shown status, by the browser's clock (as the monitor counts them). */
const secondsIn = (row: SeatRow, now: number) => (row.since ? (now - new Date(row.since.replace(' ', 'T')).getTime()) / 1000 : 0);

/** The seats past their status's limit (STATUS_LIMITS: a break over 15 minutes...), longest first. */
export function overLimit(seats: readonly SeatRow[], now: number): SeatRow[] {
  return seats
    .filter((row) => {
      const { status } = shownStatus(row);
      const limit = status === null ? undefined : STATUS_LIMITS[status];
      return limit !== undefined && secondsIn(row, now) > limit;
    })
    .sort((a, b) => secondsIn(b, now) - secondsIn(a, now));
}
