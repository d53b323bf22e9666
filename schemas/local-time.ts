/**
 * Dates as the wire and the screens write them, in the local time zone of the process (the
 * server's TZ, the browser's): one formatter for server, console, widget and mock mode.
 */

/** Two digits: 7 → '07'. */
export const pad2 = (n: number): string => String(n).padStart(2, '0');

/** The local calendar day, 'YYYY-MM-DD' (report conditions, the wire's dates). */
export const localDate = (d: Date): string => `${d.getFullYear()}-${pad2(d.getMonth() + 1)}-${pad2(d.getDate())}`;

/** The local time of day to the minute, 'HH:mm'. */
export const localHourMinute = (d: Date): string => `${pad2(d.getHours())}:${pad2(d.getMinutes())}`;

/** The local date and time, 'YYYY-MM-DD HH:mm:ss' (the wire's date-times). */
export const localDateTime = (d: Date): string => `${localDate(d)} ${localHourMinute(d)}:${pad2(d.getSeconds())}`;
