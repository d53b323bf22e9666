-- A seat's status change as one statement (issue 26 item 6). server/seats/status-log.ts
-- (changeSeatStatus) ran it as three, under the seat's lock: lock the user row (with its name),
-- read the open log, close it and open the next. The switch's events ran them for every status
-- they carry, inside the event's transaction; the event is now one statement whose status writes
-- call this function, and the agents' own changes call it too: one definition of a change.
--
-- Each statement in the function takes its own snapshot (a volatile function in READ COMMITTED),
-- so the open log is read after the lock is held: two processes changing one seat take turns and
-- the seat never has two open logs, as before.
--
-- p_status NULL closes the open log and opens none (the seat's browser went away during a call:
-- the seat is logged out, as the presence sweeper leaves it). p_if_none_open: only when the seat
-- has no open log. p_if_latest: not when the open log began after p_at (a later event moved the
-- seat on). A change to the open log's own status and reason writes nothing. Answers no row for a
-- seat that does not exist, else whether a row was written and the open log after the call
-- (none when it closed the last one).
CREATE FUNCTION change_seat_status(p_seat text, p_status smallint, p_at timestamptz, p_reason text,
    p_if_none_open boolean, p_if_latest boolean)
  RETURNS TABLE (changed boolean, log_id bigint, log_status smallint, log_reason text, log_start timestamptz)
  LANGUAGE plpgsql AS $$
DECLARE
  v_name text;
  v_open seat_status_logs%ROWTYPE;
BEGIN
  SELECT u.user_chinese_name INTO v_name FROM users u WHERE u.user_seat_no = p_seat FOR UPDATE;
  IF NOT FOUND THEN
    RETURN;
  END IF;
  SELECT l.* INTO v_open FROM seat_status_logs l WHERE l.user_seat_no = p_seat AND l.s_end_time IS NULL
    ORDER BY l.s_start_time DESC, l.id DESC LIMIT 1;
  IF FOUND AND (p_if_none_open OR (p_if_latest AND v_open.s_start_time > p_at)
      OR (v_open.status = p_status AND v_open.reason = p_reason)) THEN
    RETURN QUERY SELECT false, v_open.id, v_open.status, v_open.reason, v_open.s_start_time;
    RETURN;
  END IF;
  UPDATE seat_status_logs l SET s_end_time = GREATEST(l.s_start_time, p_at) WHERE l.user_seat_no = p_seat AND l.s_end_time IS NULL;
  IF p_status IS NULL THEN
    RETURN QUERY SELECT FOUND, NULL::bigint, NULL::smallint, NULL::text, NULL::timestamptz;
    RETURN;
  END IF;
  RETURN QUERY INSERT INTO seat_status_logs AS l (user_seat_no, user_chinese_name, status, reason, s_start_time)
    VALUES (p_seat, v_name, p_status, p_reason, p_at) RETURNING true, l.id, l.status, l.reason, l.s_start_time;
END
$$;
