/**
 * The server's clock (server/clock.ts) in SQL. A pinned clock (CLOCK_NOW, the tests' TEST_CLOCK)
 * runs a fixed offset from real time; every database session of the server carries that offset
 * in the setting below (server/db), so SQL that needs business "now" (open status logs and chats
 * running up to now, the archive cut-off) reads the same instant as the server. Unset: now().
 */
export const CLOCK_OFFSET_SETTING = 'app.clock_offset_ms';

export const CLOCK_NOW_SQL = `(now() + coalesce(nullif(current_setting('${CLOCK_OFFSET_SETTING}', true), ''), '0')::float8 * interval '1 millisecond')`;

/** The setting as a statement (PGlite, one session) or a startup option (a PostgreSQL pool's every connection). */
export const clockOffsetStatement = (offsetMs: number): string => `SET ${CLOCK_OFFSET_SETTING} = '${Math.round(offsetMs)}'`;
export const clockOffsetOption = (offsetMs: number): string => `-c ${CLOCK_OFFSET_SETTING}=${Math.round(offsetMs)}`;
