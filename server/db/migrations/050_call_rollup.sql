-- The call rollup (issue 26 item 3): one row per seat and hour of call_time (the hour in the
-- session's time zone, which every process of one installation shares), holding the sums of
-- schemas/reports/shared/kpi.ts's CALL_PARTS over that seat's calls of that hour. Synthesis
-- reports read it instead of the calls when their period is whole hours (ReportSchema.rollup):
-- a month is a few thousand rows instead of a hundred thousand calls.
--
-- Kept as calls and post-call logs are written, exactly once across processes: statement
-- triggers collect the (seat, hour) keys a statement touched and call_rollup_refresh recomputes
-- those keys from the calls. Both triggers first take an advisory lock per seat (in one global
-- order: no deadlock between them), held to the end of the writer's transaction, and read after
-- it: of two writers of one seat (a call and its post-call log written by two processes, or two
-- calls), the second to take the lock sees the first's committed rows, so the last refresh of a
-- key counts both. A key is recomputed, never incremented: a refresh run twice (the call's and
-- its log's trigger in one statement) gives the same row.
--
-- The bodies of call_rollup_refresh and of the two trigger functions are written from CALL_PARTS
-- when the migrations run (server/db/call-rollup.ts), so the figures are defined once; until then
-- they refuse.
--
-- Bulk writers (the demo seed, the generator: thousands of calls a statement) set
-- app.call_rollup = 'deferred' for their transaction (SET LOCAL): the triggers then do nothing,
-- and the writer builds the rollup of the days it wrote again in the same transaction
-- (rebuildCallRollup).
CREATE TABLE call_hour_stats (
  call_time            timestamptz NOT NULL,
  user_seat_no         text NOT NULL,
  calls                integer NOT NULL,
  offered              integer NOT NULL,
  answered             integer NOT NULL,
  abandoned            integer NOT NULL,
  short_abandoned      integer NOT NULL,
  answered_in_sl       integer NOT NULL,
  outbound             integer NOT NULL,
  outbound_connected   integer NOT NULL,
  ring_capped          integer NOT NULL,
  ring_answered        integer NOT NULL,
  rated                integer NOT NULL,
  satisfied            integer NOT NULL,
  handled_in           integer NOT NULL,
  talk_in              integer NOT NULL,
  after_closed_in      numeric NOT NULL,
  after_open_in        integer NOT NULL,
  after_open_epoch_in  numeric NOT NULL,
  handled_out          integer NOT NULL,
  talk_out             integer NOT NULL,
  after_closed_out     numeric NOT NULL,
  after_open_out       integer NOT NULL,
  after_open_epoch_out numeric NOT NULL,
  handled_all          integer NOT NULL,
  talk_all             integer NOT NULL,
  after_closed_all     numeric NOT NULL,
  after_open_all       integer NOT NULL,
  after_open_epoch_all numeric NOT NULL,
  PRIMARY KEY (call_time, user_seat_no)
);

-- A post-call log finds its call by seat and hang-up time.
CREATE INDEX call_records_seat_destroy_idx ON call_records (user_seat_no, destroy_time) WHERE answer_time IS NOT NULL;

-- The seats' rollup locks, in one order (by the seat's hash) whoever takes them.
CREATE FUNCTION call_rollup_lock(p_seats text[]) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  k record;
BEGIN
  FOR k IN SELECT DISTINCT hashtext(s) AS lock FROM unnest(p_seats) AS x(s) ORDER BY 1 LOOP
    PERFORM pg_advisory_xact_lock(50050, k.lock);
  END LOOP;
END $$;

CREATE FUNCTION call_rollup_refresh(p_seats text[], p_hours timestamptz[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'call_rollup_refresh is written when the migrations run (server/db/call-rollup.ts)';
END $$;

-- The statement triggers' functions: the calls' (the hours of the rows a statement inserted,
-- changed in a column the parts read, or deleted) and the status logs' (the hours of the answered
-- calls a post-call log belongs to, looked up once the logs' seats are locked). Written with the
-- refresh (server/db/call-rollup.ts).
CREATE FUNCTION call_rollup_calls() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'call_rollup_calls is written when the migrations run (server/db/call-rollup.ts)';
END $$;
CREATE FUNCTION call_rollup_logs() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'call_rollup_logs is written when the migrations run (server/db/call-rollup.ts)';
END $$;

CREATE TRIGGER call_rollup_insert AFTER INSERT ON call_records REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION call_rollup_calls();
CREATE TRIGGER call_rollup_update AFTER UPDATE ON call_records REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION call_rollup_calls();
CREATE TRIGGER call_rollup_delete AFTER DELETE ON call_records REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION call_rollup_calls();
CREATE TRIGGER call_rollup_log_insert AFTER INSERT ON seat_status_logs REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION call_rollup_logs();
CREATE TRIGGER call_rollup_log_update AFTER UPDATE ON seat_status_logs REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION call_rollup_logs();
CREATE TRIGGER call_rollup_log_delete AFTER DELETE ON seat_status_logs REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION call_rollup_logs();
