-- Telephony gateway (issue 9): what a call record holds beyond the spec's report row, the
-- switch events already handled (several processes, one database), and the seat monitor
-- following calls as well as status changes.

-- queue: the callcenter queue the call came through; ivr: the IVR marker (e.g. 'ivrcourt');
-- transfer_from / transfer_to: the seats of a blind transfer; hold_seconds: time on hold in
-- total; record_path: the recording, relative to RECORDINGS_DIR ('' = none).
ALTER TABLE call_records
  ADD COLUMN queue text NOT NULL DEFAULT '',
  ADD COLUMN ivr text NOT NULL DEFAULT '',
  ADD COLUMN transfer_from text NOT NULL DEFAULT '',
  ADD COLUMN transfer_to text NOT NULL DEFAULT '',
  ADD COLUMN hold_seconds integer NOT NULL DEFAULT 0,
  ADD COLUMN record_path text NOT NULL DEFAULT '';

-- Every server process holds its own Event Socket link and sees every event. The process whose
-- INSERT of '<Core-UUID>:<Event-Sequence>' succeeds writes that event's rows in the same
-- transaction; the others find the id taken and write nothing, so each call record, leg and
-- status log is written once. Rows older than a day are swept (the switch never replays them).
CREATE TABLE telephony_events (
  event_id  text PRIMARY KEY,
  seen_at   timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX telephony_events_seen_idx ON telephony_events (seen_at);

-- The seat monitor shows the seat's current call: announce call start and end the way 007
-- announces status changes (same channel and sequence). Statement-level triggers with
-- transition tables are allowed on the partitioned parent and see the rows of every partition.
-- Calls without a seat (never routed to an agent) concern no monitor row.
CREATE FUNCTION call_monitor_notify() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  seat text;
BEGIN
  FOR seat IN SELECT DISTINCT user_seat_no FROM changed_rows WHERE user_seat_no <> '' ORDER BY 1 LOOP
    PERFORM pg_notify('seat_monitor', nextval('seat_monitor_seq') || ':' || seat);
  END LOOP;
  RETURN NULL;
END
$$;

CREATE TRIGGER call_records_monitor_insert AFTER INSERT ON call_records
  REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION call_monitor_notify();
CREATE TRIGGER call_records_monitor_update AFTER UPDATE ON call_records
  REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION call_monitor_notify();
